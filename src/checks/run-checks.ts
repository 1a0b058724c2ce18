import type { CheckResults, StoredBarcode } from '../core/checks.js';
import type { ChallengeAnswer } from '../core/faces/challenge.js';
import { decide, type DecisionOutcome } from '../core/verifications/decide.js';
import type { ReasonCode } from '../core/verifications/reason-codes.js';
import { forcedCheckResults } from '../core/verifications/test-outcome.js';
import type { CheckEngines } from '../ports/check-engines.js';
import type { FaceStore } from '../ports/face-store.js';
import type { Metrics } from '../ports/metrics.js';
import type { SanctionsScreening } from '../ports/sanctions.js';
import { searchDuplicates } from './dedupe-check.js';
import { checkDocument } from './document-check.js';
import { checkFaces, replayEvidence } from './face-check.js';
import { checkFront, type FrontCheck } from './front-check.js';
import type { Identity } from './identity.js';
import { screenSanctions } from './sanctions-check.js';
import type { CheckSummary, DocChecks } from './check-results.js';
import { checkDetails, checksSummary } from './summary.js';
import { withTimeBudget } from './time-budget.js';

export type CheckDeps = {
  engines: CheckEngines;
  faces: FaceStore;
  sanctions: SanctionsScreening;
  metrics: Metrics;
  checkTimeoutMs: number;
};

export type CheckInput = {
  verificationId: string;
  apiKeyId: number;
  barcode: StoredBarcode;
  portrait: Buffer | null;
  frames: Buffer[];
  /** The liveness challenge the selfie answered (stored with it); null when it came without one. */
  challengeAnswer: ChallengeAnswer | null;
  today: Date;
  /**
   * Test mode (docs/testing.md): the reason codes to force. No ML and no screening run and no face
   * is searched or remembered; the licence is still parsed, for the identity in the detail.
   */
  forced?: readonly ReasonCode[];
};

export type CheckRunResult = {
  results: CheckResults;
  outcome: DecisionOutcome;
  /** `checks` and `doc_checks` as the verification stores them. */
  checks: CheckSummary & { test_mode?: true };
  docChecks: DocChecks;
  identity: Identity | null;
  /** The selfie's template, kept for later duplicate searches. */
  template: number[] | null;
  /** The selfie frames' perceptual hashes, kept so a later verification re-sending them is seen. */
  frameHashes: string[];
};

/**
 * Runs the five checks (the document's includes reading the licence front) (independent ones concurrently, each inside its time budget) and decides.
 * A check that overruns or fails is `unavailable` and the decision is capped at review (decide.ts).
 */
export async function runChecks(deps: CheckDeps, input: CheckInput): Promise<CheckRunResult> {
  if (input.forced) return forcedChecks(input, input.forced);
  async function timed<T>(
    name: string,
    work: () => Promise<T>,
    onFailure: (error: string) => T,
    isUnavailable: (v: T) => boolean,
  ): Promise<{ value: T; ms: number }> {
    const started = performance.now();
    const value = await withTimeBudget(work(), deps.checkTimeoutMs, onFailure);
    const ms = performance.now() - started;
    deps.metrics.checkFinished(name, ms, isUnavailable(value));
    return { value, ms };
  }
  const unavailable = (error: string) => ({ status: 'unavailable' as const, error });

  const documentStarted = performance.now();
  const document = checkDocument(input.barcode, input.today);
  deps.metrics.checkFinished('document', performance.now() - documentStarted, false);

  const [front, faces, sanctions] = await Promise.all([
    timed(
      'document_front',
      () => checkFront(deps.engines.frontReader, input.portrait, document.result),
      (error): FrontCheck => ({
        reasons: ['document_front_unavailable'],
        detail: { status: 'unavailable', error },
      }),
      (v) => v.detail.status === 'unavailable',
    ),
    timed(
      'faces',
      async () => {
        const replay = await replayEvidence(deps.engines, deps.faces, {
          verificationId: input.verificationId,
          frames: input.frames,
          answer: input.challengeAnswer,
        });
        const outcome = await checkFaces(deps.engines.faceEngine, {
          portrait: input.portrait,
          frames: input.frames,
          evidence: replay.evidence,
        });
        return { ...outcome, frameHashes: replay.hashes };
      },
      (error) => ({
        faceMatch: unavailable(error),
        liveness: unavailable(error),
        template: null,
        frameHashes: [],
      }),
      (v) => v.faceMatch.status === 'unavailable' || v.liveness.status === 'unavailable',
    ),
    timed(
      'sanctions',
      () => screenSanctions(deps.sanctions, document.identity),
      unavailable,
      (v) => v.status === 'unavailable',
    ),
  ]);
  const dedupe = await timed(
    'face_dedupe',
    () =>
      searchDuplicates(deps.faces, {
        verificationId: input.verificationId,
        apiKeyId: input.apiKeyId,
        template: faces.value.template,
        identity: document.identity,
      }),
    unavailable,
    (v) => v.status === 'unavailable',
  );

  const results: CheckResults = {
    document: {
      ...document.result,
      reasons: [...document.result.reasons, ...front.value.reasons],
      detail: { ...document.result.detail, front: front.value.detail },
    },
    faceMatch: faces.value.faceMatch,
    liveness: faces.value.liveness,
    sanctions: sanctions.value,
    dedupe: dedupe.value,
  };
  return {
    results,
    outcome: decide(results),
    checks: checksSummary(results, { faces: faces.ms, sanctions: sanctions.ms, face_dedupe: dedupe.ms }),
    docChecks: checkDetails(results, document.identity),
    identity: document.identity,
    template: faces.value.template,
    frameHashes: faces.value.frameHashes,
  };
}

/** Test mode: the forced results through the real decide(), shaped as a live run stores them. */
function forcedChecks(input: CheckInput, reasons: readonly ReasonCode[]): CheckRunResult {
  const document = checkDocument(input.barcode, input.today);
  const results = forcedCheckResults(reasons, document.result);
  return {
    results,
    outcome: decide(results),
    checks: { ...checksSummary(results, { faces: 0, sanctions: 0, face_dedupe: 0 }), test_mode: true },
    docChecks: checkDetails(results, document.identity),
    identity: document.identity,
    template: null,
    frameHashes: [],
  };
}
