import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaceEngine } from '../../../src/adapters/ml/face-engine.js';
import type { FaceAnalysis, FaceEngine } from '../../../src/core/faces/face-engine.js';
import { euclideanDistance } from '../../../src/core/faces/face-similarity.js';
import { runFaceChecks } from '../../../src/core/faces/run-face-checks.js';
import { renderCardFront, seedOf } from '../../../bench/lib/face-eval/render.js';
import { buildSequence, faceImage } from './face-fixtures.js';
import { untilReady } from '../../helpers/engine-ready.js';

function facesOf(analysis: FaceAnalysis) {
  if (!analysis.ok) throw new Error(`analysis failed: ${analysis.error}`);
  return analysis.faces;
}

describe('face engine (YuNet, MobileFaceNet and the face mesh on onnxruntime-node, mesh on demand, worker threads)', () => {
  let engine: FaceEngine;
  beforeAll(() => {
    engine = createFaceEngine({ threads: 2, timeoutMs: 60_000 });
  });
  afterAll(async () => {
    await engine.close();
  });

  it('loads the vendored ONNX models, and names their versions with a hash of the weights', async () => {
    const status = await engine.ready();
    expect(status.ok).toBe(true);
    if (!status.ok) return;
    expect(status.models.map((m) => m.name)).toEqual([
      'onnx/yunet_s_dynamic',
      'onnx/mobilefacenet_arcface_v1',
      'onnx/mediapipe_face_landmark_468',
    ]);
    expect(status.models[0]!.version).toBe('onnxruntime-node 1.30.0+sha256.daede24002cc');
    expect(status.models[1]!.version).toBe('onnxruntime-node 1.30.0+sha256.b7120c095d60');
    expect(status.models[2]!.version).toBe('onnxruntime-node 1.30.0+sha256.ed487104519b');
  });

  it('finds one face with a unit-length 128-d embedding, five landmarks and yaw; every result names the models', async () => {
    const analysis = await engine.analyze(faceImage('london/london_025_neutral.jpg'));
    const [face, ...rest] = facesOf(analysis);
    expect(rest).toHaveLength(0);
    expect(face!.descriptor).toHaveLength(128);
    expect(face!.descriptor.every(Number.isFinite)).toBe(true);
    expect(Math.hypot(...face!.descriptor)).toBeCloseTo(1, 5);
    expect(face!.score).toBeGreaterThan(0.9);
    expect(Math.abs(face!.yawDeg!)).toBeLessThan(10);
    expect(face!.landmarks).toHaveLength(5);
    expect(face!.mesh).toBeNull();
    expect(face!.pitchDeg).toBeNull();
    expect(face!.sharpness).toBeGreaterThan(0);
    expect(analysis.models).toHaveLength(3);
    expect(analysis.durationMs).toBeGreaterThan(0);
  });

  it('adds the 468-point mesh and pitch only when asked, with the same embedding', async () => {
    const image = faceImage('london/london_025_smiling.jpg');
    const [plain] = facesOf(await engine.analyze(image));
    const [meshed] = facesOf(await engine.analyze(image, { mesh: true }));
    expect(meshed!.mesh).toHaveLength(468);
    expect(meshed!.pitchDeg).not.toBeNull();
    expect(meshed!.descriptor).toEqual(plain!.descriptor);
    // The mesh lies on the face the detector found.
    const [noseX, noseY] = meshed!.landmarks[2]!;
    const [meshNoseX, meshNoseY] = meshed!.mesh![1]!;
    expect(Math.hypot(noseX - meshNoseX, noseY - meshNoseY)).toBeLessThan(0.1 * meshed!.box.height);
  });

  it('applies EXIF orientation: a tagged phone photo describes like its upright copy; its raw pixels lie sideways, with no face found', async () => {
    const tagged = faceImage('antispoof_samples/sfas_image_T1.jpg');
    expect((await sharp(tagged).metadata()).orientation).toBe(6);
    const upright = await sharp(tagged).rotate().jpeg({ quality: 95 }).toBuffer();
    const rawPixels = await sharp(tagged).jpeg({ quality: 95 }).toBuffer();
    const [a, b, c] = await Promise.all([tagged, upright, rawPixels].map((image) => engine.analyze(image)));
    const [taggedFace] = facesOf(a!);
    const [uprightFace] = facesOf(b!);
    const toUpright = euclideanDistance(taggedFace!.descriptor, uprightFace!.descriptor);
    expect(toUpright).toBeLessThan(0.1);
    expect(facesOf(c!)).toHaveLength(0);
    expect(taggedFace!.box.height).toBeGreaterThan(0);
  });

  it('finds a portrait the whole-card search misses by searching the card again in tiles', async () => {
    // The evaluation set's blurred card of zoom_60cm (bench/face-eval): the face is small in that
    // photo, about 70 px tall on a 1649-px card, and the detector finds nothing on the whole card.
    const image = 'cc0_same_person/zoom_60cm.jpg';
    const card = await renderCardFront(faceImage(image), 'blur', seedOf(`${image}|blur`));
    const analysis = await engine.analyzePortrait(card.image);
    if (!analysis.ok) throw new Error(`analysis failed: ${analysis.error}`);
    expect(analysis.problem).toBeNull();
    expect(analysis.cardFaces).toHaveLength(1);
    expect(analysis.portrait!.faceHeightPx).toBeGreaterThan(60);
    expect(analysis.portrait!.faceHeightPx).toBeLessThan(80);
    expect(analysis.portrait!.face.descriptor).toHaveLength(128);
  });

  it('reports bytes that are not an image as invalid_image, not as an engine failure', async () => {
    const analysis = await engine.analyze(Buffer.from('not an image'));
    expect(analysis).toMatchObject({ ok: false, reason: 'invalid_image' });
    expect(analysis.models).toHaveLength(3);
  });
});

describe('face engine failures surface as unavailable, never as a throw or a score', () => {
  it('models missing from modelDir: ready() says why and the checks are unavailable', async () => {
    const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'no-models-'));
    const engine = createFaceEngine({ threads: 1, timeoutMs: 60_000, modelDir: emptyDir });
    try {
      const status = await engine.ready();
      expect(status.ok).toBe(false);
      if (!status.ok) expect(status.error).toMatch(/face detector failed to load/);
      const analysis = await engine.analyze(faceImage('london/london_025_neutral.jpg'));
      expect(analysis).toMatchObject({ ok: false, reason: 'unavailable' });

      const frames = await buildSequence([faceImage('london/london_025_neutral.jpg')], 3);
      const checks = await runFaceChecks({
        engine,
        portrait: faceImage('derived/idportrait_025.jpg'),
        frames,
      });
      expect(checks.faceMatch).toEqual({
        status: 'unavailable',
        error: expect.stringMatching(/failed to load/),
      });
      expect(checks.liveness).toEqual({
        status: 'unavailable',
        error: expect.stringMatching(/failed to load/),
      });
      expect(checks.template).toBeNull();
    } finally {
      await engine.close();
      fs.rmSync(emptyDir, { recursive: true, force: true });
    }
  });

  it('a time budget too short to answer gives unavailable with a timeout message', async () => {
    const engine = createFaceEngine({ threads: 1, timeoutMs: 1 });
    try {
      const analysis = await engine.analyze(faceImage('london/london_025_neutral.jpg'));
      expect(analysis).toMatchObject({
        ok: false,
        reason: 'unavailable',
        error: 'face analysis timed out after 1 ms',
      });
      expect(await engine.ready()).toEqual({ ok: false, error: 'face analysis timed out after 1 ms' });
    } finally {
      await engine.close();
    }
  });

  it('a deadline passing while the models run answers at once and never stops the thread mid-run (which aborts the process)', async () => {
    const engine = createFaceEngine({ threads: 1, timeoutMs: 20 });
    try {
      expect((await untilReady(() => engine.ready())).ok).toBe(true);
      const photo = faceImage('london/london_025_neutral.jpg');
      const startedAt = performance.now();
      const [running, waiting] = await Promise.all([
        engine.analyze(photo, { mesh: true }),
        engine.analyze(photo, { mesh: true }),
      ]);
      expect(performance.now() - startedAt).toBeLessThan(1_000);
      for (const analysis of [running, waiting])
        expect(analysis).toMatchObject({ ok: false, error: 'face analysis timed out after 20 ms' });
    } finally {
      // Waits for the analysis still running on the thread, then stops it: the process carries on.
      await engine.close();
    }
    expect(await engine.ready()).toEqual({ ok: false, error: 'face engine is closed' });
  });

  it('a closed engine answers unavailable', async () => {
    const engine = createFaceEngine({ threads: 1, timeoutMs: 60_000 });
    await engine.close();
    expect(await engine.analyze(faceImage('london/london_025_neutral.jpg'))).toMatchObject({
      ok: false,
      reason: 'unavailable',
      error: 'face engine is closed',
    });
  });
});
