import { type CtcLattice, LATTICE_SYMBOLS, bestReading } from '../../core/documents/ctc-lattice.js';
import {
  CLASS_SYMBOLS,
  LAYOUTS,
  type MrzLayout,
  type PositionClass,
} from '../../core/documents/mrz/layout.js';
import { type MrzCharacter, resolveMrz } from '../../core/documents/mrz/resolve.js';
import { knownStateCode, parseMrz } from '../../core/documents/mrz/parse.js';
import type { MrzResult } from '../../core/documents/mrz/types.js';
import type { OcrModels } from './ocr-models.js';
import {
  type LevelRegion,
  MAX_RECOGNIZER_COLUMNS,
  type Region,
  type RgbImage,
  latticeOf,
  lightOnDark,
  recognize,
  recognizerWidth,
} from './ocr-text.js';

/**
 * A machine-readable zone on a photographed data page or card side: the detector's regions grouped
 * into rows (it may split a zone line at a run of fillers), the rows read bottom up by the same
 * recognizer with its output restricted to the zone's alphabet, and the last two or three rows that
 * fit a format chosen by their check digits (core/documents/mrz/resolve.ts).
 */

const MRZ_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';
/** Characters the recognizer's dictionary prints a filler as. */
const FILLER_FORMS = new Set(['<', '＜', '〈', '‹', '«', '《', '〈']);
/**
 * A zone line is read up to this many columns wide (the front's lines at most 320): a TD3 line's 44
 * characters and its runs of fillers, each needing a blank between, take some 90 of the recognizer's
 * steps (one per 8 columns), and its region's aspect puts it near 1,400 columns.
 */
const MRZ_MAX_WIDTH = 1600;
/** A zone line is many times longer than high: 30 characters at the least. */
const MIN_ASPECT = 8;
/**
 * A row this many times longer than high is a zone line however it first read: a clean card's name
 * line read as fillers alone (`<<<<<<<<`) at its first crop, its names there at the template's.
 */
const ZONE_ASPECT = 13;
/** Rows read from the bottom before giving up: a zone is the page's last two or three. */
const MAX_ROWS_READ = 6;
/** Fewer or more characters than any format's line, with repairs allowed: not a zone line. */
const LINE_LENGTHS = { min: 26, max: 48 };
/** An alternative below this probability at a character's peak step is not kept. */
const ALTERNATIVE_MIN = 0.02;

/** Per alphabet, the recognizer's classes that fold to a zone character: pairs of class and zone index. */
const zoneClasses = new WeakMap<string[], Int32Array>();

function zoneClassesOf(alphabet: string[]): Int32Array {
  let pairs = zoneClasses.get(alphabet);
  if (!pairs) {
    const found: number[] = [];
    alphabet.forEach((character, k) => {
      if (k === 0) return;
      const folded = FILLER_FORMS.has(character) ? '<' : character.normalize('NFKC').toUpperCase();
      const index = folded.length === 1 ? MRZ_ALPHABET.indexOf(folded) : -1;
      if (index >= 0) found.push(k, index);
    });
    pairs = Int32Array.from(found);
    zoneClasses.set(alphabet, pairs);
  }
  return pairs;
}

/**
 * Greedy CTC over the blank and the zone's characters only (their probabilities renormalised, so a
 * zone character the recognizer's Chinese classes competed with still reads), each kept character
 * with its peak probability and the other zone characters weighed at that step.
 */
export function decodeZoneLine(
  probs: Float32Array,
  steps: number,
  classes: number,
  alphabet: string[],
): MrzCharacter[] {
  const pairs = zoneClassesOf(alphabet);
  const width = MRZ_ALPHABET.length;
  const row = new Float64Array(width);
  const read: MrzCharacter[] = [];
  let previous = -1;
  for (let t = 0; t < steps; t++) {
    const base = t * classes;
    row.fill(0);
    for (let i = 0; i < pairs.length; i += 2) row[pairs[i + 1]!]! += probs[base + pairs[i]!]!;
    const blank = probs[base]!;
    let total = blank;
    let best = -1;
    let bestP = blank;
    for (let c = 0; c < width; c++) {
      total += row[c]!;
      if (row[c]! > bestP) {
        bestP = row[c]!;
        best = c;
      }
    }
    if (best >= 0 && best !== previous)
      read.push({ character: MRZ_ALPHABET[best]!, confidence: 0, alternatives: [] });
    if (best >= 0) {
      const last = read.at(-1)!;
      const p = bestP / total;
      if (p > last.confidence) {
        last.confidence = p;
        const alternatives: { character: string; probability: number }[] = [];
        for (let c = 0; c < width; c++)
          if (c !== best && row[c]! / total >= ALTERNATIVE_MIN)
            alternatives.push({ character: MRZ_ALPHABET[c]!, probability: row[c]! / total });
        last.alternatives = alternatives.sort((a, b) => b.probability - a.probability);
      }
    }
    previous = best;
  }
  return read;
}

/** A row's fragments as one region along the first one's axis, from its leftmost to rightmost end. */
function mergeRow(row: LevelRegion[]): LevelRegion {
  if (row.length === 1) return row[0]!;
  const { ux, uy } = row[0]!.region;
  let minU = Infinity;
  let maxU = -Infinity;
  let sumV = 0;
  let halfHeight = 0;
  for (const { region: r } of row) {
    const u = r.cx * ux + r.cy * uy;
    minU = Math.min(minU, u - r.halfLength);
    maxU = Math.max(maxU, u + r.halfLength);
    sumV += -r.cx * uy + r.cy * ux;
    halfHeight = Math.max(halfHeight, r.halfHeight);
  }
  const u = (minU + maxU) / 2;
  const v = sumV / row.length;
  const region: Region = {
    cx: u * ux - v * uy,
    cy: u * uy + v * ux,
    ux,
    uy,
    halfLength: (maxU - minU) / 2,
    halfHeight,
  };
  return {
    region,
    x: row.reduce((s, l) => s + l.x, 0) / row.length,
    y: row.reduce((s, l) => s + l.y, 0) / row.length,
  };
}

/** The regions grouped into rows of the level frame (centres within half a line height), top to bottom. */
function rowsOf(regions: readonly LevelRegion[]): LevelRegion[][] {
  const rows: LevelRegion[][] = [];
  for (const level of [...regions].sort((a, b) => a.y - b.y)) {
    const row = rows.at(-1);
    const height = 2 * level.region.halfHeight;
    if (row && Math.abs(row[0]!.y - level.y) < 0.5 * height) row.push(level);
    else rows.push([level]);
  }
  return rows.map((row) => row.sort((a, b) => a.x - b.x));
}

export type ZoneRead = { mrz: MrzResult; used: Set<LevelRegion>; columns: number };

/**
 * A zone line's crop is this many times the height the detector gives a line: the recognizer reads
 * OCR-B far better with a margin above and below (a clean test page's second line read `1123456787UTO…`
 * at the detector's height and `T123456787UTO…`, right, from 1.4 to 1.9 times it).
 */
const ZONE_HEIGHT = 1.5;

/**
 * Crops a zone line is read again at, as factors of its first crop's height and width, when the
 * first reading's check digits do not all hold: the recognizer drops, merges and misreads characters
 * differently at each, and the check digits judge the combinations.
 */
const RETRY_CROPS = [
  { height: 1.2, width: 1 },
  { height: 1, width: 0.8 },
  { height: 1.25, width: 1.3 },
];

/** How much further from the rows' longest first reading a format's line length may be than the nearest format's. */
const LENGTH_SLACK = 2;

type ZoneRow = { parts: LevelRegion[]; region: Region; lattices: CtcLattice[]; firstLength: number };

/**
 * A row read as a given line of a format: the recognizer's likeliest path through exactly as many
 * characters as the line has, each position held to what it may print (digits in a date, letters and
 * fillers in a name), so a run of fillers is as long as the line needs and `UTO` cannot read `010`.
 * Each character's confidence and alternatives are the recognizer's at the step it begins, among what
 * its position may hold.
 */
export function readAsLine(lattice: CtcLattice, classes: readonly PositionClass[]): MrzCharacter[] | null {
  const slots = classes.map((cls) => CLASS_SYMBOLS[cls]);
  const reading = bestReading(lattice, slots);
  if (!reading) return null;
  const width = 1 + LATTICE_SYMBOLS.length;
  return slots.map((symbols, i) => {
    const row = reading.at[i]! * width;
    const weights = [...symbols].map((ch) => lattice.probs[row + 1 + LATTICE_SYMBOLS.indexOf(ch)]!);
    const total = weights.reduce((sum, w) => sum + w, 0) || 1;
    const character = reading.text[i]!;
    return {
      character,
      confidence: weights[symbols.indexOf(character)]! / total,
      alternatives: [...symbols]
        .map((ch, k) => ({ character: ch, probability: weights[k]! / total }))
        .filter((a) => a.character !== character && a.probability >= ALTERNATIVE_MIN)
        .sort((a, b) => b.probability - a.probability),
    };
  });
}

/**
 * The zone read from `rows` as `layout`, one width's reading per row: the combination whose check
 * digits hold, then whose states' codes are known ones, then whose characters are surest.
 */
function bestCombination(
  rows: readonly ZoneRow[],
  layout: MrzLayout,
  today: string,
): { mrz: MrzResult; score: number } | null {
  const readings = rows.map((row, l) =>
    row.lattices.map((lattice) => readAsLine(lattice, layout.classes[l]!)).filter((r) => r !== null),
  );
  let best: { mrz: MrzResult; score: number } | null = null;
  const choose = (i: number, chosen: MrzCharacter[][]) => {
    if (i === readings.length) {
      const resolved = resolveMrz(chosen);
      const mrz = resolved && parseMrz(resolved.lines, today, resolved.confidence);
      if (!mrz || !resolved) return;
      const holding = Object.values(mrz.checkDigits).filter((v) => v === true).length;
      const characters = chosen.flat();
      const mean = characters.reduce((sum, c) => sum + c.confidence, 0) / Math.max(1, characters.length);
      // The states' codes have no check digit, but a known code is likelier read right.
      const knownCodes = [mrz.issuingState, mrz.nationality].filter(knownStateCode).length;
      const score = (mrz.valid ? 100 : 0) + holding * 10 + knownCodes + mean;
      if (!best || score > best.score)
        best = { mrz: { ...mrz, corrections: resolved.corrections.length }, score };
      return;
    }
    for (const reading of readings[i]!) choose(i + 1, [...chosen, reading]);
  };
  choose(0, []);
  return best;
}

/**
 * The zone on the photo, or null when no two or three bottom rows read as one: rows read bottom up
 * (at most MAX_ROWS_READ, within `deadline` and MAX_RECOGNIZER_COLUMNS), the last run of zone-like
 * rows (a zone line's length, a zone line's aspect, or as long on the photo as the zone line below) read as TD1's three
 * lines and as TD2's and TD3's two (readAsLine); unless one reads with every check digit holding,
 * its rows are read again at RETRY_CROPS and the combination whose check digits hold chosen.
 */
export async function readZone(
  models: OcrModels,
  image: RgbImage,
  regions: readonly LevelRegion[],
  today: string,
  deadline: number,
): Promise<ZoneRead | null> {
  const rows = rowsOf(regions)
    .map((row) => ({ parts: row, merged: mergeRow(row) }))
    .filter(({ merged: { region: r } }) => r.halfLength / Math.max(1, r.halfHeight) >= MIN_ASPECT);
  const read: ZoneRow[] = [];
  let columns = 0;
  const readRow = async (region: Region, crop = { height: 1, width: 1 }) => {
    const width = Math.round(recognizerWidth(region, MRZ_MAX_WIDTH) * crop.width);
    // A front's column budget, for the zone alone: the visual zone has its own.
    if (performance.now() >= deadline || columns + width > MAX_RECOGNIZER_COLUMNS) return null;
    columns += width;
    const taller = { ...region, halfHeight: region.halfHeight * ZONE_HEIGHT * crop.height };
    const { probs, steps, classes } = await recognize(models, image, taller, width);
    return { probs, steps, classes, lattice: latticeOf(probs, steps, classes, models.alphabet) };
  };
  for (const row of rows.reverse().slice(0, MAX_ROWS_READ)) {
    if (lightOnDark(image, row.merged.region)) continue;
    const output = await readRow(row.merged.region);
    if (!output) break;
    const line = decodeZoneLine(output.probs, output.steps, output.classes, models.alphabet);
    const below = read[0]?.region;
    const { halfLength, halfHeight } = row.merged.region;
    const zoneLike =
      (line.length >= LINE_LENGTHS.min && line.length <= LINE_LENGTHS.max) ||
      halfLength / Math.max(1, halfHeight) >= ZONE_ASPECT ||
      (below !== undefined && Math.abs(halfLength - below.halfLength) < 0.1 * below.halfLength);
    if (!zoneLike) {
      // Above the zone: the rows read so far are all of it.
      if (read.length >= 2) break;
      read.length = 0;
      continue;
    }
    read.unshift({
      parts: row.parts,
      region: row.merged.region,
      lattices: [output.lattice],
      firstLength: line.length,
    });
    if (read.length === 3) break;
  }
  const attempt = () => {
    let found: { mrz: MrzResult; score: number; count: number } | null = null;
    for (const layout of LAYOUTS) {
      if (read.length < layout.lines) continue;
      // A format whose line length is further from the rows' longest first reading than another
      // format's is not theirs (a row read garbled reads short, never long).
      const rows = read.slice(read.length - layout.lines);
      const longest = Math.max(...rows.map((row) => row.firstLength));
      const nearest = Math.min(...LAYOUTS.map((other) => Math.abs(longest - other.length)));
      if (Math.abs(longest - layout.length) > nearest + LENGTH_SLACK) continue;
      const combination = bestCombination(rows, layout, today);
      if (combination && (!found || combination.score > found.score))
        found = { ...combination, count: layout.lines };
    }
    return found;
  };
  let found = attempt();
  if (read.length >= 2 && !found?.mrz.valid) {
    for (const crop of RETRY_CROPS)
      for (const row of read) {
        const output = await readRow(row.region, crop);
        if (output) row.lattices.push(output.lattice);
      }
    found = attempt();
  }
  if (!found) return null;
  return {
    mrz: found.mrz,
    used: new Set(read.slice(read.length - found.count).flatMap((r) => r.parts)),
    columns,
  };
}
