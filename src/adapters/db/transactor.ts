import type { Kysely } from 'kysely';
import type { VerificationKeys } from '../../ports/verification-keys.js';
import type { Transactor, TransactionStores } from '../../ports/verification-store.js';
import { whenAmbientTransactionEnds } from './ambient-transaction.js';
import { createAuditLog } from './audit-log.js';
import { createCheckJobWrites } from './check-queue.js';
import { createFaceTemplateWrites } from './face-store.js';
import { createLivenessChallengeWrites } from './liveness-challenge-store.js';
import { createMediaRecords } from './media-store.js';
import { createOutbox } from './outbox.js';
import type { Database } from './schema.js';
import { createUsageRecords } from './usage-store.js';
import { createVerificationWrites } from './verification-store.js';

/**
 * One database transaction with every store a use case writes through bound to it. Every change to a
 * verification is audited, so the audit entries name the verifications a transaction touched;
 * `onCommitted` hears them once it has committed (the read cache evicts them before the caller
 * answers, so its own next read is never stale; inside an Idempotency-Key request's transaction, again
 * when that ends).
 */
export function createTransactor(
  db: Kysely<Database>,
  options: {
    vectorSearch: boolean;
    /** Seal personal data with each verification's own key. */
    keys?: VerificationKeys;
    /** The engine of the templates it stores (face-store.ts); the bundled one when absent. */
    templateEngine?: string;
    onCommitted?: (verificationIds: Set<string>) => void;
  },
): Transactor {
  return async <T>(work: (stores: TransactionStores) => Promise<T>): Promise<T> => {
    const touched = new Set<string>();
    const result = await db.transaction().execute(async (trx) => {
      const verifications = createVerificationWrites(trx, options.keys);
      const audit = createAuditLog(trx, options.keys);
      const stores: TransactionStores = {
        verifications,
        audit: {
          append: (verificationId, entry) => {
            touched.add(verificationId);
            return audit.append(verificationId, entry);
          },
        },
        usage: createUsageRecords(trx),
        outbox: createOutbox(trx),
        media: createMediaRecords(trx),
        faces: createFaceTemplateWrites(trx, options.vectorSearch, options.keys, options.templateEngine),
        checkJobs: createCheckJobWrites(trx, options.keys),
        challenges: createLivenessChallengeWrites(trx),
      };
      return work(stores);
    });
    if (touched.size > 0) {
      options.onCommitted?.(touched);
      whenAmbientTransactionEnds(() => options.onCommitted?.(touched));
    }
    return result;
  };
}
