import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { createCachedApiKeyStore, type KeyChangeFeed } from '../../src/adapters/db/api-key-cache.js';
import { createApiKeyStore } from '../../src/adapters/db/api-key-store.js';
import { hashSecret } from '../../src/core/api-keys/api-key.js';
import { createTestApp, createTestClock, engines, type TestContext } from '../helpers/test-app.js';

async function createChildKey(t: TestContext): Promise<{ id: number; api_key: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/keys',
    headers: { 'x-api-key': t.rootKey },
    payload: { label: 'cached', scopes: ['keys:read'] },
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const listKeys = (t: TestContext, key: string) =>
  t.app.inject({ method: 'GET', url: '/v1/keys', headers: { 'x-api-key': key } });

describe.each(engines)('API key cache (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  it('serves a used key from memory, and a revoke through the API rejects it on the very next request', async () => {
    const child = await createChildKey(t);
    expect((await listKeys(t, child.api_key)).statusCode).toBe(200);
    const lookups = vi.spyOn(t.container.database.db, 'selectFrom');
    expect((await listKeys(t, child.api_key)).statusCode).toBe(200);
    // The list itself is one query; the key's own lookup was served from memory.
    expect(lookups.mock.calls.filter(([table]) => table === 'api_keys')).toHaveLength(1);
    lookups.mockRestore();

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
});

describe('API key cache, store level (pglite)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t.close());

  it('bypasses memory while the change feed is disconnected, and forgets everything when it reconnects', async () => {
    let connected = false;
    const handlers: Array<() => void> = [];
    const feed: KeyChangeFeed = { connected: () => connected, onChange: (h) => void handlers.push(h) };
    const clock = createTestClock();
    const cached = createCachedApiKeyStore(createApiKeyStore(t.container.database.db), {
      clock,
      maxAgeMs: 10_000,
      maxEntries: 2,
      feed,
    });
    const digest = hashSecret((await createChildKey(t)).api_key);
    expect(await cached.findByHash(digest)).toBeDefined();
    expect(cached.cachedKeys()).toBe(0);

    connected = true;
    handlers.forEach((h) => h());
    expect((await cached.findByHash(digest))?.revoked_at).toBeNull();
    expect(cached.cachedKeys()).toBe(1);

    // A change the feed did not see (the connection dropped): the reconnect empties the cache.
    await t.container.database.db
      .updateTable('api_keys')
      .set({ revoked_at: new Date() })
      .where('key_hash', '=', digest)
      .execute();
    expect((await cached.findByHash(digest))?.revoked_at).toBeNull();
    connected = false;
    handlers.forEach((h) => h());
    expect(cached.cachedKeys()).toBe(0);
    connected = true;
    handlers.forEach((h) => h());
    expect((await cached.findByHash(digest))?.revoked_at).not.toBeNull();
  });

  it('never caches an unknown digest, expires entries by age and holds at most maxEntries', async () => {
    const clock = createTestClock();
    const cached = createCachedApiKeyStore(createApiKeyStore(t.container.database.db), {
      clock,
      maxAgeMs: 10_000,
      maxEntries: 2,
    });
    expect(await cached.findByHash(hashSecret('svc_unknown'))).toBeUndefined();
    expect(cached.cachedKeys()).toBe(0);

    const keys = await Promise.all([createChildKey(t), createChildKey(t), createChildKey(t)]);
    for (const { api_key } of keys) expect(await cached.findByHash(hashSecret(api_key))).toBeDefined();
    expect(cached.cachedKeys()).toBe(2);

    const [first] = keys;
    await t.container.database.db
      .updateTable('api_keys')
      .set({ label: 'renamed behind the cache' })
      .where('id', '=', first!.id)
      .execute();
    clock.advanceSeconds(11);
    expect((await cached.findByHash(hashSecret(first!.api_key)))?.label).toBe('renamed behind the cache');
  });
});

describe.skipIf(!process.env.DATABASE_URL)('API key cache across instances (postgres)', () => {
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
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN "api_key_changes"'`,
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
      timeout: 2_000,
      interval: 20,
    });
  });

  it('keeps working after its listening connection is killed: it reconnects and sees later revocations', async () => {
    const before = await listenerPids();
    expect(before).toHaveLength(2);
    const admin = new pg.Client({ connectionString: a.config.databaseUrl! });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [before]);
    await admin.end();
    await vi.waitFor(
      async () => {
        const now = await listenerPids();
        expect(now).toHaveLength(2);
        expect(now.some((pid) => before.includes(pid))).toBe(false);
      },
      { timeout: 10_000, interval: 100 },
    );

    const child = await createChildKey(a);
    expect((await listKeys(b, child.api_key)).statusCode).toBe(200);
    await revokeOnA(child.id);
    await vi.waitFor(async () => expect((await listKeys(b, child.api_key)).statusCode).toBe(401), {
      timeout: 2_000,
      interval: 20,
    });
  });
});
