import type { MrzFormat } from './types.js';

/**
 * Where Doc 9303 puts each field of a machine-readable zone, what each position may hold, and the
 * check digits that guard them. Positions are `[line, start, end)`; a check digit's `covers` are the
 * spans it is computed over, in order.
 */

/** What a position may print: digits, letters (and `<`), either (and `<`), or the sex's letters. */
export type PositionClass = 'digit' | 'alpha' | 'alnum' | 'sex';

export type Span = readonly [line: number, start: number, end: number];

export type CheckDigitName = 'documentNumber' | 'birthDate' | 'expiryDate' | 'optionalData' | 'composite';

export type CheckDigitRule = {
  name: CheckDigitName;
  covers: readonly Span[];
  digit: readonly [number, number];
};

export type MrzLayout = {
  format: MrzFormat;
  lines: number;
  length: number;
  classes: readonly (readonly PositionClass[])[];
  checks: readonly CheckDigitRule[];
};

function classesOf(lines: number, length: number, spans: [PositionClass, ...Span][]): PositionClass[][] {
  const classes = Array.from({ length: lines }, () => Array<PositionClass>(length).fill('alnum'));
  for (const [cls, line, start, end] of spans) for (let i = start; i < end; i++) classes[line]![i] = cls;
  return classes;
}

const TD3: MrzLayout = {
  format: 'TD3',
  lines: 2,
  length: 44,
  classes: classesOf(2, 44, [
    ['alpha', 0, 0, 44],
    ['digit', 1, 9, 10],
    ['alpha', 1, 10, 13],
    ['digit', 1, 13, 20],
    ['sex', 1, 20, 21],
    ['digit', 1, 21, 28],
    ['digit', 1, 43, 44],
  ]),
  checks: [
    { name: 'documentNumber', covers: [[1, 0, 9]], digit: [1, 9] },
    { name: 'birthDate', covers: [[1, 13, 19]], digit: [1, 19] },
    { name: 'expiryDate', covers: [[1, 21, 27]], digit: [1, 27] },
    { name: 'optionalData', covers: [[1, 28, 42]], digit: [1, 42] },
    {
      name: 'composite',
      covers: [
        [1, 0, 10],
        [1, 13, 20],
        [1, 21, 43],
      ],
      digit: [1, 43],
    },
  ],
};

const TD2: MrzLayout = {
  format: 'TD2',
  lines: 2,
  length: 36,
  classes: classesOf(2, 36, [
    ['alpha', 0, 0, 36],
    ['digit', 1, 9, 10],
    ['alpha', 1, 10, 13],
    ['digit', 1, 13, 20],
    ['sex', 1, 20, 21],
    ['digit', 1, 21, 28],
    ['digit', 1, 35, 36],
  ]),
  checks: [
    { name: 'documentNumber', covers: [[1, 0, 9]], digit: [1, 9] },
    { name: 'birthDate', covers: [[1, 13, 19]], digit: [1, 19] },
    { name: 'expiryDate', covers: [[1, 21, 27]], digit: [1, 27] },
    {
      name: 'composite',
      covers: [
        [1, 0, 10],
        [1, 13, 20],
        [1, 21, 35],
      ],
      digit: [1, 35],
    },
  ],
};

const TD1: MrzLayout = {
  format: 'TD1',
  lines: 3,
  length: 30,
  classes: classesOf(3, 30, [
    ['alpha', 0, 0, 5],
    ['digit', 1, 0, 7],
    ['sex', 1, 7, 8],
    ['digit', 1, 8, 15],
    ['alpha', 1, 15, 18],
    ['digit', 1, 29, 30],
    ['alpha', 2, 0, 30],
  ]),
  checks: [
    { name: 'documentNumber', covers: [[0, 5, 14]], digit: [0, 14] },
    { name: 'birthDate', covers: [[1, 0, 6]], digit: [1, 6] },
    { name: 'expiryDate', covers: [[1, 8, 14]], digit: [1, 14] },
    {
      name: 'composite',
      covers: [
        [0, 5, 30],
        [1, 0, 7],
        [1, 8, 15],
        [1, 18, 29],
      ],
      digit: [1, 29],
    },
  ],
};

export const LAYOUTS: readonly MrzLayout[] = [TD1, TD2, TD3];

export function layoutFor(lineCount: number, length: number): MrzLayout | null {
  return LAYOUTS.find((l) => l.lines === lineCount && l.length === length) ?? null;
}

/**
 * A TD1 document number longer than nine characters: `<` where its check digit would be, the rest of
 * the number in the optional data up to the next filler, its check digit the last character there
 * (Doc 9303 part 5, note j). The rule for such a number on these lines, or null.
 */
export function extendedNumberRule(layout: MrzLayout, lines: readonly string[]): CheckDigitRule | null {
  if (layout.format !== 'TD1' || lines[0]![14] !== '<') return null;
  const end = lines[0]!.indexOf('<', 15);
  const last = end < 0 ? 29 : end - 1;
  if (last <= 15) return null;
  return {
    name: 'documentNumber',
    covers: [
      [0, 5, 14],
      [0, 15, last],
    ],
    digit: [0, last],
  };
}

/** The check digits that apply to these lines (a TD1 long document number changes its own). */
export function checksFor(layout: MrzLayout, lines: readonly string[]): CheckDigitRule[] {
  const extended = extendedNumberRule(layout, lines);
  return layout.checks.map((rule) => (rule.name === 'documentNumber' && extended ? extended : rule));
}

const WEIGHTS = [7, 3, 1];

/** A character's value in a check digit: digits as themselves, `A`–`Z` as 10–35, `<` as 0. */
function characterValue(ch: string): number | null {
  if (ch >= '0' && ch <= '9') return ch.charCodeAt(0) - 48;
  if (ch >= 'A' && ch <= 'Z') return ch.charCodeAt(0) - 55;
  return ch === '<' ? 0 : null;
}

/** Doc 9303's check digit (weights 7, 3, 1 repeated, modulo 10) of `text`, or null for a foreign character. */
export function checkDigit(text: string): number | null {
  let sum = 0;
  for (let i = 0; i < text.length; i++) {
    const value = characterValue(text[i]!);
    if (value === null) return null;
    sum += value * WEIGHTS[i % 3]!;
  }
  return sum % 10;
}

export const spanText = (lines: readonly string[], spans: readonly Span[]): string =>
  spans.map(([line, start, end]) => lines[line]!.slice(start, end)).join('');

/**
 * Whether a check digit holds. An optional-data field left empty may carry `<` as its digit (Doc
 * 9303 part 4, 4.2.2.2).
 */
export function checkHolds(lines: readonly string[], rule: CheckDigitRule): boolean {
  const printed = lines[rule.digit[0]]![rule.digit[1]]!;
  const covered = spanText(lines, rule.covers);
  if (printed === '<') return rule.name === 'optionalData' && /^<*$/.test(covered);
  return checkDigit(covered) === Number(printed) && /\d/.test(printed);
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';

/** The characters a position of class `cls` may hold. */
export const CLASS_SYMBOLS: Record<PositionClass, string> = {
  digit: DIGITS,
  alpha: `${LETTERS}<`,
  sex: 'MFX<',
  alnum: `${LETTERS}${DIGITS}<`,
};

/** Whether `ch` may stand at a position of class `cls`. */
export function fitsClass(ch: string, cls: PositionClass): boolean {
  if (cls === 'digit') return ch >= '0' && ch <= '9';
  if (cls === 'alpha') return (ch >= 'A' && ch <= 'Z') || ch === '<';
  if (cls === 'sex') return ch === 'M' || ch === 'F' || ch === 'X' || ch === '<';
  return (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch === '<';
}
