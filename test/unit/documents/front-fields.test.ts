import { describe, expect, it } from 'vitest';
import { frontDetailSchema } from '../../../src/core/check-results.js';
import { checkFront } from '../../../src/checks/front-check.js';
import { checkDocument } from '../../../src/core/documents/check-document.js';
import {
  birthDateBound,
  frontComplete,
  readFrontFields,
  type OcrLine,
} from '../../../src/core/documents/front-fields.js';
import {
  compareFront,
  decisiveMismatches,
  licenseNumbersAgree,
} from '../../../src/core/documents/front-comparison.js';
import { parsePrintedDate, printedDateReadings } from '../../../src/core/documents/printed-dates.js';
import { snakeCaseKeys } from '../../../src/core/snake-case.js';
import type { FrontTextReader } from '../../../src/ports/check-engines.js';
import { syntheticRecords } from './aamva-data.js';

/** Lines as the OCR gives them: text and confidence at a row and column of a card 1000 px wide. */
function line(text: string, column: number, row: number, confidence = 0.98): OcrLine {
  const height = 30;
  const width = text.length * 18;
  return { text, confidence, cx: column + width / 2, cy: row * 50, width, height };
}

describe('printed dates', () => {
  it("gives both readings of a numeric date valid in both orders, the country's first", () => {
    expect(printedDateReadings('06/08/1950', 'CAN')).toEqual(['1950-08-06', '1950-06-08']);
    expect(printedDateReadings('06/08/1950', 'USA')).toEqual(['1950-06-08', '1950-08-06']);
    expect(printedDateReadings('06/06/1950', 'USA')).toEqual(['1950-06-06']);
    expect(printedDateReadings('25/08/1950', 'USA')).toEqual(['1950-08-25']);
    expect(printedDateReadings('06 AUG 1950', 'USA')).toEqual(['1950-08-06']);
    expect(printedDateReadings('1950-06-08', 'CAN')).toEqual(['1950-06-08']);
  });

  it('reads the orders US and Canadian cards print, with OCR look-alikes as digits', () => {
    expect(parsePrintedDate('08/11/2006', 'USA')).toBe('2006-08-11');
    expect(parsePrintedDate('08-11-2006', 'USA')).toBe('2006-08-11');
    expect(parsePrintedDate('2006/08/11', 'CAN')).toBe('2006-08-11');
    expect(parsePrintedDate('2006-AUG-11', 'CAN')).toBe('2006-08-11');
    expect(parsePrintedDate('11 AOÛ 2006', 'CAN')).toBe('2006-08-11');
    expect(parsePrintedDate('2O06-AUG-1l', 'CAN')).toBe('2006-08-11');
    expect(parsePrintedDate('11/08/2006', 'CAN')).toBe('2006-08-11');
    expect(parsePrintedDate('25/08/2006', 'USA')).toBe('2006-08-25');
    expect(parsePrintedDate('O8/1I/2OO6', 'USA')).toBe('2006-08-11');
    expect(parsePrintedDate('08112006', 'USA')).toBe('2006-08-11');
    expect(parsePrintedDate('20060811', 'CAN')).toBe('2006-08-11');
    expect(parsePrintedDate('02/30/2006', 'USA')).toBeNull();
    // Both slashes read as `1` on a blurred photo.
    expect(parsePrintedDate('0210511997', 'USA')).toBe('1997-02-05');
    expect(parsePrintedDate('0210511997', 'CAN')).toBe('1997-05-02');
    expect(parsePrintedDate('0212511997', 'USA')).toBe('1997-02-25');
    expect(parsePrintedDate('0220511997', 'USA')).toBeNull();
    expect(parsePrintedDate('MARVIN K', 'USA')).toBeNull();
  });

  it('compares licence numbers with separators dropped and look-alikes and letter/digit confusions forgiven', () => {
    expect(licenseNumbersAgree('E777-684 94', 'E77768494')).toBe(true);
    expect(licenseNumbersAgree('A1O3', 'A103')).toBe(true);
    expect(licenseNumbersAgree('A1D3', 'A1O3')).toBe(true);
    // A printed letter read as a digit (seen on genuine fronts at 0.95 and more).
    expect(licenseNumbersAgree('13997140', 'J3997140')).toBe(true);
    expect(licenseNumbersAgree('789063991', 'Z89063991')).toBe(true);
    // A blurred M read as W, either way round (two genuine fronts at 0.96 and 0.98).
    expect(licenseNumbersAgree('WD5256374', 'MD5256374')).toBe(true);
    expect(licenseNumbersAgree('M424160560010', 'W424160560010')).toBe(true);
    // A digit changed into another digit, a changed letter, or a number of another length, differs.
    expect(licenseNumbersAgree('A104', 'A103')).toBe(false);
    expect(licenseNumbersAgree('Z89063991', 'Z89063997')).toBe(false);
    expect(licenseNumbersAgree('K103', 'A103')).toBe(false);
    expect(licenseNumbersAgree('WD5256375', 'MD5256374')).toBe(false);
    expect(licenseNumbersAgree('A1033', 'A103')).toBe(false);
  });
});

describe('front fields by layout', () => {
  const expected = {
    lastName: 'VANDERBILT',
    givenNames: 'MARVIN K',
    dob: '2006-08-11',
    licenseNumber: 'E77768494',
    expiry: '2032-01-23',
  };
  const values = (lines: OcrLine[], country: string) =>
    Object.fromEntries(Object.entries(readFrontFields(lines, country)).map(([k, v]) => [k, v?.value]));

  it('AAMVA numbered fields, labels and values as separate lines', () => {
    const lines = [
      line('TN DRIVER LICENSE', 50, 1),
      line('4d DLN', 380, 3),
      line('E77768494', 520, 3),
      line('1', 380, 4),
      line('VANDERBILT', 420, 4),
      line('2', 380, 5),
      line('MARVIN K', 420, 5),
      line('3 DOB', 380, 6),
      line('08/11/2006', 480, 6),
      line('4b EXP', 380, 7),
      line('01/23/2032', 500, 7),
      line('4a ISS', 380, 8),
      line('01/23/2024', 500, 8),
    ];
    expect(values(lines, 'USA')).toEqual(expected);
  });

  it('LN/FN/DOB/EXP labels, a value run into its label, and a misread label', () => {
    const lines = [
      line('DLNO.E77768494', 380, 3),
      line('LN', 380, 4),
      line('VANDERBILT', 440, 4),
      line('FN', 380, 5),
      line('MARVIN K', 440, 5),
      line('DOR', 380, 6),
      line('08-11-2006', 460, 6),
      line('EXP', 700, 6),
      line('01-23-2032', 780, 6),
      line('ISS', 380, 7),
      line('01-23-2024', 460, 7),
    ];
    expect(values(lines, 'USA')).toEqual(expected);
  });

  it("a label's last word run into its value is not part of the value", () => {
    expect(readFrontFields([line('4d DLNM460719827080', 380, 3)], 'USA').licenseNumber?.value).toBe(
      'M460719827080',
    );
    expect(readFrontFields([line('DL NOE777684', 380, 3)], 'USA').licenseNumber?.value).toBe('E777684');
  });

  it('names whose labels were misread or lost are taken by position', () => {
    const lines = [
      line('WI DRIVER LICENSE', 50, 1),
      line('DL NO.', 380, 3),
      line('E77768494', 500, 3),
      line('IN', 380, 4),
      line('VANDERBILT', 440, 4),
      line('EN', 380, 5),
      line('MARVIN K', 440, 5),
      line('DOB', 380, 6),
      line('08/11/2006', 460, 6),
      line('EXP', 700, 6),
      line('01/23/2032', 780, 6),
    ];
    expect(values(lines, 'USA')).toEqual(expected);
  });

  it('bilingual Canadian labels with values below, the name as LAST, GIVEN lines', () => {
    const lines = [
      line('NUMBER/NUMERO', 380, 3),
      line('E77768494', 380, 4),
      line('NAME/NOM', 380, 5),
      line('VANDERBILT,', 380, 6),
      line('MARVIN K', 380, 7),
      line('DOB/DDN', 380, 8),
      line('2006-AUG-11', 530, 8),
      line('EXP/EXP', 380, 9),
      line('2032-JAN-23', 530, 9),
    ];
    expect(values(lines, 'CAN')).toEqual(expected);
  });

  it('French labels', () => {
    const lines = [
      line('NOM', 380, 3),
      line('VANDERBILT', 480, 3),
      line('PRÉNOM', 380, 4),
      line('MARVIN K', 510, 4),
      line('NO DE PERMIS', 380, 5),
      line('E77768494', 580, 5),
      line('DATE DE NAISSANCE', 380, 6),
      line('2006-08-11', 650, 6),
      line('EXPIRATION', 380, 7),
      line('2032-01-23', 560, 7),
    ];
    expect(values(lines, 'CAN')).toEqual(expected);
  });

  it('a number whose label blurred away is the one number-shaped line above the dates', () => {
    const lines = [
      line('TN DRIVER LICENSE', 50, 1),
      line('43DLNN', 380, 3),
      line('E77768494', 520, 3),
      line('1', 380, 4),
      line('VANDERBILT', 420, 4),
      line('2', 380, 5),
      line('MARVIN K', 420, 5),
      line('3008', 380, 6),
      line('08/11/2006', 480, 6),
      line('4b EXP', 380, 7),
      line('01/23/2032', 500, 7),
      line('4a ISS', 380, 8),
      line('01/23/2024', 500, 8),
    ];
    expect(values(lines, 'USA')).toEqual(expected);
    // Two candidates read alike: the fallback does not choose.
    const two = [...lines.slice(0, 3), line('A2024551', 380, 3.6), ...lines.slice(3)];
    expect(readFrontFields(two, 'USA').licenseNumber).toBeNull();
    // Beside a doubtful one (a date garbled past parsing), the one read surely is the number.
    const garbled = [...lines.slice(0, 3), line('120512832', 380, 3.6, 0.23), ...lines.slice(3)];
    expect(readFrontFields(garbled, 'USA').licenseNumber?.value).toBe('E77768494');
    // A sure line below a doubtful topmost one may be a garbled date itself: neither is taken.
    const doubtfulTop = [
      ...lines.slice(0, 2),
      line('E77768494', 520, 3, 0.65),
      ...lines.slice(3),
      line('204430', 380, 3.6, 0.82),
    ];
    expect(readFrontFields(doubtfulTop, 'USA').licenseNumber).toBeNull();
    // A number-shaped line below the first date is a misread date or label, not the number.
    const below = [...lines.slice(0, 2), ...lines.slice(3), line('12052181', 500, 8)];
    expect(readFrontFields(below, 'USA').licenseNumber).toBeNull();
  });

  it("a field's confidence is its value's least sure character, not its label's", () => {
    const withCharacters = (text: string, low: string, column: number, row: number) => {
      const l = line(text, column, row);
      const confidences = text.split('').map(() => 0.99);
      const at = text.indexOf(low);
      for (let i = at; i < at + low.length; i++) confidences[i] = 0.4;
      return { ...l, confidence: 0.4, characterConfidences: confidences };
    };
    const doubtfulLabel = readFrontFields(
      [withCharacters('DL NO. E77768494', 'NO.', 380, 3), withCharacters('DOB 08/11/2006', 'OB', 380, 6)],
      'USA',
    );
    expect(doubtfulLabel.licenseNumber).toMatchObject({ value: 'E77768494', confidence: 0.99 });
    expect(doubtfulLabel.dob).toMatchObject({ value: '2006-08-11', confidence: 0.99 });
    const doubtfulValue = readFrontFields(
      [withCharacters('DL NO. E77768494', '84', 380, 3), withCharacters('DOB 08/11/2006', '/', 380, 6)],
      'USA',
    );
    expect(doubtfulValue.licenseNumber?.confidence).toBe(0.4);
    // The separators of a full-width date do not count: which one was seen changes nothing.
    expect(doubtfulValue.dob).toMatchObject({ value: '2006-08-11', confidence: 0.99 });
    const doubtfulDigit = readFrontFields([withCharacters('DOB 08/11/2006', '1', 380, 6)], 'USA');
    expect(doubtfulDigit.dob?.confidence).toBe(0.4);
    // Slashes read as `1` are separators: their doubt does not count, a digit's does.
    const slashesAsOnes = (doubtful: number[]) => {
      const l = line('0210511997', 460, 6);
      const characterConfidences = l.text.split('').map((_, i) => (doubtful.includes(i) ? 0.4 : 0.99));
      return readFrontFields([line('DOB', 380, 6), { ...l, confidence: 0.4, characterConfidences }], 'USA')
        .dob;
    };
    expect(slashesAsOnes([2, 5])).toMatchObject({ value: '1997-02-05', confidence: 0.99 });
    expect(slashesAsOnes([2, 4])?.confidence).toBe(0.4);
    // In a shorter form they do: a digit read as a separator can still parse (`12/1//1990`).
    const doubtfulShort = readFrontFields(
      [line('DOB', 380, 6), withCharacters('12/1//1990', '//', 460, 6)],
      'USA',
    );
    expect(doubtfulShort.dob).toMatchObject({ value: '1990-12-01', confidence: 0.4 });
    // LAST, of a LAST, GIVEN line is not the line's tail: the line's confidence.
    const name = readFrontFields(
      [line('NAME/NOM', 380, 5), withCharacters('VANDERBILT, MARVIN K', 'K', 380, 6)],
      'CAN',
    );
    expect(name.lastName?.confidence).toBe(0.4);
  });

  it('takes a lone unlabelled date for the birth date only when it lies before the bound the issue date sets', () => {
    // Blurred: the DOB label and the expiry are lost, the birth date itself read at 0.98.
    const lines = [line('DL NO. W40213759007', 380, 3), line('HILL', 440, 4), line('07-07-1956', 460, 6)];
    expect(birthDateBound('2024-03-15')).toBe('2010-03-15');
    expect(birthDateBound(null)).toBeUndefined();
    expect(readFrontFields(lines, 'USA').dob).toBeNull();
    expect(readFrontFields(lines, 'USA', { bornBefore: '2010-03-15' }).dob?.value).toBe('1956-07-07');
    // A lone date after the bound may be the issue, expiry or revision date: left unplaced.
    const expiryOnly = [...lines.slice(0, 2), line('03-15-2032', 460, 7)];
    expect(readFrontFields(expiryOnly, 'USA', { bornBefore: '2010-03-15' }).dob).toBeNull();
  });

  it('takes the earliest of several unlabelled dates for the birth date only when it lies before the bound', () => {
    // The birth date garbled past parsing; the expiry and a revision date read.
    const lines = [
      line('DL NO. A450579497713', 380, 3),
      line('05/28/2031', 460, 6),
      line('03/23/2023', 460, 7),
    ];
    expect(readFrontFields(lines, 'USA').dob?.value).toBe('2023-03-23');
    expect(readFrontFields(lines, 'USA', { bornBefore: '2007-05-28' }).dob).toBeNull();
    const withBirthDate = [...lines, line('07/31/1949', 460, 8)];
    expect(readFrontFields(withBirthDate, 'USA', { bornBefore: '2007-05-28' }).dob?.value).toBe('1949-07-31');
  });

  it('never takes the issue date for the birth date when the birth date itself is unreadable', () => {
    // Blurred: the birth date under its label garbled past parsing, the issue date read below it.
    const lines = [line('3 DOB', 380, 6), line('T8-25-19559', 380, 7), line('11-02-2021', 380, 8)];
    expect(readFrontFields(lines, 'USA').dob?.value).toBe('2021-11-02');
    const withIssueDate = readFrontFields(lines, 'USA', { bornBefore: '2007-11-02', issuedOn: '2021-11-02' });
    expect(withIssueDate.dob).toBeNull();
    // A birth date read where it is printed is still taken.
    const readable = [line('3 DOB', 380, 6), line('08-25-1955', 380, 7), line('11-02-2021', 380, 8)];
    expect(readFrontFields(readable, 'USA', { issuedOn: '2021-11-02' }).dob?.value).toBe('1955-08-25');
  });

  it('a reader that stops once every field is found asks without the dates-by-order fallback', () => {
    const lines = [
      line('DL NO.', 380, 3),
      line('E77768494', 500, 3),
      line('LN', 380, 4),
      line('VANDERBILT', 440, 4),
      line('FN', 380, 5),
      line('MARVIN K', 440, 5),
      line('08-11-2006', 460, 6),
      line('01-23-2032', 780, 6),
    ];
    expect(frontComplete(readFrontFields(lines, 'USA'))).toBe(true);
    // A later line could still hold a later date: not complete until the dates are labelled.
    expect(frontComplete(readFrontFields(lines, 'USA', { datesByOrder: false }))).toBe(false);
    const labelled = [...lines.slice(0, 6), line('DOB 08-11-2006', 380, 6), line('EXP 01-23-2032', 700, 6)];
    expect(frontComplete(readFrontFields(labelled, 'USA', { datesByOrder: false }))).toBe(true);
  });

  it('finds nothing on a front without text', () => {
    expect(values([], 'USA')).toEqual({
      lastName: undefined,
      givenNames: undefined,
      dob: undefined,
      licenseNumber: undefined,
      expiry: undefined,
    });
  });
});

describe('front against barcode', () => {
  const barcode = {
    lastName: 'VANDERBILT',
    firstName: 'MARVIN',
    middleName: 'K',
    dob: '2006-08-11',
    licenseNumber: 'E77768494',
    expiry: '2032-01-23',
  };
  const field = (value: string, confidence = 0.97) => ({ value, text: value, confidence });
  const read = {
    lastName: field('VANDERBlLT'),
    givenNames: field('MARVINK'),
    dob: field('2006-08-11'),
    licenseNumber: field('E7776-8494'),
    expiry: field('2032-01-23'),
  };

  it('tolerates OCR noise in names and separators in numbers', () => {
    const comparison = compareFront(read, barcode);
    for (const entry of Object.values(comparison)) expect(entry.agrees).toBe(true);
    expect(decisiveMismatches(comparison)).toEqual([]);
  });

  it('a confident different DOB or number is a mismatch; an unsure one is not', () => {
    const tampered = { ...read, dob: field('2001-08-11'), licenseNumber: field('E77768495', 0.6) };
    const comparison = compareFront(tampered, barcode);
    expect(comparison.dob).toEqual({
      read: '2001-08-11',
      barcode: '2006-08-11',
      agrees: false,
      confidence: 0.97,
    });
    expect(comparison.licenseNumber.agrees).toBe(false);
    expect(decisiveMismatches(comparison)).toEqual(['dob']);
  });

  it("a number's disagreement is as sure as its differing characters and digits, a letter's doubt forgiven", () => {
    const numberLine = (text: string, confidences: Record<number, number>): OcrLine => {
      const characterConfidences = text.split('').map((_, i) => confidences[i] ?? 0.99);
      return {
        ...line(text, 380, 3),
        confidence: Math.min(...characterConfidences),
        characterConfidences,
      };
    };
    const compared = (text: string, confidences: Record<number, number>) =>
      compareFront(readFrontFields([numberLine(text, confidences)], 'USA'), barcode).licenseNumber;
    // `DL NO. E77768495`: the `E` (index 7) doubtful, the changed last digit (index 15) sure.
    const changedDigit = compared('DL NO. E77768495', { 7: 0.48 });
    expect(changedDigit).toMatchObject({ agrees: false, confidence: 0.99 });
    expect(decisiveMismatches({ ...compareFront(read, barcode), licenseNumber: changedDigit })).toEqual([
      'licenseNumber',
    ]);
    // The differing digit itself doubtful: the disagreement is doubtful, whatever the rest.
    expect(compared('DL NO. E77768495', { 15: 0.55 })).toMatchObject({ agrees: false, confidence: 0.55 });
    // A doubtful digit beside a sure difference: the print there is blurred, the disagreement doubtful.
    expect(compared('DL NO. E77768495', { 14: 0.54 })).toMatchObject({ agrees: false, confidence: 0.54 });
    // Two differences: the least sure of them.
    expect(compared('DL NO. E17768495', { 8: 0.8, 15: 0.65 })).toMatchObject({ confidence: 0.65 });
    // Another length, aligned with the barcode: a digit still differs (`5` or `1` where it has `4`),
    // and the letter's doubt is forgiven as at the same length; a doubtful extra character too.
    expect(compared('DL NO. E777684951', { 7: 0.48 })).toMatchObject({ agrees: false, confidence: 0.99 });
    expect(compared('DL NO. EA77768495', { 8: 0.6 })).toMatchObject({ agrees: false, confidence: 0.99 });
    // Only a character extra or missing: which one is in doubt, so the whole value's least sure one.
    expect(compared('DL NO. E777684944', { 7: 0.48 })).toMatchObject({ agrees: false, confidence: 0.48 });
    expect(compared('DL NO. E7776849', { 7: 0.48 })).toMatchObject({ agrees: false, confidence: 0.48 });
    // An agreeing number keeps its least sure character.
    expect(compared('DL NO. E77768494', { 7: 0.48 })).toMatchObject({ agrees: true, confidence: 0.48 });
  });

  it('a number differing only by a letter or one character extra or missing is shown, never decisive', () => {
    const numberRead = (value: string) =>
      compareFront({ ...read, licenseNumber: field(value, 0.95) }, barcode);
    for (const misread of ['F77768494', 'E777684944', 'E7776849']) {
      const comparison = numberRead(misread);
      expect(comparison.licenseNumber).toMatchObject({ agrees: false, confidence: 0.95 });
      expect(decisiveMismatches(comparison)).toEqual([]);
    }
    expect(decisiveMismatches(numberRead('E77768497'))).toEqual(['licenseNumber']);
    expect(decisiveMismatches(numberRead('E177684944'))).toEqual(['licenseNumber']);
  });

  it('a genuine date printed in the order the country does not use is never a mismatch; a forged one is', () => {
    // An Alberta front prints its birth date month first: 06/08/1950 is 8 June, not 6 August.
    const albertaBarcode = { ...barcode, dob: '1950-06-08' };
    const front = (dob: string) =>
      readFrontFields(
        [line('DOB', 40, 1, 1), line(dob, 120, 1, 1), line('DL NO', 40, 2, 1), line('E77768494', 160, 2, 1)],
        'CAN',
      );
    const genuine = compareFront(front('06/08/1950'), albertaBarcode);
    expect(genuine.dob.agrees).toBe(true);
    expect(decisiveMismatches(genuine)).toEqual([]);
    // The same in the United States' order on a front whose barcode holds the day-first reading.
    const us = readFrontFields([line('DOB', 40, 1, 1), line('06/08/1950', 120, 1, 1)], 'USA');
    expect(compareFront(us, { ...barcode, dob: '1950-08-06' }).dob.agrees).toBe(true);
    // A forged date matches neither reading, and is caught.
    const forged = compareFront(front('06/08/1958'), albertaBarcode);
    expect(forged.dob.agrees).toBe(false);
    expect(decisiveMismatches(forged)).toEqual(['dob']);
    // A part over 12 settles the order: 25/06/1950 is only 25 June, never compared as anything else.
    expect(compareFront(front('25/06/1950'), { ...barcode, dob: '1950-06-25' }).dob.agrees).toBe(true);
    expect(decisiveMismatches(compareFront(front('13/06/1950'), albertaBarcode))).toEqual(['dob']);
  });

  it('another name is a disagreement', () => {
    const comparison = compareFront({ ...read, lastName: field('KOWALSKI') }, barcode);
    expect(comparison.lastName.agrees).toBe(false);
  });
});

describe('the front check', () => {
  const record = syntheticRecords().find((r) => r.id === 'aamva-syn-00003')!;
  const document = checkDocument({
    server: { status: 'ok', text: record.payload },
    today: new Date('2026-11-01'),
  });
  const reader = (outcome: Awaited<ReturnType<FrontTextReader['readFrontText']>>): FrontTextReader => ({
    readFrontText: async () => outcome,
    ready: async () => ({ ok: true, models: [] }),
  });
  const front = Buffer.from('front');
  const printed = (dob: string) => [
    line('4d DLN', 380, 3),
    line(record.expected.license_number!, 520, 3),
    line('3 DOB', 380, 6),
    line(dob, 480, 6),
  ];
  const ok = (lines: OcrLine[]) =>
    reader({ status: 'ok', lines, models: [{ name: 'm', version: '1' }], durationMs: 120 });

  it('agrees with a genuine front, flags a tampered DOB, notes an unreadable front, and fails loudly', async () => {
    const genuine = await checkFront(ok(printed('08/11/2006')), front, document);
    expect(genuine.reasons).toEqual([]);
    expect(genuine.detail.status).toBe('compared');

    const tampered = await checkFront(ok(printed('08/11/2001')), front, document);
    expect(tampered.reasons).toEqual(['document_front_back_mismatch']);
    expect(tampered.detail).toMatchObject({ mismatched: ['dob'] });

    const blank = await checkFront(ok([line('TN DRIVER LICENSE', 50, 1)]), front, document);
    expect(blank.reasons).toEqual([]);
    expect(blank.detail.status).toBe('unreadable');

    const broken = await checkFront(
      reader({ status: 'unavailable', error: 'models missing' }),
      front,
      document,
    );
    expect(broken.reasons).toEqual(['document_front_unavailable']);

    const undecodable = await checkFront(
      reader({ status: 'invalid_image', error: 'bad jpeg' }),
      front,
      document,
    );
    expect(undecodable.reasons).toEqual([]);

    expect((await checkFront(null, front, document)).detail).toEqual({
      status: 'not_compared',
      reason: 'ml_disabled',
    });
    expect((await checkFront(ok([]), null, document)).detail.status).toBe('not_compared');

    // As stored: snake-cased, every field declared by the schema.
    for (const detail of [genuine, tampered, blank, broken, undecodable].map((c) => snakeCaseKeys(c.detail)))
      expect(frontDetailSchema.parse(detail)).toEqual(detail);
  });
});
