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
