import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaceEngine } from '../../../src/adapters/ml/face-engine.js';
import type { FaceEngine } from '../../../src/core/faces/face-engine.js';
import { DUPLICATE_FACE_SIMILARITY } from '../../../src/core/faces/face-dedupe.js';
import { FACE_MATCH_THRESHOLD, descriptorSimilarity } from '../../../src/core/faces/face-similarity.js';
import { faceCsv, faceImage, imageRows } from './face-fixtures.js';

type Scored = { a: string; b: string; same: boolean; similarity: number };

function rates(pairs: Scored[], threshold: number) {
  const genuine = pairs.filter((p) => p.same);
  const impostor = pairs.filter((p) => !p.same);
  return {
    genuine: genuine.length,
    impostor: impostor.length,
    falseRejects: genuine.filter((p) => p.similarity < threshold).length,
    falseAccepts: impostor.filter((p) => p.similarity >= threshold).length,
    genuineMin: Math.min(...genuine.map((p) => p.similarity)),
    impostorMax: Math.max(...impostor.map((p) => p.similarity)),
  };
}

/** lisa and zoom may be the same individual (data README): never an impostor pair. */
const isCc0 = (personId: string) => personId === 'webmorph_lisa' || personId === 'webmorph_zoom';

describe('face-match calibration on shared/data/faces (documented operating point: similarity 0.6 = distance 1.1)', () => {
  let engine: FaceEngine;
  const descriptors = new Map<string, number[]>();
  const identityImages = imageRows().filter(
    (row) => !row.image.startsWith('antispoof_samples/') && !row.image.includes('/sim_'),
  );

  beforeAll(async () => {
    engine = createFaceEngine({ threads: 2, timeoutMs: 60_000 });
    await Promise.all(
      identityImages.map(async ({ image }) => {
        const analysis = await engine.analyze(faceImage(image));
        if (!analysis.ok || analysis.faces.length !== 1) throw new Error(`expected one face in ${image}`);
        descriptors.set(image, analysis.faces[0]!.descriptor);
      }),
    );
  });
  afterAll(async () => {
    await engine.close();
  });

  const score = (a: string, b: string, same: boolean): Scored => ({
    a,
    b,
    same,
    similarity: descriptorSimilarity(descriptors.get(a)!, descriptors.get(b)!),
  });

  it('finds exactly one face in each of the 48 identity images', () => {
    expect(identityImages).toHaveLength(48);
    expect(descriptors.size).toBe(48);
  });

  it('pairs.csv: 0/36 false rejects and 0/44 false accepts at 0.6', () => {
    const pairs = faceCsv('pairs.csv').map(([a, b, same]) => score(a!, b!, same === 'true'));
    const measured = rates(pairs, FACE_MATCH_THRESHOLD);
    expect(measured).toMatchObject({ genuine: 36, impostor: 44, falseRejects: 0, falseAccepts: 0 });
    // Margins as documented in docs/faces.md (hardest genuine: lisa1 ↔ lisa2; hardest impostor: london_025 ↔ 062, both neutral).
    expect(measured.genuineMin).toBeCloseTo(0.782, 2);
    expect(measured.impostorMax).toBeCloseTo(0.553, 2);
  });

  it('all cross-pairs of the identity images: 0/44 false rejects and 0/1068 false accepts at 0.6', () => {
    const rows = identityImages;
    const pairs: Scored[] = [];
    for (let i = 0; i < rows.length; i++)
      for (let j = i + 1; j < rows.length; j++) {
        const [x, y] = [rows[i]!, rows[j]!];
        if (isCc0(x.personId) && isCc0(y.personId) && x.personId !== y.personId) continue;
        pairs.push(score(x.image, y.image, x.personId === y.personId));
      }
    const measured = rates(pairs, FACE_MATCH_THRESHOLD);
    expect(measured).toMatchObject({ genuine: 44, impostor: 1068, falseRejects: 0, falseAccepts: 0 });
    // Hardest impostor over all pairs: london_034 neutral ↔ idportrait_025.
    expect(measured.genuineMin).toBeCloseTo(0.782, 2);
    expect(measured.impostorMax).toBeCloseTo(0.59, 2);
  });

  it('duplicate threshold 0.67 on selfie-vs-selfie pairs (no ID portraits): 28/28 same-person hits, 0/736 different-person hits', () => {
    const rows = identityImages.filter((row) => !row.image.includes('idportrait'));
    const pairs: Scored[] = [];
    for (let i = 0; i < rows.length; i++)
      for (let j = i + 1; j < rows.length; j++) {
        const [x, y] = [rows[i]!, rows[j]!];
        if (isCc0(x.personId) && isCc0(y.personId) && x.personId !== y.personId) continue;
        pairs.push(score(x.image, y.image, x.personId === y.personId));
      }
    const measured = rates(pairs, DUPLICATE_FACE_SIMILARITY);
    expect(measured).toMatchObject({ genuine: 28, impostor: 736, falseRejects: 0, falseAccepts: 0 });
  });
});
