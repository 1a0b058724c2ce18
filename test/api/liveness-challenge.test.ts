import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTION_WINDOW_MS,
  ISSUED_ACTIONS,
  ANSWER_WINDOW_MS,
  MAX_ACTION_WINDOW_MS,
  MAX_CHALLENGES_PER_VERIFICATION,
} from '../../src/core/faces/challenge.js';
import { plainJpeg, toB64 } from '../helpers/images.js';
import { SAMPLE_BARCODE, startSession } from '../helpers/session-flow.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';

const HEAD = ['turn_left', 'turn_right', 'look_up', 'look_down'];

/**
 * The challenge protocol over HTTP (docs/faces.md, "Challenge"), with ML off: issuing, the session
 * state, the answer's shape, and what is stored when an answer cannot count. What the checks make of
 * an answer is covered with the face models in test/api/faces-challenge.test.ts.
 */
describe.each(engines)('liveness challenges on %s', (engine) => {
  let t: TestContext;
  let jpeg: Buffer;
  beforeAll(async () => {
    t = await createTestApp(engine);
    jpeg = await plainJpeg();
  });
  afterAll(async () => t.close());

  const session = () => startSession(t, t.rootKey, 'challenge-test');

  const labels = (count: number, action = 'neutral') =>
    Array.from({ length: count }, (_, i) => ({ action, captured_at_ms: i * 300 }));

  async function storedAnswer(verificationId: string) {
    return t.modules.verifications.deps.challenges.selfieAnswer(verificationId);
  }

  it('issues 2–3 random actions, at least one head and one face movement, to be answered within 2 minutes', async () => {
    const { id, post } = await session();
    expect((await post('/v1/session/challenge')).json()).toEqual({
      detail: 'consent is required to proceed',
    });
    await post('/v1/session/consent', { consent: true });

    const seen = new Set<string>();
    for (let i = 0; i < MAX_CHALLENGES_PER_VERIFICATION; i++) {
      const res = await post('/v1/session/challenge');
      expect(res.statusCode, res.body).toBe(200);
      const state = res.json();
      const challenge = state.liveness_challenge;
      expect(challenge.id).toMatch(/^lch_[\w-]{22}$/);
      expect(challenge.actions.length).toBeGreaterThanOrEqual(2);
      expect(challenge.actions.length).toBeLessThanOrEqual(3);
      expect(new Set(challenge.actions).size).toBe(challenge.actions.length);
      for (const action of challenge.actions) expect(ISSUED_ACTIONS).toContain(action);
      expect(challenge.actions.some((a: string) => HEAD.includes(a))).toBe(true);
      expect(challenge.actions.some((a: string) => !HEAD.includes(a))).toBe(true);
      expect(challenge).toMatchObject({
        answered: false,
        action_window_ms: ACTION_WINDOW_MS,
        max_action_window_ms: MAX_ACTION_WINDOW_MS,
      });
      // The server's own clock bounds the answer: issue to receipt, not the token's 30 minutes.
      expect(Date.parse(`${challenge.expires_at}Z`) - Date.parse(`${challenge.issued_at}Z`)).toBe(
        ANSWER_WINDOW_MS,
      );
      seen.add(challenge.id);
    }
    expect(seen.size).toBe(MAX_CHALLENGES_PER_VERIFICATION);

    const detail = await t.app.inject({
      method: 'GET',
      url: `/v1/verifications/${id}`,
      headers: { 'x-api-key': t.rootKey },
    });
    const issued = detail
      .json()
      .audit_log.filter((e: { event: string }) => e.event === 'liveness_challenge.issued');
    expect(issued).toHaveLength(MAX_CHALLENGES_PER_VERIFICATION);
    expect(issued[0].actor).toBe('end_user');
  });

  it(`refuses more than ${MAX_CHALLENGES_PER_VERIFICATION} challenges per verification with 409`, async () => {
    const { post } = await session();
    await post('/v1/session/consent', { consent: true });
    for (let i = 0; i < MAX_CHALLENGES_PER_VERIFICATION; i++)
      expect((await post('/v1/session/challenge')).statusCode).toBe(200);
    const refused = await post('/v1/session/challenge');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      detail: `this verification has been issued ${MAX_CHALLENGES_PER_VERIFICATION} liveness challenges, the most it can have`,
    });
  });

  it('wants one label per frame, and frames rather than a video, and stores nothing otherwise', async () => {
    const { id, post } = await session();
    await post('/v1/session/consent', { consent: true });
    const challengeId = (await post('/v1/session/challenge')).json().liveness_challenge.id;
    const frames = [toB64(jpeg), toB64(jpeg), toB64(jpeg)];

    const mismatched = await post('/v1/session/selfie', {
      frames_b64: frames,
      liveness_challenge: { id: challengeId, frames: labels(2) },
    });
    expect(mismatched.statusCode).toBe(422);
    expect(mismatched.json().detail[0]).toMatchObject({
      loc: ['body', 'liveness_challenge', 'frames'],
      type: 'value_error',
    });

    const video = await post('/v1/session/selfie', {
      video_b64: toB64(jpeg),
      liveness_challenge: { id: challengeId, frames: labels(3) },
    });
    expect(video.statusCode).toBe(422);
    expect(video.json().detail[0].loc).toEqual(['body', 'liveness_challenge']);

    const badLabel = await post('/v1/session/selfie', {
      frames_b64: frames,
      liveness_challenge: { id: challengeId, frames: labels(3, 'wave') },
    });
    expect(badLabel.statusCode).toBe(422);

    const state = (await post('/v1/session/consent', { consent: true })).json();
    expect(state.steps.selfie).toBe('pending');
    expect(state.liveness_challenge.answered).toBe(false);
    expect(await storedAnswer(id)).toBeNull();
  });

  it('takes a challenge once: the newest, unanswered and unexpired; otherwise keeps why not', async () => {
    const { id, post } = await session();
    await post('/v1/session/consent', { consent: true });
    const frames = [toB64(jpeg), toB64(jpeg)];
    const answer = (challengeId: string) =>
      post('/v1/session/selfie', {
        frames_b64: frames,
        liveness_challenge: { id: challengeId, frames: labels(2) },
      });

    const first = (await post('/v1/session/challenge')).json().liveness_challenge;
    const second = (await post('/v1/session/challenge')).json().liveness_challenge;

    expect((await answer(first.id)).statusCode).toBe(200);
    expect(await storedAnswer(id)).toMatchObject({ challengeId: first.id, problem: 'challenge_superseded' });

    expect((await answer('lch_not-one-of-ours')).statusCode).toBe(200);
    expect(await storedAnswer(id)).toMatchObject({ actions: [], problem: 'unknown_challenge' });

    const answered = await answer(second.id);
    expect(answered.json().liveness_challenge).toMatchObject({ id: second.id, answered: true });
    const stored = await storedAnswer(id);
    expect(stored).toMatchObject({ challengeId: second.id, actions: second.actions, problem: null });
    expect(stored!.frames).toEqual([
      { action: 'neutral', capturedAtMs: 0 },
      { action: 'neutral', capturedAtMs: 300 },
    ]);

    expect((await answer(second.id)).statusCode).toBe(200);
    expect(await storedAnswer(id)).toMatchObject({ problem: 'challenge_reused' });

    // Frames sent again without a challenge drop the earlier answer: it went with the frames it labelled.
    await post('/v1/session/selfie', { frames_b64: frames });
    expect(await storedAnswer(id)).toBeNull();
  });

  it('does not take a challenge past the client token’s expiry', async () => {
    const { id, post } = await session();
    await post('/v1/session/consent', { consent: true });
    const challenge = (await post('/v1/session/challenge')).json().liveness_challenge;
    const expiresAt = new Date(`${challenge.expires_at}Z`);
    const now = t.clock.now();
    // The token itself expires then too, so the answer is written directly as the session would.
    t.clock.set(new Date(expiresAt.getTime() + 1000));
    const answer = await t.platform.transact((tx) =>
      tx.challenges.answer({
        verificationId: id,
        challengeId: challenge.id,
        frames: [{ action: 'neutral', capturedAtMs: 0 }],
        actionWindowMs: ACTION_WINDOW_MS,
        at: t.clock.now(),
      }),
    );
    t.clock.set(now);
    expect(answer.problem).toBe('challenge_expired');
  });

  it('keeps the window an answer gave its actions, between the challenge’s and the widest, or answers 422', async () => {
    const { id, post } = await session();
    await post('/v1/session/consent', { consent: true });
    const challengeId = (await post('/v1/session/challenge')).json().liveness_challenge.id;
    const frames = [toB64(jpeg), toB64(jpeg)];
    for (const actionWindowMs of [ACTION_WINDOW_MS - 1, MAX_ACTION_WINDOW_MS + 1, 30_000.5]) {
      const refused = await post('/v1/session/selfie', {
        frames_b64: frames,
        liveness_challenge: { id: challengeId, frames: labels(2), action_window_ms: actionWindowMs },
      });
      expect(refused.statusCode, String(actionWindowMs)).toBe(422);
      expect(refused.json().detail[0].loc).toEqual(['body', 'liveness_challenge', 'action_window_ms']);
    }
    expect(await storedAnswer(id)).toBeNull();

    const widened = await post('/v1/session/selfie', {
      frames_b64: frames,
      liveness_challenge: { id: challengeId, frames: labels(2), action_window_ms: MAX_ACTION_WINDOW_MS },
    });
    expect(widened.statusCode, widened.body).toBe(200);
    expect(await storedAnswer(id)).toMatchObject({ actionWindowMs: MAX_ACTION_WINDOW_MS, problem: null });
  });

  it('keeps the answer given at submit with the frames submitted', async () => {
    const { id, post } = await session();
    await post('/v1/session/consent', { consent: true });
    await post('/v1/session/document', { side: 'front', image_b64: toB64(jpeg) });
    await post('/v1/session/document', { side: 'back', image_b64: toB64(jpeg), barcode: SAMPLE_BARCODE });
    const challenge = (await post('/v1/session/challenge')).json().liveness_challenge;
    const submitted = await post('/v1/session/submit', {
      frames_b64: [toB64(jpeg), toB64(jpeg)],
      liveness_challenge: { id: challenge.id, frames: labels(2) },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().liveness_challenge.answered).toBe(true);
    expect(await storedAnswer(id)).toMatchObject({
      challengeId: challenge.id,
      actionWindowMs: ACTION_WINDOW_MS,
      problem: null,
    });
  });
});
