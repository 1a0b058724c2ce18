import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';
import { renderPdf417 } from '../helpers/barcode-images.js';
import { verifyCapture } from '../helpers/session-flow.js';
import { syntheticRecords } from '../unit/documents/aamva-data.js';
import { faceImage } from '../unit/faces/face-fixtures.js';
import { renderCardFront, renderSelfieFrame, seedOf } from '../../bench/lib/face-eval/render.js';
import { type FrontData, renderLicenceFront } from '../../bench/lib/licence-front/render.js';

/**
 * The licence front read through the API: the front is a rendered, photographed licence printing the
 * barcode's data (bench/lib/licence-front, the evaluation set's renderer), or the same front with its
 * date of birth changed, or a card with no printed fields. The OCR and face models run for real, so
 * this sits with the other model-backed API tests; the timeouts are for the shared 2-core machine.
 */
const TIMEOUT_MS = 600_000;

const record = syntheticRecords().find((r) => r.id === 'aamva-syn-00000')!;
const e = record.expected;
const printed: FrontData = {
  lastName: e.last_name!,
  firstName: e.first_name!,
  middleName: e.middle_name,
  dob: e.dob!,
  expiry: e.expiry,
  issueDate: e.issue_date,
  licenseNumber: e.license_number!,
  jurisdiction: e.jurisdiction!,
  country: 'USA',
  sex: e.sex,
};
const PORTRAIT = 'london/london_025_neutral.jpg';

/** One selfie for every verification of the file, rendered on first use (four frames cost about 1.4 s). */
let selfieFrames: Promise<Buffer[]> | undefined;

async function verifyFront(t: TestContext, front: Buffer, ref: string) {
  selfieFrames ??= Promise.all(
    Array.from({ length: 4 }, (_, k) =>
      renderSelfieFrame(faceImage('london/london_025_smiling.jpg'), seedOf(`licence-front-api|${k}`)),
    ),
  );
  const frames = await selfieFrames;
  return verifyCapture(t, { front, back: await renderPdf417(record.payload, { scale: 3 }), frames }, ref);
}

const licenceFront = async (data: FrontData) =>
  (await renderLicenceFront(data, 'us_labelled', 'clean', seedOf('licence-front-api'), faceImage(PORTRAIT)))
    .image;

describe.each(engines)('licence front against its barcode through the API on %s', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(engine, { sanctions: true, ml: true });
  }, TIMEOUT_MS);
  afterAll(async () => t.close());

  it(
    'a genuine front agrees with its barcode field by field',
    async () => {
      const v = await verifyFront(t, await licenceFront(printed), 'front-genuine');
      expect(v.decision_reasons).not.toContain('document_front_back_mismatch');
      expect(v.decision_reasons).not.toContain('document_front_unavailable');
      const front = v.doc_checks.document.front;
      expect(front.status).toBe('compared');
      expect(front.mismatched).toEqual([]);
      expect(front.fields.dob).toMatchObject({ read: e.dob, barcode: e.dob, agrees: true });
      expect(front.fields.license_number).toMatchObject({ agrees: true });
      expect(front.fields.last_name).toMatchObject({ read: e.last_name, agrees: true });
      expect(front.models.map((m: { name: string }) => m.name)).toEqual(['ppocrv4_det', 'ppocrv4_rec']);
    },
    TIMEOUT_MS,
  );

  it(
    'a front whose date of birth disagrees with the barcode is document_front_back_mismatch, at most review',
    async () => {
      const v = await verifyFront(t, await licenceFront({ ...printed, dob: '1979-08-23' }), 'front-tampered');
      expect(v.decision_reasons).toContain('document_front_back_mismatch');
      expect(v.decision).not.toBe('approve');
      const front = v.doc_checks.document.front;
      expect(front.mismatched).toEqual(['dob']);
      expect(front.fields.dob).toMatchObject({ read: '1979-08-23', barcode: e.dob, agrees: false });
      expect(front.fields.dob.confidence).toBeGreaterThanOrEqual(front.min_confidence);
    },
    TIMEOUT_MS,
  );

  it(
    'an unreadable front is neutral and noted',
    async () => {
      const card = await renderCardFront(faceImage(PORTRAIT), 'blur', seedOf('licence-front-api|blank'));
      const v = await verifyFront(t, card.image, 'front-unreadable');
      expect(v.decision_reasons).not.toContain('document_front_back_mismatch');
      expect(v.decision_reasons).not.toContain('document_front_unavailable');
      expect(v.doc_checks.document.front.status).toBe('unreadable');
    },
    TIMEOUT_MS,
  );
});

describe('licence front when the OCR models cannot load', () => {
  let t: TestContext;
  const emptyModelDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-no-ocr-models-'));
  beforeAll(async () => {
    t = await createTestApp('pglite', { ml: true, componentPaths: { ocrModelDir: emptyModelDir } });
  }, TIMEOUT_MS);
  afterAll(async () => {
    await t.close();
    fs.rmSync(emptyModelDir, { recursive: true, force: true });
  });

  it(
    'yields document_front_unavailable, never a silent pass',
    async () => {
      const v = await verifyFront(t, await licenceFront(printed), 'front-no-models');
      expect(v.decision_reasons).toContain('document_front_unavailable');
      expect(v.decision).not.toBe('approve');
      expect(v.doc_checks.document.front).toMatchObject({ status: 'unavailable' });
      expect(v.doc_checks.document.front.error).toMatch(/ppocr_keys_v1\.txt/);
    },
    TIMEOUT_MS,
  );
});
