import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FACE_MATCH_OPERATING_DISTANCE,
  FACE_MATCH_THRESHOLD,
  distanceFromSimilarity,
  euclideanDistance,
  meanDescriptor,
  median,
  similarityFromDistance,
} from '../../../src/core/faces/face-similarity.js';

describe('face similarity calibration', () => {
  it("puts the 0.6 threshold at the operating distance, inside the bare photos' error-free band 0.60–1.127", () => {
    expect(similarityFromDistance(FACE_MATCH_OPERATING_DISTANCE)).toBeCloseTo(FACE_MATCH_THRESHOLD, 12);
    // face-match-calibration.test.ts: farthest genuine pair 0.60, nearest impostor pair 1.127.
    expect(FACE_MATCH_OPERATING_DISTANCE).toBeGreaterThan(0.6);
    expect(FACE_MATCH_OPERATING_DISTANCE).toBeLessThan(1.127);
    expect(similarityFromDistance(0)).toBe(1);
    expect(similarityFromDistance(5)).toBe(0);
  });

  it('is monotonic decreasing, bounded, and inverted by distanceFromSimilarity', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 3, noNaN: true }),
        fc.double({ min: 0, max: 3, noNaN: true }),
        (a, b) => {
          const [near, far] = a <= b ? [a, b] : [b, a];
          expect(similarityFromDistance(near)).toBeGreaterThanOrEqual(similarityFromDistance(far));
          const s = similarityFromDistance(a);
          expect(s).toBeGreaterThanOrEqual(0);
          expect(s).toBeLessThanOrEqual(1);
          if (s > 0) expect(distanceFromSimilarity(s)).toBeCloseTo(a, 9);
        },
      ),
    );
  });
});

describe('vector helpers', () => {
  it('computes Euclidean distance and refuses mismatched lengths', () => {
    expect(euclideanDistance([0, 3], [4, 0])).toBe(5);
    expect(() => euclideanDistance([1], [1, 2])).toThrow(/lengths differ/);
  });

  it('averages descriptors element-wise and scales the mean back to unit length', () => {
    const mean = meanDescriptor([
      [1, 0],
      [0, 1],
    ]);
    expect(mean[0]).toBeCloseTo(Math.SQRT1_2, 12);
    expect(mean[1]).toBeCloseTo(Math.SQRT1_2, 12);
    expect(meanDescriptor([[3, 4]])).toEqual([0.6, 0.8]);
  });

  it('takes medians of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});
