import type { FaceMatchCheckResult, LivenessCheckResult } from '../checks.js';
import { frameNeedsMesh } from './challenge.js';
import type { AnalyzedFace, FaceAnalysis, FaceEngine, ModelInfo, PortraitAnalysis } from './face-engine.js';
import {
  FACE_MATCH_OPERATING_DISTANCE,
  FACE_MATCH_THRESHOLD,
  euclideanDistance,
  meanDescriptor,
  similarityFromDistance,
} from './face-similarity.js';
import { MIN_PORTRAIT_FACE_PX, bestSelfieFrames, qualityOf } from './portrait.js';
import {
  MAX_LIVENESS_FRAMES,
  assessLiveness,
  type LivenessEvidence,
  type LivenessFrame,
} from './liveness.js';

export type FaceChecksInput = {
  engine: FaceEngine;
  /** The document's portrait (the licence front). */
  portrait: Uint8Array;
  /** Selfie frames in capture order; only the first 8 are used. */
  frames: readonly Uint8Array[];
  /** The challenge the frames answer and the frames seen before (liveness.ts); none when absent. */
  evidence?: LivenessEvidence;
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

function modelsOf(analyses: readonly (FaceAnalysis | PortraitAnalysis)[]): ModelInfo[] {
  return analyses.find((a) => a.models.length > 0)?.models ?? [];
}

function matchBase(selfieFramesUsed: number, portraitFaces: number, models: ModelInfo[]) {
  return {
    threshold: FACE_MATCH_THRESHOLD,
    operatingDistance: FACE_MATCH_OPERATING_DISTANCE,
    portraitFaces,
    selfieFramesUsed,
    models,
  };
}

/**
 * The match itself: the portrait's descriptor against the mean descriptor of the best selfie frames
 * (frontal, large, sharp; see `bestSelfieFrames`), so a frame with the head turned away, blurred or
 * far from the camera does not pull the template. Quality of both sides goes into the detail.
 */
function matchPortrait(
  portrait: Extract<PortraitAnalysis, { ok: true }>,
  selfieFaces: readonly AnalyzedFace[],
  models: ModelInfo[],
): FaceMatchCheckResult {
  const base = matchBase(selfieFaces.length, portrait.cardFaces.length, models);
  if (!portrait.portrait) {
    const largest = [...portrait.cardFaces].sort((a, b) => b.box.height - a.box.height)[0];
    return {
      status: 'ok',
      similarity: null,
      detail: {
        ...base,
        reason: portrait.problem ?? 'no_face_in_portrait',
        ...(portrait.problem === 'portrait_too_small' && largest
          ? { portraitQuality: qualityOf(largest), minPortraitFacePx: MIN_PORTRAIT_FACE_PX }
          : {}),
      },
    };
  }
  const portraitQuality = qualityOf(portrait.portrait.face, portrait.portrait.faceHeightPx);
  if (selfieFaces.length === 0)
    return {
      status: 'ok',
      similarity: null,
      detail: { ...base, portraitQuality, reason: 'no_single_face_in_selfie' },
    };
  const { distance, frames } = portraitToSelfieDistance(portrait.portrait.face.descriptor, selfieFaces);
  return {
    status: 'ok',
    similarity: round(similarityFromDistance(distance)),
    detail: {
      ...base,
      distance: round(distance),
      portraitQuality,
      selfieFramesMatched: frames.map((index) => ({
        frame: index,
        ...qualityOf(selfieFaces[index]!),
        distance: round(
          euclideanDistance(portrait.portrait!.face.descriptor, selfieFaces[index]!.descriptor),
        ),
      })),
    },
  };
}

/** Distance from a portrait descriptor to the mean descriptor of the best selfie frames (indices into `selfieFaces`). */
export function portraitToSelfieDistance(
  portraitDescriptor: readonly number[],
  selfieFaces: readonly AnalyzedFace[],
): { distance: number; frames: number[] } {
  const frames = bestSelfieFrames(selfieFaces);
  const template = meanDescriptor(frames.map((index) => selfieFaces[index]!.descriptor));
  return { distance: euclideanDistance(portraitDescriptor, template), frames };
}

function toLivenessFrame(analysis: FaceAnalysis): LivenessFrame {
  if (analysis.ok) return { faces: analysis.faces };
  return { unreadable: analysis.error };
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
  // The mesh only where a challenge reads face movements: a challenge that cannot count needs none.
  const answer = input.evidence?.answer;
  const meshed = (index: number) =>
    !!answer && !answer.problem && frameNeedsMesh(answer.frames[index]?.action);
  const [portrait, frames] = await Promise.all([
    engine.analyzePortrait(input.portrait),
    Promise.all(frameImages.map((image, index) => engine.analyze(image, { mesh: meshed(index) }))),
  ]);
  const all: (FaceAnalysis | PortraitAnalysis)[] = [portrait, ...frames];
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
    const assessment = assessLiveness(frames.map(toLivenessFrame), input.evidence);
    liveness = { status: 'ok', score: assessment.score, detail: { ...assessment.detail, models } };
    selfieFaces = assessment.consistentFaces;
    if (selfieFaces.length > 0) template = meanDescriptor(selfieFaces.map((f) => f.descriptor));
  }

  let faceMatch: FaceMatchCheckResult;
  if (engineFailure && !engineFailure.ok) {
    faceMatch = { status: 'unavailable', error: engineFailure.error };
  } else if (!portrait.ok) {
    faceMatch = {
      status: 'ok',
      similarity: null,
      detail: { ...matchBase(selfieFaces.length, 0, models), reason: 'portrait_unreadable' },
    };
  } else {
    faceMatch = matchPortrait(portrait, selfieFaces, models);
  }

  return { faceMatch, liveness, template, mlDurationMs };
}
