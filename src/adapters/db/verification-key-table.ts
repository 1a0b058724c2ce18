import type { Kysely } from 'kysely';
import type { WrappedKeyStore } from '../../ports/verification-keys.js';
import type { Database } from './schema.js';

/**
 * Wrapped verification keys as rows (VERIFICATION_KEY_STORE=database): every instance of a PostgreSQL
 * deployment sees them without a shared folder. A deleted row can survive in the server's write-ahead
 * log, its archives and backups, so after redaction those copies stay closed only while
 * DATA_ENCRYPTION_KEY is kept apart from them (docs/security.md). Each statement runs on its own
 * connection, committing at once: a key outlives a transaction that rolls back, never the reverse.
 */
export function createTableKeyStore(db: Kysely<Database>): WrappedKeyStore {
  return {
    location: 'database table verification_keys',
    async putIfAbsent(verificationId, wrapped) {
      await db
        .insertInto('verification_keys')
        .values({ verification_id: verificationId, wrapped, created_at: new Date() })
        .onConflict((oc) => oc.column('verification_id').doNothing())
        .execute();
      const kept = await db
        .selectFrom('verification_keys')
        .select('wrapped')
        .where('verification_id', '=', verificationId)
        .executeTakeFirstOrThrow();
      return kept.wrapped;
    },
    async get(verificationId) {
      const row = await db
        .selectFrom('verification_keys')
        .select('wrapped')
        .where('verification_id', '=', verificationId)
        .executeTakeFirst();
      return row?.wrapped ?? null;
    },
    async remove(verificationIds) {
      if (verificationIds.length === 0) return;
      await db.deleteFrom('verification_keys').where('verification_id', 'in', verificationIds).execute();
    },
    async ids() {
      const rows = await db.selectFrom('verification_keys').select('verification_id').execute();
      return rows.map((row) => row.verification_id);
    },
  };
}
