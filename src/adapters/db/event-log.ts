import type { EventLog } from '../../ports/events.js';
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** The outbox's `events` rows read back as a log, newest first in the order they were written (migration 0023). */
export function createEventLog(db: Kysely<Database>): EventLog {
  return {
    async list(apiKeyId, filter) {
      const cursorId = filter.endingBefore ?? filter.startingAfter;
      const newer = filter.endingBefore !== undefined;
      let query = db
        .selectFrom('events')
        .select(['id', 'type', 'verification_id', 'data', 'created_at'])
        .where('api_key_id', '=', apiKeyId)
        .where('created_at', '>=', filter.since)
        .orderBy('seq', newer ? 'asc' : 'desc')
        .limit(filter.limit + 1);
      if (filter.type) query = query.where('type', '=', filter.type);
      if (cursorId) {
        const cursor = await db
          .selectFrom('events')
          .select('seq')
          .where('id', '=', cursorId)
          .where('api_key_id', '=', apiKeyId)
          .executeTakeFirst();
        if (!cursor) return { items: [], hasMore: false };
        query = query.where('seq', newer ? '>' : '<', cursor.seq);
      }
      const rows = await query.execute();
      const page = rows.slice(0, filter.limit);
      // Read oldest first from the cursor so the page holds the events just after it; shown newest first.
      if (newer) page.reverse();
      return {
        items: page.map((row) => ({
          id: row.id,
          type: row.type,
          verificationId: row.verification_id,
          data: row.data,
          createdAt: row.created_at,
        })),
        hasMore: rows.length > filter.limit,
      };
    },
    purge(before) {
      return db.transaction().execute(async (trx) => {
        const old = trx.selectFrom('events').select('id').where('created_at', '<', before);
        const deliveries = trx.selectFrom('webhook_deliveries').select('id').where('event_id', 'in', old);
        await trx.deleteFrom('webhook_delivery_attempts').where('delivery_id', 'in', deliveries).execute();
        await trx.deleteFrom('webhook_deliveries').where('event_id', 'in', old).execute();
        const result = await trx.deleteFrom('events').where('created_at', '<', before).executeTakeFirst();
        return Number(result.numDeletedRows);
      });
    },
  };
}
