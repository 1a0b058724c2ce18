import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AnalyzedFace } from '../../../src/core/faces/face-engine.js';
import {
  LIVENESS_THRESHOLD,
  LIVENESS_WEIGHTS,
  UNCHALLENGED_SCORE_CAP,
  assessLiveness,
  nonRigidResidual,
  robustRange,
  type LivenessFrame,
} from '../../../src/core/faces/liveness.js';

/** A deterministic 3D point cloud shaped like a face: a flat-ish oval with a protruding "nose" ridge. */
function facePoints3d(): Array<[number, number, number]> {
  const points: Array<[number, number, number]> = [];
  for (let i = 0; i < 120; i++) {
    const angle = (i * 2.399963) % (2 * Math.PI);
    const radius = Math.sqrt((i + 0.5) / 120);
    const x = 80 * radius * Math.cos(angle);
    const y = 100 * radius * Math.sin(angle);
    const z = 45 * Math.exp(-((x / 25) ** 2) - (y / 60) ** 2) - 20 * radius * radius;
    points.push([x, y, z]);
  }
  return points;
}

function project(
  points: Array<[number, number, number]>,
  yawDeg: number,
  pitchDeg: number,
): Array<[number, number]> {
  const yaw = (yawDeg * Math.PI) / 180;
  const pitch = (pitchDeg * Math.PI) / 180;
  return points.map(([x, y, z]) => {
    const x1 = x * Math.cos(yaw) + z * Math.sin(yaw);
    const z1 = -x * Math.sin(yaw) + z * Math.cos(yaw);
    const y1 = y * Math.cos(pitch) - z1 * Math.sin(pitch);
    return [320 + x1, 240 + y1];
  });
}

function face(overrides: Partial<AnalyzedFace> & { yawDeg?: number; pitchDeg?: number } = {}): AnalyzedFace {
  const yawDeg = overrides.yawDeg ?? 0;
  const pitchDeg = overrides.pitchDeg ?? 0;
  return {
    box: { x: 200, y: 100, width: 240, height: 280 },
    score: 1,
    descriptor: new Array<number>(128).fill(0.05),
    rollDeg: 0,
    landmarks: project(facePoints3d(), yawDeg, pitchDeg),
    mesh: null,
    sharpness: 100,
    ...overrides,
    yawDeg,
    pitchDeg,
  };
}

const frame = (f: AnalyzedFace): LivenessFrame => ({ faces: [f] });

describe('nonRigidResidual', () => {
  it('is ~0 between frames that differ by any 2D affine map (a flat photo moved, tilted or rescaled)', () => {
    const base = project(facePoints3d(), 5, -3);
    const coefficient = fc.double({ min: -0.3, max: 0.3, noNaN: true });
    fc.assert(
      fc.property(
        fc.double({ min: 0.5, max: 2, noNaN: true }),
        coefficient,
        coefficient,
        coefficient,
        fc.integer({ min: -200, max: 200 }),
        (scale, a, b, c, shift) => {
          const moved = base.map(
            ([x, y]) => [scale * x + a * y + shift, b * x + (scale + c) * y - shift] as [number, number],
          );
          expect(nonRigidResidual(base, moved)).toBeLessThan(1e-6);
        },
      ),
    );
  });

  it('grows with a real 3D head turn', () => {
    const front = project(facePoints3d(), 0, 0);
    const small = nonRigidResidual(front, project(facePoints3d(), 5, 0));
    const large = nonRigidResidual(front, project(facePoints3d(), 15, 0));
    expect(small).toBeGreaterThan(0.005);
    expect(large).toBeGreaterThan(2 * small);
  });
});

describe('robustRange', () => {
  it('ignores the one value that widens the range most, and needs three values', () => {
    expect(robustRange([0, 1, 2, 30])).toBe(2);
    expect(robustRange([-25, 0, 1, 2])).toBe(2);
    expect(robustRange([0, 4, 8, 12])).toBe(8);
    expect(robustRange([0, 20])).toBe(0);
  });
});

describe('assessLiveness', () => {
  it('scores a still repeated 8 times as no motion: it fails', () => {
    const still = face();
    const result = assessLiveness(Array.from({ length: 8 }, () => frame(still)));
    expect(result.components).toMatchObject({ deformation: 0, pose: 0, identityConsistent: true });
    expect(result.score).toBe(0);
    expect(result.score).toBeLessThan(LIVENESS_THRESHOLD);
  });

  it('scores a head turn of 15° as motion, but without a challenge caps the score just below the threshold', () => {
    const frames = [0, 2, 4, 6, 8, 10, 13, 15].map((yaw) => frame(face({ yawDeg: yaw })));
    const result = assessLiveness(frames);
    expect(result.components.pose).toBe(1);
    expect(result.components.deformation).toBeGreaterThan(0);
    expect(result.motionScore).toBeCloseTo(
      LIVENESS_WEIGHTS.pose + LIVENESS_WEIGHTS.deformation * result.components.deformation,
      3,
    );
    // With a clearly non-rigid change as well (half the points moving against the rest), motion passes.
    const flat = project(facePoints3d(), 0, 0);
    const capped = assessLiveness(
      [0, 2, 4, 6, 8, 10, 13, 15].map((yaw, k) =>
        frame(
          face({
            yawDeg: yaw,
            landmarks: flat.map(([x, y], i) => [x + (i % 2) * 4 * k, y] as [number, number]),
          }),
        ),
      ),
    );
    expect(capped.motionScore).toBeGreaterThanOrEqual(LIVENESS_THRESHOLD);
    expect(capped.score).toBe(UNCHALLENGED_SCORE_CAP);
    expect(result.detail.reasons).toEqual([
      `no liveness challenge was answered: the score is capped at ${UNCHALLENGED_SCORE_CAP}`,
    ]);
  });

  it('does not let one odd frame among stills create motion', () => {
    const still = face();
    const frames = [
      ...Array.from({ length: 7 }, () => frame(still)),
      frame(face({ yawDeg: 20, pitchDeg: 10 })),
    ];
    const result = assessLiveness(frames);
    expect(result.components).toMatchObject({ deformation: 0, pose: 0 });
    expect(result.score).toBeLessThan(LIVENESS_THRESHOLD);
  });

  it('keeps pose change alone (a tilted photo) below the threshold', () => {
    const flat = project(facePoints3d(), 0, 0);
    const frames = [0, 3, 6, 9, 12, 15, 18, 20].map((yaw) => frame(face({ yawDeg: yaw, landmarks: flat })));
    expect(LIVENESS_WEIGHTS.pose).toBeLessThan(LIVENESS_THRESHOLD);
    const result = assessLiveness(frames);
    expect(result.components.pose).toBe(1);
    expect(result.components.deformation).toBe(0);
    expect(result.score).toBeLessThan(LIVENESS_THRESHOLD);
  });

  it('gives 0 when the frames show different people, and keeps only the medoid identity', () => {
    const other = new Array<number>(128).fill(0.05).map((v, i) => (i < 16 ? v + 0.3 : v));
    const frames = [0, 4, 8, 12, 16, 20, 24, 28].map((yaw, i) =>
      frame(face({ yawDeg: yaw, ...(i % 4 === 3 ? { descriptor: other } : {}) })),
    );
    const result = assessLiveness(frames);
    expect(result.components.identityConsistent).toBe(false);
    expect(result.score).toBe(0);
    expect(result.consistentFaces).toHaveLength(6);
    expect(result.detail.reasons).toContain('frames show different faces');
  });

  it('counts only frames with exactly one face and says why the others were left out', () => {
    const frames: LivenessFrame[] = [
      frame(face()),
      { faces: [] },
      { faces: [face(), face()] },
      { unreadable: 'bad jpeg' },
    ];
    const result = assessLiveness(frames);
    expect(result.detail).toMatchObject({
      frames: 4,
      framesUsed: 1,
      frameNotes: ['frame 1: no face', 'frame 2: 2 faces', 'frame 3: unreadable'],
    });
    expect(result.detail.reasons).toContain('only 1 frame(s) with exactly one face; motion needs 3');
    expect(result.score).toBeLessThan(LIVENESS_THRESHOLD);
  });

  it('uses at most 8 frames and scores 0 without any face', () => {
    const result = assessLiveness(Array.from({ length: 12 }, () => ({ faces: [] })));
    expect(result.detail.frames).toBe(8);
    expect(result.score).toBe(0);
  });
});
