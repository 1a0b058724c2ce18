import type { CheckResults, DocumentCheckResult, StoredBarcode } from '../core/checks.js';
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
import { checkMrzDocumentImages, type MrzDocumentCheck, type MrzDocumentInput } from './document-mrz.js';
import type { Identity } from './identity.js';
import { screenSanctions } from './sanctions-check.js';
import type { CheckSummary, DocChecks } from '../core/check-results.js';
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
  /**
   * The document: a licence by the barcode read from its back at upload; a passport or ID card by its
   * machine-readable zone, read here from the images (`portrait` is the front or data page).
   */
  document:
    | { type: 'drivers_license'; barcode: StoredBarcode }
    | { type: 'passport' | 'id_card'; back: Buffer | null; mrzReview: boolean };
  portrait: Buffer | null;
  frames: Buffer[];
  /** The liveness challenge the selfie answered (stored with it); null when it came without one. */
  challengeAnswer: ChallengeAnswer | null;
  today: Date;
  /**
   * Test mode (docs/testing.md): the reason codes to force. No ML and no screening run and no face
   * is searched or remembered; a licence is still parsed, for the identity in the detail (a passport's
   * or ID card's MRZ is not read: that is ML).
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

  const documentCheck = async (): Promise<MrzDocumentCheck> => {
    const { document: given } = input;
    if (given.type !== 'drivers_license') {
      const mrzInput = {
        type: given.type,
        front: input.portrait,
        back: given.back,
        today: input.today,
        mrzReview: given.mrzReview,
      };
      const read = await timed(
        'document_mrz',
        () => checkMrzDocumentImages(deps.engines.mrzReader, mrzInput),
        (error) => mrzUnavailable(mrzInput, error),
        (v) => v.result.reasons.includes('mrz_unavailable'),
      );
      return read.value;
    }
    const documentStarted = performance.now();
    const licence = checkDocument(given.barcode, input.today);
    deps.metrics.checkFinished('document', performance.now() - documentStarted, false);
    const front = await timed(
      'document_front',
      () => checkFront(deps.engines.frontReader, input.portrait, licence.result),
      (error): FrontCheck => ({
        reasons: ['document_front_unavailable'],
        detail: { status: 'unavailable', error },
      }),
      (v) => v.detail.status === 'unavailable',
    );
    return {
      result: {
        ...licence.result,
        documentType: 'drivers_license',
        reasons: [...licence.result.reasons, ...front.value.reasons],
        detail: { ...licence.result.detail, front: front.value.detail },
      },
      identity: licence.identity,
      origin: null,
    };
  };
  // Screening and the duplicate search need the document's name, so they wait for it; the faces do not.
  const documentRun = documentCheck();
  const [document, faces, sanctions] = await Promise.all([
    documentRun,
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
    documentRun.then((read) =>
      timed(
        'sanctions',
        () => screenSanctions(deps.sanctions, read.identity, read.origin),
        unavailable,
        (v) => v.status === 'unavailable',
      ),
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
    document: document.result,
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
  const { document: given } = input;
  const document =
    given.type === 'drivers_license'
      ? checkDocument(given.barcode, input.today)
      : { result: forcedMrzDocument(given.type), identity: null };
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

/** The MRZ check when it overran its time budget or failed: unavailable, capped at review. */
function mrzUnavailable(input: MrzDocumentInput, error: string): MrzDocumentCheck {
  return {
    result: {
      status: 'ok',
      documentType: input.type,
      reasons: ['mrz_unavailable', ...(input.mrzReview ? (['document_chip_not_read'] as const) : [])],
      detail: {
        documentType: input.type,
        mrzSide: null,
        mrz: { status: 'unavailable', error },
        identity: null,
        expired: null,
      },
    },
    identity: null,
    origin: null,
  };
}

/** Test mode reads no MRZ (that is ML): the document is known only by its type. */
function forcedMrzDocument(type: 'passport' | 'id_card'): DocumentCheckResult {
  return {
    status: 'ok',
    documentType: type,
    reasons: [],
    detail: {
      documentType: type,
      mrzSide: null,
      mrz: { status: 'not_compared', reason: 'ml_disabled' },
      identity: null,
      expired: null,
    },
  };
}
