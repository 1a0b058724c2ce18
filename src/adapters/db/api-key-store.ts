import type { Kysely } from 'kysely';
import type { ApiKey, ApiKeyStore } from '../../ports/api-key-store.js';
import type { Database } from './schema.js';

/** The SQLSTATE the insert trigger raises when the owner or a key above it is revoked (migrations/0020). */
const OWNER_REVOKED_SQLSTATE = 'IK001';

function isOwnerRevoked(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === OWNER_REVOKED_SQLSTATE
  );
}

/**
 * The tables whose `api_key_id` names the key that owns the row, beside verifications: a roll hands
 * them to the successor. Columns that record who acted (verifications.reviewer_key_id,
 * face_blocklist.created_by, account_audit.actor_key_id, accounts.lineage_root_key_id) stay as history.
 * idempotency_keys stay too: a recorded answer is sealed under the secret of the key that sent the
 * request, so only a retry with that same key can replay it.
 */
const OWNED_BY_KEY = [
  'publishable_keys',
  'usage_records',
  'events',
  'face_templates',
  'webhook_endpoints',
  'selfie_frame_hashes',
  'screening_monitors',
  'screening_alerts',
] as const;

export function createApiKeyStore(db: Kysely<Database>): ApiKeyStore {
  /** The ids of a key and of every key below it in the tree that owner_key_id forms. */
  const subtreeIds = (rootId: number) =>
    db
      .withRecursive('subtree(id)', (qb) =>
        qb
          .selectFrom('api_keys')
          .select('id')
          .where('id', '=', rootId)
          .union(
            qb
              .selectFrom('api_keys as child')
              .innerJoin('subtree', 'subtree.id', 'child.owner_key_id')
              .select('child.id'),
          ),
      )
      .selectFrom('subtree')
      .select('subtree.id');

  return {
    async insert(input) {
      return db
        .insertInto('api_keys')
        .values({
          label: input.label,
          scopes: JSON.stringify(input.scopes),
          key_hash: input.keyHash,
          key_prefix: input.keyPrefix,
          owner_key_id: input.ownerKeyId,
          ...(input.accountId !== undefined && input.ownerKeyId === null
            ? { account_id: input.accountId }
            : {}),
          mode: input.mode ?? 'live',
          // Named only when set: start-up inserts its keys before a database made by an older release
          // has been migrated to have the column.
          ...(input.createdByMemberId ? { created_by_member_id: input.createdByMemberId } : {}),
        })
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch((error: unknown) => {
          if (isOwnerRevoked(error)) return undefined;
          throw error;
        });
    },

    async findByHash(keyHash: string): Promise<ApiKey | undefined> {
      return db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
    },

    async findById(id) {
      return db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** A key owns itself and every key below it: those it created, and theirs. */
    async listOwned(ownerId: number): Promise<ApiKey[]> {
      return db
        .selectFrom('api_keys')
        .selectAll()
        .where('id', 'in', subtreeIds(ownerId))
        .orderBy('id')
        .execute();
    },

    async listInAccount(accountId: number): Promise<ApiKey[]> {
      return db
        .selectFrom('api_keys')
        .selectAll()
        .where('account_id', '=', accountId)
        .orderBy('id')
        .execute();
    },

    async findOwned(id: number, ownerId: number): Promise<ApiKey | undefined> {
      return db
        .selectFrom('api_keys')
        .selectAll()
        .where('id', '=', id)
        .where('id', 'in', subtreeIds(ownerId))
        .executeTakeFirst();
    },

    /**
     * Idempotent: a second revoke keeps the first revoked_at. The key's whole subtree is revoked in the
     * same statement by a trigger (migrations/0007), so every writer cascades alike.
     */
    async revoke(id: number, at: Date): Promise<ApiKey | undefined> {
      await db
        .updateTable('api_keys')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
      return db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async roll(input) {
      const old = await db
        .selectFrom('api_keys')
        .selectAll()
        .where('id', '=', input.oldKeyId)
        .where('revoked_at', 'is', null)
        .where('successor_key_id', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!old) return undefined;
      const successor = await db
        .insertInto('api_keys')
        .values({
          label: old.label,
          scopes: JSON.stringify(old.scopes),
          key_hash: input.keyHash,
          key_prefix: input.keyPrefix,
          owner_key_id: old.owner_key_id,
          ...(old.owner_key_id === null ? { account_id: old.account_id } : {}),
          mode: old.mode,
          created_by_member_id: old.created_by_member_id,
          created_at: input.at,
        })
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch((error: unknown) => {
          if (isOwnerRevoked(error)) return undefined;
          throw error;
        });
      if (!successor) return undefined;
      const moved = await db
        .updateTable('verifications')
        .set({ api_key_id: successor.id })
        .where('api_key_id', '=', old.id)
        .returning('id')
        .execute();
      for (const table of OWNED_BY_KEY) {
        await db
          .updateTable(table)
          .set({ api_key_id: successor.id })
          .where('api_key_id', '=', old.id)
          .execute();
      }
      await db
        .updateTable('api_keys')
        .set({ owner_key_id: successor.id })
        .where('owner_key_id', '=', old.id)
        .execute();
      await db
        .updateTable('api_keys')
        .set({ successor_key_id: successor.id })
        .where('successor_key_id', '=', old.id)
        .execute();
      const rolled = await db
        .updateTable('api_keys')
        .set({ successor_key_id: successor.id, expires_at: input.expiresAt })
        .where('id', '=', old.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { old: rolled, successor, movedVerificationIds: moved.map((row) => row.id) };
    },

    async touchLastUsed(id: number, at: Date): Promise<void> {
      await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('api_keys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async recordAuthFailure(input: {
      ip: string;
      reason: string;
      keyPrefix: string | null;
      method: string;
      path: string;
      at: Date;
    }) {
      await db
        .insertInto('auth_failures')
        .values({
          ip: input.ip,
          reason: input.reason,
          key_prefix: input.keyPrefix,
          method: input.method,
          path: input.path,
          occurred_at: input.at,
        })
        .execute();
    },
  };
}
