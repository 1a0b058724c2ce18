import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, settledComponent, type TestContext } from '../helpers/test-app.js';
import { degradeBarcode, degradationFor, renderPdf417 } from '../helpers/barcode-images.js';
import { plainJpeg, toB64 } from '../helpers/images.js';
import { syntheticRecords } from '../unit/documents/aamva-data.js';

const records = syntheticRecords();
const byId = (id: string) => records.find((r) => r.id === id)!;

/** Drives a verification through the session API with the given back image, and returns it as the merchant sees it. */
async function verifyWithBack(t: TestContext, back: Buffer, browserBarcode?: string) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/verifications',
    headers: { 'x-api-key': t.rootKey },
    payload: { external_ref: 'doc-test' },
  });
  const token = created.json().client_token as string;
  const call = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { 'x-client-token': token }, payload });
  const jpeg = toB64(await plainJpeg());
  await call('/v1/session/consent', { consent: true });
  await call('/v1/session/document', { side: 'front', image_b64: jpeg });
  const backRes = await call('/v1/session/document', {
    side: 'back',
    image_b64: toB64(back),
    ...(browserBarcode ? { barcode: browserBarcode } : {}),
  });
  if (backRes.statusCode !== 200) return { backRes, verification: null };
  await call('/v1/session/selfie', { frames_b64: [jpeg] });
  const submitted = await call('/v1/session/submit', {});
  expect(submitted.statusCode).toBe(200);
  const verification = (
    await t.app.inject({
      method: 'GET',
      url: `/v1/verifications/${created.json().id}`,
      headers: { 'x-api-key': t.rootKey },
    })
  ).json();
  return { backRes, verification };
}

describe.each(engines)('document checks through the HTTP API on %s', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  it('reads a phone-like photo of a valid licence back and returns the parsed identity with no document reason', async () => {
    const record = byId('aamva-syn-00009');
    const photo = await degradeBarcode(record.payload, degradationFor(3), 3);
    const { verification } = await verifyWithBack(t, photo);
    const doc = verification.doc_checks.document;
    expect(doc.decode_source).toBe('server');
    expect(doc.identity).toMatchObject({
      last_name: record.expected.last_name,
      first_name: record.expected.first_name,
      dob: record.expected.dob,
    });
    expect(doc.document.license_number).toBe(record.expected.license_number);
    expect(doc.document.jurisdiction).toBe(record.expected.jurisdiction);
    expect(verification.checks.document.reasons).toEqual([]);
    for (const code of [
      'barcode_parse_failed',
      'mandatory_elements_missing',
      'document_expired',
      'license_number_recompute_failed',
    ]) {
      expect(verification.decision_reasons).not.toContain(code);
    }
  });

  it.each([
    ['aamva-syn-00811', 'document_expired'],
    ['aamva-syn-00663', 'mandatory_elements_missing'],
    ['aamva-syn-00511', 'license_number_recompute_failed'],
    ['aamva-syn-01376', 'barcode_parse_failed'],
  ])('flags %s with %s', async (id, code) => {
    const record = byId(id);
    const { verification } = await verifyWithBack(t, await renderPdf417(record.payload, { scale: 3 }));
    expect(verification.decision_reasons).toContain(code);
    expect(verification.checks.document.reasons).toEqual(record.expected.reason_codes);
    if (code === 'mandatory_elements_missing')
      expect(verification.doc_checks.document.missing_elements.length).toBeGreaterThan(0);
    if (code === 'license_number_recompute_failed')
      expect(verification.doc_checks.document.license_number.status).toBe('mismatch');
  });

  it('answers 422 for a back photo with no barcode and no browser string, and accepts the browser string when the photo has none', async () => {
    const blank = await plainJpeg(800, 500);
    const { backRes } = await verifyWithBack(t, blank);
    expect(backRes.statusCode).toBe(422);
    expect(backRes.json().detail).toMatch(/^barcode could not be read/);
    const record = byId('aamva-syn-00009');
    const { verification } = await verifyWithBack(t, blank, record.payload);
    expect(verification.doc_checks.document.decode_source).toBe('browser');
    expect(verification.doc_checks.document.identity.last_name).toBe(record.expected.last_name);
  });
});

describe('server decoder unavailable', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      componentPaths: { barcodeWasmPath: '/nonexistent/zxing_reader.wasm' },
    });
  });
  afterAll(async () => t.close());

  it('uses the browser string, adds server_barcode_decode_unavailable (neutral) and reports the degradation in /readyz', async () => {
    const record = byId('aamva-syn-00009');
    const { verification } = await verifyWithBack(
      t,
      await renderPdf417(record.payload, { scale: 3 }),
      record.payload,
    );
    expect(verification.decision_reasons).toContain('server_barcode_decode_unavailable');
    expect(verification.doc_checks.document.decode_source).toBe('browser');
    expect(verification.doc_checks.document.identity.first_name).toBe(record.expected.first_name);
    const decoder = await settledComponent(t, 'barcode_decoder');
    expect(decoder.status).toBe('degraded');
    expect(decoder.detail).toMatch(/^server decode unavailable/);
  });
});
