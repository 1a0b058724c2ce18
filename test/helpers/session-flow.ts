import { docChecksSchema } from '../../src/core/check-results.js';
import { expect } from 'vitest';
import { plainJpeg, toB64 } from './images.js';
import type { TestContext } from './test-app.js';

/** An AAMVA back-of-licence string as the browser's reader would send it. */
export const SAMPLE_BARCODE =
  '@\n\x1e\rANSI 636014080102DL00410276ZC03170024DLDAQD1234562\nDCSSAMPLE\nDDEN\nDACMICHAEL\nDDFN\nDADJOHN\nDDGN\nDCAC\nDCBNONE\nDCDNONE\nDBD06062016\nDBB06061986\nDBA06062030\nDBC1\nDAU068 in\nDAYBRO\nDAG2300 WEST BROAD STREET\nDAIRICHMOND\nDAJVA\nDAK232690000  \nDCF2424244747474786102204\nDCGUSA\nDCK123456789\nDDAF\nDDB06062008\nDDJ06062037\r';

/** Creates a verification with `apiKey` and walks it through the whole session to a decision over HTTP. */
export async function decidedVerification(
  t: TestContext,
  apiKey = t.rootKey,
): Promise<{ id: string; client_token: string }> {
  const verification = await verificationReadyToSubmit(t, apiKey);
  const submitted = await t.app.inject({
    method: 'POST',
    url: '/v1/session/submit',
    headers: { 'x-client-token': verification.client_token },
    payload: {},
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  return verification;
}

/**
 * Creates a verification with `apiKey`; `post` posts to a session route with its client token, and
 * `step` does so expecting 200.
 */
export async function startSession(t: TestContext, apiKey: string, externalRef: string) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/verifications',
    headers: { 'x-api-key': apiKey },
    payload: { external_ref: externalRef },
  });
  expect(created.statusCode).toBe(201);
  const { id, client_token } = created.json() as { id: string; client_token: string };
  const post = (url: string, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'x-client-token': client_token },
      ...(payload ? { payload } : {}),
    });
  const step = async (url: string, payload: object) => {
    const res = await post(url, payload);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  };
  return { id, client_token, step, post };
}

/** POST /v1/session/submit with nothing more: for a verification whose inputs are all uploaded. */
export function submitUploaded(t: TestContext, clientToken: string) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/session/submit',
    headers: { 'x-client-token': clientToken },
    payload: {},
  });
}

/** Creates a verification with `apiKey` and uploads everything (consent, both sides, selfie) short of submit. */
export async function verificationReadyToSubmit(
  t: TestContext,
  apiKey = t.rootKey,
): Promise<{ id: string; client_token: string }> {
  const jpeg = await plainJpeg();
  const { id, client_token, step } = await startSession(t, apiKey, 'decided-in-test');
  await step('/v1/session/consent', { consent: true });
  await step('/v1/session/document', { side: 'front', image_b64: toB64(jpeg) });
  await step('/v1/session/document', { side: 'back', image_b64: toB64(jpeg), barcode: SAMPLE_BARCODE });
  await step('/v1/session/selfie', { frames_b64: [toB64(jpeg), toB64(jpeg)] });
  return { id, client_token };
}

/**
 * Stores a face template for a verification as the checks would, for suites that run with ML off
 * (their decisions store none). The embedding is random: unique to this verification.
 */
export async function rememberTemplate(t: TestContext, verificationId: string): Promise<void> {
  await t.platform.transact((tx) =>
    tx.faces.remember({
      verificationId,
      apiKeyId: 1,
      identity: { name: 'MICHAEL JOHN SAMPLE', dob: '1986-06-06' },
      embedding: Array.from({ length: 128 }, () => Math.random() / 8),
      at: t.clock.now(),
    }),
  );
}

/** Frames answering a challenge, each labelled with its action and time (ms after the challenge was shown). */
export type ChallengeReply = { frames: Buffer[]; meta: { action: string; offset_ms: number }[] };

/**
 * A complete verification as a user's browser makes it: consent, the licence front (`front`) and
 * back (`back`, a PDF417 image), then the selfie, submitted; returns the verification's detail as
 * the merchant reads it. The selfie is either plain `frames` (no challenge), or `answer`: the capture
 * asks for a liveness challenge and answers its actions (the test clock moves on by the frames' span).
 */
export async function verifyCapture(
  t: TestContext,
  capture: { front: Buffer; back: Buffer } & (
    { frames: Buffer[] } | { answer: (actions: string[]) => Promise<ChallengeReply> }
  ),
  externalRef: string,
) {
  const { id, step: call, post } = await startSession(t, t.rootKey, externalRef);
  await call('/v1/session/consent', { consent: true });
  await call('/v1/session/document', { side: 'front', image_b64: toB64(capture.front) });
  await call('/v1/session/document', { side: 'back', image_b64: toB64(capture.back) });
  if ('frames' in capture) {
    await call('/v1/session/submit', { frames_b64: capture.frames.map(toB64) });
  } else {
    const challenge = (await post('/v1/session/challenge')).json().liveness_challenge;
    const reply = await capture.answer(challenge.actions);
    t.clock.advanceSeconds(Math.ceil(Math.max(...reply.meta.map((m) => m.offset_ms)) / 1000) + 1);
    await call('/v1/session/submit', {
      frames_b64: reply.frames.map(toB64),
      liveness_challenge: {
        id: challenge.id,
        frames: reply.meta.map((m) => ({ action: m.action, captured_at_ms: m.offset_ms })),
      },
    });
  }
  await expectStoredDocChecksDeclared(t, id);
  return verificationDetail(t, id);
}

/**
 * The stored `doc_checks` of a decided verification fit the API's schema with nothing to drop: parsing
 * strips what the schema does not declare, so a field a check adds without declaring it fails here,
 * on every capture the model-backed suites decide.
 */
async function expectStoredDocChecksDeclared(t: TestContext, id: string): Promise<void> {
  const stored = await t.platform.stores.verifications.findById(id, t.clock.now());
  if (stored?.status !== 'decided') return;
  expect(docChecksSchema.parse(stored.doc_checks)).toEqual(stored.doc_checks);
}

/** The verification's detail as the merchant (`apiKey`) reads it. */
export async function verificationDetail(t: TestContext, id: string, apiKey = t.rootKey) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/v1/verifications/${id}`,
    headers: { 'x-api-key': apiKey },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
