import crypto from 'node:crypto';
import { isoWithoutZone } from '../../core/time.js';
import type { VerificationDetail } from '../../core/verifications/verification.js';
import type { VerificationDeps } from './deps.js';
import { ownedVerification, verificationDetail } from './read-verifications.js';

/**
 * Erases a verification's personal data on the merchant's request (docs/privacy.md): its media, face
 * template (so duplicate searches no longer find it) and every personal field, with the `redacted`
 * audit entry and the `verification.redacted` outbox event, in one transaction. The decision and the
 * audit log stay. A repeat changes nothing and answers the same. Bucket objects are deleted once the
 * rows naming them are gone; one that fails is left to the media-object sweep.
 */
export async function redactVerification(
  deps: Pick<VerificationDeps, 'verifications' | 'media' | 'transact' | 'clock' | 'onDecided'>,
  input: { verificationId: string; apiKeyId: number },
): Promise<VerificationDetail> {
  const verification = await ownedVerification(deps, input.verificationId, input.apiKeyId);
  const at = deps.clock.now();
  const objectKeys = await deps.transact(async (tx) => {
    const redacted = await tx.verifications.redact(verification.id, at);
    if (!redacted) return null;
    const media = await tx.media.removeAll(verification.id);
    const template = await tx.faces.forget(verification.id);
    await tx.audit.append(verification.id, {
      actor: 'merchant',
      event: 'verification.redacted',
      at,
      detail: {
        reason: 'request',
        by_key_id: input.apiKeyId,
        media_deleted: media.count,
        face_template_deleted: template,
        status: redacted.status,
      },
    });
    await tx.outbox.add({
      id: crypto.randomUUID(),
      type: 'verification.redacted',
      apiKeyId: verification.api_key_id,
      verificationId: verification.id,
      data: { redacted_at: isoWithoutZone(at), status: redacted.status, decision: redacted.decision },
      at,
    });
    return media.storageKeys;
  });
  if (objectKeys) {
    await deps.media.removeObjects(objectKeys);
    deps.onDecided();
  }
  return verificationDetail(deps, verification.id, input.apiKeyId);
}
