import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/core/api-keys/api-key.js';
import { createSecretBox, parseSecretKey } from '../../src/core/webhooks/secret-box.js';
import { openDatabase, type DatabaseHandle } from '../../src/adapters/db/database.js';
import { createWebhookStore, WEBHOOK_WORK_CHANNEL } from '../../src/adapters/db/webhook-store.js';
import { createWebhookHttpClient } from '../../src/adapters/http-client/webhook-http-client.js';
import { listenForNotifications } from '../../src/adapters/jobs/pg-listener.js';
import { createLogger } from '../../src/adapters/logger.js';
import {
  createWebhookDeliveryWorker,
  type WebhookDeliveryWorker,
} from '../../src/worker/webhook-delivery-worker.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(engines)('webhook workers on %s', (engine) => {
  const secretKey = crypto.randomBytes(32).toString('base64url');
  const logger = createLogger('silent');
  let t: TestContext;
  let receiver: Receiver;
  let apiKeyId: number;
  const handles: DatabaseHandle[] = [];
  const workers: WebhookDeliveryWorker[] = [];

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { WEBHOOK_ALLOW_INSECURE: '1', WEBHOOK_SECRET_KEY: secretKey } });
    receiver = await startReceiver();
    apiKeyId = (await t.platform.stores.apiKeys.findByHash(hashSecret(t.rootKey)))!.id;
  });
  afterAll(async () => {
    await receiver.close();
    for (const worker of workers) await worker.stop();
    for (const handle of handles) await handle.close();
    await t.close();
  });

  /** On PostgreSQL each worker gets its own connection pool, as separate processes would. */
  async function startWorker(options: { pollIntervalMs?: number; listen?: boolean; key?: string } = {}) {
    let database = t.platform.database;
    if (engine === 'postgres') {
      database = await openDatabase({ databaseUrl: t.config.databaseUrl });
      handles.push(database);
    }
    const worker = createWebhookDeliveryWorker({
      store: createWebhookStore(database.db, createSecretBox(parseSecretKey(options.key ?? secretKey))),
      client: createWebhookHttpClient({ timeoutMs: 5_000, allowInsecure: true }),
      metrics: t.platform.metrics,
      logger,
      timeoutMs: 5_000,
      ...(options.pollIntervalMs ? { pollIntervalMs: options.pollIntervalMs } : {}),
      ...(options.listen && t.config.databaseUrl
        ? {
            listen: (onWork: () => void) =>
              listenForNotifications(t.config.databaseUrl!, WEBHOOK_WORK_CHANNEL, onWork, logger),
          }
        : {}),
    });
    worker.start();
    workers.push(worker);
    return worker;
  }

  async function createEndpoint(url: string): Promise<number> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/webhooks',
      headers: { 'x-api-key': t.rootKey },
      payload: { url, events: ['*'] },
    });
    expect(res.statusCode).toBe(201);
    return res.json().id;
  }

  async function insertEvents(count: number): Promise<string[]> {
    const rows = Array.from({ length: count }, () => ({
      id: crypto.randomUUID(),
      type: 'verification.decided',
      api_key_id: apiKeyId,
      verification_id: crypto.randomUUID(),
      data: JSON.stringify({ decision: 'approve', score: 88, reasons: [] }),
    }));
    await t.platform.database.db.insertInto('events').values(rows).execute();
    return rows.map((r) => r.id);
  }

  async function deliveredCount(endpointId: number): Promise<number> {
    const row = await t.platform.database.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('endpoint_id', '=', endpointId)
      .where('status', '=', 'delivered')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('wakes an idle worker at once: kick() in-process, NOTIFY from the outbox trigger on PostgreSQL', async () => {
    const worker = await startWorker({ pollIntervalMs: 60_000, listen: true });
    await sleep(300);
    const before = receiver.requests.length;
    const endpointId = await createEndpoint(receiver.url);
    const started = Date.now();
    const [eventId] = await insertEvents(1);
    // Without a wake-up this worker would not look again for a minute.
    if (engine === 'pglite') worker.kick();
    const [request] = (await receiver.waitForRequests(before + 1, 5_000)).slice(before);
    expect(JSON.parse(request!.rawBody.toString()).id).toBe(eventId);
    expect(Date.now() - started).toBeLessThan(2_000);
    while ((await deliveredCount(endpointId)) < 1) await sleep(20);
    await worker.stop();
    workers.splice(workers.indexOf(worker), 1);
    await t.app.inject({
      method: 'DELETE',
      url: `/v1/webhooks/${endpointId}`,
      headers: { 'x-api-key': t.rootKey },
    });
  });

  it('never sends one attempt twice when several workers compete for the same deliveries', async () => {
    const many = await startReceiver();
    const competing: Array<Awaited<ReturnType<typeof startWorker>>> = [];
    try {
      const endpointId = await createEndpoint(many.url);
      competing.push(await startWorker(), await startWorker(), await startWorker());
      const ids = await insertEvents(150);
      for (const worker of competing) worker.kick();
      await many.waitForRequests(150, 60_000);
      const deadline = Date.now() + 30_000;
      while ((await deliveredCount(endpointId)) < 150 && Date.now() < deadline) await sleep(50);
      await sleep(500);
      expect(await deliveredCount(endpointId)).toBe(150);
      const received = many.requests.map((r) => JSON.parse(r.rawBody.toString()).id as string);
      expect(received).toHaveLength(150);
      expect(new Set(received).size).toBe(150);
      expect([...received].sort()).toEqual([...ids].sort());
      const attempts = await t.platform.database.db
        .selectFrom('webhook_delivery_attempts as a')
        .innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id')
        .select(['a.attempt'])
        .where('d.endpoint_id', '=', endpointId)
        .execute();
      expect(attempts).toHaveLength(150);
      expect(attempts.every((a) => a.attempt === 1)).toBe(true);
    } finally {
      // Stopped here so they cannot claim the next test's deliveries with the right key.
      for (const worker of competing) await worker.stop();
      await many.close();
    }
  });

  it('fails, without sending, a delivery whose secret no longer opens (WEBHOOK_SECRET_KEY changed)', async () => {
    const other = await startReceiver();
    try {
      const endpointId = await createEndpoint(other.url);
      const worker = await startWorker({ key: crypto.randomBytes(32).toString('base64url') });
      const [eventId] = await insertEvents(1);
      worker.kick();
      const deadline = Date.now() + 10_000;
      let delivery: { status: string; id: number } | undefined;
      while (Date.now() < deadline) {
        delivery = await t.platform.database.db
          .selectFrom('webhook_deliveries')
          .select(['id', 'status'])
          .where('endpoint_id', '=', endpointId)
          .where('event_id', '=', eventId!)
          .executeTakeFirst();
        if (delivery?.status === 'failed') break;
        await sleep(25);
      }
      expect(delivery?.status).toBe('failed');
      const attempts = await t.platform.database.db
        .selectFrom('webhook_delivery_attempts')
        .select(['error', 'status_code'])
        .where('delivery_id', '=', delivery!.id)
        .execute();
      expect(attempts).toEqual([{ status_code: null, error: expect.stringContaining('WEBHOOK_SECRET_KEY') }]);
      expect(other.connections()).toBe(0);
      await worker.stop();
      workers.splice(workers.indexOf(worker), 1);
    } finally {
      await other.close();
    }
  });
});
