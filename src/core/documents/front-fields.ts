import { foldText } from '../screening/normalize-name.js';
import type { CtcLattice } from './ctc-lattice.js';
import {
  SLASHES_READ_AS_ONES,
  latticeDateProbability,
  latticeDateReadings,
  parsePrintedDate,
  printedDateReadings,
} from './printed-dates.js';

/**
 * The printed fields of a licence front (and of a passport's or identity card's visual zone, whose
 * labels are among these), from the text lines the OCR read on it. Labels are found by
 * their words in the layouts US and Canadian cards use (the AAMVA card design's numbered fields `1`,
 * `2`, `3 DOB`, `4b EXP`, `4d DLN`; `LN`/`FN`/`DOB`/`EXP`/`DL NO`; the bilingual and French forms
 * `NOM`, `PRÉNOM`, `DDN`, `DATE DE NAISSANCE`, `NO DE PERMIS`, `NUMBER/NUMÉRO`); a label's value is the
 * text after it on its line, the nearest line to its right on the same row, or the line below it.
 * Dates are read in the orders jurisdictions print them. Comparing what was read with what the
 * document should print is front-comparison.ts.
 */

/** One line of text the OCR read on the card front, positioned in the card's level reading frame. */
export type OcrLine = {
  text: string;
  /**
   * The recognizer's probability of the line's least sure character, 0..1: one doubtful digit makes
   * the whole line doubtful (a mean would hide it among sure ones).
   */
  confidence: number;
  /**
   * The probability of each character of `text` (one per UTF-16 unit), when the reader gives them:
   * a field's confidence is then its value's least sure character, not its label's.
   */
  characterConfidences?: number[];
  /** What the recognizer saw at each step, when the reader gives it (ctc-lattice.ts). */
  lattice?: CtcLattice;
  /** Centre, length along the text and height, in image pixels of the level frame. */
  cx: number;
  cy: number;
  width: number;
  height: number;
};

export type FrontField = {
  value: string;
  text: string;
  confidence: number;
  /**
   * A licence number's letters and digits, each with its probability, when the reader gave them for
   * the value: how sure a disagreement with the barcode is (numberDisagreementConfidence).
   */
  characters?: { character: string; confidence: number }[];
  /** A date's line as the recognizer saw it, when the reader gave its lattice (dateDisagreementConfidence). */
  printedDate?: { lattice: CtcLattice; country: string | null };
  /**
   * Every date a numeric date's text can be when its order is not printed (`06/08/1950`): the value
   * is the country's usual order, and the comparison takes either.
   */
  readings?: string[];
};

export type FrontFields = {
  lastName: FrontField | null;
  givenNames: FrontField | null;
  dob: FrontField | null;
  licenseNumber: FrontField | null;
  expiry: FrontField | null;
};

export type FieldName = keyof FrontFields;

type Label = FieldName | 'name' | 'other';

/** Label words after folding (upper case, accents dropped, separators single spaces). */
const LABELS: { label: Label; words: string[] }[] = [
  {
    label: 'licenseNumber',
    words: [
      '4D DLN',
      '4D DL',
      '4D LIC',
      'DLN',
      'DL NO',
      'DL',
      'LIC NO',
      'LIC',
      'LICENSE NO',
      'LICENCE NO',
      'NUMBER NUMERO',
      'NUMBER',
      'NUMERO',
      'NO DE PERMIS',
      'PERMIS NO',
      'PASSPORT NO',
      'NO DU PASSEPORT',
      'NO DE PASSEPORT',
      'DOCUMENT NO',
      'DOCUMENT NUMBER',
      'CARD NO',
      'NO',
      '4D',
    ],
  },
  { label: 'lastName', words: ['1', 'LN', 'LAST NAME', 'SURNAME', 'FAMILY NAME', 'NOM', 'NOM DE FAMILLE'] },
  { label: 'givenNames', words: ['2', 'FN', 'FIRST NAME', 'GIVEN NAMES', 'GIVEN NAME', 'PRENOM', 'PRENOMS'] },
  { label: 'name', words: ['NAME NOM', 'NOM NAME', 'NAME'] },
  {
    label: 'dob',
    words: [
      '3 DOB',
      'DOB',
      'DOB DDN',
      'DDN',
      'DATE OF BIRTH',
      'BIRTH DATE',
      'DATE DE NAISSANCE',
      'NAISSANCE',
    ],
  },
  {
    label: 'expiry',
    words: [
      '4B EXP',
      'EXP',
      'EXP EXP',
      'EXPIRES',
      'EXPIRY',
      'EXPIRATION',
      'EXP DATE',
      'DATE OF EXPIRY',
      'DATE OF EXPIRATION',
      'DATE D EXPIRATION',
    ],
  },
  {
    label: 'other',
    words: [
      '4A ISS',
      'ISS',
      'ISSUED',
      'DEL',
      'ISS DEL',
      '15 SEX',
      'SEX',
      'SEXE',
      'SEX SEXE',
      'CLASS',
      '5 DD',
      'DD',
      'DATE OF ISSUE',
      'DATE DE DELIVRANCE',
      'NATIONALITY',
      'NATIONALITE',
      'PLACE OF BIRTH',
      'LIEU DE NAISSANCE',
      'AUTHORITY',
      'AUTORITE',
    ],
  },
];

/** Upper-case ASCII, separators as single spaces: how labels are compared. */
function labelForm(text: string): string {
  return foldText(text)
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
}

export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(
        previous[j]! + 1,
        row[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = row;
  }
  return previous[b.length]!;
}

/**
 * Labels of three characters or more survive one misread character (`DOR`, `EXR`, `3D0B`) when the
 * reading has three characters too; shorter ones (`LN`, `FN`, `1`) must read exactly, and so must a
 * two-character reading (`08`, a date's first part, is no `DOB`). Exact readings are tried first,
 * across every label.
 */
function labelMatches(candidate: string, word: string, fuzzy: boolean): boolean {
  if (candidate === word) return true;
  // One edit changes the length by one at most: a longer gap cannot match, and needs no distance.
  if (!fuzzy || Math.abs(candidate.length - word.length) > 1) return false;
  if (word.replace(/ /g, '').length < 3 || candidate.replace(/ /g, '').length < 3) return false;
  return editDistance(labelLetters(candidate), labelLetters(word)) <= 1;
}

/**
 * Digits a label's letters are misread as, as those letters: `3 DOB` read `300B` and `DOB` read
 * `008` on blurred fronts are one character off their label, not two.
 */
const labelLetters = (text: string) => text.replace(/0/g, 'O').replace(/8/g, 'B');

/** The AAMVA design's numbered name fields, often read run into their value (`1MARTINEZ`). */
const NUMBERED_NAME = /^([12])\s*(\p{L}[\p{L}' ,.-]+)$/u;

/**
 * The label a line starts with and the text after it, or null. The longest label wins, so `DOB DDN`
 * is one label, not `DOB` followed by a value `DDN`.
 */
function splitLabel(text: string): { label: Label; rest: string } | null {
  const numbered = NUMBERED_NAME.exec(text.trim());
  if (numbered) return { label: numbered[1] === '1' ? 'lastName' : 'givenNames', rest: numbered[2]! };
  const tokens = labelForm(text).split(' ').filter(Boolean);
  for (const fuzzy of [false, true]) {
    for (let take = Math.min(4, tokens.length); take >= 1; take--) {
      const head = tokens.slice(0, take).join(' ');
      for (const { label, words } of LABELS) {
        if (words.some((w) => labelMatches(head, w, fuzzy)))
          return { label, rest: withoutGluedLabelWord(rawRest(text, take), head, words) };
      }
      // The OCR often drops the space between a label and its value or its number (`3DOB`, `DLNO.`).
      if (take !== 1) continue;
      for (const { label, words } of LABELS) {
        if (words.some((w) => w.includes(' ') && labelMatches(head, w.replace(/ /g, ''), fuzzy)))
          return { label, rest: rawRest(text, 1) };
      }
    }
  }
  return null;
}

/**
 * The rest of a line whose label matched as `head` with the label's next word run into the value
 * (`4d DLNM460719827080`: `4D` of `4D DLN`, then `DLNM460719827080`): that word dropped.
 */
function withoutGluedLabelWord(rest: string, head: string, words: readonly string[]): string {
  const next = labelForm(rest).split(' ')[0] ?? '';
  for (const word of words) {
    if (!word.startsWith(`${head} `)) continue;
    const glued = word.slice(head.length + 1).split(' ')[0]!;
    if (next.length > glued.length && next.startsWith(glued)) return rest.slice(glued.length).trim();
  }
  return rest;
}

/** The original text after its first `tokens` label words. */
function rawRest(text: string, tokens: number): string {
  const parts = text.trim().split(/[\s/.:]+/);
  return parts.slice(tokens).join(' ').trim();
}

function looksLikeNumber(text: string): boolean {
  const compact = text.toUpperCase().replace(/[\s-]/g, '');
  return /^[A-Z0-9]{4,20}$/.test(compact) && /\d{3}/.test(compact);
}

function looksLikeName(text: string): boolean {
  return /^[\p{L}' ,.-]{2,}$/u.test(text.trim()) && /\p{L}{2}/u.test(text);
}

const left = (l: OcrLine) => l.cx - l.width / 2;
const right = (l: OcrLine) => l.cx + l.width / 2;

/** Lines that can hold a label's value: right of it on its row (nearest first), then the ones below. */
function valueCandidates(label: OcrLine, lines: readonly OcrLine[], rowsBelow = 1): OcrLine[] {
  const sameRow = lines
    .filter((l) => l !== label && Math.abs(l.cy - label.cy) < 0.6 * Math.max(l.height, label.height))
    .filter((l) => left(l) > label.cx)
    .sort((a, b) => left(a) - left(b));
  const reach = (2 + 1.5 * rowsBelow) * label.height;
  const below = lines
    .filter((l) => l !== label && l.cy > label.cy + 0.4 * label.height && l.cy - label.cy < reach)
    .filter((l) => left(l) < right(label) && right(l) > left(label) - label.height)
    .sort((a, b) => a.cy - b.cy);
  return [...sameRow.slice(0, 1), ...below.slice(0, 2)];
}

/** Characters that separate a label from its value or parts of a value (rawRest and asField drop them). */
const SEPARATOR = /[\s/.:,;]/;

/**
 * A value that may be a date garbled past parsing (`T8-25-19559`): five digits or more, and no longer
 * than a date with a few stray characters.
 */
const DATE_LIKE = (text: string) => (text.match(/[0-9]/g) ?? []).length >= 5 && text.length <= 16;

/** A date as cards print it, every part at its full width (a label's rest has spaces for separators). */
const FULL_WIDTH_DATE = /^(\d{2}[-/.\s]\d{2}[-/.\s]\d{4}|\d{4}[-/.\s]\d{2}[-/.\s]\d{2})$/;

/**
 * The confidence of a value read at the end of `line` (after its label, or the whole line): its own
 * least sure character, so a doubtful label character (`DL NO.` read beside a sure number) does not
 * make the number doubtful. The separators of a date in its full printed form (`MM/DD/YYYY`,
 * `YYYY-MM-DD`: every part at its full width) do not count: which of `-`, `/` or `.` the recognizer
 * saw changes nothing there, and the doubt between two digit groups concentrates on them (0.54 and
 * 0.69 on dates read right). In any other form they do, since a digit read as a separator
 * (`12/1//1990`) can still parse as another date. Without per-character confidences, or when the
 * value is not the line's tail (`LAST,` of `LAST, GIVEN`), the line's.
 */
function valueConfidence(line: OcrLine, value: string, isDate: boolean): number {
  const span = valueSpan(line, value);
  if (!span) return line.confidence;
  let confidence = 1;
  const fullWidthDate = isDate && FULL_WIDTH_DATE.test(value);
  // The slashes read as `1`: their doubt is which separator they are, not which digit.
  const slashes = isDate && SLASHES_READ_AS_ONES.test(value) ? [span.start + 2, span.start + 5] : [];
  const counts = (ch: string, i: number) =>
    !slashes.includes(i) && (fullWidthDate ? /\d/.test(ch) : !/\s/.test(ch));
  for (let i = span.start; i < span.end; i++)
    if (counts(line.text[i]!, i)) confidence = Math.min(confidence, line.characterConfidences![i]!);
  return confidence;
}

/**
 * Where `value` lies in `line.text` as its tail (separators aside), when the line has per-character
 * confidences; null otherwise.
 */
function valueSpan(line: OcrLine, value: string): { start: number; end: number } | null {
  const chars = line.characterConfidences;
  const text = line.text;
  if (!chars || chars.length !== text.length) return null;
  const solid = value.split('').filter((ch) => !SEPARATOR.test(ch));
  if (solid.length === 0) return null;
  let end = text.length;
  while (end > 0 && SEPARATOR.test(text[end - 1]!)) end--;
  let start = end;
  const tail: string[] = [];
  while (start > 0 && tail.length < solid.length) {
    start--;
    if (!SEPARATOR.test(text[start]!)) tail.unshift(text[start]!);
  }
  return tail.join('') === solid.join('') ? { start, end } : null;
}

/** The letters and digits of a value read at the end of `line`, each with its probability. */
function valueCharacters(line: OcrLine, value: string): FrontField['characters'] {
  const span = valueSpan(line, value);
  if (!span) return undefined;
  const characters: NonNullable<FrontField['characters']> = [];
  for (let i = span.start; i < span.end; i++) {
    const character = line.text[i]!.toUpperCase();
    if (/^[A-Z0-9]$/.test(character))
      characters.push({ character, confidence: line.characterConfidences![i]! });
  }
  return characters;
}

function asField(label: FieldName, text: string, line: OcrLine, country: string | null): FrontField | null {
  const trimmed = text.trim().replace(/^[,.:;\s]+|[,.:;\s]+$/g, '');
  if (trimmed === '' || splitLabel(trimmed)) return null;
  const isDate = label === 'dob' || label === 'expiry';
  const confidence = valueConfidence(line, trimmed, isDate);
  if (isDate) {
    const readings = printedDateReadings(trimmed, country);
    const date = readings[0];
    const printedDate = line.lattice ? { lattice: line.lattice, country } : undefined;
    if (date)
      return {
        value: date,
        text: trimmed,
        confidence,
        ...(printedDate ? { printedDate } : {}),
        ...(readings.length > 1 ? { readings } : {}),
      };
    // Garbled past parsing (`T8-25-19559`), a date is still read through what the recognizer saw.
    const read = printedDate && DATE_LIKE(trimmed) ? latticeDateReadings(printedDate.lattice, country) : [];
    return read[0] && printedDate
      ? {
          value: read[0],
          text: trimmed,
          confidence: latticeDateProbability(printedDate.lattice, read[0], country),
          printedDate,
          ...(read.length > 1 ? { readings: read } : {}),
        }
      : null;
  }
  if (label === 'licenseNumber') {
    if (!looksLikeNumber(trimmed)) return null;
    const characters = valueCharacters(line, trimmed);
    return {
      value: trimmed.toUpperCase().replace(/\s+/g, ''),
      text: trimmed,
      confidence,
      ...(characters ? { characters } : {}),
    };
  }
  return looksLikeName(trimmed)
    ? { value: trimmed.toUpperCase().replace(/\s+/g, ' '), text: trimmed, confidence }
    : null;
}

export type ReadFieldsOptions = {
  /**
   * Dates whose label was lost taken by order (birth the earliest, expiry the latest); default true.
   * A reader that stops once every field is found asks without it: the only fallback that a line
   * further down could still change.
   */
  datesByOrder?: boolean;
  /**
   * A lone unlabelled date, its label and every other date unread (small print blurs first), is the
   * date of birth when it lies before this ISO date (`birthDateBound`: the barcode's issue date less
   * the youngest licence holder's age), where no issue, expiry or card revision date can lie.
   */
  bornBefore?: string;
  /**
   * The barcode's issue date (ISO). A line printing it is never the date of birth: a birth date's
   * label whose own value is unreadable would otherwise take the issue date printed below it (seen
   * once in 2,100 genuine fronts, on a blurred one: `2021-11-02` against a birth date in 1970).
   */
  issuedOn?: string;
};

/** The youngest age at which any covered jurisdiction issues a licence (a learner's permit, South Dakota). */
const YOUNGEST_HOLDER_YEARS = 14;

/** `ReadFieldsOptions.bornBefore` for a card issued on `issueDate` (ISO), or undefined without one. */
export function birthDateBound(issueDate: string | null): string | undefined {
  if (!issueDate || !/^\d{4}-\d{2}-\d{2}$/.test(issueDate)) return undefined;
  return `${Number(issueDate.slice(0, 4)) - YOUNGEST_HOLDER_YEARS}${issueDate.slice(4)}`;
}

/**
 * The fields of a front from its lines; `country` (from the barcode's IIN) decides the order of a
 * date such as 04/05/1990. A field not found is null.
 */
export function readFrontFields(
  lines: readonly OcrLine[],
  country: string | null,
  options: ReadFieldsOptions = {},
): FrontFields {
  const fields: FrontFields = {
    lastName: null,
    givenNames: null,
    dob: null,
    licenseNumber: null,
    expiry: null,
  };
  const used = new Set<OcrLine>();
  const dateLines: OcrLine[] = [];
  const set = (name: FieldName, parsed: FrontField | null, line: OcrLine) => {
    if (!parsed || fields[name]) return false;
    if (name === 'dob' && parsed.value === options.issuedOn) return false;
    fields[name] = parsed;
    used.add(line);
    if (name === 'dob' || name === 'expiry') dateLines.push(line);
    return true;
  };
  const ordered = [...lines].sort((a, b) => a.cy - b.cy || a.cx - b.cx);
  for (const line of ordered) {
    const split = splitLabel(line.text);
    if (!split || split.label === 'other') continue;
    const { label, rest } = split;
    if (label === 'name') {
      const below = valueCandidates(line, ordered, 2).filter((l) => l.cy > line.cy + 0.4 * line.height);
      const [first, second] = below;
      if (first && /,/.test(first.text) && first.text.split(',')[1]!.trim() !== '') {
        const [last, given] = first.text.split(',');
        set('lastName', asField('lastName', last!, first, country), first);
        set('givenNames', asField('givenNames', given!, first, country), first);
      } else if (first) {
        set('lastName', asField('lastName', first.text, first, country), first);
        if (second) set('givenNames', asField('givenNames', second.text, second, country), second);
      }
      continue;
    }
    if (rest !== '' && set(label, asField(label, rest, line, country), line)) continue;
    for (const candidate of valueCandidates(line, ordered)) {
      if (used.has(candidate)) continue;
      if (set(label, asField(label, candidate.text, candidate, country), candidate)) break;
    }
  }
  fillNamesByPosition(fields, ordered, used, country);
  // Without a readable label, the dates still tell: birth is the earliest date a card prints, expiry the latest.
  const dates = ordered
    .filter((l) => options.datesByOrder !== false && !used.has(l))
    .map((l) => ({ line: l, parsed: asField('dob', splitLabel(l.text)?.rest ?? l.text, l, country) }))
    .filter((d): d is { line: OcrLine; parsed: FrontField } => d.parsed !== null)
    .sort((a, b) => a.parsed.value.localeCompare(b.parsed.value));
  const earliest = dates[0];
  const latest = dates.at(-1);
  // No birth date lies after the bound: with the birth date itself unreadable, the earliest of the
  // others is the issue or a revision date (`03/23/2023` beside an expiry, the birth date garbled).
  const beforeBound =
    earliest !== undefined &&
    (options.bornBefore === undefined || earliest.parsed.value < options.bornBefore);
  const loneBirthDate = dates.length === 1 && options.bornBefore !== undefined && beforeBound;
  if (!fields.dob && earliest && ((dates.length >= 2 && beforeBound) || loneBirthDate))
    set('dob', earliest.parsed, earliest.line);
  if (!fields.expiry && latest && latest !== earliest) set('expiry', latest.parsed, latest.line);
  if (!fields.licenseNumber) fillNumberByShape(fields, ordered, used, dateLines, country);
  return fields;
}

/**
 * A licence number whose label was lost (small label print blurs first: `4d DLN` read `43DLNN`,
 * `DL NO.` read `DMO.` beside a number read at 0.99): the one unlabelled line above the card's dates
 * that has a number's shape and is no date, or of several such lines the topmost when it alone is
 * read at the mismatch confidence. Otherwise the number stays unread: the fallback never guesses
 * between lines read alike.
 */
function fillNumberByShape(
  fields: FrontFields,
  ordered: readonly OcrLine[],
  used: Set<OcrLine>,
  dateLines: readonly OcrLine[],
  country: string | null,
): void {
  // A label read as digits on the first date's row (`3 DOB` as `3008`) is not above it. A date read
  // only through the lattice (`0911701964`, its second slash read `0`) bounds the search as well:
  // past it, the card's foot holds more lines of a number's shape (`TC2123`), and none is chosen.
  const firstDate = ordered.find(
    (l) => dateLines.includes(l) || parsePrintedDate(splitLabel(l.text)?.rest ?? l.text, country),
  );
  const above = firstDate ? firstDate.cy - 0.5 * firstDate.height : Number.POSITIVE_INFINITY;
  const candidates = ordered
    .filter(
      (l) => !used.has(l) && l.cy < above && !splitLabel(l.text) && !TITLE_WORDS.test(labelForm(l.text)),
    )
    .map((line) => ({ line, number: asField('licenseNumber', line.text, line, country) }))
    .filter((c): c is { line: OcrLine; number: FrontField } => c.number !== null);
  // A date garbled past parsing (read `120512832` at 0.57) can have a number's shape, but it is
  // garbled because it was doubtful: the topmost line, printed where the number is, is the number when
  // it alone is read surely. A sure line below a doubtful topmost one may be such a date: none is taken.
  const sure = candidates.filter((c) => c.number.confidence >= MISMATCH_MIN_CONFIDENCE);
  const chosen =
    candidates.length === 1 || (sure.length === 1 && sure[0] === candidates[0]) ? candidates[0] : undefined;
  if (!chosen) return;
  fields.licenseNumber = chosen.number;
  used.add(chosen.line);
}

/** Words of a card's title, which is never a name. */
const TITLE_WORDS =
  /DRIVER|LICEN[CS]E|PERMIS|CONDUIRE|IDENTIFICATION|IDENTITY|PASSPORT|PASSEPORT|\bTYPE\b.*\bCODE\b/;

/**
 * Names whose label was misread (`LN` as `IN`, `1` lost): the last name is the name-like line above
 * the given names, the given names the one below the last name; with neither, the first two
 * name-like lines under the title, in that order (every layout covered prints the family name first).
 */
function fillNamesByPosition(
  fields: FrontFields,
  ordered: readonly OcrLine[],
  used: Set<OcrLine>,
  country: string | null,
): void {
  if (fields.lastName && fields.givenNames) return;
  const nameLike = ordered.filter(
    (l) =>
      !used.has(l) &&
      !splitLabel(l.text) &&
      !TITLE_WORDS.test(labelForm(l.text)) &&
      asField('lastName', l.text, l, country) !== null,
  );
  // A misread label (`IN` for `LN`) reads as a name too, but it has its value to its right.
  const names = nameLike.filter(
    (l) =>
      !nameLike.some(
        (other) =>
          other !== l &&
          valueCandidates(l, [other]).length > 0 &&
          other.cx > l.cx &&
          Math.abs(other.cy - l.cy) < 0.6 * l.height,
      ),
  );
  const lineOf = (field: FrontField) => ordered.find((l) => l.text.includes(field.text));
  const take = (name: 'lastName' | 'givenNames', line: OcrLine | undefined) => {
    if (!line) return;
    fields[name] = asField(name, line.text, line, country);
    used.add(line);
  };
  if (fields.givenNames && !fields.lastName) {
    const given = lineOf(fields.givenNames);
    take('lastName', given && names.filter((l) => l.cy < given.cy - 0.4 * given.height).at(-1));
  } else if (fields.lastName && !fields.givenNames) {
    const last = lineOf(fields.lastName);
    take('givenNames', last && names.find((l) => l.cy > last.cy + 0.4 * last.height));
  } else {
    take('lastName', names[0]);
    take('givenNames', names[1]);
  }
}

/** The barcode's side of the comparison. */
export type BarcodeFields = {
  lastName: string | null;
  firstName: string | null;
  middleName: string | null;
  dob: string | null;
  licenseNumber: string | null;
  expiry: string | null;
};

export type FieldComparison = {
  read: string | null;
  barcode: string | null;
  /** null when either side is missing. */
  agrees: boolean | null;
  /**
   * The read value's least sure character; for a licence number in disagreement of the barcode's
   * length, that of its differing characters and digits (numberDisagreementConfidence).
   */
  confidence: number | null;
};

export type FrontComparison = Record<FieldName, FieldComparison>;

/**
 * Every field found (read without the dates-by-order fallback): the lines below the last one cannot
 * change what is read.
 */
export const frontComplete = (fields: FrontFields): boolean =>
  Object.values(fields).every((field) => field !== null);

/**
 * A field read at least this confidently that disagrees with the barcode is a mismatch; below it the
 * disagreement is noted and left to OCR noise (the benchmark in BENCHMARKS.md sets this).
 */
export const MISMATCH_MIN_CONFIDENCE = 0.7;
