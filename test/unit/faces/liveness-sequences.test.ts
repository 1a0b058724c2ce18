import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaceEngine } from '../../../src/adapters/ml/face-engine.js';
import type { AnalyzedFace, FaceEngine } from '../../../src/core/faces/face-engine.js';
import {
  LIVENESS_THRESHOLD,
  UNCHALLENGED_SCORE_CAP,
  assessLiveness,
} from '../../../src/core/faces/liveness.js';
import { runFaceChecks } from '../../../src/core/faces/run-face-checks.js';
import { LONDON_IDS, buildSequence, faceCsv, faceImage } from './face-fixtures.js';

const ATTACKS = faceCsv('liveness.csv')
  .filter(([, bonaFide]) => bonaFide === 'false')
  .map(([image]) => image!);

describe('liveness over frame sequences (documented in docs/faces.md)', () => {
  let engine: FaceEngine;
  beforeAll(() => {
    engine = createFaceEngine({ threads: 2, timeoutMs: 120_000 });
  });
  afterAll(async () => {
    await engine.close();
  });

  async function livenessOf(frames: Buffer[]) {
    const result = await runFaceChecks({ engine, portrait: frames[0]!, frames });
    if (result.liveness.status !== 'ok') throw new Error(result.liveness.error);
    const { score, detail } = result.liveness;
    if (!('motionScore' in detail)) throw new Error('liveness measured nothing');
    return { score, detail };
  }

  it('the engine is deterministic: the same image gives the same analysis', async () => {
    const image = faceImage('antispoof_samples/sfas_image_F1.jpg');
    const [a, b] = await Promise.all([engine.analyze(image), engine.analyze(image)]);
    expect(a!.ok && b!.ok && a.faces).toEqual(b!.ok && b.faces);
  });

  it('a still photo sent 8 times fails (real path, the SFAS printed-photo attack)', async () => {
    const image = faceImage('antispoof_samples/sfas_image_F1.jpg');
    const liveness = await livenessOf(Array.from({ length: 8 }, () => image));
    expect(liveness.score).toBeLessThan(LIVENESS_THRESHOLD);
    expect(liveness.detail).toMatchObject({ measured: { deformation: 0, yawRangeDeg: 0, pitchRangeDeg: 0 } });
  });

  it('every image of liveness.csv repeated 8 times fails, bona fide or attack (60/60 below 0.5, max 0.0905)', async () => {
    const rows = faceCsv('liveness.csv');
    const scores = await Promise.all(
      rows.map(async ([image]) => {
        const analysis = await engine.analyze(faceImage(image!));
        if (!analysis.ok || analysis.faces.length !== 1) throw new Error(`expected one face in ${image}`);
        const face: AnalyzedFace = analysis.faces[0]!;
        return assessLiveness(Array.from({ length: 8 }, () => ({ faces: [face] }))).score;
      }),
    );
    expect(scores).toHaveLength(60);
    expect(Math.max(...scores)).toBeLessThan(0.1);
  }, 120_000);

  it('every attack image of liveness.csv as 8 jittered camera frames (hand-held photo / re-encoded replay) fails', async () => {
    expect(ATTACKS).toHaveLength(10);
    const scores = await Promise.all(
      ATTACKS.map(async (image) => (await livenessOf(await buildSequence([faceImage(image)]))).score),
    );
    expect(Math.max(...scores)).toBeLessThan(0.3);
  }, 120_000);

  it("a sequence built from one person's distinct photos turning the head passes on motion (lisa); one that only changes distance does not (zoom)", async () => {
    const lisa = await livenessOf(
      await buildSequence([1, 2, 3, 4].map((i) => faceImage(`cc0_same_person/lisa_lisa${i}.jpg`))),
    );
    const zoom = await livenessOf(
      await buildSequence([15, 30, 45, 60].map((cm) => faceImage(`cc0_same_person/zoom_${cm}cm.jpg`))),
    );
    expect(lisa.detail.motionScore).toBeGreaterThanOrEqual(LIVENESS_THRESHOLD);
    // Moving closer is a whole-object motion a print makes too: five points see no more than that.
    expect(zoom.detail.motionScore).toBeLessThan(LIVENESS_THRESHOLD);
    // Without a challenge the motion cannot tell the person from a recording of them: capped below.
    expect(lisa.score).toBe(UNCHALLENGED_SCORE_CAP);
    expect(lisa.detail).toMatchObject({ components: { identityConsistent: true } });
  }, 120_000);

  it('London neutral ↔ smiling sequences: none passes on motion alone (five points do not see a smile; the challenge reads it on the mesh)', async () => {
    const results = await Promise.all(
      LONDON_IDS.map(async (id) => {
        const frames = await buildSequence([
          faceImage(`london/london_${id}_neutral.jpg`),
          faceImage(`london/london_${id}_smiling.jpg`),
        ]);
        return { id, score: (await livenessOf(frames)).detail.motionScore };
      }),
    );
    expect(results.filter((r) => r.score >= LIVENESS_THRESHOLD)).toEqual([]);
  }, 120_000);

  it('frames alternating between two people score 0 (identity gate), whatever their motion', async () => {
    const frames = await buildSequence(
      [
        'london/london_030_neutral.jpg',
        'london/london_034_neutral.jpg',
        'london/london_030_smiling.jpg',
        'london/london_034_smiling.jpg',
      ].map(faceImage),
    );
    const liveness = await livenessOf(frames);
    expect(liveness.score).toBe(0);
    expect(liveness.detail).toMatchObject({ components: { identityConsistent: false } });
  }, 120_000);
});
