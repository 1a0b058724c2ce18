import type { Kysely } from 'kysely';
import type { AccountStore } from '../../ports/account-store.js';
import type { Database } from './schema.js';

export function createAccountStore(db: Kysely<Database>): AccountStore {
  return {
    async create(input) {
      return db
        .insertInto('accounts')
        .values({ name: input.name, created_at: input.at })
        .returning(['id', 'name', 'created_at'])
        .executeTakeFirstOrThrow();
    },

    async find(id) {
      return db
        .selectFrom('accounts')
        .select(['id', 'name', 'created_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async accountOfKey(apiKeyId) {
      const row = await db
        .selectFrom('api_keys')
        .select('account_id')
        .where('id', '=', apiKeyId)
        .executeTakeFirst();
      return row?.account_id;
    },

    async list() {
      const rows = await db
        .selectFrom('accounts as a')
        .select((eb) => [
          'a.id',
          'a.name',
          'a.created_at',
          eb
            .selectFrom('api_keys as k')
            .select((k) => k.fn.countAll<number>().as('n'))
            .whereRef('k.account_id', '=', 'a.id')
            .where('k.revoked_at', 'is', null)
            .as('live_api_keys'),
          eb
            .selectFrom('verifications as v')
            .innerJoin('api_keys as vk', 'vk.id', 'v.api_key_id')
            .select((v) => v.fn.countAll<number>().as('n'))
            .whereRef('vk.account_id', '=', 'a.id')
            .as('verifications'),
        ])
        .orderBy('a.id')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        created_at: r.created_at,
        live_api_keys: Number(r.live_api_keys ?? 0),
        verifications: Number(r.verifications ?? 0),
      }));
    },
  };
}
