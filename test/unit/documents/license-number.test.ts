import { describe, expect, it } from 'vitest';
import { parseAamva } from '../../../src/core/documents/aamva/parse.js';
import type { AamvaDocument } from '../../../src/core/documents/aamva/types.js';
import {
  checkLicenseNumber,
  dayCode,
  expectedLicenseNumberPrefix,
  firstMiddleCode,
  soundex,
} from '../../../src/core/documents/license-number.js';
import { encodeCard, type Card } from './aamva-arbitraries.js';
import { syntheticRecords } from './aamva-data.js';

describe('Soundex', () => {
  it.each([
    ['ROBERT', 'R163'],
    ['RUPERT', 'R163'],
    ['RUBIN', 'R150'],
    ['ASHCRAFT', 'A261'],
    ['TYMCZAK', 'T522'],
    ['PFISTER', 'P236'],
    ['LEE', 'L000'],
    ['GUTIERREZ', 'G362'],
    ['PUBLIC', 'P142'],
    ["O'BRIEN", 'O165'],
    ['', ''],
  ])('%s -> %s', (name, code) => {
    expect(soundex(name)).toBe(code);
  });
});

describe('first/middle and day codes', () => {
  it('uses the whole-name table, else the first initial, plus the middle initial', () => {
    expect(firstMiddleCode('JOHN', 'QUINCY')).toBe(475);
    expect(firstMiddleCode('DOROTHY', null)).toBe(180);
    expect(firstMiddleCode('DORTHY', null)).toBe(180);
    expect(firstMiddleCode('ZELDA', 'Z')).toBe(999);
    expect(firstMiddleCode('ALBERTO', 'O')).toBe(14);
  });

  it('FL/WI use 40 per month and +500 for women; IL uses 31 and +600', () => {
    expect(dayCode('FL', 1, 31, 'M')).toBe(31);
    expect(dayCode('FL', 12, 31, 'F')).toBe(971);
    expect(dayCode('WI', 12, 31, 'F')).toBe(971);
    expect(dayCode('IL', 12, 31, 'F')).toBe(972);
    expect(dayCode('IL', 1, 1, 'M')).toBe(1);
  });

  it('recomputes the worked example: JOHN QUINCY PUBLIC, 1970-01-31, male', () => {
    const input = {
      lastName: 'PUBLIC',
      firstName: 'JOHN',
      middleName: 'QUINCY',
      dob: '1970-01-31',
      sex: 'M' as const,
    };
    expect(expectedLicenseNumberPrefix('FL', input)).toBe('P14247570031');
    expect(expectedLicenseNumberPrefix('IL', input)).toBe('P14247570031');
    expect(expectedLicenseNumberPrefix('WI', input)).toBe('P14247570031');
  });
});

const publicCard: Card = {
  aamvaVersion: 9,
  jurisdictionVersion: 0,
  iin: '636010',
  documentType: 'DL',
  lastName: 'PUBLIC',
  firstName: 'JOHN',
  middleName: 'QUINCY',
  dob: '1970-01-31',
  expiry: '2030-01-31',
  issueDate: '2020-05-01',
  sex: 'M',
  licenseNumber: 'P142475700310',
  street: '1 MAIN ST',
  city: 'MIAMI',
  postalCode: '331010000',
  withJurisdictionSubfile: false,
};

function document(card: Partial<Card>, edit: (payload: string) => string = (p) => p): AamvaDocument {
  const result = parseAamva(edit(encodeCard({ ...publicCard, ...card })));
  if (!result.ok) throw new Error(result.message);
  return result.document;
}

describe('checkLicenseNumber', () => {
  it('matches FL (any overflow digit), IL (12 characters) and WI (two overflow digits)', () => {
    expect(checkLicenseNumber(document({ licenseNumber: 'P142475700317' }))).toMatchObject({
      status: 'match',
      scheme: 'FL',
    });
    expect(checkLicenseNumber(document({ iin: '636035', licenseNumber: 'P14247570031' }))).toMatchObject({
      status: 'match',
      scheme: 'IL',
    });
    expect(checkLicenseNumber(document({ iin: '636031', licenseNumber: 'P14247570031-42' }))).toMatchObject({
      status: 'match',
      scheme: 'WI',
    });
  });

  it.each([
    ['P152475700310', ['surname_code']],
    ['P142476700310', ['first_middle_code']],
    ['P142475710310', ['birth_year']],
    ['P142475705310', ['day_code']],
    ['P14247570031', ['format']],
    ['P1424757003100', ['format']],
    ['X99999999999X', ['surname_code', 'first_middle_code', 'birth_year', 'day_code', 'format']],
  ])('reports which part of FL %s disagrees', (number, parts) => {
    expect(checkLicenseNumber(document({ licenseNumber: number }))).toMatchObject({
      status: 'mismatch',
      expectedPrefix: 'P14247570031',
      disagreeing: parts,
    });
  });

  it('does not apply to other issuers', () => {
    expect(checkLicenseNumber(document({ iin: '636014' })).status).toBe('not_applicable');
  });

  it.each<[string, Partial<Card>, ((p: string) => string) | undefined]>([
    ['an ID card', { documentType: 'ID', licenseNumber: 'WRONG' }, undefined],
    ['sex X', { sex: 'X', licenseNumber: 'WRONG' }, undefined],
    ['a missing DOB', { licenseNumber: 'WRONG' }, (p) => p.replace(/\nDBB\d{8}/, '')],
    ['a missing DAQ', {}, (p) => p.replace(/DAQ[^\n]*\n/, '')],
    ['a missing first name', { licenseNumber: 'WRONG' }, (p) => p.replace(/\nDACJOHN/, '')],
    ['a v04+ card without DAD', { licenseNumber: 'WRONG' }, (p) => p.replace(/\nDAD[^\n]*/, '')],
    ['an FL card issued on 2024-07-31', { issueDate: '2024-07-31', licenseNumber: 'WRONG' }, undefined],
    ['an FL card without an issue date', { licenseNumber: 'WRONG' }, (p) => p.replace(/\nDBD\d{8}/, '')],
  ])('is skipped for %s', (_name, card, edit) => {
    expect(checkLicenseNumber(document(card, edit)).status).toBe('skipped');
  });

  it('still checks an FL card issued the day before the switch, and IL/WI whatever the issue date', () => {
    expect(checkLicenseNumber(document({ issueDate: '2024-07-30', licenseNumber: 'WRONG' })).status).toBe(
      'mismatch',
    );
    expect(
      checkLicenseNumber(document({ iin: '636035', issueDate: '2025-01-01', licenseNumber: 'WRONG' })).status,
    ).toBe('mismatch');
  });

  it('names the tampered part on every synthetic mismatch record', () => {
    const partOf: Record<string, string[]> = {
      tamper_letter: ['surname_code'],
      tamper_soundex: ['surname_code'],
      tamper_name_swap: ['surname_code'],
      tamper_fff: ['first_middle_code'],
      tamper_year: ['birth_year'],
      tamper_ddd_day: ['day_code'],
      tamper_ddd_sex: ['day_code'],
      tamper_dob_shift: ['birth_year', 'day_code'],
    };
    const tampered = syntheticRecords().filter((r) => r.category === 'dl_number_mismatch');
    expect(tampered.length).toBe(53);
    for (const record of tampered) {
      const result = parseAamva(record.payload);
      if (!result.ok) throw new Error(record.id);
      const check = checkLicenseNumber(result.document);
      const tag = record.tags.find((t) => t.startsWith('tamper_'))!;
      expect(check.status, record.id).toBe('mismatch');
      if (check.status !== 'mismatch') continue;
      expect(check.disagreeing.length, record.id).toBeGreaterThan(0);
      for (const part of check.disagreeing) expect(partOf[tag], `${record.id} ${tag}`).toContain(part);
      expect(record.note, record.id).toContain(check.expectedPrefix);
    }
  });
});
