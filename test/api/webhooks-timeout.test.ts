import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/core/api-keys/api-key.js';
import { insertDecidedEvent } from '../helpers/webhook-events.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';

// The engines' suites run side by side: each mostly waits 10 s for the timeout.
describe.concurrent.each(engines)('webhook default per-attempt timeout on %s', (engine) => {
  let t: TestContext;
  let stopBackground: () => Promise<void>;
  let receiver: Receiver;

  beforeAll(async () => {
    // WEBHOOK_TIMEOUT_MS deliberately unset: the documented 10 s must be what the worker enforces.
    t = await createTestApp(engine, { env: { WEBHOOK_ALLOW_INSECURE: '1' } });
    stopBackground = await t.modules.startBackground();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    // Receiver first: closing its connections ends the attempt in flight, so the worker stops at once.
    await receiver.close();
    await stopBackground();
    await t.close();
  });

  it('abandons an attempt after 10 s by default, not before', async () => {
    expect(t.config.webhookTimeoutMs).toBe(10_000);
    receiver.respondWith(() => ({ status: 200, delayMs: 30_000 }));
    const root = await t.platform.stores.apiKeys.findByHash(hashSecret(t.rootKey));
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/webhooks',
      headers: { 'x-api-key': t.rootKey },
      payload: { url: receiver.url, events: ['*'] },
    });
    const endpointId = created.json().id as number;
    await insertDecidedEvent(t, root!.id, { decision: 'decline', score: 10, reasons: ['ofac_match'] });
    t.modules.webhooks.kick();
    await receiver.waitForRequests(1);
    const sentAt = Date.now();
    let attempt: { error: string | null; latency_ms: number; status_code: number | null } | undefined;
    while (!attempt && Date.now() - sentAt < 15_000) {
      attempt = await t.platform.database.db
        .selectFrom('webhook_delivery_attempts as a')
        .innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id')
        .select(['a.error', 'a.latency_ms', 'a.status_code'])
        .where('d.endpoint_id', '=', endpointId)
        .executeTakeFirst();
      if (!attempt) await new Promise((r) => setTimeout(r, 100));
    }
    expect(attempt).toMatchObject({ status_code: null, error: 'timeout after 10000 ms' });
    expect(attempt!.latency_ms).toBeGreaterThanOrEqual(10_000);
    expect(attempt!.latency_ms).toBeLessThan(11_000);
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(9_900);
  });
});
