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
  it('puts the 0.6 threshold at the operating distance, inside the measured error-free band 0.444–0.486', () => {
    expect(similarityFromDistance(FACE_MATCH_OPERATING_DISTANCE)).toBeCloseTo(FACE_MATCH_THRESHOLD, 12);
    expect(FACE_MATCH_OPERATING_DISTANCE).toBeGreaterThan(0.444);
    expect(FACE_MATCH_OPERATING_DISTANCE).toBeLessThan(0.486);
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

  it('averages descriptors element-wise', () => {
    expect(
      meanDescriptor([
        [1, 2],
        [3, 6],
      ]),
    ).toEqual([2, 4]);
  });

  it('takes medians of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});
