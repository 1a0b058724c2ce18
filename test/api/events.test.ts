import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';
import { decidedVerification } from '../helpers/session-flow.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';

type LoggedEvent = { id: string; event: string; verification_id: string; data: Record<string, unknown> };
type Delivery = { id: number; status: string; event_id: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(engines)('the event log and bulk re-sends on %s', (engine) => {
  let t: TestContext;
  let stopBackground: () => Promise<void>;
  let receiver: Receiver;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { WEBHOOK_ALLOW_INSECURE: '1', WEBHOOK_TIMEOUT_MS: '2000' } });
    stopBackground = await t.modules.startBackground();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await stopBackground();
    await t.close();
  });

  const call = (method: 'GET' | 'POST', url: string, key: string, payload?: object) =>
    t.app.inject({ method, url, headers: { 'x-api-key': key }, ...(payload ? { payload } : {}) });
  const newKey = async () => {
    const res = await call('POST', '/v1/keys', t.rootKey, { label: 'events', scopes: ['*'] });
    expect(res.statusCode).toBe(201);
    return res.json().api_key as string;
  };
  const deliveriesOf = async (key: string, endpointId: number): Promise<Delivery[]> =>
    (await call('GET', `/v1/webhooks/${endpointId}/deliveries?limit=200`, key)).json().data;
  async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`not met in ${timeoutMs} ms: ${JSON.stringify(value)}`);
      await sleep(50);
    }
  }

  it('a backend down during three decisions recovers all three from GET /v1/events and from a bulk re-send', async () => {
    const key = await newKey();
    receiver.respondWith(() => ({ status: 503 }));
    const endpoint = (
      await call('POST', '/v1/webhooks', key, { url: receiver.url, events: ['verification.decided'] })
    ).json() as { id: number };

    const decided: string[] = [];
    for (let i = 0; i < 3; i += 1) decided.push((await decidedVerification(t, key)).id);
    // Every delivery runs its three attempts and fails.
    await eventually(
      () => failedDeliveries(key, endpoint.id),
      (n) => n === 3,
    );

    // The log holds the three decisions, newest first, in the webhook body's shape.
    const page = (await call('GET', '/v1/events?type=verification.decided', key)).json() as {
      data: LoggedEvent[];
      has_more: boolean;
      next_cursor: string | null;
    };
    expect(page.data.map((e) => e.verification_id)).toEqual([...decided].reverse());
    expect(page.data.every((e) => e.event === 'verification.decided')).toBe(true);
    expect(page.data[0]!.data).toEqual(
      expect.objectContaining({ decision: expect.any(String), score: expect.any(Number) }),
    );
    expect(page.has_more).toBe(false);

    // The cursor pages through the same list.
    const first = (await call('GET', '/v1/events?type=verification.decided&limit=2', key)).json();
    expect(first.has_more).toBe(true);
    const second = (
      await call(
        'GET',
        `/v1/events?type=verification.decided&limit=2&starting_after=${first.next_cursor}`,
        key,
      )
    ).json();
    expect([...first.data, ...second.data].map((e: LoggedEvent) => e.id)).toEqual(page.data.map((e) => e.id));

    // The backend is back: one bulk re-send delivers the three, and a second one sends nothing more.
    receiver.respondWith(() => ({ status: 200 }));
    const before = receiver.requests.length;
    const resent = await call('POST', `/v1/webhooks/${endpoint.id}/redeliver`, key, {
      types: ['verification.decided'],
    });
    expect(resent.statusCode).toBe(202);
    expect(resent.json().redelivered).toBe(3);
    const delivered = await eventually(
      () => deliveriesOf(key, endpoint.id),
      (ds) => ds.filter((d) => d.status === 'delivered').length === 3,
    );
    expect(new Set(delivered.map((d) => d.event_id))).toEqual(new Set(page.data.map((e) => e.id)));
    const bodies = receiver.requests.slice(before).map((r) => JSON.parse(r.rawBody.toString()));
    expect(new Set(bodies.map((b) => b.verification_id))).toEqual(new Set(decided));
    const again = await call('POST', `/v1/webhooks/${endpoint.id}/redeliver`, key, {});
    expect(again.json().redelivered).toBe(0);
  });

  async function failedDeliveries(key: string, endpointId: number): Promise<number> {
    return (await deliveriesOf(key, endpointId)).filter((d) => d.status === 'failed').length;
  }

  it("a verification's changes are in the log in the documented order: created, processing, decided; expired", async () => {
    const key = await newKey();
    const { id } = await decidedVerification(t, key);
    const log = (await call('GET', '/v1/events', key)).json().data as LoggedEvent[];
    expect(log.map((e) => [e.event, e.verification_id])).toEqual([
      ['verification.decided', id],
      ['verification.processing', id],
      ['verification.created', id],
    ]);
    expect(log[2]!.data).toEqual({ status: 'doc_front', expires_at: expect.any(String) });

    const open = (await call('POST', '/v1/verifications', key, { external_ref: 'expires' })).json() as {
      id: string;
    };
    t.clock.advanceSeconds(24 * 3600 + 1);
    expect((await call('GET', `/v1/verifications/${open.id}`, key)).json().status).toBe('expired');
    const expired = (await call('GET', '/v1/events?type=verification.expired', key)).json()
      .data as LoggedEvent[];
    expect(expired.map((e) => e.verification_id)).toEqual([open.id]);
    expect(expired[0]!.data).toEqual({ status: 'expired', expired_at: expect.any(String) });
  });

  it('a key sees only the events of verifications it owns', async () => {
    const owner = await newKey();
    const stranger = await newKey();
    const mine = await decidedVerification(t, owner);
    const ownerEvents = (await call('GET', '/v1/events', owner)).json().data as LoggedEvent[];
    expect(ownerEvents.map((e) => e.verification_id)).toContain(mine.id);
    const strangers = (await call('GET', '/v1/events', stranger)).json().data as LoggedEvent[];
    expect(strangers.map((e) => e.verification_id)).not.toContain(mine.id);
    // Another key's event is no cursor: an empty page, revealing nothing.
    const foreign = await call('GET', `/v1/events?starting_after=${ownerEvents[0]!.id}`, stranger);
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json()).toEqual({ data: [], has_more: false, next_cursor: null });
  });

  it('pages from a stored event to newer ones with ending_before, for a receiver catching up', async () => {
    const key = await newKey();
    const made: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await call('POST', '/v1/verifications', key, { external_ref: `catch-up-${i}` });
      made.push(res.json().id);
    }
    const all = (await call('GET', '/v1/events?limit=200', key)).json().data as LoggedEvent[];
    const oldestFirst = [...all].reverse();
    const cursor = oldestFirst[0]!.id;

    const first = (await call('GET', `/v1/events?ending_before=${cursor}&limit=2`, key)).json();
    // The two events just after the cursor, newest first as every page; more lie beyond.
    expect(first.data.map((e: LoggedEvent) => e.id)).toEqual([oldestFirst[2]!.id, oldestFirst[1]!.id]);
    expect(first).toMatchObject({ has_more: true, next_cursor: oldestFirst[2]!.id });
    const rest = (await call('GET', `/v1/events?ending_before=${first.next_cursor}&limit=200`, key)).json();
    expect(rest.data.map((e: LoggedEvent) => e.id)).toEqual(
      oldestFirst
        .slice(3)
        .map((e) => e.id)
        .reverse(),
    );
    expect(rest).toMatchObject({ has_more: false, next_cursor: null });

    const newest = all[0]!.id;
    expect((await call('GET', `/v1/events?ending_before=${newest}`, key)).json()).toEqual({
      data: [],
      has_more: false,
      next_cursor: null,
    });
    const stranger = await newKey();
    expect((await call('GET', `/v1/events?ending_before=${cursor}`, stranger)).json().data).toEqual([]);
    const both = await call('GET', `/v1/events?ending_before=${cursor}&starting_after=${cursor}`, key);
    expect(both.statusCode).toBe(422);
    expect(both.json().detail[0]).toMatchObject({ msg: 'give starting_after or ending_before, not both' });
  });

  it('events are kept 30 days: older ones leave the log and are purged with their deliveries', async () => {
    const key = await newKey();
    const { id } = await decidedVerification(t, key);
    expect((await call('GET', '/v1/events', key)).json().data.length).toBeGreaterThan(0);
    t.clock.advanceSeconds(30 * 86_400 + 60);
    const listed = (await call('GET', '/v1/events', key)).json().data as LoggedEvent[];
    expect(listed.map((e) => e.verification_id)).not.toContain(id);
    // The purge deletes every event created before its cut-off, with its deliveries.
    expect(await t.platform.stores.events.purge(t.clock.now())).toBeGreaterThan(0);
    const left = await t.platform.database.db
      .selectFrom('events')
      .select('id')
      .where('verification_id', '=', id)
      .execute();
    expect(left).toEqual([]);
  });

  it('rejects unknown types and bad cursors in the error envelope', async () => {
    const bad = await call('GET', '/v1/events?type=verification.nope', t.rootKey);
    expect(bad.statusCode).toBe(422);
    expect(Array.isArray(bad.json().detail)).toBe(true);
    const cursor = await call('GET', '/v1/events?starting_after=not-an-id', t.rootKey);
    expect(cursor.statusCode).toBe(422);
    const endpoint = (
      await call('POST', '/v1/webhooks', t.rootKey, { url: receiver.url, events: ['*'] })
    ).json() as { id: number };
    const resend = await call('POST', `/v1/webhooks/${endpoint.id}/redeliver`, t.rootKey, {
      types: ['verification.nope'],
    });
    expect(resend.statusCode).toBe(422);
    const notMine = await call('POST', '/v1/webhooks/999999/redeliver', t.rootKey, {});
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toEqual({ detail: 'webhook not found' });
  });

  it('the new endpoints are in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.paths['/v1/events'].get).toBeDefined();
    expect(doc.paths['/v1/webhooks/{endpoint_id}/redeliver'].post).toBeDefined();
    expect(doc.paths['/v1/verifications/{id}/cancel'].post).toBeDefined();
  });
});
