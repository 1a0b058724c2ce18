import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_ORIGIN, consoleDriver } from '../helpers/console-members.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';

/**
 * A receiver that is down: the console lists its endpoint as failing since the first delivery that
 * spent its attempts, and one call sends the endpoint those events again once it is back.
 */
describe.each(engines)('failing webhook endpoints in the console on %s', (engine) => {
  let t: TestContext;
  let c: ReturnType<typeof consoleDriver>;
  let receiver: Receiver;
  let stopBackground: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      env: { PUBLIC_BASE_URL: CONSOLE_ORIGIN, WEBHOOK_ALLOW_INSECURE: '1' },
    });
    c = consoleDriver(t);
    receiver = await startReceiver();
    stopBackground = await t.modules.startBackground();
  });
  afterAll(async () => {
    await stopBackground?.();
    await receiver?.close();
    await t?.close();
  });

  type Listed = { id: number; failing: { deliveries: number; since: string } | null };
  const listed = async (admin: Parameters<typeof c.as>[0]) =>
    (await c.as(admin, 'GET', '/v1/console/webhooks')).json() as Listed[];

  /** Waits until the console lists the endpoint as `predicate` says (deliveries run in the background). */
  async function until(admin: Parameters<typeof c.as>[0], predicate: (e: Listed) => boolean) {
    for (let i = 0; i < 600; i++) {
      const [endpoint] = await listed(admin);
      if (endpoint && predicate(endpoint)) return endpoint;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the endpoint never became as expected: ${JSON.stringify(await listed(admin))}`);
  }

  it('lists the failures since the last delivery, and redelivers them in one call', async () => {
    const account = await c.openAccount('Failing Ltd');
    const admin = await c.join(account.id, 'admin@failing.example', 'admin');
    const created = await c.as(admin, 'POST', '/v1/console/webhooks', {
      url: receiver.url,
      events: ['verification.created'],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect((await listed(admin))[0]!.failing).toBeNull();

    const create = (ref: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/verifications',
        headers: { 'x-api-key': account.apiKey },
        payload: { external_ref: ref },
      });
    // Delivered while the receiver answers; then it is down for two events.
    expect((await create('before')).statusCode).toBe(201);
    await receiver.waitForRequests(1);
    receiver.respondWith(() => ({ status: 503 }));
    const missed = [(await create('down-1')).json().id, (await create('down-2')).json().id];
    const failing = await until(admin, (e) => e.failing?.deliveries === 2);
    expect(Date.parse(failing.failing!.since)).toBeLessThanOrEqual(Date.now());

    // A viewer and another account's admin cannot send them again.
    const viewer = await c.join(account.id, 'viewer@failing.example', 'viewer');
    const path = `/v1/console/webhooks/${failing.id}/redeliver`;
    expect((await c.as(viewer, 'POST', path, {})).statusCode).toBe(403);
    const other = await c.openAccount('Other Ltd');
    const outsider = await c.join(other.id, 'admin@other.example', 'admin');
    const foreign = await c.as(outsider, 'POST', path, {});
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { detail: 'webhook not found' }]);

    // Back up: one call queues the failed events again; the delivered one is not sent twice.
    receiver.respondWith(() => ({ status: 200 }));
    const received = receiver.requests.length;
    const redelivered = await c.as(admin, 'POST', path, {});
    expect(redelivered.statusCode, redelivered.body).toBe(202);
    expect(redelivered.json().redelivered).toBe(2);
    await receiver.waitForRequests(received + 2);
    await until(admin, (e) => e.failing === null);
    const resent = receiver.requests
      .slice(received)
      .map((r) => (JSON.parse(r.rawBody.toString('utf8')) as { verification_id: string }).verification_id);
    expect(resent.sort()).toEqual([...missed].sort());
  });
});
