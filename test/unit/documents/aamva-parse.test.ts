import { describe, expect, it } from 'vitest';
import { parseAamvaDate, preferredDateOrder } from '../../../src/core/documents/aamva/dates.js';
import { mandatoryElements } from '../../../src/core/documents/aamva/elements.js';
import { extractName, splitFullName } from '../../../src/core/documents/aamva/names.js';
import { parseAamva } from '../../../src/core/documents/aamva/parse.js';
import type { AamvaDocument, AamvaParseResult } from '../../../src/core/documents/aamva/types.js';
import { encodeCard, type Card } from './aamva-arbitraries.js';

const base: Card = {
  aamvaVersion: 9,
  jurisdictionVersion: 3,
  iin: '636035',
  documentType: 'DL',
  lastName: 'ANDERSON',
  firstName: 'OSCAR',
  middleName: 'WADE',
  dob: '1944-04-01',
  expiry: '2028-02-04',
  issueDate: '2019-03-22',
  sex: 'M',
  licenseNumber: 'A53665944094',
  street: '12 MAIN ST',
  city: 'SPRINGFIELD',
  postalCode: '627010000',
  withJurisdictionSubfile: true,
};

function parsed(payload: string | Uint8Array): AamvaDocument {
  const result = parseAamva(payload);
  if (!result.ok) throw new Error(`expected a parse, got ${result.error}: ${result.message}`);
  return result.document;
}

function failure(payload: string): string {
  const result: AamvaParseResult = parseAamva(payload);
  return result.ok ? 'parsed' : result.error;
}

describe('header', () => {
  const payload = encodeCard(base);

  it('reads compliance indicator, file type, IIN, versions and designators', () => {
    const document = parsed(payload);
    expect(document).toMatchObject({
      fileType: 'ANSI',
      iin: '636035',
      jurisdiction: 'IL',
      jurisdictionName: 'Illinois',
      country: 'USA',
      aamvaVersion: 9,
      jurisdictionVersion: 3,
      documentType: 'DL',
    });
    expect(document.subfiles).toEqual([
      { type: 'DL', offset: 41, length: expect.any(Number) },
      { type: 'ZI', offset: expect.any(Number), length: 12 },
    ]);
    const dl = document.subfiles[0]!;
    expect(payload.slice(dl.offset!, dl.offset! + dl.length!)).toMatch(/^DLDCA[^\r]*\r$/);
    expect(document.tolerated).toEqual([]);
  });

  it.each([
    ['no compliance indicator', payload.replace('@', '#'), 'no_compliance_indicator'],
    ['no file type', payload.replace('ANSI ', 'ANSX '), 'no_file_type'],
    ['file type split', payload.replace('ANSI ', 'AN SI'), 'no_file_type'],
    ['non-numeric IIN', payload.replace('636035', '636Z35'), 'invalid_iin'],
    ['IIN with a non-ASCII digit', payload.replace('636035', '6360\u00e95'), 'invalid_iin'],
    ['version 00', payload.replace('63603509', '63603500'), 'invalid_version'],
    ['version 11', payload.replace('63603509', '63603511'), 'invalid_version'],
    ['blank version', payload.replace('63603509', '636035  '), 'invalid_version'],
    [
      'non-numeric jurisdiction version',
      payload.replace('6360350903', '63603509A3'),
      'invalid_jurisdiction_version',
    ],
    ['zero entries', payload.replace('636035090302', '636035090300'), 'invalid_entry_count'],
    ['no DL or ID subfile', payload.replace(/DL(\d{8})/, 'QQ$1'), 'no_dl_or_id_subfile'],
    ['cut in the header', payload.slice(0, 14), 'header_truncated'],
    ['cut in the designators', payload.slice(0, 35), 'designators_truncated'],
    ['empty', '', 'empty'],
    [
      'magnetic stripe data',
      '%FLSPRINGFIELD^DOE$JOHN^123 MAIN ST^?;6360108456136617217=2512198001010=?',
      'no_compliance_indicator',
    ],
    ['another barcode', 'HELLO WORLD', 'no_compliance_indicator'],
  ])('fails on %s', (_name, input, error) => {
    expect(failure(input)).toBe(error);
  });

  it('treats a DL subfile cut below half its declared length (and with no terminator) as truncated', () => {
    const dl = parsed(payload).subfiles[0]!;
    const half = dl.offset! + Math.ceil(dl.length! / 2);
    expect(failure(payload.slice(0, half - 1))).toBe('subfile_truncated');
    expect(parseAamva(payload.slice(0, half + 1)).ok).toBe(true);
  });

  it('reads the v01 header (no jurisdiction version) and the pre-CDS AAMVA file type', () => {
    const v1 = encodeCard({ ...base, aamvaVersion: 1, iin: '636003' });
    const aamva = v1
      .replace('ANSI ', 'AAMVA')
      .replace(/DL(\d{4})/, (_m, o: string) => `DL${String(Number(o)).padStart(4, '0')}`);
    for (const input of [v1, aamva]) {
      expect(parsed(input)).toMatchObject({ aamvaVersion: 1, jurisdictionVersion: null, jurisdiction: 'MD' });
    }
    expect(parsed(aamva)).toMatchObject({ fileType: 'AAMVA', tolerated: ['file_type_AAMVA'] });
  });

  it('takes bytes as Latin-1', () => {
    const bytes = Buffer.from(encodeCard({ ...base, city: 'MONTR\u00c9AL' }), 'latin1');
    expect(parsed(bytes).address.city).toBe('MONTR\u00c9AL');
  });
});

describe('tolerated deviations', () => {
  const payload = encodeCard(base);
  const expected = {
    lastName: 'ANDERSON',
    firstName: 'OSCAR',
    middleName: 'WADE',
    dob: '1944-04-01',
    licenseNumber: 'A53665944094',
  };

  it.each([
    ['a UTF-8 BOM read as Latin-1', `\u00ef\u00bb\u00bf${payload}`, 'leading_bytes'],
    ['a keyboard-wedge header', payload.replace('@\n\u001e\r', '@\n6'), 'nonstandard_separators'],
    ['C1 controls encoded as UTF-8', payload.replace(/\n/g, '\u00c2\u0090\n'), 'c1_control_characters'],
    ['a lost segment terminator', payload.replace('\rZI', '\nZI'), 'length_mismatch'],
    [
      'a subfile ending without any terminator',
      encodeCard({ ...base, withJurisdictionSubfile: false }).slice(0, -1),
      'segment_terminator_missing',
    ],
  ])('reads a payload with %s', (_name, input, deviation) => {
    const document = parsed(input);
    expect(document).toMatchObject(expected);
    expect(document.tolerated).toContain(deviation);
  });

  it('finds an off-by-one subfile, as on the South Carolina v01 sample', () => {
    const shifted = payload.replace(/DL0041/, 'DL0042');
    expect(parsed(shifted)).toMatchObject({ ...expected, tolerated: ['offset_mismatch'] });
  });

  it('accepts a marker followed by a separator (Colorado 2013)', () => {
    expect(parsed(payload.replace('DLDAQ', 'DL\nDAQ'))).toMatchObject(expected);
  });

  it('stops the DL subfile at a jurisdiction subfile whose terminator was lost', () => {
    const lost = payload.replace(/\r/g, '\n');
    const document = parsed(lost);
    expect(Object.keys(document.elements).some((id) => id.startsWith('Z'))).toBe(false);
  });

  it('honours separators declared in the header', () => {
    const piped = payload.replace('@\n\u001e\r', '@|\u001e|').replace(/[\n\r]/g, '|');
    expect(parsed(piped)).toMatchObject({ ...expected, tolerated: ['nonstandard_separators'] });
  });
});

describe('data elements', () => {
  it('trims values and keeps the first occurrence of an element', () => {
    const payload = encodeCard(base)
      .replace('DAQA53665944094', 'DAQ  A53665944094  ')
      .replace('\nDBC1', '\nDBC1\nDBC2');
    expect(parsed(payload)).toMatchObject({ licenseNumber: 'A53665944094', sex: 'M' });
  });

  it.each([
    ['1', 'M'],
    ['M', 'M'],
    ['2', 'F'],
    ['F', 'F'],
    ['9', 'X'],
    ['0', null],
    ['', null],
  ])('reads sex code %j as %j', (code, sex) => {
    expect(parsed(encodeCard(base).replace('\nDBC1', `\nDBC${code}`)).sex).toBe(sex);
  });

  it('reads the truncation indicators DDE/DDF/DDG', () => {
    const payload = encodeCard(base).replace('DDEN', 'DDET').replace('DDFN', 'DDFU');
    expect(parsed(payload).truncation).toEqual({ lastName: 'T', firstName: 'U', middleName: 'N' });
  });

  it('lists missing mandatory elements for the version and subfile type', () => {
    const payload = encodeCard(base).replace('\nDAYBRO', '').replace('\nDCGUSA', '');
    expect(parsed(payload).missingMandatory).toEqual(['DAY', 'DCG']);
    expect(mandatoryElements(1, 'ID')).not.toContain('DAR');
    expect(mandatoryElements(2, 'DL')).toEqual(expect.arrayContaining(['DCT', 'DCU', 'DCE', 'DCH']));
    expect(mandatoryElements(3, 'ID')).not.toContain('DCA');
    expect(mandatoryElements(10, 'DL')).toHaveLength(22);
  });

  it('takes the country from DCG from v02 on, and from the IIN otherwise', () => {
    expect(parsed(encodeCard({ ...base, iin: '636012', aamvaVersion: 3 })).country).toBe('CAN');
    expect(parsed(encodeCard({ ...base, iin: '636012', aamvaVersion: 1 })).country).toBe('CAN');
    expect(parsed(encodeCard(base).replace('DCGUSA', 'DCGCAN')).country).toBe('CAN');
  });

  it('reports an unknown IIN without a jurisdiction', () => {
    expect(parsed(encodeCard(base).replace('636035', '999999'))).toMatchObject({
      iin: '999999',
      jurisdiction: null,
    });
  });
});

describe('dates', () => {
  it('prefers the order of the version and country', () => {
    expect(preferredDateOrder(1, 'USA')).toBe('YMD');
    expect(preferredDateOrder(2, 'CAN')).toBe('MDY');
    expect(preferredDateOrder(3, 'USA')).toBe('MDY');
    expect(preferredDateOrder(3, 'CAN')).toBe('YMD');
    expect(preferredDateOrder(10, null)).toBe('MDY');
  });

  it('falls back to the other order, ignores trailing characters and rejects impossible dates', () => {
    expect(parseAamvaDate('02291996', 'MDY')).toEqual({ iso: '1996-02-29', fallback: false });
    expect(parseAamvaDate('20221103', 'MDY')).toEqual({ iso: '2022-11-03', fallback: true });
    expect(parseAamvaDate('02141990 NH', 'MDY')).toEqual({ iso: '1990-02-14', fallback: false });
  });

  it('rejects out-of-range and malformed values', () => {
    expect(parseAamvaDate('03016013', 'MDY')).toBeNull();
    expect(parseAamvaDate('02301996', 'MDY')).toBeNull();
    expect(parseAamvaDate('00000000', 'YMD')).toBeNull();
    expect(parseAamvaDate('1996-02-', 'YMD')).toBeNull();
    expect(parseAamvaDate('0229199', 'MDY')).toBeNull();
  });
});

describe('names', () => {
  it.each([
    ['LEWIS,QUENTIN,YVONNE', 'LEWIS', 'QUENTIN', 'YVONNE', null],
    ['JOHNSON,JACK,,3RD', 'JOHNSON', 'JACK', null, '3RD'],
    ['TESTER,JOEY, MIDLAND', 'TESTER', 'JOEY', 'MIDLAND', null],
    ['SMITH,MARY,ROBINS,', 'SMITH', 'MARY', 'ROBINS', null],
    ['SMITH$JOHN$Q', 'SMITH', 'JOHN', 'Q', null],
    ['DOE,JOHN PAUL', 'DOE', 'JOHN', 'PAUL', null],
    ['DOE,JOHN,I', 'DOE', 'JOHN', 'I', null],
    ['DOE,JOHN,A,IV', 'DOE', 'JOHN', 'A', 'IV'],
    ['DOE,JOHN,JR', 'DOE', 'JOHN', null, 'JR'],
    ['JOHN P SMITH', 'SMITH', 'JOHN', 'P', null],
    ['JOHN PAUL PETER SMITH JR', 'SMITH', 'JOHN', 'PAUL PETER', 'JR'],
    ['TESTER,', 'TESTER', null, null, null],
  ])('splits v01 DAA %j', (daa, last, first, middle, suffix) => {
    expect(splitFullName(daa)).toEqual({ lastName: last, firstName: first, middleName: middle, suffix });
  });

  it('reads v02/v03 DCT with a space or a comma between given names', () => {
    expect(extractName(3, { DCS: 'ABBOTT,   ', DCT: 'ABDULAH,M' })).toMatchObject({
      lastName: 'ABBOTT',
      firstName: 'ABDULAH',
      middleName: 'M',
    });
    expect(extractName(2, { DCS: 'CONSTANTINE', DCT: 'STAN  LEE JON' })).toMatchObject({
      firstName: 'STAN',
      middleName: 'LEE JON',
    });
  });

  it('reads v04+ DCS/DAC/DAD, with NONE as no middle name', () => {
    expect(extractName(8, { DCS: 'SMITH', DAC: 'JOHN', DAD: 'NONE' })).toEqual({
      lastName: 'SMITH',
      firstName: 'JOHN',
      middleName: null,
      suffix: null,
    });
    expect(extractName(8, { DCS: 'SMITH', DAC: 'JOHN', DAD: 'unavl', DCU: 'JR' })).toMatchObject({
      middleName: null,
      suffix: 'JR',
    });
  });

  it("falls back to the other versions' elements when a card mixes them", () => {
    expect(extractName(5, { DCS: 'SMITH', DCT: 'JOHN Q' })).toMatchObject({
      firstName: 'JOHN',
      middleName: 'Q',
    });
    expect(extractName(3, { DCS: 'SMITH', DAC: 'JOHN', DAD: 'Q' })).toMatchObject({
      firstName: 'JOHN',
      middleName: 'Q',
    });
    expect(extractName(1, { DAB: 'SMITH', DAC: 'JOHN' })).toMatchObject({
      lastName: 'SMITH',
      firstName: 'JOHN',
    });
  });
});
