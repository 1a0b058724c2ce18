import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/core/api-keys/api-key.js';
import { checkWebhookSignature } from '../../packages/node/src/index.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';
import { createWebhookReceiver, type WebhookEvent } from '../../examples/webhook-receiver/server.js';

type Key = { id: number; api_key: string };
type Delivery = {
  id: number;
  status: string;
  event_id: string;
  attempt_count: number;
  attempts: Array<{
    attempt: number;
    status_code: number | null;
    error: string | null;
    latency_ms: number;
    response_excerpt: string | null;
  }>;
};

const ATTEMPT_TIMEOUT_MS = 2_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`condition not met in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await sleep(25);
  }
}

describe.each(engines)('webhooks on %s', (engine) => {
  let t: TestContext;
  let stopBackground: () => Promise<void>;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    // A delivery to a receiver on this machine takes milliseconds when idle, but took over 500 ms with
    // both cores busy (a first attempt timed out and the delivery counted two); 2 s leaves room.
    t = await createTestApp(engine, {
      env: { WEBHOOK_ALLOW_INSECURE: '1', WEBHOOK_TIMEOUT_MS: String(ATTEMPT_TIMEOUT_MS) },
    });
    stopBackground = await t.modules.startBackground();
  });
  afterAll(async () => {
    // Receivers first: closing their connections ends attempts in flight, so the worker stops at once.
    for (const r of receivers) await r.close();
    await stopBackground();
    await t.close();
  });

  const receiver = async () => {
    const r = await startReceiver();
    receivers.push(r);
    return r;
  };

  /** Each test gets its own key, so events of one test never reach another test's endpoints. */
  const newKey = async (scopes = ['webhooks:read', 'webhooks:write']): Promise<Key> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/keys',
      headers: { 'x-api-key': t.rootKey },
      payload: { label: 'webhooks', scopes },
    });
    expect(res.statusCode).toBe(201);
    return res.json();
  };

  const createEndpoint = (key: Key, body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/webhooks',
      headers: { 'x-api-key': key.api_key },
      payload: body as object,
    });

  const emit = async (
    key: Key,
    type = 'verification.decided',
    data: Record<string, unknown> = { decision: 'approve', score: 91, reasons: [] },
  ) => {
    const id = crypto.randomUUID();
    const verificationId = crypto.randomUUID();
    await t.platform.database.db
      .insertInto('events')
      .values({ id, type, api_key_id: key.id, verification_id: verificationId, data: JSON.stringify(data) })
      .execute();
    t.modules.webhooks.kick();
    return { id, verificationId };
  };

  const deliveries = async (key: Key, endpointId: number, query = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/webhooks/${endpointId}/deliveries${query}`,
      headers: { 'x-api-key': key.api_key },
    });
    return res;
  };

  const deliveriesOf = async (key: Key, endpointId: number): Promise<Delivery[]> =>
    (await deliveries(key, endpointId)).json().data;

  it('creates an endpoint with a one-time secret, lists it without the secret, and never stores the secret in plaintext', async () => {
    const key = await newKey();
    const res = await createEndpoint(key, {
      url: 'https://hooks.example.com/idv',
      events: ['verification.decided'],
    });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      url: 'https://hooks.example.com/idv',
      events: ['verification.decided'],
      active: true,
    });
    expect(typeof created.id).toBe('number');
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    const list = await t.app.inject({
      method: 'GET',
      url: '/v1/webhooks',
      headers: { 'x-api-key': key.api_key },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([{ id: created.id, url: created.url, events: created.events, active: true }]);

    const rows = await t.platform.database.db.selectFrom('webhook_endpoints').selectAll().execute();
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(created.secret);
    expect(dump).not.toContain(created.secret.slice('whsec_'.length));
    const row = rows.find((r) => r.id === created.id)!;
    expect(row.secret_sealed).toMatch(/^v1\./);
  });

  it('answers 422 in the 422 array shape for a bad url or events list', async () => {
    const key = await newKey();
    const cases: Array<[unknown, unknown[]]> = [
      [{ events: ['*'] }, ['body', 'url']],
      [{ url: 'https://a.example.com' }, ['body', 'events']],
      [{ url: 'https://a.example.com', events: [] }, ['body', 'events']],
      [{ url: 'https://a.example.com', events: ['verification.started'] }, ['body', 'events', 0]],
      [{ url: 'https://a.example.com', events: ['*', 'verification.decided'] }, ['body', 'events', 1]],
      [{ url: 'ftp://a.example.com/x', events: ['*'] }, ['body', 'url']],
      [{ url: 'not a url', events: ['*'] }, ['body', 'url']],
      [{ url: 'https://user:pw@a.example.com/', events: ['*'] }, ['body', 'url']],
    ];
    for (const [body, loc] of cases) {
      const res = await createEndpoint(key, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      const detail = res.json().detail as Array<{ loc: unknown[]; msg: string; type: string }>;
      expect(Array.isArray(detail)).toBe(true);
      expect(detail.map((d) => d.loc)).toContainEqual(loc);
      for (const d of detail) {
        expect(typeof d.msg).toBe('string');
        expect(typeof d.type).toBe('string');
      }
    }
    const missing = await createEndpoint(key, { url: 'https://a.example.com' });
    expect(missing.json().detail).toEqual([
      { loc: ['body', 'events'], msg: 'field required', type: 'missing' },
    ]);
  });

  it('requires webhooks:write to create and delete and webhooks:read to list', async () => {
    const reader = await newKey(['webhooks:read']);
    const denied = await createEndpoint(reader, { url: 'https://a.example.com', events: ['*'] });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ detail: 'missing scope: webhooks:write' });
    const writer = await newKey(['webhooks:write']);
    const list = await t.app.inject({
      method: 'GET',
      url: '/v1/webhooks',
      headers: { 'x-api-key': writer.api_key },
    });
    expect(list.json()).toEqual({ detail: 'missing scope: webhooks:read' });
    const anonymous = await t.app.inject({ method: 'GET', url: '/v1/webhooks' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('signs each delivery over the exact bytes sent; re-serialised JSON does not verify', async () => {
    const key = await newKey();
    const r = await receiver();
    const endpoint = (await createEndpoint(key, { url: r.url, events: ['verification.decided'] })).json();
    const data = { decision: 'review', score: 62, reasons: ['ofac_possible_match', 'face_seen_before'] };
    const event = await emit(key, 'verification.decided', data);
    const [request] = await r.waitForRequests(1);
    expect(request!.method).toBe('POST');
    expect(request!.headers['content-type']).toBe('application/json');
    const header = request!.headers['x-service-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const t0 = Number(/^t=(\d+)/.exec(header)![1]);
    expect(Math.abs(t0 - Date.now() / 1000)).toBeLessThan(5);

    const body = JSON.parse(request!.rawBody.toString('utf8'));
    expect(body).toEqual({
      id: event.id,
      event: 'verification.decided',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?$/),
      verification_id: event.verificationId,
      data,
    });

    expect(checkWebhookSignature(request!.rawBody, header, endpoint.secret)).toEqual({
      valid: true,
      timestampSeconds: t0,
    });
    const expectedHex = crypto
      .createHmac('sha256', endpoint.secret)
      .update(`${t0}.`)
      .update(request!.rawBody)
      .digest('hex');
    expect(header).toBe(`t=${t0},v1=${expectedHex}`);
    for (const reserialised of [
      JSON.stringify(body, null, 2),
      JSON.stringify({ ...body, id: body.id }, Object.keys(body).reverse()),
    ]) {
      expect(reserialised).not.toBe(request!.rawBody.toString('utf8'));
      expect(checkWebhookSignature(reserialised, header, endpoint.secret)).toMatchObject({
        valid: false,
        reason: 'signature_mismatch',
      });
    }
    expect(checkWebhookSignature(request!.rawBody, header, 'whsec_wrong')).toMatchObject({ valid: false });

    const [delivery] = await eventually(
      () => deliveriesOf(key, endpoint.id),
      (d) => d[0]?.status === 'delivered',
    );
    expect(delivery).toMatchObject({ event_id: event.id, status: 'delivered', attempt_count: 1 });
    expect(delivery!.attempts).toEqual([
      expect.objectContaining({ attempt: 1, status_code: 200, error: null, response_excerpt: 'ok' }),
    ]);
  });

  it('delivers to "*" and exact-name subscriptions only, and to the owning key only', async () => {
    const key = await newKey();
    const other = await newKey();
    const [star, exact, foreign] = [await receiver(), await receiver(), await receiver()];
    await createEndpoint(key, { url: star.url, events: ['*'] });
    await createEndpoint(key, { url: exact.url, events: ['verification.decided'] });
    await createEndpoint(other, { url: foreign.url, events: ['*'] });

    const decided = await emit(key);
    // A future event type: `*` receives current and future events, an exact subscription only its name.
    const future = await emit(key, 'verification.expired', { reason: 'timeout' });
    await star.waitForRequests(2);
    await exact.waitForRequests(1);
    await sleep(400);
    const ids = (r: Receiver) => r.requests.map((q) => JSON.parse(q.rawBody.toString()).id).sort();
    expect(ids(star)).toEqual([decided.id, future.id].sort());
    expect(ids(exact)).toEqual([decided.id]);
    expect(foreign.requests).toHaveLength(0);
  });

  it('makes 3 attempts spaced 0.5 s then 1.0 s against a failing receiver, then marks the delivery failed', async () => {
    const key = await newKey();
    const r = await receiver();
    r.respondWith(() => ({ status: 500, body: 'x'.repeat(3000) }));
    const endpoint = (await createEndpoint(key, { url: r.url, events: ['*'] })).json();
    await emit(key);
    const requests = await r.waitForRequests(3, 15_000);
    const gap1 = requests[1]!.receivedAtMs - requests[0]!.receivedAtMs;
    const gap2 = requests[2]!.receivedAtMs - requests[1]!.receivedAtMs;
    // Never sooner than the schedule's wait; later by up to 0.9 s, what a loaded 2-core machine adds
    // to a timer and a delivery, and still short of the schedule's next wait (1.0 s, then 2.0 s).
    expect(gap1).toBeGreaterThanOrEqual(490);
    expect(gap1).toBeLessThan(1_400);
    expect(gap2).toBeGreaterThanOrEqual(990);
    expect(gap2).toBeLessThan(1_900);
    const ids = new Set(requests.map((q) => JSON.parse(q.rawBody.toString()).id));
    expect(ids.size).toBe(1);

    const [delivery] = await eventually(
      () => deliveriesOf(key, endpoint.id),
      (d) => d[0]?.status === 'failed',
    );
    expect(delivery!.attempt_count).toBe(3);
    expect(delivery!.attempts.map((a) => [a.attempt, a.status_code])).toEqual([
      [1, 500],
      [2, 500],
      [3, 500],
    ]);
    for (const a of delivery!.attempts) {
      expect(Buffer.byteLength(a.response_excerpt!, 'utf8')).toBeLessThanOrEqual(1024);
      expect(a.response_excerpt!.startsWith('xxx')).toBe(true);
    }
    await sleep(2_500);
    expect(r.requests).toHaveLength(3);
    const metrics = (await t.platform.metrics.render())
      .split('\n')
      .filter((line) => line.startsWith('webhook_deliveries_total'))
      .join('\n');
    expect(metrics).toMatch(/outcome="failed"/);
    expect(metrics).toMatch(/outcome="retrying"/);
  });

  it('counts any status below 300 as delivered after an earlier failure', async () => {
    const key = await newKey();
    const r = await receiver();
    r.respondWith((_req, index) => (index === 0 ? { status: 503 } : { status: 204 }));
    const endpoint = (await createEndpoint(key, { url: r.url, events: ['*'] })).json();
    await emit(key);
    await r.waitForRequests(2);
    const [delivery] = await eventually(
      () => deliveriesOf(key, endpoint.id),
      (d) => d[0]?.status === 'delivered',
    );
    expect(delivery!.attempts.map((a) => a.status_code)).toEqual([503, 204]);
  });

  it('gives up on a slow receiver at the per-attempt timeout', async () => {
    const key = await newKey();
    const r = await receiver();
    r.respondWith(() => ({ status: 200, delayMs: 3 * ATTEMPT_TIMEOUT_MS }));
    const endpoint = (await createEndpoint(key, { url: r.url, events: ['*'] })).json();
    await emit(key);
    const [delivery] = await eventually(
      () => deliveriesOf(key, endpoint.id),
      (d) => (d[0]?.attempts.length ?? 0) >= 1,
    );
    const first = delivery!.attempts[0]!;
    expect(first.status_code).toBeNull();
    expect(first.error).toBe(`timeout after ${ATTEMPT_TIMEOUT_MS} ms`);
    expect(first.latency_ms).toBeGreaterThanOrEqual(ATTEMPT_TIMEOUT_MS - 10);
    expect(first.latency_ms).toBeLessThan(ATTEMPT_TIMEOUT_MS + 1_500);
  });

  it('deletes with 204 and an empty body: the endpoint leaves the list, gets nothing new, and its pending deliveries are cancelled', async () => {
    const key = await newKey();
    const r = await receiver();
    r.respondWith(() => ({ status: 500 }));
    const endpoint = (await createEndpoint(key, { url: r.url, events: ['*'] })).json();
    await emit(key);
    await r.waitForRequests(1);
    await eventually(
      () => deliveriesOf(key, endpoint.id),
      (d) => d[0]?.status === 'pending' && d[0].attempts.length === 1,
    );

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/v1/webhooks/${endpoint.id}`,
      headers: { 'x-api-key': key.api_key },
    });
    expect(del.statusCode).toBe(204);
    expect(del.body).toBe('');
    const list = await t.app.inject({
      method: 'GET',
      url: '/v1/webhooks',
      headers: { 'x-api-key': key.api_key },
    });
    expect(list.json()).toEqual([]);

    const row = await t.platform.database.db
      .selectFrom('webhook_deliveries')
      .select(['status'])
      .where('endpoint_id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('cancelled');
    const endpointRow = await t.platform.database.db
      .selectFrom('webhook_endpoints')
      .select(['active'])
      .where('id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    expect(endpointRow.active).toBe(false);

    await emit(key);
    await sleep(2_000);
    expect(r.requests).toHaveLength(1);
    const count = await t.platform.database.db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('endpoint_id', '=', endpoint.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);

    const again = await t.app.inject({
      method: 'DELETE',
      url: `/v1/webhooks/${endpoint.id}`,
      headers: { 'x-api-key': key.api_key },
    });
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 to other keys and to malformed ids, for endpoints and deliveries alike', async () => {
    const owner = await newKey();
    const stranger = await newKey(['*']);
    const r = await receiver();
    const endpoint = (await createEndpoint(owner, { url: r.url, events: ['*'] })).json();
    await emit(owner);
    const [delivery] = await eventually(
      () => deliveriesOf(owner, endpoint.id),
      (d) => d[0]?.status === 'delivered',
    );

    const strangerList = await t.app.inject({
      method: 'GET',
      url: '/v1/webhooks',
      headers: { 'x-api-key': stranger.api_key },
    });
    expect(strangerList.json()).toEqual([]);
    for (const id of [endpoint.id, 'abc', '0', '-1', '99999999999', '1e3']) {
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/v1/webhooks/${id}`,
        headers: { 'x-api-key': stranger.api_key },
      });
      expect(del.statusCode).toBe(404);
      expect(del.json()).toEqual({ detail: 'webhook not found' });
      const list = await t.app.inject({
        method: 'GET',
        url: `/v1/webhooks/${id}/deliveries`,
        headers: { 'x-api-key': stranger.api_key },
      });
      expect(list.statusCode).toBe(404);
      expect(list.json()).toEqual({ detail: 'webhook not found' });
    }
    for (const id of [delivery!.id, 'abc', '0', '99999999999']) {
      const retry = await t.app.inject({
        method: 'POST',
        url: `/v1/webhooks/deliveries/${id}/retry`,
        headers: { 'x-api-key': stranger.api_key },
      });
      expect(retry.statusCode).toBe(404);
      expect(retry.json()).toEqual({ detail: 'delivery not found' });
    }
    const stillThere = await t.app.inject({
      method: 'GET',
      url: '/v1/webhooks',
      headers: { 'x-api-key': owner.api_key },
    });
    expect(stillThere.json()).toHaveLength(1);
  });

  it('pages the deliveries list newest first with limit and next_cursor', async () => {
    const key = await newKey();
    const r = await receiver();
    const endpoint = (await createEndpoint(key, { url: r.url, events: ['*'] })).json();
    const emitted: string[] = [];
    for (let i = 0; i < 5; i += 1) emitted.push((await emit(key)).id);
    await r.waitForRequests(5);
    await eventually(
      () => deliveriesOf(key, endpoint.id),
      (d) => d.length === 5 && d.every((x) => x.status === 'delivered'),
    );
    const seen: Delivery[] = [];
    let query = '?limit=2';
    for (let page = 0; page < 5; page += 1) {
      const res = await deliveries(key, endpoint.id, query);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { data: Delivery[]; has_more: boolean; next_cursor: string | null };
      seen.push(...body.data);
      expect(body.data.length).toBeLessThanOrEqual(2);
      if (!body.has_more) {
        expect(body.next_cursor).toBeNull();
        break;
      }
      query = `?limit=2&starting_after=${body.next_cursor}`;
    }
    expect(seen.map((d) => d.event_id).sort()).toEqual([...emitted].sort());
    const ids = seen.map((d) => d.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    for (const bad of ['?limit=0', '?limit=201', '?limit=x', '?starting_after=abc']) {
      const res = await deliveries(key, endpoint.id, bad);
      expect(res.statusCode, bad).toBe(422);
      expect(Array.isArray(res.json().detail)).toBe(true);
    }
  });

  it('resends a failed delivery on request (webhooks:write, owner only)', async () => {
    const key = await newKey();
    const reader = await newKey(['webhooks:read']);
    const r = await receiver();
    r.respondWith(() => ({ status: 500 }));
    const endpoint = (await createEndpoint(key, { url: r.url, events: ['*'] })).json();
    const event = await emit(key);
    const [failed] = await eventually(
      () => deliveriesOf(key, endpoint.id),
      (d) => d[0]?.status === 'failed',
      15_000,
    );

    const denied = await t.app.inject({
      method: 'POST',
      url: `/v1/webhooks/deliveries/${failed!.id}/retry`,
      headers: { 'x-api-key': reader.api_key },
    });
    expect(denied.statusCode).toBe(403);

    r.respondWith(() => ({ status: 200, body: 'thanks' }));
    const retried = await t.app.inject({
      method: 'POST',
      url: `/v1/webhooks/deliveries/${failed!.id}/retry`,
      headers: { 'x-api-key': key.api_key },
    });
    expect(retried.statusCode).toBe(202);
    expect(retried.json()).toMatchObject({ id: failed!.id, event_id: event.id, status: 'pending' });
    await r.waitForRequests(4);
    const [delivered] = await eventually(
      () => deliveriesOf(key, endpoint.id),
      (d) => d[0]?.status === 'delivered',
    );
    expect(delivered!.attempt_count).toBe(4);
    expect(delivered!.attempts.at(-1)).toMatchObject({
      attempt: 4,
      status_code: 200,
      response_excerpt: 'thanks',
    });
    const bodies = new Set(r.requests.map((q) => q.rawBody.toString('utf8')));
    expect(bodies.size).toBe(1);
  });

  it('delivers an outbox row to the endpoints of the key it names, and marks it dispatched', async () => {
    const root = await t.platform.stores.apiKeys.findByHash(hashSecret(t.rootKey));
    const r = await receiver();
    const rootKey: Key = { id: root!.id, api_key: t.rootKey };
    await createEndpoint(rootKey, { url: r.url, events: ['verification.decided'] });
    const event = await emit(rootKey);
    const [request] = await r.waitForRequests(1);
    expect(JSON.parse(request!.rawBody.toString()).id).toBe(event.id);
    const dispatched = await t.platform.database.db
      .selectFrom('events')
      .select(['dispatched_at'])
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(dispatched.dispatched_at).toBeInstanceOf(Date);
  });

  it('works with the example receiver: verified, processed once, a resend acknowledged as a duplicate', async () => {
    const key = await newKey();
    // The endpoint URL needs the port and the receiver needs the secret: reserve a port first.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const endpoint = (
      await createEndpoint(key, {
        url: `http://127.0.0.1:${port}/webhooks`,
        events: ['verification.decided'],
      })
    ).json();
    const processed: WebhookEvent[] = [];
    const example = createWebhookReceiver({
      secret: endpoint.secret,
      onEvent: (event) => void processed.push(event),
    });
    await new Promise<void>((resolve) => example.listen(port, '127.0.0.1', resolve));
    try {
      const event = await emit(key, 'verification.decided', {
        decision: 'decline',
        score: 5,
        reasons: ['ofac_match'],
      });
      const [delivered] = await eventually(
        () => deliveriesOf(key, endpoint.id),
        (d) => d[0]?.status === 'delivered',
      );
      expect(delivered!.attempts[0]!.response_excerpt).toBe('{"status":"received"}');
      expect(processed).toEqual([
        expect.objectContaining({
          id: event.id,
          event: 'verification.decided',
          verification_id: event.verificationId,
        }),
      ]);
      await t.app.inject({
        method: 'POST',
        url: `/v1/webhooks/deliveries/${delivered!.id}/retry`,
        headers: { 'x-api-key': key.api_key },
      });
      const [again] = await eventually(
        () => deliveriesOf(key, endpoint.id),
        (d) => d[0]?.status === 'delivered' && d[0].attempts.length === 2,
      );
      expect(again!.attempts[1]!.response_excerpt).toBe('{"status":"duplicate ignored"}');
      expect(processed).toHaveLength(1);
    } finally {
      example.closeAllConnections();
      await new Promise<void>((resolve) => example.close(() => resolve()));
    }
  });
});
