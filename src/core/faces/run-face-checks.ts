import type { FaceMatchCheckResult, LivenessCheckResult } from '../checks.js';
import type { AnalyzedFace, FaceAnalysis, FaceEngine, ModelInfo } from './face-engine.js';
import {
  FACE_MATCH_OPERATING_DISTANCE,
  FACE_MATCH_THRESHOLD,
  euclideanDistance,
  meanDescriptor,
  median,
  similarityFromDistance,
} from './face-similarity.js';
import { MAX_LIVENESS_FRAMES, assessLiveness, type LivenessFrame } from './liveness.js';

export type FaceChecksInput = {
  engine: FaceEngine;
  /** The document's portrait (the licence front). */
  portrait: Uint8Array;
  /** Selfie frames in capture order; only the first 8 are used. */
  frames: readonly Uint8Array[];
};

export type FaceChecksOutput = {
  faceMatch: FaceMatchCheckResult;
  liveness: LivenessCheckResult;
  /**
   * The selfie's template for duplicate-face search: the mean descriptor of the frames that show
   * the sequence's one identity (128 numbers; compare with Euclidean distance). null when no frame
   * had exactly one face, or the engine failed on a frame.
   */
  template: number[] | null;
  /** Engine time summed over all images, in ms (the images run concurrently, so wall time is less). */
  mlDurationMs: number;
};

function round(value: number, digits = 4): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function modelsOf(analyses: readonly FaceAnalysis[]): ModelInfo[] {
  return analyses.find((a) => a.models.length > 0)?.models ?? [];
}

function toLivenessFrame(analysis: FaceAnalysis): LivenessFrame {
  if (analysis.ok) return { faces: analysis.faces };
  return { unreadable: analysis.error };
}

/**
 * Licence fronts often carry a small "ghost" copy of the portrait beside the main one. The portrait
 * is the one face that is clearly the largest (at least twice the area of the next); two faces of
 * similar size are ambiguous and reported as such.
 */
const GHOST_PORTRAIT_AREA_RATIO = 2;

function documentPortrait(analysis: FaceAnalysis): { face: AnalyzedFace | null; problem: string | null } {
  if (!analysis.ok) return { face: null, problem: 'portrait_unreadable' };
  const bySize = [...analysis.faces].sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
  const [largest, next] = bySize;
  if (!largest) return { face: null, problem: 'no_face_in_portrait' };
  if (
    next &&
    largest.box.width * largest.box.height < GHOST_PORTRAIT_AREA_RATIO * next.box.width * next.box.height
  ) {
    return { face: null, problem: 'multiple_faces_in_portrait' };
  }
  return { face: largest, problem: null };
}

/**
 * Face match and liveness for one verification. The portrait and every frame go to the engine at
 * once (the engine's thread pool runs them in parallel). An engine failure on any image makes the
 * checks that needed it `unavailable`; a portrait or selfie without exactly one face is a result
 * (similarity null, with the reason in `detail`).
 */
export async function runFaceChecks(input: FaceChecksInput): Promise<FaceChecksOutput> {
  const { engine } = input;
  const frameImages = input.frames.slice(0, MAX_LIVENESS_FRAMES);
  const [portrait, ...frames] = await Promise.all(
    [input.portrait, ...frameImages].map((image) => engine.analyze(image)),
  );
  const all = [portrait!, ...frames];
  const models = modelsOf(all);
  const mlDurationMs = round(
    all.reduce((sum, a) => sum + a.durationMs, 0),
    1,
  );

  const engineFailure = all.find((a) => !a.ok && a.reason === 'unavailable');
  const frameFailure = frames.find((a) => !a.ok && a.reason === 'unavailable');

  let liveness: LivenessCheckResult;
  let template: number[] | null = null;
  let selfieFaces: AnalyzedFace[] = [];
  if (frameFailure && !frameFailure.ok) {
    liveness = { status: 'unavailable', error: frameFailure.error };
  } else if (frames.length === 0) {
    liveness = { status: 'ok', score: 0, detail: { frames: 0, reasons: ['no selfie frames'], models } };
  } else {
    const assessment = assessLiveness(frames.map(toLivenessFrame));
    liveness = { status: 'ok', score: assessment.score, detail: { ...assessment.detail, models } };
    selfieFaces = assessment.consistentFaces;
    if (selfieFaces.length > 0) template = meanDescriptor(selfieFaces.map((f) => f.descriptor));
  }

  let faceMatch: FaceMatchCheckResult;
  if (engineFailure && !engineFailure.ok) {
    faceMatch = { status: 'unavailable', error: engineFailure.error };
  } else {
    const { face: portraitFace, problem } = documentPortrait(portrait!);
    const base = {
      threshold: FACE_MATCH_THRESHOLD,
      operatingDistance: FACE_MATCH_OPERATING_DISTANCE,
      portraitFaces: portrait!.ok ? portrait!.faces.length : 0,
      selfieFramesUsed: selfieFaces.length,
      models,
    };
    if (problem || !portraitFace) {
      faceMatch = { status: 'ok', similarity: null, detail: { ...base, reason: problem } };
    } else if (selfieFaces.length === 0) {
      faceMatch = { status: 'ok', similarity: null, detail: { ...base, reason: 'no_single_face_in_selfie' } };
    } else {
      // Median over frames: a head turned away in one or two frames does not decide the match.
      const distances = selfieFaces.map((face) =>
        euclideanDistance(portraitFace.descriptor, face.descriptor),
      );
      const distance = median(distances);
      faceMatch = {
        status: 'ok',
        similarity: round(similarityFromDistance(distance)),
        detail: { ...base, distance: round(distance), frameDistances: distances.map((d) => round(d)) },
      };
    }
  }

  return { faceMatch, liveness, template, mlDurationMs };
}
