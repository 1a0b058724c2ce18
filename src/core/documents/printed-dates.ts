import { foldText } from '../screening/normalize-name.js';
import { type CtcLattice, type Slots, bestReading, slotsWeight } from './ctc-lattice.js';

/**
 * Dates as licence fronts print them, read from the OCR's text (`parsePrintedDate`) or, when that
 * text is garbled past parsing, from what the recognizer saw at every step (`latticeDate`).
 */

/** OCR's look-alike characters, read as the digit a date or number position expects. */
export const AS_DIGIT: Record<string, string> = {
  O: '0',
  Q: '0',
  D: '0',
  I: '1',
  L: '1',
  J: '1',
  Z: '2',
  S: '5',
  B: '8',
  G: '6',
};

/** Month names, English and French (accents folded), as cards print them. */
export const MONTHS: Record<string, number> = {
  JAN: 1,
  FEB: 2,
  FEV: 2,
  MAR: 3,
  APR: 4,
  AVR: 4,
  MAY: 5,
  MAI: 5,
  JUN: 6,
  JUIN: 6,
  JUL: 7,
  JUIL: 7,
  AUG: 8,
  AOU: 8,
  SEP: 9,
  SEPT: 9,
  OCT: 10,
  NOV: 11,
  DEC: 12,
};

/**
 * A full-width date whose two slashes the recognizer read as `1` (`02/05/1997` as `0210511997`, the
 * commonest way a blurred US date failed to parse: three of four unread birth dates in one draw of 20
 * blurred fronts). A separator cannot be a digit there: the month or day would have three digits.
 */
export const SLASHES_READ_AS_ONES = /^(\d{2})1(\d{2})1(\d{4})$/;

/** An ISO date from a printed one, in the order the country prints ambiguous dates, or null. */
export function parsePrintedDate(text: string, country: string | null): string | null {
  return printedDateReadings(text, country)[0] ?? null;
}

/**
 * Every date a printed one can be, the country's order first. A numeric date valid in both orders
 * (`06/08/1950`) is ambiguous: the country says which order its cards mostly print, not which one
 * this card does (an Alberta front prints month first), so both readings stand until a month name, a
 * year first or a part over 12 settles it.
 */
export function printedDateReadings(text: string, country: string | null): string[] {
  const cleaned = foldText(text)
    .toUpperCase()
    .replace(/\s+/g, '')
    .replace(/[.,\\|]/g, '/');
  const asDigits = (part: string) => part.replace(/[A-Z]/g, (ch) => AS_DIGIT[ch] ?? ch);
  const named =
    /^([0-9A-Z]{1,4})[-/]([A-Z]{3,4})[-/]([0-9A-Z]{1,4})$/.exec(cleaned) ??
    /^(\d{1,4})([A-Z]{3,4})(\d{1,4})$/.exec(cleaned);
  const month = named && MONTHS[named[2]!];
  if (named && month) {
    const [a, c] = [asDigits(named[1]!), asDigits(named[3]!)];
    return present([a.length === 4 ? iso(a, month, c) : iso(c, month, a)]);
  }
  const digits = cleaned.replace(/[A-Z]/g, (ch) => AS_DIGIT[ch] ?? ch);
  const slashesAsOnes = SLASHES_READ_AS_ONES.exec(digits);
  const parts = slashesAsOnes ? slashesAsOnes.slice(1) : digits.split(/[-/]/).filter(Boolean);
  if (parts.length === 1 && /^\d{8}$/.test(parts[0]!)) {
    const d = parts[0]!;
    const yearFirst = iso(d.slice(0, 4), d.slice(4, 6), d.slice(6));
    const monthFirst = iso(d.slice(4), d.slice(0, 2), d.slice(2, 4));
    const dayFirst = iso(d.slice(4), d.slice(2, 4), d.slice(0, 2));
    // Separators lost: a leading 19xx/20xx is a year, otherwise the country's order first.
    if (/^(19|20)\d{6}$/.test(d) && country !== 'USA') return present([yearFirst, dayFirst, monthFirst]);
    return present(country === 'CAN' ? [dayFirst, monthFirst, yearFirst] : [monthFirst, dayFirst, yearFirst]);
  }
  if (parts.length !== 3 || parts.some((p) => !/^\d+$/.test(p))) return [];
  const [a, b, c] = parts as [string, string, string];
  if (a.length === 4) return present([iso(a, b, c)]);
  if (c.length !== 4) return [];
  // Month first in the United States, day first in Canada; the other order where one is impossible.
  const monthFirst = iso(c, a, b);
  const dayFirst = iso(c, b, a);
  return present(country === 'CAN' ? [dayFirst, monthFirst] : [monthFirst, dayFirst]);
}

const present = (dates: (string | null)[]) => [...new Set(dates.filter((d): d is string => d !== null))];

function iso(year: string, month: string | number, day: string | number): string | null {
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (!Number.isInteger(y) || y < 1900 || y > 2100 || m < 1 || m > 12 || d < 1 || d > 31) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return null;
  return date.toISOString().slice(0, 10);
}

const DIGITS = '0123456789';
const SEPARATORS = '/-.';

/** The ways the covered layouts print a date: `N` a digit, `-` a separator, `M` a month name. */
const DATE_SHAPES = ['NN-NN-NNNN', 'NNNN-NN-NN', 'NNNN-M-NN', 'NN-M-NNNN'] as const;
type DateShape = (typeof DATE_SHAPES)[number];

const MONTH_NAMES = Object.keys(MONTHS);

/**
 * The slot sequences of `shape`, with its part `fixed` (when given) read as `value` and every other
 * part free: one sequence per month name where a free part is one.
 */
function shapeSlots(shape: DateShape, fixed?: { part: number; value: string }): Slots[] {
  let alternatives: string[][] = [[]];
  shape.split('-').forEach((part, k) => {
    const options =
      k === fixed?.part
        ? [[...fixed.value]]
        : part === 'M'
          ? MONTH_NAMES.map((name) => [...name])
          : [[...part].map(() => DIGITS)];
    alternatives = alternatives.flatMap((before) =>
      options.map((option) => [...before, ...(k === 0 ? [] : [SEPARATORS]), ...option]),
    );
  });
  return alternatives;
}

/** `date` (ISO) printed in `shape`, as texts (`-` for a separator) that can read as it (printedDateReadings). */
function datePrintings(shape: DateShape, date: string, country: string | null): string[] {
  const [year, month, day] = date.split('-') as [string, string, string];
  const texts = shape.includes('M')
    ? MONTH_NAMES.filter((name) => MONTHS[name] === Number(month)).map((name) =>
        shape.startsWith('NNNN') ? `${year}-${name}-${day}` : `${day}-${name}-${year}`,
      )
    : shape === 'NNNN-NN-NN'
      ? [`${year}-${month}-${day}`]
      : [`${month}-${day}-${year}`, `${day}-${month}-${year}`];
  return [...new Set(texts)].filter((text) => printedDateReadings(text, country).includes(date));
}

/** `date` (ISO) printed in `shape`, as the slot sequences that read back as it. */
const dateSlots = (shape: DateShape, date: string, country: string | null): Slots[] =>
  datePrintings(shape, date, country).map((text) => [...text].map((ch) => (ch === '-' ? SEPARATORS : ch)));

const weightOf = (lattice: CtcLattice, alternatives: Slots[]) =>
  alternatives.reduce((sum, slots) => sum + slotsWeight(lattice, slots), 0);

/**
 * What a line's lattice says of dates, worked out once per lattice: the front's fields are read again
 * after every line while the reader decides whether to go on.
 */
const readings = new WeakMap<CtcLattice, { shape: DateShape; weight: number; text: string | null } | null>();

/**
 * The shape the line most likely prints a date in, with its weight (every date of that shape
 * together) and its likeliest reading.
 */
function likeliestShape(
  lattice: CtcLattice,
): { shape: DateShape; weight: number; text: string | null } | null {
  if (readings.has(lattice)) return readings.get(lattice)!;
  let best: { shape: DateShape; weight: number } | null = null;
  for (const shape of DATE_SHAPES) {
    const weight = weightOf(lattice, shapeSlots(shape));
    if (weight > 0 && (!best || weight > best.weight)) best = { shape, weight };
  }
  let reading: { text: string; weight: number } | null = null;
  for (const slots of best ? shapeSlots(best.shape) : []) {
    const candidate = bestReading(lattice, slots);
    if (candidate && (!reading || candidate.weight > reading.weight)) reading = candidate;
  }
  const found = best && { ...best, text: reading?.text ?? null };
  readings.set(lattice, found);
  return found;
}

/**
 * The date a line most likely prints, read through its lattice in the likeliest shape: what a
 * blurred date garbled past parsing by greedy decoding (`T8-25-19559`) still says. Null when the
 * likeliest reading is no date.
 */
export function latticeDate(lattice: CtcLattice, country: string | null): string | null {
  return latticeDateReadings(lattice, country)[0] ?? null;
}

/** Every date the likeliest reading can be (printedDateReadings), the country's order first. */
export function latticeDateReadings(lattice: CtcLattice, country: string | null): string[] {
  const text = likeliestShape(lattice)?.text;
  return text ? printedDateReadings(text, country) : [];
}

/**
 * How likely the line prints `date` (ISO), given that it prints a date in its likeliest shape: the
 * weight of the readings of that date over the weight of every date of the shape. One doubtful digit
 * leaves the date likely; a digit surely printed otherwise makes it unlikely.
 */
export function latticeDateProbability(lattice: CtcLattice, date: string, country: string | null): number {
  const likeliest = likeliestShape(lattice);
  if (!likeliest) return 0;
  return Math.min(1, weightOf(lattice, dateSlots(likeliest.shape, date, country)) / likeliest.weight);
}

/**
 * How surely the line prints another date than `date` (ISO) by one part alone: of the parts of its
 * likeliest reading (year, month, day) that no printing of `date` has in their place, the likeliest,
 * with every other part free. A part read otherwise makes the date another, so this is a lower bound
 * of the chance that the line disagrees, and unlike the whole date's probability it is not lowered by
 * doubt elsewhere on the line (`07/16/1962` with its year's last digit blurred still surely prints
 * day 16, not the barcode's 04). Null when the likeliest reading is no date or agrees part by part.
 */
export function latticePartDisagreement(
  lattice: CtcLattice,
  date: string,
  country: string | null,
): number | null {
  const likeliest = likeliestShape(lattice);
  if (!likeliest?.text || !parsePrintedDate(likeliest.text, country)) return null;
  const { shape, weight, text } = likeliest;
  const printings = datePrintings(shape, date, country).map((printing) => printing.split('-'));
  let surest: number | null = null;
  text.split(/[-/.]/).forEach((value, part) => {
    if (printings.some((printing) => printing[part] === value)) return;
    const probability = Math.min(1, weightOf(lattice, shapeSlots(shape, { part, value })) / weight);
    surest = Math.max(surest ?? 0, probability);
  });
  return surest;
}
