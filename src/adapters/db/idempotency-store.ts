import { sql, type Transaction } from 'kysely';
import type { IdempotencyStore } from '../../ports/idempotency.js';
import type { Database, Executor } from './schema.js';

/** PostgreSQL's lock_not_available: the wait for a concurrent request with the same key ran out. */
const LOCK_NOT_AVAILABLE = '55P03';

class KeyBusy extends Error {}

/**
 * Idempotency records (migration 0022). The claim is an INSERT … ON CONFLICT DO NOTHING: on PostgreSQL a
 * concurrent request with the same key waits on the unique index until the first commits (then finds its
 * record) or rolls back (then claims the key itself), bounded by `lock_timeout`; on PGlite the one
 * connection serialises the transactions, so the second simply finds the first's record.
 */
export function createIdempotencyStore(
  db: Executor,
  inTransaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>,
): IdempotencyStore {
  return {
    async run(claim, waitMs, work) {
      try {
        return await inTransaction(async (trx) => {
          await sql`SELECT set_config('lock_timeout', ${`${Math.max(1, Math.round(waitMs))}ms`}, true)`.execute(
            trx,
          );
          await trx
            .deleteFrom('idempotency_keys')
            .where('api_key_id', '=', claim.apiKeyId)
            .where('key_hash', '=', claim.keyHash)
            .where('expires_at', '<=', claim.now)
            .execute();
          const claimed = await trx
            .insertInto('idempotency_keys')
            .values({
              api_key_id: claim.apiKeyId,
              key_hash: claim.keyHash,
              request_hash: claim.requestHash,
              created_at: claim.now,
              expires_at: claim.expiresAt,
            })
            .onConflict((oc) => oc.columns(['api_key_id', 'key_hash']).doNothing())
            .returning('key_hash')
            .executeTakeFirst()
            .catch((error: unknown) => {
              throw (error as { code?: string }).code === LOCK_NOT_AVAILABLE ? new KeyBusy() : error;
            });
          if (!claimed) {
            const existing = await trx
              .selectFrom('idempotency_keys')
              .select(['request_hash', 'status_code', 'response_sealed'])
              .where('api_key_id', '=', claim.apiKeyId)
              .where('key_hash', '=', claim.keyHash)
              .executeTakeFirstOrThrow();
            if (existing.request_hash !== claim.requestHash) return { kind: 'mismatch' as const };
            return {
              kind: 'replay' as const,
              statusCode: existing.status_code!,
              sealed: existing.response_sealed!,
            };
          }
          const done = await work();
          await trx
            .updateTable('idempotency_keys')
            .set({
              status_code: done.statusCode,
              response_sealed: done.sealed,
              verification_id: done.verificationId,
            })
            .where('api_key_id', '=', claim.apiKeyId)
            .where('key_hash', '=', claim.keyHash)
            .execute();
          return { kind: 'done' as const, result: done.result };
        });
      } catch (error) {
        if (error instanceof KeyBusy) return { kind: 'busy' };
        throw error;
      }
    },
    async sweep(now) {
      const result = await db
        .deleteFrom('idempotency_keys')
        .where('expires_at', '<=', now)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
