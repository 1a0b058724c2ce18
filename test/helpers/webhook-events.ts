import crypto from 'node:crypto';
import type { TestContext } from './test-app.js';

/**
 * Writes a `verification.decided` outbox event for `apiKeyId` straight into the events table, as a
 * submit's transaction would, so webhook tests need not drive a whole capture. Returns the event id.
 */
export async function insertDecidedEvent(
  t: TestContext,
  apiKeyId: number,
  data: { decision: string; score: number; reasons: string[] },
): Promise<string> {
  const id = crypto.randomUUID();
  await t.platform.database.db
    .insertInto('events')
    .values({
      id,
      type: 'verification.decided',
      api_key_id: apiKeyId,
      verification_id: crypto.randomUUID(),
      data: JSON.stringify(data),
    })
    .execute();
  return id;
}
