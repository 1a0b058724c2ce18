import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { createCachedApiKeyStore } from '../../src/adapters/db/api-key-cache.js';
import { createApiKeyStore } from '../../src/adapters/db/api-key-store.js';
import type { ChangeFeed } from '../../src/adapters/db/read-cache.js';
import { hashSecret } from '../../src/core/api-keys/api-key.js';
import { decidedVerification } from '../helpers/session-flow.js';
import { createTestApp, createTestClock, engines, type TestContext } from '../helpers/test-app.js';

/**
 * How long the waits below give a change to reach a cache (PostgreSQL's notification, a refresh): it
 * takes milliseconds on an idle machine, and a wait returns as soon as it holds, so the budget only
 * leaves room for a 2-core machine kept busy by other work.
 */
const CACHE_SETTLES_MS = 10_000;

async function createChildKey(t: TestContext, label = 'cached'): Promise<{ id: number; api_key: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/keys',
    headers: { 'x-api-key': t.rootKey },
    payload: { label, scopes: ['*'] },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const listKeys = (t: TestContext, key: string) =>
  t.app.inject({ method: 'GET', url: '/v1/keys', headers: { 'x-api-key': key } });

const getVerification = (t: TestContext, id: string, key = t.rootKey) =>
  t.app.inject({ method: 'GET', url: `/v1/verifications/${id}`, headers: { 'x-api-key': key } });

/** Counts the queries the app sends to each table while `fn` runs. */
async function queriesDuring(t: TestContext, fn: () => Promise<unknown>): Promise<Record<string, number>> {
  const spy = vi.spyOn(t.platform.database.db, 'selectFrom');
  try {
    await fn();
    const counts: Record<string, number> = {};
    for (const [table] of spy.mock.calls) counts[String(table)] = (counts[String(table)] ?? 0) + 1;
    return counts;
  } finally {
    spy.mockRestore();
  }
}

describe.each(engines)('read caches (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  it('authenticates and lists keys from memory; create and revoke show on the very next request', async () => {
    const child = await createChildKey(t);
    expect((await listKeys(t, child.api_key)).statusCode).toBe(200);
    // On PostgreSQL the trigger's notification of the create arrives a moment later and empties the
    // cache once more; after that, requests make no query at all.
    await vi.waitFor(
      async () => expect(await queriesDuring(t, () => listKeys(t, child.api_key))).toEqual({}),
      {
        timeout: CACHE_SETTLES_MS,
        interval: 20,
      },
    );

    const sibling = await createChildKey(t, 'new sibling');
    const list = (await listKeys(t, t.rootKey)).json() as Array<{ id: number }>;
    expect(list.map((k) => k.id)).toContain(sibling.id);

    const revoked = await t.app.inject({
      method: 'POST',
      url: `/v1/keys/${child.id}/revoke`,
      headers: { 'x-api-key': t.rootKey },
    });
    expect(revoked.statusCode).toBe(200);
    const after = await listKeys(t, child.api_key);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ detail: 'invalid API key' });
  });

  it('a revoke written straight into the database (an operator in psql) takes effect through the trigger', async () => {
    const child = await createChildKey(t);
    expect((await listKeys(t, child.api_key)).statusCode).toBe(200);
    await t.platform.database.db
      .updateTable('api_keys')
      .set({ revoked_at: new Date() })
      .where('id', '=', child.id)
      .execute();
    await vi.waitFor(async () => expect((await listKeys(t, child.api_key)).statusCode).toBe(401), {
      timeout: CACHE_SETTLES_MS,
      interval: 20,
    });
  });

  it('serves a decided verification from memory and re-reads it after any change', async () => {
    const { id } = await decidedVerification(t);
    const first = await getVerification(t, id);
    expect(first.statusCode).toBe(200);
    expect(first.json().status).toBe('decided');
    await vi.waitFor(async () => expect(await queriesDuring(t, () => getVerification(t, id))).toEqual({}), {
      timeout: CACHE_SETTLES_MS,
      interval: 20,
    });

    // Minting a client token adds to the audit log: the next read shows it.
    const minted = await t.app.inject({
      method: 'POST',
      url: `/v1/verifications/${id}/client-token`,
      headers: { 'x-api-key': t.rootKey },
    });
    expect(minted.statusCode).toBe(201);
    const events = (await getVerification(t, id)).json().audit_log.map((a: { event: string }) => a.event);
    expect(events.at(-1)).toBe('client_token.minted');
  });

  it('serves an open verification from memory; the end user’s next step and expiry show on the next read', async () => {
    const open = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/verifications',
        headers: { 'x-api-key': t.rootKey },
        payload: { external_ref: 'still-open' },
      })
    ).json();
    await getVerification(t, open.id);
    await vi.waitFor(
      async () => expect(await queriesDuring(t, () => getVerification(t, open.id))).toEqual({}),
      { timeout: CACHE_SETTLES_MS, interval: 20 },
    );
    const consent = await t.app.inject({
      method: 'POST',
      url: '/v1/session/consent',
      headers: { 'x-client-token': open.client_token },
      payload: { consent: true },
    });
    expect(consent.statusCode).toBe(200);
    const events = (await getVerification(t, open.id))
      .json()
      .audit_log.map((a: { event: string }) => a.event);
    expect(events.at(-1)).toBe('consent.given');

    // Time alone changes nothing in the database: past expires_at the cached copy is not served.
    t.clock.advanceSeconds(24 * 3600 + 1);
    expect((await getVerification(t, open.id)).json().status).toBe('expired');
  });

  it('a cached verification is still 404 for another key', async () => {
    const { id } = await decidedVerification(t);
    expect((await getVerification(t, id)).statusCode).toBe(200);
    const other = await createChildKey(t, 'other merchant');
    const res = await getVerification(t, id, other.api_key);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'verification not found' });
  });

  it('a change written straight into the database reaches a cached verification through the trigger', async () => {
    const { id } = await decidedVerification(t);
    expect((await getVerification(t, id)).json().external_ref).toBe('decided-in-test');
    await t.platform.database.db
      .updateTable('verifications')
      .set({ external_ref: 'changed-by-an-operator' })
      .where('id', '=', id)
      .execute();
    await vi.waitFor(
      async () => expect((await getVerification(t, id)).json().external_ref).toBe('changed-by-an-operator'),
      { timeout: CACHE_SETTLES_MS, interval: 20 },
    );
  });
});

describe('read cache rules, at the store (pglite)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t.close());

  const rawKeys = () => createApiKeyStore(t.platform.database.db);

  it('bypasses memory while the change feed is disconnected, and forgets everything on a reconnect', async () => {
    let connected = false;
    const handlers: Array<(payload: string | null) => void> = [];
    const feed: ChangeFeed = { connected: () => connected, onChange: (h) => void handlers.push(h) };
    const cached = createCachedApiKeyStore(rawKeys(), {
      clock: createTestClock(),
      maxAgeMs: 10_000,
      maxEntries: 10,
      feed,
    });
    const digest = hashSecret((await createChildKey(t)).api_key);
    expect(await cached.findByHash(digest)).toBeDefined();
    expect(cached.cachedEntries()).toBe(0);

    connected = true;
    handlers.forEach((h) => h(null));
    expect((await cached.findByHash(digest))?.revoked_at).toBeNull();
    expect(cached.cachedEntries()).toBe(1);

    // A change this feed never saw, as across a dropped connection: the reconnect empties the cache.
    await rawKeys().revoke((await rawKeys().findByHash(digest))!.id, new Date());
    expect((await cached.findByHash(digest))?.revoked_at).toBeNull();
    connected = false;
    handlers.forEach((h) => h(null));
    expect(cached.cachedEntries()).toBe(0);
    connected = true;
    handlers.forEach((h) => h(null));
    expect((await cached.findByHash(digest))?.revoked_at).not.toBeNull();
  });

  it('never caches an unknown digest, expires entries by age and holds at most maxEntries', async () => {
    const clock = createTestClock();
    const cached = createCachedApiKeyStore(rawKeys(), {
      clock,
      maxAgeMs: 10_000,
      maxEntries: 2,
      feed: { connected: () => true, onChange: () => undefined },
    });
    expect(await cached.findByHash(hashSecret('svc_unknown'))).toBeUndefined();
    expect(cached.cachedEntries()).toBe(0);

    const keys = [await createChildKey(t), await createChildKey(t), await createChildKey(t)];
    for (const { api_key } of keys) expect(await cached.findByHash(hashSecret(api_key))).toBeDefined();
    expect(cached.cachedEntries()).toBe(2);

    const [first] = keys;
    await rawKeys().revoke(first!.id, new Date());
    clock.advanceSeconds(11);
    expect((await cached.findByHash(hashSecret(first!.api_key)))?.revoked_at).not.toBeNull();
  });
});

describe.skipIf(!process.env.DATABASE_URL)('read caches across instances (postgres)', () => {
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    a = await createTestApp('postgres');
    b = await createTestApp('postgres', {
      env: { DATABASE_URL: a.config.databaseUrl!, BOOTSTRAP_API_KEY: a.rootKey },
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const listenerPids = async (): Promise<number[]> => {
    const client = new pg.Client({ connectionString: a.config.databaseUrl! });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN %'`,
      );
      return rows.map((r) => r.pid);
    } finally {
      await client.end();
    }
  };

  const revokeOnA = async (id: number) =>
    expect(
      (
        await a.app.inject({
          method: 'POST',
          url: `/v1/keys/${id}/revoke`,
          headers: { 'x-api-key': a.rootKey },
        })
      ).statusCode,
    ).toBe(200);

  it('a key revoked on one instance is rejected by another that had it cached', async () => {
    const child = await createChildKey(a);
    expect((await listKeys(b, child.api_key)).statusCode).toBe(200);
    expect((await listKeys(b, child.api_key)).statusCode).toBe(200);
    await revokeOnA(child.id);
    await vi.waitFor(async () => expect((await listKeys(b, child.api_key)).statusCode).toBe(401), {
      timeout: CACHE_SETTLES_MS,
      interval: 20,
    });
  });

  it('a change to a verification on one instance reaches another that had it cached', async () => {
    const { id } = await decidedVerification(a);
    expect((await getVerification(b, id, a.rootKey)).statusCode).toBe(200);
    const minted = await a.app.inject({
      method: 'POST',
      url: `/v1/verifications/${id}/client-token`,
      headers: { 'x-api-key': a.rootKey },
    });
    expect(minted.statusCode).toBe(201);
    await vi.waitFor(
      async () => {
        const events = (await getVerification(b, id, a.rootKey))
          .json()
          .audit_log.map((e: { event: string }) => e.event);
        expect(events.at(-1)).toBe('client_token.minted');
      },
      { timeout: CACHE_SETTLES_MS, interval: 20 },
    );
  });

  it('keeps working after its listening connections are killed: it reconnects and sees later revocations', async () => {
    const before = await listenerPids();
    // Per instance at least the key feed's and the verification feed's (the check queue listens too;
    // the webhook worker is not started here).
    expect(before.length).toBeGreaterThanOrEqual(4);
    const admin = new pg.Client({ connectionString: a.config.databaseUrl! });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [before]);
    await admin.end();
    await vi.waitFor(
      async () => {
        const now = await listenerPids();
        expect(now).toHaveLength(before.length);
        expect(now.some((pid) => before.includes(pid))).toBe(false);
      },
      { timeout: 10_000, interval: 100 },
    );

    const child = await createChildKey(a);
    expect((await listKeys(b, child.api_key)).statusCode).toBe(200);
    await revokeOnA(child.id);
    await vi.waitFor(async () => expect((await listKeys(b, child.api_key)).statusCode).toBe(401), {
      timeout: CACHE_SETTLES_MS,
      interval: 20,
    });
  });
});
