import { describe, expect, it } from 'vitest';
import { ctcDecode, latticeOf } from '../../../src/adapters/ml/ocr-text.js';
import {
  type CtcLattice,
  LATTICE_SYMBOLS,
  bestReading,
  slotsWeight,
} from '../../../src/core/documents/ctc-lattice.js';
import { readFrontFields, type OcrLine } from '../../../src/core/documents/front-fields.js';
import { compareFront, decisiveMismatches } from '../../../src/core/documents/front-comparison.js';
import {
  latticeDate,
  latticeDateProbability,
  latticePartDisagreement,
} from '../../../src/core/documents/printed-dates.js';

const WIDTH = 1 + LATTICE_SYMBOLS.length;

/** One step per entry: the probabilities of the symbols named, the rest the blank's. */
function lattice(steps: Record<string, number>[]): CtcLattice {
  const probs = new Float32Array(steps.length * WIDTH);
  steps.forEach((step, t) => {
    let rest = 1;
    for (const [symbol, p] of Object.entries(step)) {
      probs[t * WIDTH + 1 + LATTICE_SYMBOLS.indexOf(symbol)] = p;
      rest -= p;
    }
    probs[t * WIDTH] = rest;
  });
  return { steps: steps.length, probs };
}

/** A clearly printed text: each character surely read at one step, a sure blank after it. */
const clear = (text: string) => [...text].flatMap((ch) => [{ [ch]: 0.98 }, {}]);

/** The greedy reading of a lattice, as the recognizer's decoding gives it. */
function greedy(l: CtcLattice): string {
  const alphabet = ['', ...LATTICE_SYMBOLS];
  return ctcDecode(l.probs, l.steps, WIDTH, alphabet).text;
}

const DIGIT = '0123456789';

/**
 * A blurred `08/25/1959`: the month's `0` read as a `T`, and the year's `5` read twice (the steps of
 * one `5` split by a doubtful blank, the `9` starting doubtful), which greedy decoding reads
 * `T8/25/19559`.
 */
const garbled = lattice([
  { T: 0.6, '0': 0.35 },
  {},
  ...clear('8/25/19'),
  { '5': 0.9 },
  { '5': 0.4 },
  { '5': 0.55, '9': 0.45 },
  { '9': 0.95 },
  {},
]);

describe('CTC lattice', () => {
  it('weighs a clear reading as sure and any other as unlikely', () => {
    const date = lattice(clear('08/25/1959'));
    expect(latticeDate(date, 'USA')).toBe('1959-08-25');
    expect(latticeDateProbability(date, '1959-08-25', 'USA')).toBeGreaterThan(0.99);
    expect(latticeDateProbability(date, '1959-08-23', 'USA')).toBeLessThan(0.01);
  });

  it('reads a date garbled past parsing in its printed shape', () => {
    expect(greedy(garbled)).toBe('T8/25/19559');
    expect(latticeDate(garbled, 'USA')).toBe('1959-08-25');
    expect(latticeDateProbability(garbled, '1959-08-25', 'USA')).toBeGreaterThan(0.7);
  });

  it('does not drop a sure digit at either end of a reading', () => {
    const year = (text: string) => slotsWeight(lattice(clear(text)), [DIGIT, DIGIT, DIGIT, DIGIT]);
    expect(year('19628')).toBeLessThan(0.2 * year('1962'));
    const reading = (text: string) => bestReading(lattice(clear(text)), ['1', '9', '6', '2'])?.weight ?? 0;
    expect(reading('19628')).toBeLessThan(0.05 * reading('1962'));
  });

  it('reads the same symbol twice only across a blank', () => {
    const held = lattice([{ '1': 0.98 }, { '1': 0.98 }]);
    expect(bestReading(held, ['1', '1'])).toBeNull();
    expect(bestReading(held, ['1'])?.text).toBe('1');
    expect(bestReading(lattice(clear('11')), [DIGIT, DIGIT])?.text).toBe('11');
  });

  it("keeps the recognizer's classes folded onto its symbols", () => {
    const alphabet = ['', 'a', '０', 'É', '/', '字'];
    const probs = Float32Array.from([0.1, 0.2, 0.3, 0.1, 0.2, 0.1]);
    const kept = latticeOf(probs, 1, alphabet.length, alphabet);
    const at = (symbol: string) => kept.probs[1 + LATTICE_SYMBOLS.indexOf(symbol)]!;
    expect(kept.probs[0]).toBeCloseTo(0.1);
    expect(at('A')).toBeCloseTo(0.2);
    expect(at('0')).toBeCloseTo(0.3);
    expect(at('E')).toBeCloseTo(0.1);
    expect(at('/')).toBeCloseTo(0.2);
  });
});

describe('dates read through the lattice', () => {
  const line = (text: string, column: number, row: number, l?: CtcLattice): OcrLine => ({
    text,
    confidence: 0.5,
    cx: column + text.length * 9,
    cy: row * 50,
    width: text.length * 18,
    height: 30,
    ...(l ? { lattice: l } : {}),
  });
  const barcode = (dob: string) => ({
    lastName: null,
    firstName: null,
    middleName: null,
    dob,
    licenseNumber: null,
    expiry: null,
  });
  const dobOf = (lines: OcrLine[], dob: string) =>
    compareFront(readFrontFields(lines, 'USA'), barcode(dob)).dob;

  it('compares a garbled birth date with the barcode as the recognizer saw it', () => {
    const lines = [line('DOB', 380, 6), line(greedy(garbled), 480, 6, garbled)];
    expect(dobOf(lines, '1959-08-25')).toMatchObject({ read: '1959-08-25', agrees: true });
    const forged = dobOf(lines, '1959-08-23');
    expect(forged).toMatchObject({ read: '1959-08-25', agrees: false });
    expect(forged.confidence).toBeGreaterThan(0.7);
  });

  it('a date the recognizer spreads over several readings disagrees only doubtfully', () => {
    // The year's last two digits of `08/25/1959` blurred between three readings each, the printed
    // one the least likely: greedy decoding reads `08/25/1938`.
    const blurred = lattice([
      ...clear('08/25/19'),
      { '5': 0.3, '3': 0.35, '6': 0.34 },
      {},
      { '9': 0.3, '8': 0.35, '0': 0.34 },
      {},
    ]);
    const comparison = compareFront(
      readFrontFields([line('DOB', 380, 6), line(greedy(blurred), 480, 6, blurred)], 'USA'),
      barcode('1959-08-25'),
    );
    expect(comparison.dob.agrees).toBe(false);
    expect(comparison.dob).toMatchObject({ read: '1938-08-25', agrees: false });
    expect(comparison.dob.confidence).toBeLessThan(0.2);
    expect(decisiveMismatches(comparison)).toEqual([]);
  });

  it('a part surely read otherwise decides, though another part of the date is doubtful', () => {
    // `07/16/1962` with the year's last digit blurred between three readings: the whole date is
    // doubtful (its likeliest reading under 0.5), its day is not.
    const blurredYear = lattice([...clear('07/16/196'), { '2': 0.4, '3': 0.3, '8': 0.28 }, {}]);
    const lines = [line('DOB', 380, 6), line(greedy(blurredYear), 480, 6, blurredYear)];
    const forgedDay = compareFront(readFrontFields(lines, 'USA'), barcode('1962-07-04'));
    expect(forgedDay.dob).toMatchObject({ read: '1962-07-16', agrees: false });
    expect(forgedDay.dob.confidence).toBeGreaterThan(0.9);
    expect(decisiveMismatches(forgedDay)).toEqual(['dob']);
    expect(latticePartDisagreement(blurredYear, '1962-07-16', 'USA')).toBeNull();
    // Only the doubtful digit differs from a barcode of 1963: not decisive.
    const otherYear = compareFront(readFrontFields(lines, 'USA'), barcode('1963-07-16'));
    expect(otherYear.dob.agrees).toBe(false);
    expect(decisiveMismatches(otherYear)).toEqual([]);
  });

  it('a part read otherwise, but below the part threshold, does not decide alone', () => {
    const doubtfulDay = lattice([
      ...clear('07/1'),
      { '6': 0.8, '4': 0.18 },
      {},
      ...clear('/196'),
      { '2': 0.4, '3': 0.3, '8': 0.28 },
      {},
    ]);
    const lines = [line('DOB', 380, 6), line(greedy(doubtfulDay), 480, 6, doubtfulDay)];
    const comparison = compareFront(readFrontFields(lines, 'USA'), barcode('1962-07-14'));
    expect(comparison.dob).toMatchObject({ read: '1962-07-16', agrees: false });
    expect(latticePartDisagreement(doubtfulDay, '1962-07-14', 'USA')).toBeLessThan(0.9);
    expect(decisiveMismatches(comparison)).toEqual([]);
  });

  it('a date read only through the lattice bounds where an unlabelled licence number is looked for', () => {
    // The second slash read as a `0`: greedy decoding gives `09/1701964`, which does not parse.
    const date = lattice([...clear('09/17'), { '0': 0.6, '/': 0.4 }, {}, ...clear('1964')]);
    expect(greedy(date)).toBe('09/1701964');
    const lines = [
      { ...line('N2510633648370', 480, 2), confidence: 0.57 },
      line(greedy(date), 480, 6, date),
      { ...line('TC2123', 480, 9), confidence: 0.24 },
    ];
    const fields = readFrontFields(lines, 'USA', { bornBefore: '2000-01-01' });
    expect(fields.dob?.value).toBe('1964-09-17');
    expect(fields.licenseNumber?.value).toBe('N2510633648370');
  });

  it('reads a label whose letters were read as digits (`3 DOB` as `300B`), not a date as a label', () => {
    const date = lattice(clear('04-13-2021'));
    const lines = [line('300B', 380, 6), line('04-13-2021', 480, 6, date)];
    expect(readFrontFields(lines, 'USA').dob?.value).toBe('2021-04-13');
    // `08`, two characters, is no `DOB`: the date keeps its own value, not the expiry printed below.
    const unlabelled = [line('08/16/1980', 480, 6), line('07/30/2022', 480, 7)];
    expect(readFrontFields(unlabelled, 'USA').dob?.value).toBe('1980-08-16');
  });
});
