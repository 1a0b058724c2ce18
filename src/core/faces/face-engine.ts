/** One model the face engine loaded: `version` carries a hash of the weights. */
export type ModelInfo = { name: string; version: string };

/** Pixel box in the EXIF-oriented image, after the engine's downscale to its working size. */
export type FaceBox = { x: number; y: number; width: number; height: number };

/** A face as the detector (and, when asked for, the face mesh) sees it, before any recognition model runs. */
export type DetectedFace = {
  box: FaceBox;
  /** Detector confidence, 0..1. */
  score: number;
  /** Head yaw and roll from the five landmarks (five-points.ts), degrees; null when they gave none. */
  yawDeg: number | null;
  /** Head pitch from the face mesh, degrees; null when the mesh did not run or gave none. */
  pitchDeg: number | null;
  rollDeg: number | null;
  /** The detector's five landmarks (eyes, nose tip, mouth corners; five-points.ts) as [x, y] pixels. */
  landmarks: Array<[number, number]>;
  /** Face-mesh landmarks (468 points, MediaPipe order) as [x, y] pixels, on the frames that asked for them. */
  mesh: Array<[number, number]> | null;
  /** Variance of the Laplacian of the aligned face crop, 0–255 grey scale: low = blurred. */
  sharpness: number | null;
};

export type AnalyzedFace = DetectedFace & {
  /** The recognizer's embedding, L2-normalised; compare with Euclidean distance (see face-similarity.ts). */
  descriptor: number[];
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

/** What an analysis adds beyond detection and the embedding. */
export type AnalyzeOptions = {
  /**
   * Run the face mesh too (mouth and eyelid landmarks, head pitch): only the frames a liveness
   * challenge reads face movements from need it, and it costs more than the rest of the frame.
   */
  mesh?: boolean;
};

/** Port for face detection, description and the landmarks liveness reads. */
export type FaceEngine = {
  /** Resolves once the models are loaded (or failed to); never rejects. */
  ready(): Promise<FaceEngineStatus>;
  analyze(image: Uint8Array, options?: AnalyzeOptions): Promise<FaceAnalysis>;
  /** The portrait on a licence front: found on the card, then cropped, enlarged and described. */
  analyzePortrait(image: Uint8Array): Promise<PortraitAnalysis>;
  close(): Promise<void>;
};
