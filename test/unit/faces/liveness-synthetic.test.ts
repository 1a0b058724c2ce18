import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIONS, type Action } from '../../../bench/lib/liveness/actions.js';
import {
  MAX_PROMPTS,
  challengeSequence,
  guidedChallengeSequence,
  printedPhotoMoved,
  renderActionFrame,
  screenReplay,
} from '../../../bench/lib/liveness/index.js';
import { ACTION_METRIC, RECOMMENDED_ACTIONS } from '../../../bench/lib/liveness/measured-thresholds.js';
import { type FaceMetrics, faceMetrics, metricDelta } from '../../../bench/lib/liveness/metrics.js';
import { createFaceEngine } from '../../../src/adapters/ml/face-engine.js';
import type { FaceEngine } from '../../../src/core/faces/face-engine.js';
import { faceImage } from './face-fixtures.js';

/** Two people of different sex and group, both with clear margins in bench/liveness-actions.bench.ts. */
const PEOPLE = ['london/london_025_neutral.jpg', 'london/london_004_neutral.jpg'];

describe('synthetic active-liveness frames (bench/lib/liveness, documented in docs/research/liveness-actions.md)', () => {
  let engine: FaceEngine;
  beforeAll(() => {
    engine = createFaceEngine({ threads: 2, timeoutMs: 120_000 });
  });
  afterAll(async () => {
    await engine.close();
  });

  async function metricsOf(frame: Buffer): Promise<FaceMetrics> {
    const analysis = await engine.analyze(frame, { mesh: true });
    if (!analysis.ok) throw new Error(analysis.error);
    expect(analysis.faces).toHaveLength(1);
    return faceMetrics(analysis.faces[0]!);
  }

  it('is deterministic: the same seed gives the same bytes, another seed other bytes', async () => {
    const photo = faceImage(PEOPLE[0]!);
    const [a, b, c] = await Promise.all([
      renderActionFrame(photo, 'smile', { seed: 42 }),
      renderActionFrame(photo, 'smile', { seed: 42 }),
      renderActionFrame(photo, 'smile', { seed: 43 }),
    ]);
    expect(a!.equals(b!)).toBe(true);
    expect(a!.equals(c!)).toBe(false);
    const [first, second] = await Promise.all([
      challengeSequence(photo, ['turn_left', 'blink'], 7),
      challengeSequence(photo, ['turn_left', 'blink'], 7),
    ]);
    expect(first!.meta).toEqual(second!.meta);
    expect(first!.frames.every((frame, i) => frame.equals(second!.frames[i]!))).toBe(true);
    const [print1, print2] = await Promise.all([printedPhotoMoved(photo, 3), printedPhotoMoved(photo, 3)]);
    expect(print1!.every((frame, i) => frame.equals(print2![i]!))).toBe(true);
  });

  it('a challenge capture is 8 frames of one size: neutral at 0 ms, then each action twice, in order, at increasing offsets', async () => {
    const capture = await challengeSequence(
      faceImage(PEOPLE[1]!),
      ['look_up', 'open_mouth', 'turn_right'],
      11,
    );
    expect(capture.frames).toHaveLength(8);
    expect(capture.meta.map((m) => m.action)).toEqual([
      'neutral',
      'look_up',
      'look_up',
      'neutral',
      'open_mouth',
      'open_mouth',
      'turn_right',
      'turn_right',
    ]);
    expect(capture.meta[0]!.offset_ms).toBe(0);
    const offsets = capture.meta.map((m) => m.offset_ms);
    for (let i = 1; i < offsets.length; i++) expect(offsets[i]).toBeGreaterThan(offsets[i - 1]!);
    const sizes = await Promise.all(capture.frames.map((frame) => sharp(frame).metadata()));
    expect(new Set(sizes.map((m) => `${m.width}x${m.height}`)).size).toBe(1);
    expect(sizes[0]!.format).toBe('jpeg');
  });

  it('as the hosted flow sends it: the same capture when the live check sees each action, a later and stronger one when asked again', async () => {
    const photo = faceImage(PEOPLE[1]!);
    const actions: Action[] = ['turn_left', 'smile'];
    const plain = await challengeSequence(photo, actions, 9);
    const seen = await guidedChallengeSequence(photo, actions, 9, async () => true);
    expect(seen.prompts).toBe(0);
    expect(seen.meta).toEqual(plain.meta);
    expect(seen.frames.every((frame, i) => frame.equals(plain.frames[i]!))).toBe(true);

    const checked: Action[] = [];
    const never = await guidedChallengeSequence(photo, actions, 9, async (_first, _frame, action) => {
      checked.push(action);
      return false;
    });
    expect(never.prompts).toBe(MAX_PROMPTS * actions.length);
    expect(checked).toEqual(actions.flatMap((action) => Array(MAX_PROMPTS).fill(action)));
    expect(never.meta.map((m) => m.action)).toEqual(plain.meta.map((m) => m.action));
    expect(never.meta[1]!.offset_ms).toBeGreaterThanOrEqual(plain.meta[1]!.offset_ms + MAX_PROMPTS * 1_200);
    const turned = async (capture: { frames: Buffer[] }) =>
      Math.abs(metricDelta(await metricsOf(capture.frames[1]!), await metricsOf(capture.frames[0]!)).yawDeg);
    expect(await turned(never)).toBeGreaterThan(await turned(plain));
  });

  it.each(PEOPLE)(
    'every rendered action moves its own metric the expected way, the recommended ones past their threshold: %s',
    async (image) => {
      const photo = faceImage(image);
      const camera = { widthPx: 640, orientation: 'landscape' } as const;
      const neutral = await metricsOf(await renderActionFrame(photo, 'neutral', { seed: 1, ...camera }));
      const moved = Object.fromEntries(
        await Promise.all(
          ACTIONS.map(async (action: Action) => {
            const { metric, direction } = ACTION_METRIC[action];
            const frame = await renderActionFrame(photo, action, { seed: 2, ...camera });
            return [action, direction * metricDelta(await metricsOf(frame), neutral)[metric]] as const;
          }),
        ),
      );
      for (const action of ACTIONS) {
        // Blink is measured but not recommended (its change is small): only its direction is checked.
        const floor = RECOMMENDED_ACTIONS.includes(action) ? ACTION_METRIC[action].minDelta : 0;
        expect(moved[action], action).toBeGreaterThan(floor);
      }
    },
  );

  it('gives an attack the 8 frames of a capture', async () => {
    expect(await screenReplay(faceImage(PEOPLE[0]!), 5)).toHaveLength(8);
  });
});
