import {
  type CheckDigitRule,
  type MrzLayout,
  type PositionClass,
  checkHolds,
  checksFor,
  fitsClass,
  LAYOUTS,
} from './layout.js';

/**
 * The characters of a machine-readable zone chosen from what the recognizer read, with the check
 * digits as the judge. A character is changed only where the recognizer was unsure of it or read
 * something its position cannot hold (a letter in a date), only to one of the recognizer's own
 * alternatives or the look-alike OCR takes it for, and only when exactly one reading with the fewest
 * changes makes the field's check digit hold: two readings that both hold are left as read, and a
 * field whose digit then fails stays failed.
 */

/** One character as the recognizer read it, with the other characters it weighed at that place. */
export type MrzCharacter = {
  character: string;
  /** The recognizer's probability of `character`, 0..1. */
  confidence: number;
  /** Other characters of the zone's alphabet and their probabilities at the same place. */
  alternatives?: readonly { character: string; probability: number }[];
  /** A filler the line's length called for, not read: no confidence of its own. */
  inferred?: true;
};

export type MrzCorrection = { line: number; column: number; read: string; corrected: string };

export type ResolvedMrz = {
  layout: MrzLayout;
  lines: string[];
  corrections: MrzCorrection[];
  /**
   * The least probability among the characters kept as read (a corrected one is vouched for by its
   * check digit, an inferred filler by the line's length).
   */
  confidence: number;
  /** Check digits that two or more readings with the fewest changes satisfy: left as read. */
  ambiguous: CheckDigitRule['name'][];
  /** The least probability among the name field's characters read (no check digit vouches for them). */
  nameConfidence: number;
};

/** Below this probability a character is uncertain, and an alternative may replace it. */
export const UNCERTAIN_BELOW = 0.9;
/** An alternative the recognizer gave less than this is no evidence. */
const ALTERNATIVE_MIN_PROBABILITY = 0.02;
/** At most this many characters of one field are changed by choice (besides ones its class rules out). */
export const MAX_CHOSEN_CHANGES = 2;
/**
 * At most this many characters of a line may be missing or extra: the recognizer merges or splits
 * runs of fillers (`<<<<` needs a blank between each two), and nothing else is repaired.
 */
const MAX_LENGTH_REPAIR = 3;

/** OCR-B look-alikes, both ways: what a digit is read as among letters and a letter among digits. */
const LOOKALIKES: Record<string, string> = {
  O: '0',
  Q: '0',
  D: '0',
  U: '0',
  I: '1',
  L: '1',
  T: '1',
  Z: '2',
  S: '5',
  B: '8',
  G: '6',
  A: '4',
  '0': 'O',
  '1': 'I',
  '2': 'Z',
  '5': 'S',
  '8': 'B',
  '6': 'G',
  '4': 'A',
  K: '<',
};

function options(ch: MrzCharacter, cls: PositionClass): { forced: boolean; choices: string[] } {
  const fits = fitsClass(ch.character, cls);
  if (fits && ch.confidence >= UNCERTAIN_BELOW) return { forced: false, choices: [] };
  const choices = new Set<string>();
  for (const alternative of [...(ch.alternatives ?? [])].sort((a, b) => b.probability - a.probability))
    if (alternative.probability >= ALTERNATIVE_MIN_PROBABILITY && fitsClass(alternative.character, cls))
      choices.add(alternative.character);
  const lookalike = LOOKALIKES[ch.character];
  if (lookalike && fitsClass(lookalike, cls)) choices.add(lookalike);
  choices.delete(ch.character);
  return { forced: !fits, choices: [...choices] };
}

/**
 * A line of another length than its format's, by at most MAX_LENGTH_REPAIR characters, with fillers
 * added to or taken from its longest run of `<` (added ones unsure, so a check digit still judges
 * them); null when it has no such run.
 */
function fitLength(line: readonly MrzCharacter[], length: number): MrzCharacter[] | null {
  const gap = length - line.length;
  if (gap === 0) return [...line];
  if (Math.abs(gap) > MAX_LENGTH_REPAIR) return null;
  let best = { start: -1, length: 0 };
  for (let i = 0; i < line.length;) {
    if (line[i]!.character !== '<') {
      i++;
      continue;
    }
    let j = i;
    while (j < line.length && line[j]!.character === '<') j++;
    if (j - i > best.length) best = { start: i, length: j - i };
    i = j;
  }
  if (best.length === 0 || best.length + gap < 0) return null;
  const fitted = [...line];
  if (gap > 0)
    fitted.splice(
      best.start,
      0,
      ...Array.from({ length: gap }, (): MrzCharacter => ({ character: '<', confidence: 0, inferred: true })),
    );
  else fitted.splice(best.start, -gap);
  return fitted;
}

/** A filler the recognizer read as the letter it most resembles in OCR-B. */
const FILLER_LOOKALIKE = 'K';

/**
 * The name line brought to `length` through its tail of fillers: however many the recognizer merged
 * (a blurred run of 30 read as 20) or took for `K`, the tail after the last name holds only fillers,
 * so it is rebuilt as such. A `K` that ends a name (`ERIK<<<`) is kept. A line without such a tail
 * is left to fitLength.
 */
function fitNameLine(line: readonly MrzCharacter[], length: number): MrzCharacter[] | null {
  const isTail = (ch: MrzCharacter) => ch.character === '<' || ch.character === FILLER_LOOKALIKE;
  let start = line.length;
  while (start > 0 && isTail(line[start - 1]!)) start--;
  // One or two `K` ending the last name before a filler read as one (`ERIK<<<`) are the name's.
  let end = start;
  while (end < line.length && line[end]!.character === FILLER_LOOKALIKE) end++;
  if (
    start > 0 &&
    end - start <= 2 &&
    /[A-JL-Z]/.test(line[start - 1]!.character) &&
    line[end]?.character === '<'
  )
    start = end;
  if (line.length - start < 2) return fitLength(line, length);
  const kept = line.slice(0, Math.min(start, length));
  const tail = Array.from({ length: length - kept.length }, (_, i): MrzCharacter => {
    const read = line[start + i];
    return read?.character === '<' ? read : { character: '<', confidence: 0, inferred: true };
  });
  return [...kept, ...tail];
}

/** Which line holds the names. */
const nameLine = (layout: MrzLayout) => (layout.format === 'TD1' ? 2 : 0);

/** The layout whose line count and length the reading fits, its lines brought to that length. */
function fitLayout(
  lines: readonly (readonly MrzCharacter[])[],
): { layout: MrzLayout; fitted: MrzCharacter[][] } | null {
  let best: { layout: MrzLayout; fitted: MrzCharacter[][]; off: number } | null = null;
  for (const layout of LAYOUTS) {
    if (layout.lines !== lines.length) continue;
    const fitted = lines.map((line, l) =>
      l === nameLine(layout) ? fitNameLine(line, layout.length) : fitLength(line, layout.length),
    );
    if (fitted.some((line) => line === null)) continue;
    const off = lines.reduce(
      (sum, line, l) => sum + (l === nameLine(layout) ? 0 : Math.abs(line.length - layout.length)),
      0,
    );
    if (!best || off < best.off) best = { layout, fitted: fitted as MrzCharacter[][], off };
  }
  return best && { layout: best.layout, fitted: best.fitted };
}

type Position = { line: number; column: number; forced: boolean; choices: string[] };

const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A `YYMMDD` that can be a date (29 February allowed: the century is not known here). */
const plausibleDate = (text: string) => {
  if (!/^\d{6}$/.test(text)) return false;
  const month = Number(text.slice(2, 4));
  const day = Number(text.slice(4, 6));
  return month >= 1 && month <= 12 && day >= 1 && day <= MONTH_DAYS[month - 1]!;
};

function ruleHolds(lines: readonly string[], rule: CheckDigitRule): boolean {
  if (!checkHolds(lines, rule)) return false;
  if (rule.name !== 'birthDate' && rule.name !== 'expiryDate') return true;
  const [line, start, end] = rule.covers[0]!;
  return plausibleDate(lines[line]!.slice(start, end));
}

/**
 * The readings of `positions` with the fewest changes (every forced one changed, at most
 * MAX_CHOSEN_CHANGES others) under which `holds` is true: none, one, or several.
 */
function fewestChanges(
  lines: string[][],
  positions: readonly Position[],
  holds: (lines: string[]) => boolean,
): { line: number; column: number; character: string }[][] {
  const forced = positions.filter((p) => p.forced);
  const free = positions.filter((p) => !p.forced && p.choices.length > 0);
  if (forced.some((p) => p.choices.length === 0)) return [];
  for (let extra = 0; extra <= Math.min(MAX_CHOSEN_CHANGES, free.length); extra++) {
    const found: { line: number; column: number; character: string }[][] = [];
    for (const subset of combinations(free, extra)) {
      const changed = [...forced, ...subset];
      for (const assignment of product(changed.map((p) => p.choices))) {
        const trial = lines.map((l) => [...l]);
        changed.forEach((p, i) => (trial[p.line]![p.column] = assignment[i]!));
        if (holds(trial.map((l) => l.join(''))))
          found.push(changed.map((p, i) => ({ line: p.line, column: p.column, character: assignment[i]! })));
      }
    }
    if (found.length > 0) return found;
  }
  return [];
}

function* combinations<T>(items: readonly T[], k: number, from = 0): Generator<T[]> {
  if (k === 0) {
    yield [];
    return;
  }
  for (let i = from; i <= items.length - k; i++)
    for (const rest of combinations(items, k - 1, i + 1)) yield [items[i]!, ...rest];
}

function* product(choices: readonly string[][]): Generator<string[]> {
  if (choices.length === 0) {
    yield [];
    return;
  }
  for (const first of choices[0]!) for (const rest of product(choices.slice(1))) yield [first, ...rest];
}

const key = (line: number, column: number) => `${line}:${column}`;

/**
 * The zone's lines chosen from the recognizer's reading (one array of characters per line, top to
 * bottom), or null when the lines fit no format.
 */
export function resolveMrz(reading: readonly (readonly MrzCharacter[])[]): ResolvedMrz | null {
  const fit = fitLayout(reading);
  if (!fit) return null;
  const { layout, fitted } = fit;
  const lines = fitted.map((line) => line.map((c) => c.character));
  const positionAt = new Map<string, Position>();
  fitted.forEach((line, l) =>
    line.forEach((ch, c) => {
      const { forced, choices } = options(ch, layout.classes[l]![c]!);
      if (forced || choices.length > 0) positionAt.set(key(l, c), { line: l, column: c, forced, choices });
    }),
  );
  // A filler inside the document number, before its last character, cannot be: it is a letter or
  // digit the recognizer took for one (`K`, whose value is a filler's in every check digit, most often).
  const [numberLine, numberStart, numberEnd] = layout.format === 'TD1' ? [0, 5, 14] : [1, 0, 9];
  const number = lines[numberLine]!.slice(numberStart, numberEnd).join('');
  const lastCharacter = numberStart + number.replace(/<+$/, '').length;
  for (let column = numberStart; column < lastCharacter; column++) {
    const ch = fitted[numberLine]![column]!;
    if (ch.character !== '<') continue;
    const choices = [
      ...(ch.alternatives ?? [])
        .filter((a) => a.character !== '<' && a.probability >= ALTERNATIVE_MIN_PROBABILITY)
        .map((a) => a.character),
      FILLER_LOOKALIKE,
    ];
    positionAt.set(key(numberLine, column), {
      line: numberLine,
      column,
      forced: true,
      choices: [...new Set(choices)],
    });
  }
  const changed = new Set<string>();
  const ambiguous: CheckDigitRule['name'][] = [];
  const apply = (changes: { line: number; column: number; character: string }[]) => {
    for (const change of changes) {
      lines[change.line]![change.column] = change.character;
      changed.add(key(change.line, change.column));
    }
  };
  const positionsOf = (rule: CheckDigitRule, skip: ReadonlySet<string>) => {
    const spans = [...rule.covers, [rule.digit[0], rule.digit[1], rule.digit[1] + 1] as const];
    const found: Position[] = [];
    for (const [line, start, end] of spans)
      for (let column = start; column < end; column++) {
        const position = positionAt.get(key(line, column));
        if (position && !skip.has(key(line, column))) found.push(position);
      }
    return found;
  };
  const rules = checksFor(
    layout,
    lines.map((l) => l.join('')),
  );
  const guarded = new Set<string>();
  for (const rule of rules.filter((r) => r.name !== 'composite')) {
    for (const [line, start, end] of [
      ...rule.covers,
      [rule.digit[0], rule.digit[1], rule.digit[1] + 1] as const,
    ])
      for (let column = start; column < end; column++) guarded.add(key(line, column));
    const text = lines.map((l) => l.join(''));
    const positions = positionsOf(rule, new Set());
    if (ruleHolds(text, rule) && !positions.some((p) => p.forced)) continue;
    const found = fewestChanges(lines, positions, (trial) => ruleHolds(trial, rule));
    if (found.length === 1) apply(found[0]!);
    else if (found.length > 1) ambiguous.push(rule.name);
  }
  // The composite digit judges what no digit of its own guards (a TD1's or TD2's optional data).
  const composite = rules.find((r) => r.name === 'composite');
  if (composite) {
    const text = lines.map((l) => l.join(''));
    // Only what its position cannot hold is changed for the composite alone: an unsure composite digit
    // changed to hold would pass a zone whose fields were altered with their own digits recomputed.
    const positions = positionsOf(composite, guarded).filter((p) => p.forced);
    if (!ruleHolds(text, composite) || positions.some((p) => p.forced)) {
      const found = fewestChanges(lines, positions, (trial) => ruleHolds(trial, composite));
      if (found.length === 1) apply(found[0]!);
      else if (found.length > 1) ambiguous.push('composite');
    }
    for (const position of positions) guarded.add(key(position.line, position.column));
  }
  // Everywhere else (names, states, sex) no digit judges: only what the position cannot hold changes,
  // to its one look-alike that it can.
  for (const position of positionAt.values()) {
    const k = key(position.line, position.column);
    if (!position.forced || changed.has(k) || guarded.has(k)) continue;
    const lookalike = LOOKALIKES[lines[position.line]![position.column]!];
    if (lookalike && fitsClass(lookalike, layout.classes[position.line]![position.column]!))
      apply([{ line: position.line, column: position.column, character: lookalike }]);
  }
  const corrections: MrzCorrection[] = [...changed].map((k) => {
    const [line, column] = k.split(':').map(Number) as [number, number];
    return { line, column, read: fitted[line]![column]!.character, corrected: lines[line]![column]! };
  });
  let confidence = 1;
  fitted.forEach((line, l) =>
    line.forEach((ch, c) => {
      if (!changed.has(key(l, c)) && !ch.inferred) confidence = Math.min(confidence, ch.confidence);
    }),
  );
  const [nameRow, nameStart] = layout.format === 'TD1' ? [2, 0] : [0, 5];
  const nameConfidence = fitted[nameRow]!.slice(nameStart).reduce(
    (least, ch) => (ch.inferred || ch.character === '<' ? least : Math.min(least, ch.confidence)),
    1,
  );
  return {
    layout,
    nameConfidence,
    lines: lines.map((l) => l.join('')),
    corrections: corrections.sort((a, b) => a.line - b.line || a.column - b.column),
    confidence,
    ambiguous,
  };
}
