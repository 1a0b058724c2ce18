import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createOcrEngine } from '../../../src/adapters/ml/ocr-engine.js';
import { judgeMrzRead } from '../../../src/checks/mrz-check.js';
import { faceImage } from '../faces/face-fixtures.js';
import { untilReady } from '../../helpers/engine-ready.js';

/**
 * The zone reader on the OCR engine's worker thread, on the test-mode samples (a passport data page,
 * an identity card's back and front, drawn by test/helpers/make-mrz-test-samples.ts).
 */
const sample = (file: string) =>
  fs.readFileSync(new URL(`../../../src/adapters/test-samples/${file}`, import.meta.url));
const TODAY = new Date().toISOString().slice(0, 10);

describe('MRZ reader', () => {
  const engine = createOcrEngine({ timeoutMs: 60_000 });
  afterAll(() => engine.close());

  it('reads a passport data page: every check digit, the holder, and the visual zone agreeing', async () => {
    expect((await untilReady(() => engine.ready())).ok).toBe(true);
    const outcome = await engine.readMrz(sample('passport-data-page.jpg'));
    expect(outcome.status).toBe('ok');
    if (outcome.status !== 'ok') return;
    expect(outcome.mrz).toMatchObject({
      format: 'TD3',
      documentCode: 'P',
      issuingState: 'UTO',
      surname: 'SAMPLE',
      givenNames: 'JANE TESTMODE',
      documentNumber: 'T12345678',
      birthDate: '1990-01-15',
      sex: 'F',
      expiryDate: '2040-01-15',
      valid: true,
    });
    expect(outcome.visualZone.birthDate.value).toBe('1990-01-15');
    const check = judgeMrzRead(outcome, TODAY);
    expect(check.reasons).toEqual([]);
    expect(check.identity).toMatchObject({ lastName: 'SAMPLE', firstName: 'JANE', middleName: 'TESTMODE' });
  });

  it("reads an identity card's zone on its back and its visual zone on its front", async () => {
    const outcome = await engine.readMrz(sample('id-card-back.jpg'), sample('id-card-front.jpg'));
    expect(outcome.status).toBe('ok');
    if (outcome.status !== 'ok') return;
    expect(outcome.mrz).toMatchObject({
      format: 'TD1',
      documentCode: 'ID',
      documentNumber: 'T12345678',
      valid: true,
    });
    expect(outcome.visualZone.documentNumber.value).toBe('T12345678');
    expect(judgeMrzRead(outcome, TODAY).reasons).toEqual([]);
  });

  it('finds no zone on a photo without one, and refuses bytes that are no image', async () => {
    expect((await engine.readMrz(faceImage('london/london_025_neutral.jpg'))).status).toBe('not_found');
    expect((await engine.readMrz(Buffer.from('not an image'))).status).toBe('invalid_image');
  });
});
