import crypto from 'node:crypto';
import type { StoredBarcode } from '../../core/checks.js';
import { DEFAULT_DOCUMENT_TYPE, type DocumentType } from '../../core/documents/document-types.js';
import { ApiError, validationError } from '../../core/errors.js';
import { isoWithoutZone } from '../../core/time.js';
import type { ReasonCode } from '../../core/verifications/reason-codes.js';
import { admitInTurns } from '../../core/verifications/admission.js';
import { advance, SUBMITTABLE } from '../../core/verifications/status.js';
import type { MediaItem, Verification } from '../../core/verifications/verification.js';
import { requireTestOutcome } from './create-verification.js';
import type { RequestContext, VerificationDeps } from './deps.js';
import {
  decodeSelfie,
  keepSelfieAnswer,
  readBarcode,
  requireConsent,
  requireImage,
  type SelfieInput,
} from './session-inputs.js';

export type SubmitBody = SelfieInput & {
  consent?: boolean | undefined;
  image_b64?: string | undefined;
  barcode?: string | undefined;
  /** Test mode: the outcome chosen in the hosted flow (docs/testing.md). */
  test_outcome?: ReasonCode[] | undefined;
};

/** Another submit of the same verification has its job in the queue already: this one steps aside. */
class AlreadyQueued extends Error {
  constructor(readonly jobId: number) {
    super('a check job is already queued for this verification');
  }
}

/** An outcome chosen at submit: test mode only, and only when none was fixed at creation. */
function chosenTestOutcome(
  verification: Verification,
  chosen: ReasonCode[] | undefined,
): ReasonCode[] | null {
  if (chosen !== undefined && verification.test_outcome !== null) {
    throw validationError([
      {
        loc: ['body', 'test_outcome'],
        msg: 'test_outcome was fixed when the verification was created',
        type: 'value_error',
      },
    ]);
  }
  return requireTestOutcome(verification.mode, chosen, ['body', 'test_outcome']);
}

/**
 * The document the checks need: a licence's barcode; a passport's data page; both sides of an ID
 * card (its MRZ is on the back, its portrait on the front). Missing, it is `image_b64 required`.
 */
async function requireDocument(
  deps: Pick<VerificationDeps, 'media'>,
  verification: Verification,
  type: DocumentType,
  sent: { barcode: StoredBarcode | undefined; back: boolean },
): Promise<void> {
  if (type === 'drivers_license') {
    if (!(sent.barcode ?? verification.barcode)) throw new ApiError('image_required');
    return;
  }
  if (!(await deps.media.has(verification.id, 'document_front'))) throw new ApiError('image_required');
  if (type === 'id_card' && !sent.back && !(await deps.media.has(verification.id, 'document_back')))
    throw new ApiError('image_required');
}

/** Retry-After for a submit whose admitted job was not decided within its wait (workers lost). */
const UNDECIDED_RETRY_SECONDS = 5;

/**
 * Validates in the documented order (409 status, then consent, image, selfie, barcode),
 * stores the inputs and enqueues one check job in one transaction, then waits for a check worker to
 * decide (decide-check-job.ts). When the queue's expected wait is over the bound, nothing is stored
 * and the answer is 503 with Retry-After: the verification keeps its status and earlier uploads.
 */
export async function submitVerification(
  deps: VerificationDeps,
  verification: Verification,
  body: SubmitBody,
  context: RequestContext,
): Promise<Verification> {
  if (!SUBMITTABLE.includes(verification.status))
    throw new ApiError('cannot_submit', { status: verification.status });
  requireConsent(verification, body.consent === true);
  const testOutcome = chosenTestOutcome(verification, body.test_outcome);

  const type = verification.document_type ?? DEFAULT_DOCUMENT_TYPE;
  const { media, back, newBarcode } = await deps.imageWork.run(async () => {
    const decoded: MediaItem[] = [];
    if (verification.status === 'doc_back') {
      if (!body.image_b64) throw new ApiError('image_required');
      decoded.push(await requireImage(deps, body.image_b64, 'document_back'));
    }
    if (
      body.frames_b64?.length ||
      body.video_b64 ||
      body.liveness_challenge ||
      !(await deps.media.has(verification.id, 'selfie_frame'))
    ) {
      decoded.push(...(await decodeSelfie(deps, body)));
    }
    const backImage = decoded.find((m) => m.kind === 'document_back');
    // Only a licence's back carries a PDF417; an ID card's MRZ is read with the checks.
    const barcode =
      backImage && type === 'drivers_license'
        ? await readBarcode(deps, backImage.bytes, body.barcode)
        : undefined;
    return { media: decoded, back: backImage, newBarcode: barcode };
  });
  await requireDocument(deps, verification, type, { barcode: newBarcode, back: back !== undefined });

  const at = deps.clock.now();
  let jobId: number | null;
  try {
    jobId = await deps.media.withPlaced(verification.id, media, (placed) =>
      deps.transact(async (tx) => {
        const open = await tx.verifications.advance(verification.id, {
          status: advance(verification.status, back ? 'selfie' : verification.status),
          at,
          ...(newBarcode ? { barcode: newBarcode } : {}),
          ...(testOutcome && !verification.test_outcome ? { testOutcome } : {}),
        });
        if (!open) return { result: null, replaced: null };
        if (!verification.consent_at && (await tx.verifications.recordConsent(verification.id, at))) {
          await tx.audit.append(verification.id, {
            actor: 'end_user',
            event: 'consent.given',
            at,
            detail: { ip: context.ip, user_agent: context.userAgent },
          });
        }
        const replaced = await tx.media.save(verification.id, placed, at);
        if (media.some((m) => m.kind === 'selfie_frame'))
          await keepSelfieAnswer(tx, verification.id, body, at);
        await tx.audit.append(verification.id, {
          actor: 'end_user',
          event: 'verification.submitted',
          at,
          ...(testOutcome ? { detail: { test_outcome: testOutcome } } : {}),
        });
        // Last, so the cluster-wide admission lock is held only for the count, the insert and the commit.
        const { load, waiting } = await tx.checkJobs.lockForAdmission(verification.api_key_id);
        const verdict = admitInTurns(load, waiting, deps.admission.maxWaitMs);
        if (!verdict.admitted) {
          throw new ApiError('checks_busy', {}, { retryAfterSeconds: verdict.retryAfterSeconds });
        }
        const queued = await tx.checkJobs.enqueue(verification.id, {
          ip: context.ip,
          userAgent: context.userAgent,
          ...(testOutcome ? { testOutcome } : {}),
        });
        if (queued.created === false) throw new AlreadyQueued(queued.id);
        await tx.outbox.add({
          id: crypto.randomUUID(),
          type: 'verification.processing',
          apiKeyId: verification.api_key_id,
          verificationId: verification.id,
          data: { submitted_at: isoWithoutZone(at) },
          at,
        });
        return { result: queued.id, replaced };
      }),
    );
  } catch (error) {
    if (!(error instanceof AlreadyQueued)) throw error;
    // Of two concurrent submits the first one's job decides; this one reports the outcome as a 409.
    await deps.checkQueue.awaitDone(error.jobId, deps.admission.resultWaitMs);
    jobId = null;
  }

  if (jobId !== null && !(await deps.checkQueue.awaitDone(jobId, deps.admission.resultWaitMs))) {
    throw new ApiError('checks_busy', {}, { retryAfterSeconds: UNDECIDED_RETRY_SECONDS });
  }
  const current = await deps.verifications.findById(verification.id, deps.clock.now());
  if (jobId === null || current?.status !== 'decided')
    throw new ApiError('cannot_submit', { status: current?.status ?? 'unknown' });
  return current;
}
