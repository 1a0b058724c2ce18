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
 *
 * Then the verification's own key is destroyed, so the copies of its data the database still holds
 * (write-ahead log, dead rows, backups) no longer open. Only after the commit: destroyed first, a
 * transaction that then failed would leave an unredacted verification unreadable for good. A crash in
 * between leaves a key the retention sweep destroys (its verification is redacted); a repeat destroys it too.
 */
export async function redactVerification(
  deps: Pick<VerificationDeps, 'verifications' | 'media' | 'transact' | 'keys' | 'clock' | 'onDecided'>,
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
  await deps.keys.destroy([verification.id]);
  if (objectKeys) {
    await deps.media.removeObjects(objectKeys);
    deps.onDecided();
  }
  return verificationDetail(deps, verification.id, input.apiKeyId);
}
