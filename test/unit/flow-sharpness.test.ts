import { describe, expect, it } from 'vitest';
import { lumaOf, sharpness } from '../../flow/src/sharpness.js';

const SIDE = 64;

/** A checkerboard of 8-px squares between `dark` and `light`: sharp edges along both axes. */
function checkerboard(dark: number, light: number): Float32Array {
  const luma = new Float32Array(SIDE * SIDE);
  for (let y = 0; y < SIDE; y++)
    for (let x = 0; x < SIDE; x++) luma[y * SIDE + x] = (Math.floor(x / 8) + Math.floor(y / 8)) % 2 ? light : dark;
  return luma;
}

/** A box blur `length` pixels long along x, or along both axes. */
function boxBlur(luma: Float32Array, length: number, axes: 'x' | 'xy'): Float32Array {
  const along = (source: Float32Array, dx: number, dy: number) => {
    const out = new Float32Array(source.length);
    for (let y = 0; y < SIDE; y++)
      for (let x = 0; x < SIDE; x++) {
        let sum = 0;
        for (let k = 0; k < length; k++) {
          const sx = Math.min(SIDE - 1, x + k * dx);
          const sy = Math.min(SIDE - 1, y + k * dy);
          sum += source[sy * SIDE + sx]!;
        }
        out[y * SIDE + x] = sum / length;
      }
    return out;
  };
  const blurredX = along(luma, 1, 0);
  return axes === 'x' ? blurredX : along(blurredX, 0, 1);
}

describe('front sharpness', () => {
  it('measures sharp edges at 2 whatever their contrast, and a picture without detail at 0', () => {
    expect(sharpness(checkerboard(20, 230), SIDE, SIDE)).toBeCloseTo(2, 5);
    expect(sharpness(checkerboard(100, 140), SIDE, SIDE)).toBeCloseTo(2, 5);
    expect(sharpness(new Float32Array(SIDE * SIDE).fill(128), SIDE, SIDE)).toBe(0);
  });

  it('falls towards 1 as edges spread, along the blurrier axis', () => {
    const sharp = checkerboard(20, 230);
    const slightly = sharpness(boxBlur(sharp, 2, 'xy'), SIDE, SIDE);
    const strongly = sharpness(boxBlur(sharp, 5, 'xy'), SIDE, SIDE);
    expect(slightly).toBeLessThan(1.6);
    expect(strongly).toBeLessThan(slightly);
    expect(strongly).toBeGreaterThan(0.9);
    // A motion blur along x alone is as blurred as the same blur in both directions.
    expect(sharpness(boxBlur(sharp, 5, 'x'), SIDE, SIDE)).toBeCloseTo(strongly, 1);
  });

  it('takes the luminance of canvas pixels', () => {
    const luma = lumaOf([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 0], 3);
    expect(Array.from(luma, (v) => Math.round(v))).toEqual([76, 150, 29]);
  });
});
