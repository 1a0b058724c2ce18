import { describe, expect, it } from 'vitest';
import {
  barcodeRetakeRequired,
  checkDocument,
  chooseBarcodeSource,
  type ServerBarcodeDecode,
} from '../../../src/core/documents/check-document.js';
import { encodeCard, type Card } from './aamva-arbitraries.js';

const card: Card = {
  aamvaVersion: 10,
  jurisdictionVersion: 0,
  iin: '636035',
  documentType: 'DL',
  lastName: 'PUBLIC',
  firstName: 'JOHN',
  middleName: 'QUINCY',
  dob: '1970-01-31',
  expiry: '2030-01-31',
  issueDate: '2022-05-01',
  sex: 'M',
  licenseNumber: 'P14247570031',
  street: '1 MAIN ST',
  city: 'CHICAGO',
  postalCode: '606010000',
  withJurisdictionSubfile: true,
};
const valid = encodeCard(card);
const today = new Date('2026-11-01T12:00:00Z');
const serverOk = (text: string): ServerBarcodeDecode => ({
  status: 'ok',
  text,
  strategy: 'deskew',
  durationMs: 41,
});
const notFound: ServerBarcodeDecode = { status: 'not_found', durationMs: 220 };
const unavailable: ServerBarcodeDecode = { status: 'unavailable', error: 'decode timed out after 1500 ms' };

describe('checkDocument reason codes', () => {
  it('passes a valid card with no reasons and reports the parsed identity', () => {
    const result = checkDocument({ server: serverOk(valid), today });
    expect(result).toMatchObject({ status: 'ok', reasons: [] });
    const detail = result.detail;
    expect(detail.identity).toEqual({
      lastName: 'PUBLIC',
      firstName: 'JOHN',
      middleName: 'QUINCY',
      nameSuffix: null,
      dob: '1970-01-31',
      sex: 'M',
    });
    expect(detail.document).toMatchObject({
      type: 'DL',
      jurisdiction: 'IL',
      licenseNumber: 'P14247570031',
      expiry: '2030-01-31',
    });
    expect(detail).toMatchObject({
      decodeSource: 'server',
      expired: false,
      missingElements: [],
      licenseNumber: { status: 'match' },
    });
    expect(detail.parse).toEqual({ ok: true, tolerated: [] });
  });

  it('barcode_parse_failed, alone, for text that is not AAMVA', () => {
    const result = checkDocument({ server: serverOk('HELLO WORLD'), today });
    expect(result.reasons).toEqual(['barcode_parse_failed']);
    expect(result.detail).toMatchObject({
      decodeSource: 'server',
      identity: null,
      parse: { ok: false, error: 'no_compliance_indicator' },
    });
  });

  it('barcode_parse_failed stays exclusive even when the browser string had to be used', () => {
    const result = checkDocument({ server: unavailable, browserBarcode: '@\n\u001e\rANSI 63', today });
    expect(result.reasons).toEqual(['barcode_parse_failed']);
    expect(result.detail).toMatchObject({
      decodeSource: 'browser',
      serverDecode: { status: 'unavailable' },
    });
  });

  it('mandatory_elements_missing names the missing elements', () => {
    const result = checkDocument({
      server: serverOk(valid.replace('\nDAYBRO', '').replace('\nDCF', '\nXCF')),
      today,
    });
    expect(result.reasons).toEqual(['mandatory_elements_missing']);
    expect(result.detail.missingElements).toEqual(['DAY', 'DCF']);
  });

  it('document_expired when the expiry is strictly before the server date', () => {
    const expiring = (expiry: string): string[] =>
      checkDocument({ server: serverOk(encodeCard({ ...card, expiry })), today }).reasons;
    expect(expiring('2026-10-31')).toEqual(['document_expired']);
    expect(expiring('2026-11-01')).toEqual([]);
    expect(expiring('2026-11-02')).toEqual([]);
  });

  it('judges expiry on the UTC date of the injected clock', () => {
    const payload = encodeCard({ ...card, expiry: '2026-10-31' });
    expect(
      checkDocument({ server: serverOk(payload), today: new Date('2026-10-31T23:59:59Z') }).reasons,
    ).toEqual([]);
    expect(
      checkDocument({ server: serverOk(payload), today: new Date('2026-11-01T00:00:00Z') }).reasons,
    ).toEqual(['document_expired']);
  });

  it('license_number_recompute_failed reports the disagreeing part', () => {
    const result = checkDocument({
      server: serverOk(encodeCard({ ...card, licenseNumber: 'P14247571031' })),
      today,
    });
    expect(result.reasons).toEqual(['license_number_recompute_failed']);
    expect(result.detail.licenseNumber).toMatchObject({
      status: 'mismatch',
      disagreeing: ['birth_year'],
      expectedPrefix: 'P14247570031',
    });
  });

  it('reports several reasons together in a stable order', () => {
    const payload = encodeCard({ ...card, expiry: '2020-01-01', licenseNumber: 'P14247571031' }).replace(
      '\nDAYBRO',
      '',
    );
    expect(checkDocument({ server: serverOk(payload), today }).reasons).toEqual([
      'mandatory_elements_missing',
      'document_expired',
      'license_number_recompute_failed',
    ]);
  });
});

describe('decode source rules', () => {
  it('server wins when both exist, and the detail says whether the browser agreed', () => {
    const other = encodeCard({ ...card, lastName: 'FORGED' });
    const agreeing = checkDocument({ server: serverOk(valid), browserBarcode: valid, today });
    const disagreeing = checkDocument({ server: serverOk(valid), browserBarcode: other, today });
    expect(agreeing.detail).toMatchObject({
      decodeSource: 'server',
      browserBarcode: 'agrees_with_server',
    });
    expect(disagreeing.detail).toMatchObject({
      decodeSource: 'server',
      browserBarcode: 'disagrees_with_server',
    });
    expect(disagreeing.detail.identity?.lastName).toBe('PUBLIC');
    expect(disagreeing.detail.serverDecode).toEqual({ status: 'ok', strategy: 'deskew', durationMs: 41 });
  });

  it('server unavailable with a browser string: uses it and adds the neutral server_barcode_decode_unavailable', () => {
    const result = checkDocument({ server: unavailable, browserBarcode: valid, today });
    expect(result.reasons).toEqual(['server_barcode_decode_unavailable']);
    expect(result.detail).toMatchObject({
      decodeSource: 'browser',
      browserBarcode: 'used',
      serverDecode: { status: 'unavailable', error: 'decode timed out after 1500 ms' },
      identity: { lastName: 'PUBLIC' },
    });
  });

  it('server unavailable keeps the other findings of the browser string', () => {
    const expired = encodeCard({ ...card, expiry: '2020-01-01' });
    expect(checkDocument({ server: unavailable, browserBarcode: expired, today }).reasons).toEqual([
      'document_expired',
      'server_barcode_decode_unavailable',
    ]);
  });

  it('server found no barcode but the browser did: uses the browser string, no extra reason, flagged in detail', () => {
    const result = checkDocument({ server: notFound, browserBarcode: valid, today });
    expect(result.reasons).toEqual([]);
    expect(result.detail).toMatchObject({
      decodeSource: 'browser',
      browserBarcode: 'used',
      serverDecode: { status: 'not_found' },
    });
  });

  it('no text from either side: a retake (422), never a decision', () => {
    for (const server of [notFound, unavailable]) {
      for (const browserBarcode of [undefined, null, '', '   ']) {
        expect(barcodeRetakeRequired({ server, browserBarcode })).toBe(true);
        expect(chooseBarcodeSource({ server, browserBarcode }).kind).toBe('none');
      }
    }
    expect(chooseBarcodeSource({ server: unavailable })).toEqual({
      kind: 'none',
      reason: 'server_unavailable_and_no_browser_string',
    });
    expect(chooseBarcodeSource({ server: notFound })).toEqual({ kind: 'none', reason: 'no_barcode_found' });
    expect(barcodeRetakeRequired({ server: serverOk('HELLO WORLD') })).toBe(false);
    expect(barcodeRetakeRequired({ server: notFound, browserBarcode: 'HELLO WORLD' })).toBe(false);
  });

  it('stays total if called without any text: the payload counts as unparseable', () => {
    const result = checkDocument({ server: notFound, today });
    expect(result.reasons).toEqual(['barcode_parse_failed']);
    expect(result.detail).toMatchObject({ decodeSource: null, parse: { ok: false, error: 'no_barcode' } });
  });
});
