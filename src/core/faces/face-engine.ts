/** One model the face engine loaded: `version` is the package version plus a hash of the weights. */
export type ModelInfo = { name: string; version: string };

/** Pixel box in the EXIF-oriented image, after the engine's downscale to its working size. */
export type FaceBox = { x: number; y: number; width: number; height: number };

export type AnalyzedFace = {
  box: FaceBox;
  /** Detector confidence, 0..1. */
  score: number;
  /** 128-d face descriptor; compare with Euclidean distance (see face-similarity.ts). */
  descriptor: number[];
  /** Passive anti-spoof score, 0..1, higher = "real"; null when the model gave none. Not a security control. */
  antispoof: number | null;
  /** Passive liveness score, 0..1, higher = "live"; null when the model gave none. Not a security control. */
  live: number | null;
  /** Head pose from the face mesh, degrees; null when the mesh gave none. */
  yawDeg: number | null;
  pitchDeg: number | null;
  rollDeg: number | null;
  /** Face-mesh landmarks (468 points, MediaPipe order) as [x, y] pixels; empty when the mesh gave none. */
  landmarks: Array<[number, number]>;
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

export type FaceEngineStatus = { ok: true; models: ModelInfo[] } | { ok: false; error: string };

/** Port for face detection, description, head pose and passive liveness scores. */
export type FaceEngine = {
  /** Resolves once the models are loaded (or failed to); never rejects. */
  ready(): Promise<FaceEngineStatus>;
  analyze(image: Uint8Array): Promise<FaceAnalysis>;
  close(): Promise<void>;
};
