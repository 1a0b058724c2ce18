import { type ExpressionBuilder, type Kysely } from 'kysely';
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
    async framingOf(key) {
      const row = await db
        .selectFrom('publishable_keys')
        .innerJoin('api_keys', 'api_keys.id', 'publishable_keys.api_key_id')
        .select(['publishable_keys.allowed_origins', 'api_keys.mode'])
        .where('publishable_keys.key', '=', key)
        .where('publishable_keys.revoked_at', 'is', null)
        .executeTakeFirst();
      return row ?? null;
    },
  };
}

function ownedBy(eb: ExpressionBuilder<Database, 'publishable_keys'>, owner: PublishableKeyOwner) {
  if ('apiKeyId' in owner) return eb('api_key_id', '=', owner.apiKeyId);
  if ('accountId' in owner) return eb('account_id', '=', owner.accountId);
  return eb(
    'account_id',
    '=',
    eb.selectFrom('api_keys').select('api_keys.account_id').where('api_keys.id', '=', owner.accountOfApiKey),
  );
}
