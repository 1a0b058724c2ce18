import crypto from 'node:crypto';
import { runChecks } from '../../checks/run-checks.js';
import { faceIdentityOf } from '../../core/faces/face-dedupe.js';
import type { FaceEngine } from '../../core/faces/face-engine.js';
import { SUBMITTABLE } from '../../core/verifications/status.js';
import type { CheckJobOutcome, ClaimedCheckJob } from '../../ports/check-queue.js';
import type { FrontTextReader, MrzReader } from '../../ports/check-engines.js';
import type { VerificationDeps } from './deps.js';

export type CheckJobDeps = Pick<
  VerificationDeps,
  | 'verifications'
  | 'media'
  | 'signals'
  | 'transact'
  | 'checks'
  | 'clock'
  | 'metrics'
  | 'onDecided'
  | 'challenges'
>;

/**
 * Claims a job may take before the checks that decode its images are given up on: a job whose worker
 * died this often (the process crashed or was killed mid-check, e.g. out of memory on a hostile image)
 * is decided with face match and liveness unavailable, and no image of it decoded at all (no frame
 * hashes either), instead of crashing the next worker too. So every job ends decided, by the fourth
 * claim at the latest.
 */
export const CHECK_JOB_MAX_ATTEMPTS = 3;

/** Thrown inside the decision's transaction to roll it back: another worker holds the job now. */
class LeaseLost extends Error {}

/** A face engine standing in for one that keeps dying on this verification: every analysis is unavailable. */
function givenUpFaceEngine(error: string): FaceEngine {
  return {
    ready: async () => ({ ok: false, error }),
    analyze: async () => ({ ok: false, reason: 'unavailable', error, durationMs: 0, models: [] }),
    analyzePortrait: async () => ({ ok: false, reason: 'unavailable', error, durationMs: 0, models: [] }),
    close: async () => undefined,
  };
}

function givenUpFrontReader(error: string): FrontTextReader {
  return {
    ready: async () => ({ ok: false, error }),
    readFrontText: async () => ({ status: 'unavailable', error }),
  };
}

function givenUpMrzReader(error: string): MrzReader {
  return { readMrz: async () => ({ status: 'unavailable', error }) };
}

/**
 * A check worker's one job: runs every check on the verification's stored inputs, decides, and
 * commits the decision with its audit entry, usage record, outbox event, face template and the job's
 * completion in one transaction. Two guards make it exactly once: the verification must still be
 * submittable (markDecided) and the job's lease must still be this worker's (complete); a worker
 * whose lease ran out and was taken over rolls back.
 */
export async function decideCheckJob(
  deps: CheckJobDeps,
  job: ClaimedCheckJob,
): Promise<CheckJobOutcome | 'lease_lost'> {
  const started = performance.now();
  const verification = await deps.verifications.findById(job.verificationId, deps.clock.now());
  const barcode = verification?.barcode;
  if (!verification || !SUBMITTABLE.includes(verification.status) || !barcode) {
    return commit(deps, job, started, null);
  }

  const [portrait] = await deps.media.load(verification.id, 'document_front');
  const frames = await deps.media.load(verification.id, 'selfie_frame');
  const givenUp = job.attempts > CHECK_JOB_MAX_ATTEMPTS;
  const givenUpBecause = `the check worker stopped ${job.attempts - 1} times during this verification`;
  if (givenUp) deps.metrics.checkJobGivenUp();
  const checks = givenUp
    ? {
        ...deps.checks,
        engines: {
          ...deps.checks.engines,
          faceEngine: givenUpFaceEngine(givenUpBecause),
          frontReader: givenUpFrontReader(givenUpBecause),
          mrzReader: givenUpMrzReader(givenUpBecause),
          frameHash: async () => null,
        },
      }
    : deps.checks;
  const run = await runChecks(checks, {
    verificationId: verification.id,
    apiKeyId: verification.api_key_id,
    barcode,
    portrait: portrait ?? null,
    frames,
    challengeAnswer: await deps.challenges.selfieAnswer(verification.id),
    today: deps.clock.now(),
    // An outcome not fixed at creation nor chosen at submit is an approval: every check passes.
    ...(verification.mode === 'test'
      ? { forced: verification.test_outcome ?? job.input.testOutcome ?? [] }
      : {}),
  });
  const signals = await deps.signals.summary(verification.id);
  const { decision, score, reasons } = run.outcome;
  const at = deps.clock.now();

  return commit(deps, job, started, async (tx) => {
    const row = await tx.verifications.markDecided(verification.id, {
      decision,
      score,
      reasons,
      checks: {
        ...run.checks,
        signals: signals ?? { status: 'none', detail: 'no device signals were collected' },
      },
      docChecks: run.docChecks,
      at,
    });
    if (!row) return null;
    await tx.audit.append(verification.id, {
      actor: 'system',
      event: 'verification.decided',
      at,
      detail: { decision, score, reasons },
    });
    // Test verifications are never metered (docs/testing.md).
    if (verification.mode === 'live')
      await tx.usage.record({ verificationId: verification.id, apiKeyId: verification.api_key_id, at });
    await tx.outbox.add({
      id: crypto.randomUUID(),
      type: 'verification.decided',
      apiKeyId: verification.api_key_id,
      verificationId: verification.id,
      data: { decision, score, reasons },
      at,
    });
    if (run.template) {
      await tx.faces.remember({
        verificationId: verification.id,
        apiKeyId: verification.api_key_id,
        identity: faceIdentityOf(run.identity),
        embedding: run.template,
        at,
      });
    }
    await tx.faces.rememberFrames({
      verificationId: verification.id,
      apiKeyId: verification.api_key_id,
      hashes: run.frameHashes,
      at,
    });
    return decision;
  });
}

type Stores = Parameters<Parameters<CheckJobDeps['transact']>[0]>[0];

/** Writes the decision (when there is one) and completes the job under its lease, in one transaction. */
async function commit(
  deps: CheckJobDeps,
  job: ClaimedCheckJob,
  started: number,
  writeDecision: ((tx: Stores) => Promise<string | null>) | null,
): Promise<CheckJobOutcome | 'lease_lost'> {
  try {
    const decision = await deps.transact(async (tx) => {
      const written = writeDecision ? await writeDecision(tx) : null;
      const completed = await tx.checkJobs.complete({
        id: job.id,
        leaseToken: job.leaseToken,
        runMs: performance.now() - started,
        outcome: written ? 'decided' : 'superseded',
      });
      if (!completed) throw new LeaseLost();
      return written;
    });
    if (!decision) return 'superseded';
    deps.metrics.verificationDecided(decision);
    deps.onDecided();
    return 'decided';
  } catch (error) {
    if (error instanceof LeaseLost) return 'lease_lost';
    throw error;
  }
}
