import { sql } from 'kysely';
import type { UsageRecords, UsageStore } from '../../ports/verification-store.js';
import type { Executor } from './schema.js';

export function createUsageRecords(db: Executor): UsageRecords {
  return {
    async record({ verificationId, apiKeyId, at }) {
      await db
        .insertInto('usage_records')
        .values({
          verification_id: verificationId,
          api_key_id: apiKeyId,
          day: at.toISOString().slice(0, 10),
          created_at: at,
        })
        .execute();
    },
  };
}

export function createUsageStore(db: Executor): UsageStore {
  return {
    async byDay(apiKeyId, from, to) {
      const rows = await db
        .selectFrom('usage_records')
        .select((eb) => [
          sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
          eb.fn.countAll<number>().as('verifications'),
        ])
        .where('api_key_id', '=', apiKeyId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy('day')
        .orderBy('day')
        .execute();
      return rows.map((r) => ({ day: r.day, verifications: Number(r.verifications) }));
    },
  };
}
