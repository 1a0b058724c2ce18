import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, settledComponent, type TestContext } from '../helpers/test-app.js';
import { renderPdf417 } from '../helpers/barcode-images.js';
import { toB64 } from '../helpers/images.js';
import { verifyCapture } from '../helpers/session-flow.js';
import { syntheticRecords } from '../unit/documents/aamva-data.js';
import { buildSequence, faceImage } from '../unit/faces/face-fixtures.js';
import { challengeSequence, type Action } from '../../bench/lib/liveness/index.js';

const records = syntheticRecords();
const payloadOf = (id: string) => records.find((r) => r.id === id)!.payload;
/** Two valid, unexpired licences of different people (QUENTIN LEWIS, MARVIN VANDERBILT). */
const LICENCE_A = 'aamva-syn-00000';
const LICENCE_B = 'aamva-syn-00003';

type Capture = { portrait: Buffer; frames: Buffer[]; licence: string };

const verify = async (t: TestContext, capture: Capture) =>
  verifyCapture(
    t,
    {
      front: capture.portrait,
      back: await renderPdf417(payloadOf(capture.licence), { scale: 3 }),
      frames: capture.frames,
    },
    'faces',
  );

/** The same person answering the challenge the service issues (frames warped from one photo). */
const verifyAnswering = async (t: TestContext, capture: Omit<Capture, 'frames'> & { photo: Buffer }) =>
  verifyCapture(
    t,
    {
      front: capture.portrait,
      back: await renderPdf417(payloadOf(capture.licence), { scale: 3 }),
      answer: (actions) => challengeSequence(capture.photo, actions as Action[], 34),
    },
    'faces',
  );

describe.each(engines)('face checks through the HTTP API on %s', (engine) => {
  let t: TestContext;
  let person034: Capture;
  beforeAll(async () => {
    t = await createTestApp(engine, { sanctions: true, ml: true });
    person034 = {
      portrait: faceImage('derived/idportrait_034.jpg'),
      frames: await buildSequence([
        faceImage('london/london_034_neutral.jpg'),
        faceImage('london/london_034_smiling.jpg'),
      ]),
      licence: LICENCE_A,
    };
  });
  afterAll(async () => t.close());

  it('approves the same person: similarity and liveness above their thresholds, model versions recorded, no reason', async () => {
    const v = await verifyAnswering(t, {
      portrait: person034.portrait,
      photo: faceImage('london/london_034_neutral.jpg'),
      licence: LICENCE_A,
    });
    expect(v.decision_reasons).toEqual([]);
    expect(v.decision).toBe('approve');
    expect(v.score).toBe(100);
    expect(v.checks.face_match.similarity).toBeGreaterThanOrEqual(0.6);
    expect(v.checks.liveness.score).toBeGreaterThanOrEqual(0.5);
    expect(v.doc_checks.face_match.models.length).toBeGreaterThan(0);
    expect(v.doc_checks.face_dedupe.reason).toBe('no_matches');
  });

  it('returns returning_customer for the same face under the same name, and declines it under another name', async () => {
    const again = await verify(t, person034);
    expect(again.doc_checks.face_dedupe.reason).toBe('returning_customer');
    expect(again.decision_reasons).not.toContain('face_duplicate_different_identity');
    expect(again.doc_checks.face_dedupe.nearest.verification_id).toBeTruthy();

    const impostor = await verify(t, { ...person034, licence: LICENCE_B });
    expect(impostor.doc_checks.face_dedupe.reason).toBe('face_duplicate_different_identity');
    expect(impostor.decision_reasons).toContain('face_duplicate_different_identity');
    expect(impostor.decision).toBe('decline');
  });

  it('gives face_match_below_threshold when the selfie shows someone else', async () => {
    const v = await verify(t, {
      portrait: faceImage('derived/idportrait_034.jpg'),
      frames: await buildSequence([
        faceImage('london/london_030_neutral.jpg'),
        faceImage('london/london_030_smiling.jpg'),
      ]),
      licence: LICENCE_B,
    });
    expect(v.decision_reasons).toContain('face_match_below_threshold');
    expect(v.checks.face_match.similarity).toBeLessThan(0.6);
  });

  it('scores a printed photo held to the camera below the liveness threshold', async () => {
    const print = faceImage('derived/sim_print_005.jpg');
    const v = await verify(t, {
      portrait: faceImage('derived/idportrait_012.jpg'),
      frames: await buildSequence([print]),
      licence: LICENCE_B,
    });
    expect(v.decision_reasons).toContain('liveness_below_threshold');
    expect(v.checks.liveness.score).toBeLessThan(0.5);
    expect(v.doc_checks.liveness).toBeTruthy();
  });

  it('keeps a blocklist of face templates that makes a match face_seen_before', async () => {
    const key = { 'x-api-key': t.rootKey };
    const add = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/faces/blocklist',
        headers: { ...key, 'idempotency-key': 'blocklist-add-1' },
        payload: { label: 'known fraud ring', image_b64: toB64(faceImage('london/london_062_neutral.jpg')) },
      });
    const added = await add();
    expect(added.statusCode).toBe(201);
    // A retried add with the same Idempotency-Key answers the first entry and adds none.
    const retried = await add();
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(retried.json()).toEqual(added.json());
    const rows = await t.platform.database.db.selectFrom('face_blocklist').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.embedding).toHaveLength(128);
    const listed = (await t.app.inject({ method: 'GET', url: '/v1/faces/blocklist', headers: key })).json();
    expect(listed.map((e: { label: string }) => e.label)).toContain('known fraud ring');

    const v = await verify(t, {
      portrait: faceImage('london/london_062_neutral.jpg'),
      frames: await buildSequence([
        faceImage('london/london_062_neutral.jpg'),
        faceImage('london/london_062_smiling.jpg'),
      ]),
      licence: LICENCE_B,
    });
    expect(v.doc_checks.face_dedupe.reason).toBe('face_seen_before');
    expect(v.decision_reasons).toContain('face_seen_before');

    const narrow = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/keys',
        headers: key,
        payload: { label: 'reader', scopes: ['verifications:read'] },
      })
    ).json();
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/v1/faces/blocklist',
          headers: { 'x-api-key': narrow.api_key },
        })
      ).statusCode,
    ).toBe(403);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/v1/faces/blocklist/${added.json().id}`,
      headers: key,
    });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/v1/faces/blocklist/${added.json().id}`, headers: key }))
        .statusCode,
    ).toBe(404);
  });
});

describe('face models that fail to load', () => {
  let t: TestContext;
  const emptyModelDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-no-models-'));
  beforeAll(async () => {
    t = await createTestApp('pglite', { ml: true, componentPaths: { faceModelDir: emptyModelDir } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(emptyModelDir, { recursive: true, force: true });
  });

  it('yield face_match_unavailable and liveness_unavailable, capped at review, and /readyz says so', async () => {
    const v = await verify(t, {
      portrait: faceImage('derived/idportrait_034.jpg'),
      frames: await buildSequence([faceImage('london/london_034_neutral.jpg')]),
      licence: LICENCE_A,
    });
    expect(v.decision_reasons).toEqual(
      expect.arrayContaining(['face_match_unavailable', 'liveness_unavailable']),
    );
    expect(v.decision).not.toBe('approve');
    expect(v.checks.face_match.status).toBe('unavailable');
    const faceModels = await settledComponent(t, 'face_models');
    expect(faceModels.status).toBe('unavailable');
    expect(faceModels.detail).toMatch(/^face models failed to load/);
  });
});
