import type { AuditLog } from '../../ports/verification-store.js';
import type { Executor } from './schema.js';

export function createAuditLog(db: Executor): AuditLog {
  return {
    async append(verificationId, entry) {
      await db
        .insertInto('verification_audit')
        .values({
          verification_id: verificationId,
          actor: entry.actor,
          event: entry.event,
          occurred_at: entry.at,
          detail: JSON.stringify(entry.detail ?? {}),
        })
        .execute();
    },
  };
}
