import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  challengeSequence,
  challengeTimeline,
  printedPhotoMoved,
  screenReplay,
  stillRepeated,
  type Action,
} from '../../bench/lib/liveness/index.js';
import { renderPdf417 } from '../helpers/barcode-images.js';
import { verifyCapture, type ChallengeReply } from '../helpers/session-flow.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';
import { syntheticRecords } from '../unit/documents/aamva-data.js';
import { faceImage } from '../unit/faces/face-fixtures.js';

const records = syntheticRecords();
const payloadOf = (id: string) => records.find((r) => r.id === id)!.payload;

/** Attack frames labelled as the challenge asks: an attacker's client can send any labels. */
async function labelled(frames: Buffer[], actions: string[], seed: number): Promise<ChallengeReply> {
  const timeline = challengeTimeline(actions as Action[], seed);
  return { frames, meta: timeline.map(({ action, offset_ms }) => ({ action, offset_ms })) };
}

/**
 * Active liveness through the HTTP API with the real face models (docs/faces.md, "Challenge"): the
 * selfie frames are synthetic, a test photo's face warped along its own 3-D mesh into the issued
 * actions (bench/lib/liveness). The portrait is the same person's ID-style photo.
 */
describe.each(engines)('liveness challenges with the face models on %s', (engine) => {
  let t: TestContext;
  let back: Buffer;
  beforeAll(async () => {
    t = await createTestApp(engine, { ml: true });
    back = await renderPdf417(payloadOf('aamva-syn-00000'), { scale: 3 });
  });
  afterAll(async () => t.close());

  const person = (id: string) => ({
    portrait: faceImage(`derived/idportrait_${id}.jpg`),
    photo: faceImage(`london/london_${id}_neutral.jpg`),
  });
  const verify = (id: string, answer: (actions: string[]) => Promise<ChallengeReply>) =>
    verifyCapture(t, { front: person(id).portrait, back, answer }, `challenge-${id}`);

  it('passes the sequence the challenge asked for: liveness above the threshold, every step seen', async () => {
    const v = await verify('034', (actions) =>
      challengeSequence(person('034').photo, actions as Action[], 11),
    );
    const liveness = v.doc_checks.liveness;
    expect(liveness.challenge, JSON.stringify(liveness)).toMatchObject({ passed: true, failure: null });
    expect(liveness.challenge.steps.every((s: { seen: boolean }) => s.seen)).toBe(true);
    expect(v.checks.liveness.score).toBeGreaterThanOrEqual(0.5);
    expect(v.decision_reasons).not.toContain('liveness_below_threshold');
    expect(v.decision_reasons).not.toContain('liveness_unavailable');
  });

  it('fails the same person’s frames made for another order of actions', async () => {
    const v = await verify('038', async (actions) => {
      const other = [...actions].reverse() as Action[];
      const reply = await challengeSequence(person('038').photo, other, 12);
      // Labelled as asked, but the faces perform the reversed order.
      return labelled(reply.frames, actions, 12);
    });
    expect(v.doc_checks.liveness.challenge).toMatchObject({ passed: false });
    expect(['action_not_seen', 'wrong_order']).toContain(v.doc_checks.liveness.challenge.failure);
    expect(v.decision_reasons).toContain('liveness_below_threshold');
    expect(v.checks.liveness.score).toBe(0);
  });

  it('fails a still photo repeated 8 times', async () => {
    const v = await verify('001', async (actions) =>
      labelled(await stillRepeated(person('001').photo), actions, 13),
    );
    expect(v.doc_checks.liveness.challenge).toMatchObject({ passed: false, failure: 'action_not_seen' });
    expect(v.decision_reasons).toContain('liveness_below_threshold');
  });

  it('fails a printed photo and a screen moved in the hand', async () => {
    for (const attack of [printedPhotoMoved, screenReplay]) {
      const v = await verify('012', async (actions) =>
        labelled(await attack(person('012').photo, 14), actions, 14),
      );
      expect(v.doc_checks.liveness.challenge, attack.name).toMatchObject({ passed: false });
      expect(v.decision_reasons).toContain('liveness_below_threshold');
    }
  });

  it('fails frames sent before in an earlier verification of the same key, and says so', async () => {
    let earlier: ChallengeReply | undefined;
    const first = await verify('024', async (actions) => {
      earlier = await challengeSequence(person('024').photo, actions as Action[], 15);
      return earlier;
    });
    expect(first.doc_checks.liveness.challenge.passed).toBe(true);
    const again = await verify('024', async (actions) => labelled(earlier!.frames, actions, 15));
    expect(again.doc_checks.liveness.challenge).toMatchObject({
      passed: false,
      failure: 'frames_seen_before',
    });
    expect(again.doc_checks.liveness.replayed_frames).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(again.decision_reasons).toContain('liveness_below_threshold');
  });

  it('caps a selfie without a challenge below the threshold: at best review', async () => {
    const { frames } = await challengeSequence(person('043').photo, ['turn_left', 'smile'], 16);
    const v = await verifyCapture(t, { front: person('043').portrait, back, frames }, 'no-challenge');
    expect(v.doc_checks.liveness.challenge).toBeNull();
    expect(v.checks.liveness.score).toBeLessThan(0.5);
    expect(v.decision_reasons).toContain('liveness_below_threshold');
    expect(v.decision).not.toBe('approve');
  });
});
