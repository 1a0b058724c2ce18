import type { FaceMatchCheckResult, LivenessCheckResult } from '../core/checks.js';
import { REPLAYED_FRAME_MAX_BITS, type ChallengeAnswer } from '../core/faces/challenge.js';
import type { FaceEngine } from '../core/faces/face-engine.js';
import { MAX_LIVENESS_FRAMES, type LivenessEvidence } from '../core/faces/liveness.js';
import { runFaceChecks } from '../core/faces/run-face-checks.js';
import type { CheckEngines } from '../ports/check-engines.js';
import type { FaceStore } from '../ports/face-store.js';

export type FaceCheckOutcome = {
  faceMatch: FaceMatchCheckResult;
  liveness: LivenessCheckResult;
  /** The selfie's face template for the duplicate search, when one face was found. */
  template: number[] | null;
};

const unavailable = (component: string) => ({
  status: 'unavailable' as const,
  error: `${component} is not available`,
});

/** Face match (portrait vs selfie) and liveness (the selfie frames); `unavailable` when ML is disabled. */
export async function checkFaces(
  engine: FaceEngine | null,
  input: { portrait: Buffer | null; frames: Buffer[]; evidence?: LivenessEvidence },
): Promise<FaceCheckOutcome> {
  if (!engine)
    return {
      faceMatch: unavailable('face model (ML_DISABLED)'),
      liveness: unavailable('liveness model (ML_DISABLED)'),
      template: null,
    };
  const { portrait, frames } = input;
  if (!portrait) {
    return {
      faceMatch: { status: 'ok', similarity: null, detail: { reason: 'no_document_front' } },
      liveness: (
        await runFaceChecks({
          engine,
          portrait: frames[0] ?? Buffer.alloc(0),
          frames,
          ...(input.evidence ? { evidence: input.evidence } : {}),
        })
      ).liveness,
      template: null,
    };
  }
  // Models still loading (just after start) are waited for, within the submit's time budget,
  // rather than charged to each image's own timeout.
  await engine.ready();
  const { faceMatch, liveness, template } = await runFaceChecks({
    engine,
    portrait,
    frames,
    ...(input.evidence ? { evidence: input.evidence } : {}),
  });
  return { faceMatch, liveness, template };
}

/**
 * The selfie's frame hashes, and which of them an earlier verification already sent, under any key
 * (a replay: docs/faces.md, "Challenge"). Frames that cannot be decoded have no hash and never match.
 */
export async function replayEvidence(
  engines: Pick<CheckEngines, 'frameHash'>,
  faces: Pick<FaceStore, 'seenFrames'>,
  input: { verificationId: string; frames: Buffer[]; answer: ChallengeAnswer | null },
): Promise<{ evidence: LivenessEvidence; hashes: string[] }> {
  // One frame at a time: each decode is bounded, and eight at once would multiply the bound by eight.
  const computed: Array<string | null> = [];
  for (const frame of input.frames.slice(0, MAX_LIVENESS_FRAMES))
    computed.push(await engines.frameHash(frame));
  const hashed = computed.flatMap((hash, frame) => (hash ? [{ hash, frame }] : []));
  const seen = await faces.seenFrames({
    excludeVerificationId: input.verificationId,
    hashes: hashed.map((h) => h.hash),
    maxDistance: REPLAYED_FRAME_MAX_BITS,
  });
  return {
    evidence: { answer: input.answer, replayedFrames: seen.map((i) => hashed[i]!.frame) },
    hashes: hashed.map((h) => h.hash),
  };
}

export type FaceTemplateOutcome =
  | { status: 'ok'; template: number[] }
  | { status: 'no_single_face' }
  | { status: 'unavailable'; error: string };

/** One face's template from an image (the operator blocklist stores templates, never images). */
export async function faceTemplateOf(engine: FaceEngine | null, image: Buffer): Promise<FaceTemplateOutcome> {
  if (!engine) return { status: 'unavailable', error: 'ML_DISABLED' };
  const analysis = await engine.analyze(image);
  if (!analysis.ok)
    return analysis.reason === 'unavailable'
      ? { status: 'unavailable', error: analysis.error }
      : { status: 'no_single_face' };
  const [face, ...others] = analysis.faces;
  return face && others.length === 0
    ? { status: 'ok', template: face.descriptor }
    : { status: 'no_single_face' };
}
