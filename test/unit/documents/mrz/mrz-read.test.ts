import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDigit } from '../../../../src/core/documents/mrz/layout.js';
import { mrzDate, mrzNames, parseMrz } from '../../../../src/core/documents/mrz/parse.js';
import { type MrzCharacter, resolveMrz } from '../../../../src/core/documents/mrz/resolve.js';
import { type MrzHolder, td1Lines, td2Lines, td3Lines } from '../../../helpers/mrz-lines.js';

const TODAY = '2026-12-07';
const SPECIMEN_TD3 = [
  'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<',
  'L898902C36UTO7408122F1204159ZE184226B<<<<<10',
];
const SPECIMEN_TD1 = [
  'I<UTOD231458907<<<<<<<<<<<<<<<',
  '7408122F1204159UTO<<<<<<<<<<<6',
  'ERIKSSON<<ANNA<MARIA<<<<<<<<<<',
];

/** Lines as a recognizer that was sure of every character would give them. */
const sure = (lines: readonly string[]): MrzCharacter[][] =>
  lines.map((line) => [...line].map((character) => ({ character, confidence: 0.99 })));

describe('parseMrz', () => {
  it('reads the Doc 9303 specimens of TD3 and TD1', () => {
    expect(parseMrz(SPECIMEN_TD3, TODAY)).toMatchObject({
      format: 'TD3',
      documentCode: 'P',
      issuingState: 'UTO',
      surname: 'ERIKSSON',
      givenNames: 'ANNA MARIA',
      documentNumber: 'L898902C3',
      birthDate: '1974-08-12',
      sex: 'F',
      expiryDate: '2012-04-15',
      optionalData: 'ZE184226B',
      valid: true,
      checkDigits: {
        documentNumber: true,
        birthDate: true,
        expiryDate: true,
        optionalData: true,
        composite: true,
      },
    });
    expect(parseMrz(SPECIMEN_TD1, TODAY)).toMatchObject({
      format: 'TD1',
      documentNumber: 'D23145890',
      surname: 'ERIKSSON',
      givenNames: 'ANNA MARIA',
      valid: true,
      checkDigits: { optionalData: null, composite: true },
    });
  });

  it('reads a TD2 zone and names each failing check digit', () => {
    const holder: MrzHolder = {
      documentCode: 'I',
      issuingState: 'D',
      surname: 'MUSTERMANN',
      givenNames: 'ERIKA',
      documentNumber: 'T22000129',
      nationality: 'D',
      birthDate: '640812',
      sex: 'F',
      expiryDate: '310331',
    };
    const lines = td2Lines(holder);
    expect(parseMrz(lines, TODAY)).toMatchObject({ format: 'TD2', issuingState: 'D', valid: true });
    const broken = [
      lines[0]!,
      `${lines[1]!.slice(0, 19)}${(Number(lines[1]![19]) + 1) % 10}${lines[1]!.slice(20)}`,
    ];
    expect(parseMrz(broken, TODAY)).toMatchObject({
      valid: false,
      checkDigits: { birthDate: false, documentNumber: true, composite: false },
    });
  });

  it('gives two-digit years their century: birth in the past, expiry within the window ahead', () => {
    expect(mrzDate('740812', 'birth', TODAY)).toBe('1974-08-12');
    expect(mrzDate('201130', 'birth', TODAY)).toBe('2020-11-30');
    expect(mrzDate('261231', 'birth', TODAY)).toBe('1926-12-31');
    expect(mrzDate('350101', 'expiry', TODAY)).toBe('2035-01-01');
    expect(mrzDate('990101', 'expiry', TODAY)).toBe('1999-01-01');
    expect(mrzDate('010229', 'birth', TODAY)).toBeNull();
  });

  it('splits names at `<<` and reads `<` as a space', () => {
    expect(mrzNames('VAN<DER<BERG<<JAN<PIETER<<<<')).toEqual({
      surname: 'VAN DER BERG',
      givenNames: 'JAN PIETER',
    });
    expect(mrzNames('MOHAMMED<<<<<<')).toEqual({ surname: 'MOHAMMED', givenNames: '' });
  });

  it('refuses lines of no format', () => {
    expect(parseMrz(['P<UTO', 'L898'], TODAY)).toBeNull();
  });
});

describe('resolveMrz', () => {
  it('keeps a reading whose digits hold', () => {
    const resolved = resolveMrz(sure(SPECIMEN_TD3))!;
    expect(resolved.lines).toEqual(SPECIMEN_TD3);
    expect(resolved.corrections).toEqual([]);
  });

  it('reads a letter in a date as the digit it looks like, when the check digit agrees', () => {
    const read = sure(SPECIMEN_TD3);
    read[1]![15] = { character: 'O', confidence: 0.97 };
    const resolved = resolveMrz(read)!;
    expect(resolved.lines).toEqual(SPECIMEN_TD3);
    expect(resolved.corrections).toEqual([{ line: 1, column: 15, read: 'O', corrected: '0' }]);
  });

  it("takes the recognizer's own alternative at an unsure digit", () => {
    const read = sure(SPECIMEN_TD3);
    read[1]![16] = {
      character: '3',
      confidence: 0.55,
      alternatives: [
        { character: '8', probability: 0.4 },
        { character: '9', probability: 0.03 },
      ],
    };
    expect(resolveMrz(read)!.lines).toEqual(SPECIMEN_TD3);
  });

  it('never changes a sure character, so a forged digit stays a failed check digit', () => {
    const read = sure(SPECIMEN_TD3);
    read[1]![16] = {
      character: '3',
      confidence: 0.99,
      alternatives: [{ character: '8', probability: 0.01 }],
    };
    const resolved = resolveMrz(read)!;
    expect(resolved.lines[1]![16]).toBe('3');
    expect(parseMrz(resolved.lines, TODAY)!.checkDigits.birthDate).toBe(false);
  });

  it('leaves a field as read when two readings with one change each hold', () => {
    // L898902C3: its first 8 read 3 (unsure, 8 its alternative) and its second 8 unsure too, with an
    // alternative that makes the digit hold beside the misread 3: two readings, one change each.
    const read = sure(SPECIMEN_TD3);
    read[1]![1] = { character: '3', confidence: 0.6, alternatives: [{ character: '8', probability: 0.35 }] };
    const other = '0123456789'.split('').find((d) => checkDigit(`L39${d}902C3`) === 6 && d !== '8')!;
    read[1]![3] = {
      character: '8',
      confidence: 0.6,
      alternatives: [{ character: other, probability: 0.35 }],
    };
    const resolved = resolveMrz(read)!;
    expect(resolved.ambiguous).toEqual(['documentNumber']);
    expect(resolved.lines[1]!.slice(0, 9)).toBe('L39890 2C3'.replace(' ', ''));
    expect(parseMrz(resolved.lines, TODAY)!.checkDigits.documentNumber).toBe(false);
  });

  it('repairs a run of fillers the recognizer merged', () => {
    const read = sure(SPECIMEN_TD3);
    read[0]!.splice(30, 2);
    expect(resolveMrz(read)!.lines).toEqual(SPECIMEN_TD3);
  });

  it("rebuilds a name line's tail of fillers however many were merged or read as K", () => {
    const read = sure(SPECIMEN_TD3);
    const line = 'P<UTOERIKSSON<<ANNA<MARIA<KKKKK<KK';
    read[0] = [...line].map((character) => ({ character, confidence: 0.95 }));
    const resolved = resolveMrz(read)!;
    expect(resolved.lines).toEqual(SPECIMEN_TD3);
    expect(resolved.confidence).toBe(0.95);
    // Fillers read as K all the way from the last name are fillers.
    const blurred = sure(SPECIMEN_TD3);
    blurred[0] = [...'P<UTOERIKSSON<<ANNA<MARIAKKKKKKKKKKKK'].map((character) => ({
      character,
      confidence: 0.95,
    }));
    expect(resolveMrz(blurred)!.lines).toEqual(SPECIMEN_TD3);
    // A name ending in K keeps it.
    const erik = sure(['P<UTOSTRAND<<ERIK<<<<<<<<', SPECIMEN_TD3[1]!]);
    expect(resolveMrz(erik)!.lines[0]).toBe('P<UTOSTRAND<<ERIK<<<<<<<<<<<<<<<<<<<<<<<<<<<');
  });

  it('reads a digit in a name as its letter', () => {
    const read = sure(SPECIMEN_TD1);
    read[2]![4] = { character: '5', confidence: 0.9 };
    expect(resolveMrz(read)!.lines[2]).toBe(SPECIMEN_TD1[2]);
  });
});

const LETTER_OF_DIGIT: Record<string, string> = {
  '0': 'O',
  '1': 'I',
  '2': 'Z',
  '5': 'S',
  '8': 'B',
  '6': 'G',
};

const holderArbitrary = fc.record({
  documentCode: fc.constantFrom('P', 'I', 'ID', 'AC'),
  issuingState: fc.constantFrom('UTO', 'D<<', 'FRA', 'CAN', 'GBR', 'JPN'),
  surname: fc.stringMatching(/^[A-Z]{2,12}( [A-Z]{2,8})?$/),
  givenNames: fc.stringMatching(/^[A-Z]{2,10}( [A-Z]{2,8})?$/),
  documentNumber: fc.stringMatching(/^[A-Z0-9]{6,9}$/),
  nationality: fc.constantFrom('UTO', 'FRA', 'CAN', 'NGA'),
  birthDate: fc.date({ min: new Date('1930-01-01'), max: new Date('2020-12-31'), noInvalidDate: true }),
  sex: fc.constantFrom('M' as const, 'F' as const, 'X' as const),
  expiryDate: fc.date({ min: new Date('2020-01-01'), max: new Date('2040-12-31'), noInvalidDate: true }),
  optionalData: fc.stringMatching(/^[A-Z0-9]{0,9}$/),
  td1: fc.boolean(),
});

const yymmdd = (date: Date) => date.toISOString().slice(2, 10).replace(/-/g, '');

type Arbitrary = typeof holderArbitrary extends fc.Arbitrary<infer T> ? T : never;

const withoutNames = (lines: readonly string[], td1: boolean) => (td1 ? lines.slice(0, 2) : lines.slice(1));

const linesOf = (h: Arbitrary) => {
  const holder: MrzHolder = { ...h, birthDate: yymmdd(h.birthDate), expiryDate: yymmdd(h.expiryDate) };
  return h.td1 ? td1Lines(holder) : td3Lines(holder);
};

describe('resolveMrz, property', () => {
  it('recovers one digit of a date or number read as its look-alike letter', () => {
    fc.assert(
      fc.property(holderArbitrary, fc.nat(), (h, pick) => {
        const lines = linesOf(h);
        // Date digits: those with a look-alike letter.
        const dateLine = h.td1 ? 1 : 1;
        const dateColumns = h.td1
          ? [0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 13]
          : [13, 14, 15, 16, 17, 18, 21, 22, 23, 24, 25, 26];
        const candidates = dateColumns.filter((c) => LETTER_OF_DIGIT[lines[dateLine]![c]!]);
        fc.pre(candidates.length > 0);
        const column = candidates[pick % candidates.length]!;
        const read = sure(lines);
        read[dateLine]![column] = {
          character: LETTER_OF_DIGIT[lines[dateLine]![column]!]!,
          confidence: 0.95,
        };
        const resolved = resolveMrz(read)!;
        // The lines the check digits guard; the name line is the filler heuristic's (tested above).
        expect(withoutNames(resolved.lines, h.td1)).toEqual(withoutNames(lines, h.td1));
        expect(parseMrz(resolved.lines, TODAY)!.valid).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('recovers an unsure digit when exactly one of its alternatives makes the check digit hold, and never accepts a failing one', () => {
    fc.assert(
      fc.property(holderArbitrary, fc.nat(), fc.nat(), (h, pick, wrongPick) => {
        const lines = linesOf(h);
        const column = (h.td1 ? [0, 1, 2, 3, 4, 5] : [13, 14, 15, 16, 17, 18])[pick % 6]!;
        const printed = lines[1]![column]!;
        const wrong = '0123456789'.replace(printed, '')[wrongPick % 9]!;
        const alternatives = '0123456789'
          .split('')
          .filter((d) => d !== wrong)
          .map((character) => ({ character, probability: 0.05 }));
        const read = sure(lines);
        read[1]![column] = { character: wrong, confidence: 0.5, alternatives };
        const resolved = resolveMrz(read)!;
        const result = parseMrz(resolved.lines, TODAY)!;
        // Only the printed digit makes the check digit hold at that place (weights 7, 3, 1 are prime to 10),
        // unless another digit there gives an impossible date holding the same sum: never.
        expect(result.checkDigits.birthDate).toBe(true);
        // The lines the check digits guard; the name line is the filler heuristic's (tested above).
        expect(withoutNames(resolved.lines, h.td1)).toEqual(withoutNames(lines, h.td1));
      }),
      { numRuns: 300 },
    );
  });

  it('never accepts a reading when two unsure places each have a holding alternative', () => {
    fc.assert(
      fc.property(holderArbitrary, (h) => {
        const lines = linesOf(h);
        // Two digits of the birth date read wrong (one off by 1, one by 2: together no longer holding),
        // both unsure with every digit an alternative: each place alone has one digit that holds.
        const [a, b] = h.td1 ? [1, 3] : [14, 16];
        const read = sure(lines);
        [a, b].forEach((column, i) => {
          const printed = lines[1]![column]!;
          read[1]![column] = {
            character: String((Number(printed) + 1 + i) % 10),
            confidence: 0.5,
            alternatives: '0123456789'.split('').map((character) => ({ character, probability: 0.05 })),
          };
        });
        const resolved = resolveMrz(read)!;
        const result = parseMrz(resolved.lines, TODAY)!;
        // A check digit that holds on a chosen reading was the one reading with the fewest changes.
        expect(result.checkDigits.birthDate).toBe(
          !resolved.ambiguous.includes('birthDate') && resolved.corrections.length > 0,
        );
      }),
      { numRuns: 200 },
    );
  });
});
