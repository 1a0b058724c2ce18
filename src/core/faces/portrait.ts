import type { DetectedFace, FaceBox, PortraitProblem } from './face-engine.js';

/**
 * Licence fronts often carry a small "ghost" copy of the portrait beside the main one. The portrait
 * is the one face that is clearly the largest (at least twice the area of the next); two faces of
 * similar size are ambiguous and reported as such.
 */
export const GHOST_PORTRAIT_AREA_RATIO = 2;

/**
 * Smallest face box (height, in pixels of the card image as uploaded) that is described at all.
 * On the evaluation set the smallest licence portraits (180 px tall) give face boxes of about
 * 80 px; below this the descriptor is mostly upscaling artefacts, so the match is not attempted.
 */
export const MIN_PORTRAIT_FACE_PX = 48;

/**
 * The crop cut around the face found on the card, as a multiple of the face box's longer side:
 * generous enough that the second detection sees the whole head and some background, as on the
 * bare portraits the models were trained on, not the card's text and artwork.
 */
export const PORTRAIT_CROP_SCALE = 2.2;

/**
 * The crop is resized so the face box is about this tall before the second detection: a little
 * over the 192 px of the aligned crop the descriptor is computed from, so that crop is a mild
 * downscale. 400 px cost about 30 ms more per card (resizing and detecting on a 900-px crop) for
 * no gain on the realistic set (pooled TAR at FAR 0.001 0.956 vs 0.953 here; blur 0.79 vs 0.89).
 */
export const PORTRAIT_TARGET_FACE_PX = 240;

/** Never enlarge more than this: a 48-px face is blown up at most to 192 px. */
export const PORTRAIT_MAX_UPSCALE = 4;

export type PortraitChoice<F extends DetectedFace = DetectedFace> =
  { face: F; problem: null } | { face: null; problem: PortraitProblem; faceHeightPx?: number };

const area = (box: FaceBox) => box.width * box.height;

/** The portrait among the faces found on a card front: the clearly largest one, big enough to describe. */
export function choosePortraitFace<F extends DetectedFace>(faces: readonly F[]): PortraitChoice<F> {
  const [largest, next] = [...faces].sort((a, b) => area(b.box) - area(a.box));
  if (!largest) return { face: null, problem: 'no_face_in_portrait' };
  if (next && area(largest.box) < GHOST_PORTRAIT_AREA_RATIO * area(next.box))
    return { face: null, problem: 'multiple_faces_in_portrait' };
  if (largest.box.height < MIN_PORTRAIT_FACE_PX)
    return { face: null, problem: 'portrait_too_small', faceHeightPx: Math.round(largest.box.height) };
  return { face: largest, problem: null };
}

export type CropRegion = { left: number; top: number; width: number; height: number };

/**
 * A square around the face box, PORTRAIT_CROP_SCALE times its longer side, moved (not shrunk)
 * to stay inside the image where it can, clipped where the image is smaller. Integer pixels.
 */
export function portraitCropRegion(box: FaceBox, imageWidth: number, imageHeight: number): CropRegion {
  const side = Math.max(box.width, box.height) * PORTRAIT_CROP_SCALE;
  const width = Math.min(imageWidth, Math.round(side));
  const height = Math.min(imageHeight, Math.round(side));
  const centreX = box.x + box.width / 2;
  const centreY = box.y + box.height / 2;
  const left = Math.max(0, Math.min(imageWidth - width, Math.round(centreX - width / 2)));
  const top = Math.max(0, Math.min(imageHeight - height, Math.round(centreY - height / 2)));
  return { left, top, width, height };
}

/** Resize factor for the crop so the face is about PORTRAIT_TARGET_FACE_PX tall (capped upscale). */
export function portraitCropScale(faceHeightPx: number): number {
  return Math.min(PORTRAIT_MAX_UPSCALE, PORTRAIT_TARGET_FACE_PX / Math.max(1, faceHeightPx));
}

/**
 * When the whole card (searched at 640 px, seen by the detector at 256) shows no face, it is
 * searched again in overlapping square tiles of this fraction of its shorter side, each seen by
 * the detector at 256 px: a face 2–3 times larger to it. On the realistic set the whole-card search
 * missed two portraits (70 and 116 px tall on a 1600-px card, under blur and glare) that the tiles
 * find.
 */
export const PORTRAIT_SEARCH_TILE_FRACTION = 0.6;

/** Neighbouring tiles overlap by this fraction of their side, so a face on a tile edge is whole in one. */
const TILE_OVERLAP = 0.25;

/** Overlapping square tiles covering the image (integer pixels), row by row. */
export function portraitSearchTiles(imageWidth: number, imageHeight: number): CropRegion[] {
  const side = Math.max(1, Math.round(Math.min(imageWidth, imageHeight) * PORTRAIT_SEARCH_TILE_FRACTION));
  const starts = (length: number) => {
    const count = Math.max(1, Math.ceil((length - side) / (side * (1 - TILE_OVERLAP))) + 1);
    return Array.from({ length: count }, (_, i) =>
      count === 1 ? 0 : Math.round(((length - side) * i) / (count - 1)),
    );
  };
  return starts(imageHeight).flatMap((top) =>
    starts(imageWidth).map((left) => ({
      left,
      top,
      width: Math.min(side, imageWidth),
      height: Math.min(side, imageHeight),
    })),
  );
}

/** A face found in a tile, moved into the coordinates of the whole image. */
export function offsetFace<F extends DetectedFace>(face: F, left: number, top: number): F {
  return {
    ...face,
    box: { ...face.box, x: face.box.x + left, y: face.box.y + top },
    landmarks: face.landmarks.map(([x, y]) => [x + left, y + top] as [number, number]),
  };
}

/**
 * One face per place: the same face found in two overlapping tiles (boxes sharing more than half
 * of the smaller one) is kept once, with its higher detector score.
 */
export function mergeOverlappingFaces<F extends DetectedFace>(faces: readonly F[]): F[] {
  const overlap = (a: FaceBox, b: FaceBox) => {
    const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
    const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
    return w <= 0 || h <= 0 ? 0 : (w * h) / Math.min(area(a), area(b));
  };
  const kept: F[] = [];
  for (const face of [...faces].sort((a, b) => b.score - a.score))
    if (!kept.some((other) => overlap(other.box, face.box) > 0.5)) kept.push(face);
  return kept;
}

/** What is recorded about a face image's quality, in the check detail. */
export type FaceQuality = {
  /** Face box height in pixels of the image as uploaded (for the portrait: of the card front). */
  faceHeightPx: number;
  /** Variance of the Laplacian over the aligned face crop (0–255 scale): low = blurred. */
  sharpness: number | null;
  yawDeg: number | null;
  pitchDeg: number | null;
};

export function qualityOf(face: DetectedFace, faceHeightPx = face.box.height): FaceQuality {
  const r = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);
  return {
    faceHeightPx: Math.round(faceHeightPx),
    sharpness: r(face.sharpness),
    yawDeg: r(face.yawDeg),
    pitchDeg: r(face.pitchDeg),
  };
}

/** Selfie frames compared with the portrait: the best few, not every frame. */
export const SELFIE_MATCH_FRAMES = 3;

/**
 * How usable a selfie frame is for matching, 0..1: frontal (yaw and pitch under 25°), large
 * (face at least 200 px tall) and sharp. Unknown pose or sharpness counts as middling.
 */
export function selfieFrameQuality(face: DetectedFace): number {
  const pose = (deg: number | null) => (deg === null ? 0.5 : Math.max(0, 1 - Math.abs(deg) / 25));
  const size = Math.min(1, face.box.height / 200);
  const sharp = face.sharpness === null ? 0.5 : Math.min(1, face.sharpness / 60);
  return pose(face.yawDeg) * (0.5 + 0.5 * pose(face.pitchDeg)) * (0.5 + 0.5 * size) * (0.5 + 0.5 * sharp);
}

/** Indices of the best `count` frames by selfieFrameQuality, best first (ties: capture order). */
export function bestSelfieFrames(faces: readonly DetectedFace[], count = SELFIE_MATCH_FRAMES): number[] {
  return faces
    .map((face, index) => ({ index, quality: selfieFrameQuality(face) }))
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .slice(0, count)
    .map((entry) => entry.index);
}
