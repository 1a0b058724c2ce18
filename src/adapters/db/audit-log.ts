import type { VerificationKeys } from '../../ports/verification-keys.js';
import type { AuditLog } from '../../ports/verification-store.js';
import { sealAuditDetail } from './sealed-columns.js';
import { AUDIT_DETAIL_KEYS_KEPT } from './redaction.js';
import type { Executor } from './schema.js';

const KEPT = new Set<string>(AUDIT_DETAIL_KEYS_KEPT);

/**
 * An audit detail as stored: what redaction would erase (client address, browser, notes) is sealed
 * with the verification's key; an entry with nothing of the kind needs no key.
 */
export async function storedAuditDetail(
  keys: VerificationKeys | undefined,
  verificationId: string,
  detail: Record<string, unknown>,
): Promise<string> {
  const personal = Object.keys(detail).some((key) => !KEPT.has(key));
  const sealer = keys && personal ? await keys.sealerFor(verificationId) : undefined;
  return JSON.stringify(sealAuditDetail(sealer, detail));
}

export function createAuditLog(db: Executor, keys?: VerificationKeys): AuditLog {
  return {
    async append(verificationId, entry) {
      await db
        .insertInto('verification_audit')
        .values({
          verification_id: verificationId,
          actor: entry.actor,
          event: entry.event,
          occurred_at: entry.at,
          detail: await storedAuditDetail(keys, verificationId, entry.detail ?? {}),
        })
        .execute();
    },
  };
}
