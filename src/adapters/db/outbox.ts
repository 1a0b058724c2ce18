import type { Outbox } from '../../ports/verification-store.js';
import type { Executor } from './schema.js';

/** The events table: written in the transaction that causes the event, drained by the webhook worker. */
export function createOutbox(db: Executor): Outbox {
  return {
    async add(event) {
      await db
        .insertInto('events')
        .values({
          id: event.id,
          type: event.type,
          api_key_id: event.apiKeyId,
          verification_id: event.verificationId,
          data: JSON.stringify(event.data),
          created_at: event.at,
        })
        .execute();
    },
  };
}
