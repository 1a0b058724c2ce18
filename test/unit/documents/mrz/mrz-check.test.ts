import { describe, expect, it } from 'vitest';
import { judgeMrzRead } from '../../../../src/checks/mrz-check.js';
import { mrzDetailSchema } from '../../../../src/core/check-results.js';
import { snakeCaseKeys } from '../../../../src/core/snake-case.js';
import { parseMrz } from '../../../../src/core/documents/mrz/parse.js';
import type { MrzResult, VisualZoneFields } from '../../../../src/core/documents/mrz/types.js';
import type { MrzReadOutcome } from '../../../../src/ports/check-engines.js';
import { td3Lines } from '../../../helpers/mrz-lines.js';

const TODAY = '2026-12-07';
const holder = {
  documentCode: 'P',
  issuingState: 'CAN',
  surname: 'TREMBLAY',
  givenNames: 'MARIE ELISE',
  documentNumber: 'AB1234567',
  nationality: 'CAN',
  birthDate: '850112',
  sex: 'F' as const,
  expiryDate: '310501',
};
const mrz = parseMrz(td3Lines(holder), TODAY)!;

const sure = (value: string | null, confidence = 0.98) => ({ value, confidence });
const visual: VisualZoneFields = {
  surname: sure('TREMBLAY'),
  givenNames: sure('MARIE ELISE'),
  birthDate: sure('1985-01-12'),
  documentNumber: sure('AB1234567'),
  expiryDate: sure('2031-05-01'),
};
const read = (m: MrzResult, v: VisualZoneFields = visual): MrzReadOutcome => ({
  status: 'ok',
  mrz: m,
  visualZone: v,
  models: [{ name: 'ppocrv4_rec', version: 'x' }],
  durationMs: 812.4,
});

describe('judgeMrzRead', () => {
  it('passes a genuine page, stores its fields in snake_case and names its holder', () => {
    const check = judgeMrzRead(read(mrz), TODAY);
    expect(check.reasons).toEqual([]);
    expect(mrzDetailSchema.parse(snakeCaseKeys(check.detail))).toMatchObject({
      status: 'read',
      format: 'TD3',
      document_code: 'P',
      issuing_state: 'CAN',
      given_names: 'MARIE ELISE',
      birth_date: '1985-01-12',
      expiry_date: '2031-05-01',
      check_digits: { document_number: true, birth_date: true, expiry_date: true, composite: true },
      valid: true,
      visual_zone: { mismatched: [], min_confidence: 0.7 },
      duration_ms: 812,
    });
    expect(check.identity).toEqual({
      lastName: 'TREMBLAY',
      firstName: 'MARIE',
      middleName: 'ELISE',
      nameSuffix: null,
      dob: '1985-01-12',
      sex: 'F',
    });
  });

  it('flags a visual zone that confidently disagrees, not one read unsurely', () => {
    const forged = { ...visual, birthDate: sure('1983-01-12') };
    expect(judgeMrzRead(read(mrz, forged), TODAY).reasons).toEqual(['document_data_mismatch']);
    const blurred = { ...visual, birthDate: sure('1983-01-12', 0.4) };
    expect(judgeMrzRead(read(mrz, blurred), TODAY).reasons).toEqual([]);
    const otherName = { ...visual, surname: sure('GAGNON') };
    const check = judgeMrzRead(read(mrz, otherName), TODAY);
    expect(check.reasons).toEqual(['document_data_mismatch']);
    expect(mrzDetailSchema.parse(snakeCaseKeys(check.detail))).toMatchObject({
      visual_zone: { mismatched: ['surname'] },
    });
    const otherNumber = { ...visual, documentNumber: sure('AB1234568') };
    expect(judgeMrzRead(read(mrz, otherNumber), TODAY).reasons).toEqual(['document_data_mismatch']);
    const otherExpiry = { ...visual, expiryDate: sure('2033-05-01') };
    expect(judgeMrzRead(read(mrz, otherExpiry), TODAY).reasons).toEqual(['document_data_mismatch']);
  });

  it('takes a printed date whose order is not printed in either order', () => {
    const ambiguous = {
      ...visual,
      birthDate: { value: '1985-12-01', confidence: 1, readings: ['1985-12-01', '1985-01-12'] },
    };
    expect(judgeMrzRead(read(mrz, ambiguous), TODAY).reasons).toEqual([]);
  });

  it("compares names through Doc 9303's transliteration", () => {
    const swede = parseMrz(td3Lines({ ...holder, surname: 'AASTROEM', givenNames: 'BJOERN' }), TODAY)!;
    for (const [surname, given] of [
      ['ÅSTRÖM', 'BJÖRN'],
      ['ASTROM', 'BJORN'],
    ])
      expect(
        judgeMrzRead(read(swede, { ...visual, surname: sure(surname!), givenNames: sure(given!) }), TODAY)
          .reasons,
      ).toEqual([]);
  });

  it('decides nothing on a zone field its own check digit disowns, nor on names the zone read unsurely', () => {
    const lines = td3Lines(holder);
    const wrongBirth = [lines[0]!, `${lines[1]!.slice(0, 13)}830112${lines[1]!.slice(19)}`];
    const misread = parseMrz(wrongBirth, TODAY)!;
    expect(misread.checkDigits.birthDate).toBe(false);
    expect(judgeMrzRead(read(misread), TODAY).reasons).toEqual(['mrz_check_digit_failed']);
    const unsureNames = { ...mrz, surname: 'TREMBIAY', nameConfidence: 0.4 };
    expect(judgeMrzRead(read(unsureNames, { ...visual, surname: sure('GAGNON') }), TODAY).reasons).toEqual(
      [],
    );
    const sureNames = { ...unsureNames, nameConfidence: 0.95 };
    expect(judgeMrzRead(read(sureNames, { ...visual, surname: sure('GAGNON') }), TODAY).reasons).toEqual([
      'document_data_mismatch',
    ]);
  });

  it('never decides on names the zone cut short', () => {
    const long = parseMrz(
      td3Lines({ ...holder, surname: 'DE LA CRUZ VILLANUEVA', givenNames: 'MARIA FERNANDA GUADALUPE' }),
      TODAY,
    )!;
    expect(long.namesTruncated).toBe(true);
    const page = {
      ...visual,
      surname: sure('DE LA CRUZ VILLANUEVA'),
      givenNames: sure('MARIA FERNANDA GUADALUPE'),
    };
    expect(judgeMrzRead(read(long, page), TODAY).reasons).toEqual([]);
  });

  it('fails a zone whose check digit fails, and an expired document', () => {
    const lines = td3Lines(holder);
    const broken = [
      lines[0]!,
      `${lines[1]!.slice(0, 27)}${(Number(lines[1]![27]) + 1) % 10}${lines[1]!.slice(28)}`,
    ];
    expect(judgeMrzRead(read(parseMrz(broken, TODAY)!), TODAY).reasons).toEqual(['mrz_check_digit_failed']);
    const old = parseMrz(td3Lines({ ...holder, expiryDate: '200501' }), TODAY)!;
    const check = judgeMrzRead(read(old, { ...visual, expiryDate: sure('2020-05-01') }), TODAY);
    expect(check.reasons).toEqual(['document_expired']);
  });

  it("says mrz_unreadable for the page's faults; an engine that could not run is left to the caller", () => {
    for (const outcome of [
      { status: 'not_found', durationMs: 5 },
      { status: 'invalid_image', error: 'bad header' },
    ] as MrzReadOutcome[]) {
      const check = judgeMrzRead(outcome, TODAY);
      expect(check.reasons).toEqual(['mrz_unreadable']);
      expect(check.identity).toBeNull();
      mrzDetailSchema.parse(snakeCaseKeys(check.detail));
    }
    // The caller adds mrz_unavailable, which caps the decision at review as degraded ML (document-mrz.ts).
    const engineDown = judgeMrzRead({ status: 'unavailable', error: 'models not loaded' }, TODAY);
    expect([engineDown.reasons, engineDown.detail.status]).toEqual([[], 'unavailable']);
  });
});
