import { type MrzCharacter, resolveMrz } from '../../core/documents/mrz/resolve.js';
import { parseMrz } from '../../core/documents/mrz/parse.js';
import type { MrzResult } from '../../core/documents/mrz/types.js';
import type { OcrModels } from './ocr-models.js';
import {
  type LevelRegion,
  MAX_RECOGNIZER_COLUMNS,
  type Region,
  type RgbImage,
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
 * The zone on the photo, or null when no two or three bottom rows read as one: rows read bottom up
 * (at most MAX_ROWS_READ, within `deadline`), then the last run of zone-like rows tried as TD1 (three
 * lines) and as TD2 or TD3 (two), a reading whose check digits all hold preferred.
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
  const read: { parts: LevelRegion[]; line: MrzCharacter[] }[] = [];
  let columns = 0;
  for (const row of rows.reverse().slice(0, MAX_ROWS_READ)) {
    if (performance.now() >= deadline) break;
    if (lightOnDark(image, row.merged.region)) continue;
    const width = recognizerWidth(row.merged.region, MRZ_MAX_WIDTH);
    // The same column budget as a front's lines: the visual zone is read with what is left.
    if (columns + width > MAX_RECOGNIZER_COLUMNS) break;
    columns += width;
    const { probs, steps, classes } = await recognize(models, image, row.merged.region, width);
    const line = decodeZoneLine(probs, steps, classes, models.alphabet);
    const zoneLike = line.length >= LINE_LENGTHS.min && line.length <= LINE_LENGTHS.max;
    if (!zoneLike) {
      // Above the zone: the rows read so far are all of it.
      if (read.length >= 2) break;
      read.length = 0;
      continue;
    }
    read.unshift({ parts: row.parts, line });
    if (read.length === 3) break;
  }
  let best: ZoneRead | null = null;
  for (const count of [3, 2]) {
    if (read.length < count) continue;
    const chosen = read.slice(read.length - count);
    const resolved = resolveMrz(chosen.map((r) => r.line));
    if (!resolved) continue;
    const mrz = parseMrz(resolved.lines, today, resolved.confidence);
    if (!mrz) continue;
    const candidate = {
      mrz: { ...mrz, corrections: resolved.corrections.length },
      used: new Set(chosen.flatMap((r) => r.parts)),
      columns,
    };
    if (!best || (mrz.valid && !best.mrz.valid)) best = candidate;
  }
  return best;
}
