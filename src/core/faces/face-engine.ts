/** One model the face engine loaded: `version` is the package version plus a hash of the weights. */
export type ModelInfo = { name: string; version: string };

/** Pixel box in the EXIF-oriented image, after the engine's downscale to its working size. */
export type FaceBox = { x: number; y: number; width: number; height: number };

/** A face as the detector and mesh see it, before any recognition model runs. */
export type DetectedFace = {
  box: FaceBox;
  /** Detector confidence, 0..1. */
  score: number;
  /** Head pose from the face mesh, degrees; null when the mesh gave none. */
  yawDeg: number | null;
  pitchDeg: number | null;
  rollDeg: number | null;
  /** Face-mesh landmarks (468 points, MediaPipe order) as [x, y] pixels; empty when the mesh gave none. */
  landmarks: Array<[number, number]>;
  /** Variance of the Laplacian of the aligned face crop, 0–255 grey scale: low = blurred. */
  sharpness: number | null;
};

export type AnalyzedFace = DetectedFace & {
  /** 128-d face descriptor; compare with Euclidean distance (see face-similarity.ts). */
  descriptor: number[];
  /** Passive anti-spoof score, 0..1, higher = "real"; null when the model gave none (the portrait). Not a security control. */
  antispoof: number | null;
  /** Passive liveness score, 0..1, higher = "live"; null when the model gave none (the portrait). Not a security control. */
  live: number | null;
};

/**
 * The outcome of analysing one image. `invalid_image` is a problem with the input (a result for the
 * check); `unavailable` is an engine problem (models not loaded, inference error, timeout), which the
 * checks report as `unavailable`. Never thrown: every engine call resolves to one of these.
 */
export type FaceAnalysis =
  | { ok: true; faces: AnalyzedFace[]; durationMs: number; models: ModelInfo[] }
  | {
      ok: false;
      reason: 'invalid_image' | 'unavailable';
      error: string;
      durationMs: number;
      models: ModelInfo[];
    };

/** Why a licence front gave no portrait to compare (a result of the check, not an engine failure). */
export type PortraitProblem = 'no_face_in_portrait' | 'multiple_faces_in_portrait' | 'portrait_too_small';

/**
 * A licence front analysed for its portrait: the faces on the whole card (boxes in the card's
 * uploaded pixels), and, when one of them is the portrait (see `choosePortraitFace`), that face
 * described again from a crop around it, enlarged, as the recognition model expects it.
 */
export type PortraitAnalysis =
  | {
      ok: true;
      cardFaces: DetectedFace[];
      portrait: { face: AnalyzedFace; faceHeightPx: number } | null;
      problem: PortraitProblem | null;
      durationMs: number;
      models: ModelInfo[];
    }
  | Extract<FaceAnalysis, { ok: false }>;

export type FaceEngineStatus = { ok: true; models: ModelInfo[] } | { ok: false; error: string };

/** Port for face detection, description, head pose and passive liveness scores. */
export type FaceEngine = {
  /** Resolves once the models are loaded (or failed to); never rejects. */
  ready(): Promise<FaceEngineStatus>;
  analyze(image: Uint8Array): Promise<FaceAnalysis>;
  /** The portrait on a licence front: found on the card, then cropped, enlarged and described. */
  analyzePortrait(image: Uint8Array): Promise<PortraitAnalysis>;
  close(): Promise<void>;
};
