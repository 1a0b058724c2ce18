import crypto from 'node:crypto';
import { runChecks } from '../../checks/run-checks.js';
import type { StoredBarcode } from '../../core/checks.js';
import { ApiError } from '../../core/errors.js';
import { faceIdentityOf } from '../../core/faces/face-dedupe.js';
import { SUBMITTABLE } from '../../core/verifications/status.js';
import type { MediaItem, Verification } from '../../core/verifications/verification.js';
import type { RequestContext, VerificationDeps } from './deps.js';
import {
  decodeSelfie,
  readBarcode,
  requireConsent,
  requireImage,
  type SelfieInput,
} from './session-inputs.js';

export type SubmitBody = SelfieInput & {
  consent?: boolean | undefined;
  image_b64?: string | undefined;
  barcode?: string | undefined;
};

/**
 * SPEC 3 and 4.5: validates in the SPEC's order (409 status, then consent, image, selfie, barcode),
 * runs every check, decides, and commits the decision with its audit entries, usage record, outbox
 * event and face template in one transaction.
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

  const media: MediaItem[] = [];
  let barcode: StoredBarcode | undefined = verification.barcode ?? undefined;
  let newBarcode: StoredBarcode | undefined;
  if (verification.status === 'doc_back') {
    if (!body.image_b64) throw new ApiError('image_required');
    media.push(requireImage(body.image_b64, 'document_back'));
  }
  let frames: Buffer[] | null = null;
  if (body.frames_b64?.length || body.video_b64 || !(await deps.media.has(verification.id, 'selfie_frame'))) {
    const selfie = await decodeSelfie(deps, body);
    media.push(...selfie);
    frames = selfie.map((m) => m.bytes);
  }
  const back = media.find((m) => m.kind === 'document_back');
  if (back) {
    newBarcode = await readBarcode(deps, back.bytes, body.barcode);
    barcode = newBarcode;
  }
  if (!barcode) throw new ApiError('image_required');

  const [portrait] = await deps.media.load(verification.id, 'document_front');
  frames ??= await deps.media.load(verification.id, 'selfie_frame');
  const run = await runChecks(deps.checks, {
    verificationId: verification.id,
    apiKeyId: verification.api_key_id,
    barcode,
    portrait: portrait ?? null,
    frames,
    today: deps.clock.now(),
  });
  const signals = await deps.signals.summary(verification.id);
  const { decision, score, reasons } = run.outcome;

  const at = deps.clock.now();
  const decided = await deps.media.withPlaced(verification.id, media, (placed) =>
    deps.transact(async (tx) => {
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
        ...(verification.consent_at ? {} : { consentAt: at }),
        ...(newBarcode ? { barcode: newBarcode } : {}),
      });
      if (!row) return { result: undefined, replaced: null };
      if (!verification.consent_at) {
        await tx.audit.append(verification.id, {
          actor: 'end_user',
          event: 'consent.given',
          at,
          detail: { ip: context.ip, user_agent: context.userAgent },
        });
      }
      const replaced = await tx.media.save(verification.id, placed, at);
      await tx.audit.append(verification.id, { actor: 'end_user', event: 'verification.submitted', at });
      await tx.audit.append(verification.id, {
        actor: 'system',
        event: 'verification.decided',
        at,
        detail: { decision, score, reasons },
      });
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
      return { result: row, replaced };
    }),
  );
  if (!decided) {
    const current = await deps.verifications.findById(verification.id, deps.clock.now());
    throw new ApiError('cannot_submit', { status: current?.status ?? 'unknown' });
  }
  deps.metrics.verificationDecided(decision);
  deps.onDecided();
  return decided;
}
