import crypto from 'node:crypto';
import { ApiError } from '../../core/errors.js';
import { isoWithoutZone } from '../../core/time.js';
import { isOpen } from '../../core/verifications/status.js';
import type { VerificationDetail } from '../../core/verifications/verification.js';
import type { VerificationDeps } from './deps.js';
import { ownedVerification, verificationDetail } from './read-verifications.js';

/**
 * The merchant ends an open verification (doc_front, doc_back or selfie, also while its checks run: their
 * late result is then not recorded): status `canceled`, its client tokens and handoff links end, its
 * uploaded media are deleted (nothing was decided on them), with the audit entry and the
 * `verification.canceled` event in one transaction. A repeat answers the same; a decided or expired
 * verification is a 409. Bucket objects go once the rows naming them are gone.
 */
export async function cancelVerification(
  deps: Pick<VerificationDeps, 'verifications' | 'media' | 'transact' | 'clock' | 'onDecided'>,
  input: { verificationId: string; apiKeyId: number },
): Promise<VerificationDetail> {
  const verification = await ownedVerification(deps, input.verificationId, input.apiKeyId);
  if (verification.status !== 'canceled') {
    if (!isOpen(verification.status)) throw new ApiError('cannot_cancel', { status: verification.status });
    const at = deps.clock.now();
    const outcome = await deps.transact(async (tx) => {
      const canceled = await tx.verifications.cancel(verification.id, at);
      if (!canceled) return null;
      const tokens = await tx.verifications.revokeTokens(verification.id, at);
      const media = await tx.media.removeAll(verification.id);
      await tx.audit.append(verification.id, {
        actor: 'merchant',
        event: 'verification.canceled',
        at,
        detail: { by_key_id: input.apiKeyId, tokens_ended: tokens, media_deleted: media.count },
      });
      await tx.outbox.add({
        id: crypto.randomUUID(),
        type: 'verification.canceled',
        apiKeyId: verification.api_key_id,
        verificationId: verification.id,
        data: { status: 'canceled', canceled_at: isoWithoutZone(at), media_deleted: media.count },
        at,
      });
      return media.storageKeys;
    });
    if (!outcome) {
      // It closed in the meantime (decided, expired, or canceled by a concurrent call).
      const now = await ownedVerification(deps, input.verificationId, input.apiKeyId);
      if (now.status !== 'canceled') throw new ApiError('cannot_cancel', { status: now.status });
    } else {
      await deps.media.removeObjects(outcome);
      deps.onDecided();
    }
  }
  return verificationDetail(deps, verification.id, input.apiKeyId);
}
