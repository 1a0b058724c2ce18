import { describe, expect, it } from 'vitest';
import type { AnalyzedFace, FaceBox } from '../../../src/core/faces/face-engine.js';
import {
  MIN_PORTRAIT_FACE_PX,
  PORTRAIT_CROP_SCALE,
  PORTRAIT_SEARCH_TILE_FRACTION,
  bestSelfieFrames,
  choosePortraitFace,
  mergeOverlappingFaces,
  offsetFace,
  portraitCropRegion,
  portraitCropScale,
  portraitSearchTiles,
} from '../../../src/core/faces/portrait.js';

function face(box: FaceBox, overrides: Partial<AnalyzedFace> = {}): AnalyzedFace {
  return {
    box,
    score: 1,
    descriptor: [],
    yawDeg: 0,
    pitchDeg: 0,
    rollDeg: 0,
    landmarks: [],
    mesh: null,
    sharpness: 100,
    ...overrides,
  };
}

describe('choosePortraitFace', () => {
  it('takes the clearly largest face and ignores a small ghost image', () => {
    const main = face({ x: 50, y: 200, width: 150, height: 180 });
    const ghost = face({ x: 900, y: 400, width: 60, height: 70 });
    expect(choosePortraitFace([ghost, main])).toEqual({ face: main, problem: null });
  });

  it('reports two faces of similar size as ambiguous, none as no face', () => {
    const a = face({ x: 0, y: 0, width: 150, height: 180 });
    const b = face({ x: 400, y: 0, width: 140, height: 170 });
    expect(choosePortraitFace([a, b]).problem).toBe('multiple_faces_in_portrait');
    expect(choosePortraitFace([]).problem).toBe('no_face_in_portrait');
  });

  it('refuses a face shorter than the minimum, with its height', () => {
    const small = face({ x: 10, y: 10, width: 30, height: 36 });
    expect(choosePortraitFace([small])).toEqual({
      face: null,
      problem: 'portrait_too_small',
      faceHeightPx: 36,
    });
    expect(
      choosePortraitFace([face({ x: 0, y: 0, width: 40, height: MIN_PORTRAIT_FACE_PX })]).problem,
    ).toBeNull();
  });
});

describe('portrait search in tiles', () => {
  it('covers a card with overlapping squares of the tile fraction of its shorter side', () => {
    const tiles = portraitSearchTiles(1600, 1000);
    const side = 1000 * PORTRAIT_SEARCH_TILE_FRACTION;
    expect(tiles).toHaveLength(8);
    for (const tile of tiles) {
      expect(tile.width).toBe(side);
      expect(tile.height).toBe(side);
      expect(tile.left + tile.width).toBeLessThanOrEqual(1600);
      expect(tile.top + tile.height).toBeLessThanOrEqual(1000);
    }
    expect(tiles.map((t) => t.left)).toEqual([0, 333, 667, 1000, 0, 333, 667, 1000]);
    expect(tiles.map((t) => t.top)).toEqual([0, 0, 0, 0, 400, 400, 400, 400]);
    // Neighbours overlap by at least a quarter of the side, so a face under that size is whole in one.
    expect(tiles[1]!.left).toBeLessThanOrEqual(side * 0.75);
  });

  it("moves a tile's face into card pixels and keeps one face where tiles overlap", () => {
    const inTile = face({ x: 10, y: 20, width: 70, height: 80 }, { landmarks: [[15, 25]] });
    const moved = offsetFace(inTile, 500, 400);
    expect(moved.box).toEqual({ x: 510, y: 420, width: 70, height: 80 });
    expect(moved.landmarks).toEqual([[515, 425]]);
    const again = face({ x: 512, y: 418, width: 68, height: 82 }, { score: 0.9 });
    const elsewhere = face({ x: 100, y: 100, width: 30, height: 36 });
    expect(mergeOverlappingFaces([again, moved, elsewhere])).toEqual([moved, elsewhere]);
  });
});

describe('portraitCropRegion', () => {
  it('is a square of PORTRAIT_CROP_SCALE × the longer side, centred on the face', () => {
    const region = portraitCropRegion({ x: 400, y: 300, width: 80, height: 100 }, 1600, 1000);
    expect(region).toEqual({
      left: 330,
      top: 240,
      width: Math.round(100 * PORTRAIT_CROP_SCALE),
      height: Math.round(100 * PORTRAIT_CROP_SCALE),
    });
  });

  it('moves inside the image at an edge and is clipped by a smaller image', () => {
    expect(portraitCropRegion({ x: 5, y: 5, width: 100, height: 100 }, 1000, 800)).toEqual({
      left: 0,
      top: 0,
      width: 220,
      height: 220,
    });
    expect(portraitCropRegion({ x: 10, y: 10, width: 100, height: 100 }, 150, 120)).toEqual({
      left: 0,
      top: 0,
      width: 150,
      height: 120,
    });
  });

  it('enlarges small faces to about 240 px, at most 4×, and shrinks big ones', () => {
    expect(portraitCropScale(120)).toBe(2);
    expect(portraitCropScale(50)).toBe(4);
    expect(portraitCropScale(480)).toBe(0.5);
  });
});

describe('bestSelfieFrames', () => {
  it('prefers frontal, large, sharp frames', () => {
    const box = { x: 0, y: 0, width: 200, height: 240 };
    const frames = [
      face(box, { yawDeg: 20 }),
      face(box),
      face({ ...box, height: 60 }),
      face(box, { sharpness: 5 }),
      face(box, { yawDeg: 3 }),
    ];
    expect(bestSelfieFrames(frames)).toEqual([1, 4, 2]);
  });
});
