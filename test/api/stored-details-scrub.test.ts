import crypto from 'node:crypto';
import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';

const MIGRATION = new URL('../../migrations/0037_scrub_stored_details.sql', import.meta.url);

/**
 * Migration 0037 on rows written before it: the reviewer's name leaves stored events and webhook
 * payloads, and a delivery attempt refused by the address policy keeps only the fixed message.
 */
describe.each(engines)('scrubbing stored details (migration 0037) on %s', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { WEBHOOK_ALLOW_INSECURE: '1' } });
  });
  afterAll(async () => t.close());

  it('removes reviewer_name from events and payloads and the resolver detail from refused attempts', async () => {
    const db = t.platform.database.db;
    const endpoint = await t.app.inject({
      method: 'POST',
      url: '/v1/webhooks',
      headers: { 'x-api-key': t.rootKey },
      payload: { url: 'http://127.0.0.1:9/hook', events: ['verification.reviewed'] },
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const { id: apiKeyId } = await db
      .selectFrom('api_keys')
      .select('id')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const eventId = crypto.randomUUID();
    const data = { decision: 'approve', reviewer_member_id: 4, reviewer_name: 'Grace Hopper' };
    await sql`INSERT INTO events (id, type, api_key_id, data, dispatched_at)
      VALUES (${eventId}, 'verification.reviewed', ${apiKeyId}, ${JSON.stringify(data)}::jsonb, now())`.execute(
      db,
    );
    const payload = JSON.stringify({ id: eventId, event: 'verification.reviewed', data });
    const { rows } = await sql<{
      id: number;
    }>`INSERT INTO webhook_deliveries (endpoint_id, event_id, event_type, payload, status)
      VALUES (${endpoint.json().id}, ${eventId}, 'verification.reviewed', ${payload}, 'failed') RETURNING id`.execute(
      db,
    );
    const deliveryId = rows[0]!.id;
    for (const [attempt, error] of [
      [1, 'refused: host rebind-1.attacker.example resolves to a private address (10.1.2.3)'],
      [2, 'refused: host gone.attacker.example could not be resolved (ENOTFOUND)'],
      [3, 'connection refused'],
    ] as const)
      await sql`INSERT INTO webhook_delivery_attempts (delivery_id, attempt, attempted_at, latency_ms, error)
        VALUES (${deliveryId}, ${attempt}, now(), 1, ${error})`.execute(db);

    const statements = fs
      .readFileSync(MIGRATION, 'utf8')
      .split(/;\s*\n/)
      .map((statement) => statement.replace(/^--.*$/gm, '').trim())
      .filter(Boolean);
    for (const statement of statements) await sql.raw(statement).execute(db);

    const event = await db
      .selectFrom('events')
      .select('data')
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
    expect(event.data).toEqual({ decision: 'approve', reviewer_member_id: 4 });
    const delivery = await db
      .selectFrom('webhook_deliveries')
      .select('payload')
      .where('id', '=', deliveryId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(delivery.payload)).toEqual({
      id: eventId,
      event: 'verification.reviewed',
      data: { decision: 'approve', reviewer_member_id: 4 },
    });
    const errors = await db
      .selectFrom('webhook_delivery_attempts')
      .select('error')
      .where('delivery_id', '=', deliveryId)
      .orderBy('attempt')
      .execute();
    expect(errors.map((row) => row.error)).toEqual([
      'refused: host is not publicly routable',
      'refused: host is not publicly routable',
      'connection refused',
    ]);
  });
});
