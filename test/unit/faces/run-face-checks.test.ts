import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaceEngine } from '../../../src/adapters/ml/face-engine.js';
import type { FaceEngine } from '../../../src/core/faces/face-engine.js';
import { FACE_MATCH_THRESHOLD } from '../../../src/core/faces/face-similarity.js';
import { LIVENESS_THRESHOLD, UNCHALLENGED_SCORE_CAP } from '../../../src/core/faces/liveness.js';
import { runFaceChecks } from '../../../src/core/faces/run-face-checks.js';
import { buildSequence, faceImage, noFaceImage, twoFaceImage } from './face-fixtures.js';

describe('runFaceChecks on the real engine', () => {
  let engine: FaceEngine;
  let selfie001: Buffer[];
  beforeAll(async () => {
    engine = createFaceEngine({ threads: 2, timeoutMs: 60_000 });
    selfie001 = await buildSequence([
      faceImage('london/london_001_neutral.jpg'),
      faceImage('london/london_001_smiling.jpg'),
    ]);
  });
  afterAll(async () => {
    await engine.close();
  });

  it("matches an ID portrait to the same person's selfie frames, scores their motion and returns a unit-length template", async () => {
    const result = await runFaceChecks({
      engine,
      portrait: faceImage('derived/idportrait_001.jpg'),
      frames: selfie001,
    });
    expect(result.faceMatch.status).toBe('ok');
    if (result.faceMatch.status !== 'ok') return;
    expect(result.faceMatch.similarity).toBeGreaterThanOrEqual(FACE_MATCH_THRESHOLD);
    expect(result.faceMatch.detail).toMatchObject({ portraitFaces: 1, selfieFramesUsed: 8, threshold: 0.6 });
    expect('models' in result.faceMatch.detail && result.faceMatch.detail.models).toHaveLength(3);
    expect(result.liveness).toMatchObject({ status: 'ok' });
    if (result.liveness.status === 'ok') {
      // Without a challenge the motion evidence alone decides, capped below the threshold.
      const { detail } = result.liveness;
      const motion = 'motionScore' in detail ? detail.motionScore : Number.NaN;
      expect(result.liveness.score).toBe(Math.min(motion, UNCHALLENGED_SCORE_CAP));
      expect(result.liveness.score).toBeLessThan(LIVENESS_THRESHOLD);
      expect('models' in detail && detail.models).toHaveLength(3);
    }
    expect(result.template).toHaveLength(128);
    expect(Math.hypot(...result.template!)).toBeCloseTo(1, 5);
    expect(result.mlDurationMs).toBeGreaterThan(0);
  });

  it("gives another person's portrait a similarity under 0.6", async () => {
    const result = await runFaceChecks({
      engine,
      portrait: faceImage('derived/idportrait_012.jpg'),
      frames: selfie001,
    });
    expect(result.faceMatch.status).toBe('ok');
    if (result.faceMatch.status === 'ok')
      expect(result.faceMatch.similarity).toBeLessThan(FACE_MATCH_THRESHOLD);
  });

  it('a portrait without a face is a result (similarity null, no_face_in_portrait), not unavailable', async () => {
    const result = await runFaceChecks({
      engine,
      portrait: await noFaceImage(),
      frames: selfie001.slice(0, 3),
    });
    expect(result.faceMatch).toMatchObject({
      status: 'ok',
      similarity: null,
      detail: { reason: 'no_face_in_portrait', portraitFaces: 0 },
    });
    expect(result.liveness.status).toBe('ok');
    expect(result.template).toHaveLength(128);
  });

  it('a portrait with two faces is a result (similarity null, multiple_faces_in_portrait)', async () => {
    const portrait = await twoFaceImage(
      faceImage('london/london_025_neutral.jpg'),
      faceImage('london/london_062_neutral.jpg'),
    );
    const result = await runFaceChecks({ engine, portrait, frames: selfie001.slice(0, 3) });
    expect(result.faceMatch).toMatchObject({
      status: 'ok',
      similarity: null,
      detail: { reason: 'multiple_faces_in_portrait', portraitFaces: 2 },
    });
  });

  it('selfie frames without a face, or with two, give similarity null, liveness 0 and no template', async () => {
    const empty = await noFaceImage();
    const pair = await twoFaceImage(
      faceImage('london/london_001_neutral.jpg'),
      faceImage('london/london_002_neutral.jpg'),
    );
    const result = await runFaceChecks({
      engine,
      portrait: faceImage('derived/idportrait_001.jpg'),
      frames: [empty, pair, empty],
    });
    expect(result.faceMatch).toMatchObject({
      status: 'ok',
      similarity: null,
      detail: { reason: 'no_single_face_in_selfie', selfieFramesUsed: 0 },
    });
    expect(result.liveness).toMatchObject({
      status: 'ok',
      score: 0,
      detail: { framesUsed: 0, frameNotes: ['frame 0: no face', 'frame 1: 2 faces', 'frame 2: no face'] },
    });
    expect(result.template).toBeNull();
  });

  it('an undecodable frame is left out with a note; the rest still count', async () => {
    const frames = [Buffer.from('not a jpeg'), ...selfie001.slice(0, 4)];
    const result = await runFaceChecks({ engine, portrait: faceImage('derived/idportrait_001.jpg'), frames });
    expect(result.liveness).toMatchObject({
      status: 'ok',
      detail: { framesUsed: 4, frameNotes: ['frame 0: unreadable'] },
    });
    expect(result.faceMatch).toMatchObject({ status: 'ok', detail: { selfieFramesUsed: 4 } });
  });

  it('uses only the first 8 frames', async () => {
    const frames = [...selfie001, await noFaceImage(), await noFaceImage()];
    const result = await runFaceChecks({ engine, portrait: faceImage('derived/idportrait_001.jpg'), frames });
    expect(result.liveness).toMatchObject({ status: 'ok', detail: { frames: 8, framesUsed: 8 } });
  });
});
