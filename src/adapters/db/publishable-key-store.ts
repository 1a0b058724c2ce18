import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { PublishableKeyOwner, PublishableKeyStore } from '../../ports/publishable-key-store.js';
import type { Database } from './schema.js';

export function createPublishableKeyStore(db: Kysely<Database>): PublishableKeyStore {
  return {
    async insert(input: {
      key: string;
      apiKeyId: number;
      label: string;
      allowedOrigins: string[];
      at: Date;
    }) {
      return db
        .insertInto('publishable_keys')
        .values({
          key: input.key,
          api_key_id: input.apiKeyId,
          label: input.label,
          allowed_origins: JSON.stringify(input.allowedOrigins),
          created_at: input.at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async list(owner) {
      return db
        .selectFrom('publishable_keys')
        .selectAll()
        .where((eb) => ownedBy(eb, owner))
        .orderBy('id')
        .execute();
    },
    async revoke(id, owner, at) {
      await db
        .updateTable('publishable_keys')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where((eb) => ownedBy(eb, owner))
        .where('revoked_at', 'is', null)
        .execute();
      return db
        .selectFrom('publishable_keys')
        .selectAll()
        .where('id', '=', id)
        .where((eb) => ownedBy(eb, owner))
        .executeTakeFirst();
    },
    async setOriginsInAccount(id, accountId, origins) {
      return db
        .updateTable('publishable_keys')
        .set({ allowed_origins: JSON.stringify(origins) })
        .where('id', '=', id)
        .where('account_id', '=', accountId)
        .where('revoked_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
    },
    async originsOf(key: string): Promise<string[] | null> {
      const row = await db
        .selectFrom('publishable_keys')
        .select('allowed_origins')
        .where('key', '=', key)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return row ? row.allowed_origins : null;
    },

    async anyListsOrigins(): Promise<boolean> {
      const row = await db
        .selectFrom('publishable_keys')
        .select('id')
        .where('revoked_at', 'is', null)
        .where(sql<boolean>`allowed_origins <> '[]'::jsonb`)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The API key a live publishable key belongs to, or null. */
    async ownerOf(key: string): Promise<number | null> {
      const row = await db
        .selectFrom('publishable_keys')
        .select('api_key_id')
        .where('key', '=', key)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return row?.api_key_id ?? null;
    },
  };
}

function ownedBy(eb: ExpressionBuilder<Database, 'publishable_keys'>, owner: PublishableKeyOwner) {
  return 'apiKeyId' in owner ? eb('api_key_id', '=', owner.apiKeyId) : eb('account_id', '=', owner.accountId);
}
