import { describe, expect, it } from 'vitest';
import type { OcrLine } from '../../../../src/core/documents/front-fields.js';
import { readVisualZone } from '../../../../src/core/documents/mrz/visual-zone.js';

/** A line at a column and row of a data page 1200 px wide. */
function line(text: string, column: number, row: number, confidence = 0.98): OcrLine {
  return {
    text,
    confidence,
    cx: column + (text.length * 16) / 2,
    cy: row * 40,
    width: text.length * 16,
    height: 28,
  };
}

describe('readVisualZone', () => {
  it('reads a bilingual data page: labels above values, a month-name date, the title and type line ignored', () => {
    const fields = readVisualZone([
      line('PASSPORT / PASSEPORT', 40, 1),
      line('Type P   Code CAN', 700, 1),
      line('Surname / Nom', 400, 3),
      line('TREMBLAY', 400, 4),
      line('Given names / Prénoms', 400, 5),
      line('MARIE-ÈVE', 400, 6),
      line('Date of birth / Date de naissance', 400, 7),
      line('12 JAN 1985', 400, 8),
      line('Passport No. / No du passeport', 800, 3),
      line('AB1234567', 800, 4),
      line('Date of expiry / Date d\u2019expiration', 800, 7),
      line('01 MAY 2031', 800, 8),
    ]);
    expect(fields.surname.value).toBe('TREMBLAY');
    expect(fields.givenNames.value).toBe('MARIE-ÈVE');
    expect(fields.birthDate.value).toBe('1985-01-12');
    expect(fields.documentNumber.value).toBe('AB1234567');
    expect(fields.expiryDate.value).toBe('2031-05-01');
  });

  it('keeps both readings of a dotted numeric date whose order the page does not print', () => {
    const fields = readVisualZone([line('Date of birth', 400, 7), line('06.08.1950', 400, 8)]);
    expect(fields.birthDate.readings).toEqual(['1950-06-08', '1950-08-06']);
  });

  it('takes no misspelt label for a name', () => {
    const fields = readVisualZone([line('Given names', 400, 5), line('Natonalty', 400, 6, 0.75)]);
    expect(fields.givenNames.value).toBeNull();
  });

  it('reads nothing from a page without text', () => {
    expect(readVisualZone([]).surname).toEqual({ value: null, confidence: 0 });
  });
});
