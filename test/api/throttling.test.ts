import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createIpBlockStore } from '../../src/adapters/rate-limit/ip-block-store.js';
import { createAuthGuard, createKeyThrottle } from '../../src/abuse/abuse-guards.js';
import { createTestApp, engines, type Engine, type TestContext } from '../helpers/test-app.js';

/** Each database engine with its own rate limiter; with REDIS_URL, PGlite with the Redis limiter too. */
const setups: Array<{ name: string; engine: Engine; redis: boolean }> = [
  ...engines.map((engine) => ({ name: engine, engine, redis: false })),
  ...(process.env.REDIS_URL ? [{ name: 'pglite + redis', engine: 'pglite' as const, redis: true }] : []),
];

function start(setup: { engine: Engine; redis: boolean }, env: Record<string, string> = {}) {
  return createTestApp(setup.engine, {
    env: {
      ...env,
      ...(setup.redis
        ? {
            REDIS_URL: process.env.REDIS_URL!,
            REDIS_KEY_PREFIX: `idv-test:${crypto.randomBytes(6).toString('hex')}:`,
          }
        : {}),
    },
  });
}

type Key = { id: number; api_key: string };

async function createKey(t: TestContext, label: string): Promise<Key> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/keys',
    headers: { 'x-api-key': t.rootKey, 'x-forwarded-for': '192.0.2.1' },
    payload: { label, scopes: ['keys:read'] },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as Key;
}

const listKeys = (t: TestContext, apiKey: string, ip = '192.0.2.1') =>
  t.app.inject({ method: 'GET', url: '/v1/keys', headers: { 'x-api-key': apiKey, 'x-forwarded-for': ip } });

async function rejections(t: TestContext, limiter: string): Promise<number> {
  const line = (await t.container.metrics.render())
    .split('\n')
    .find((l) => l.startsWith(`rate_limit_rejections_total{limiter="${limiter}"}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

describe.each(setups)('per-key abuse throttle on $name', (setup) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await start(setup);
  });
  afterAll(async () => t.close());

  it('never throttles a client at the documented fair-use rate (600 a minute), steady or in bursts', async () => {
    expect(t.container.rateLimiter.backend).toBe(setup.redis ? 'redis' : 'postgres');
    const key = await createKey(t, 'steady');
    const statuses = new Map<number, number>();
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    // One minute at 10 requests a second.
    for (let i = 0; i < 600; i += 1) {
      count((await listKeys(t, key.api_key)).statusCode);
      t.clock.advanceSeconds(0.1);
    }
    // Then one minute of 100-request bursts every 10 seconds: the same average.
    for (let round = 0; round < 6; round += 1) {
      const burst = await Promise.all(Array.from({ length: 100 }, () => listKeys(t, key.api_key)));
      for (const res of burst) count(res.statusCode);
      t.clock.advanceSeconds(10);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: 1200 });
  });

  it('answers a burst over the budget with 429 and Retry-After, then lets the key in again', async () => {
    const key = await createKey(t, 'bursty');
    // Let the sync that creating the key set off finish first: one still waiting for the shared
    // bucket when the burst blocks the event loop can time out after its update landed, and then
    // counts those requests twice (a stricter throttle, never a laxer one).
    await t.container.keyThrottle.sync();
    const before = await rejections(t, 'api_key');
    const burst = await Promise.all(Array.from({ length: 601 }, () => listKeys(t, key.api_key)));
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(600);
    const limited = burst.filter((r) => r.statusCode === 429);
    expect(limited).toHaveLength(1);
    expect(limited[0]!.json()).toEqual({
      detail: 'rate limit exceeded; retry after the number of seconds in Retry-After',
    });
    // 600 a minute refills one request every 0.1 s: Retry-After rounds up to 1.
    expect(limited[0]!.headers['retry-after']).toBe('1');
    expect(await rejections(t, 'api_key')).toBe(before + 1);

    const other = await createKey(t, 'calm');
    expect((await listKeys(t, other.api_key)).statusCode).toBe(200);

    // The burst reaches the shared bucket before the clock moves on, as the once-a-second sync would
    // do in real time; otherwise the test would race that sync against the next requests.
    await t.container.keyThrottle.sync();
    t.clock.advanceSeconds(1);
    const after = await Promise.all(Array.from({ length: 11 }, () => listKeys(t, key.api_key)));
    expect(after.map((r) => r.statusCode).sort()).toEqual([...Array(10).fill(200), 429]);
  });

  it('shares each key’s budget between instances through the rate limiter', async () => {
    const options = {
      limiter: t.container.rateLimiter,
      clock: t.clock,
      logger: t.container.logger,
      metrics: t.container.metrics,
      perMinute: 20,
    };
    const instanceA = createKeyThrottle(options);
    const instanceB = createKeyThrottle(options);
    const keyId = 987_654;
    for (let i = 0; i < 15; i += 1) await instanceA.consume(keyId);
    await instanceA.sync();
    // B has not heard of the key: its first request passes locally, and its sync adopts the shared balance.
    await instanceB.consume(keyId);
    await instanceB.sync();
    let passed = 1;
    for (;;) {
      try {
        await instanceB.consume(keyId);
        passed += 1;
      } catch {
        break;
      }
    }
    expect(passed).toBe(5);
    await instanceA.close();
    await instanceB.close();
  });

  it('is off with KEY_RATE_LIMIT_PER_MINUTE=0', async () => {
    const off = createKeyThrottle({
      limiter: t.container.rateLimiter,
      clock: t.clock,
      logger: t.container.logger,
      metrics: t.container.metrics,
      perMinute: 0,
    });
    for (let i = 0; i < 1000; i += 1) await off.consume(1);
    await off.close();
  });
});

describe.each(setups)('brute-force guard on $name', (setup) => {
  let t: TestContext;
  const attacker = '203.0.113.9';
  beforeAll(async () => {
    t = await start(setup, {
      AUTH_FAILURE_LIMIT: '6',
      AUTH_FAILURE_WINDOW_SECONDS: '300',
      AUTH_BLOCK_SECONDS: '900',
      AUTH_FAILURE_DELAY_MS: '40',
    });
  });
  afterAll(async () => t.close());

  it('slows down, then blocks an address after repeated bad keys, audits the block, and lifts it later', async () => {
    const elapsedMs: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const started = performance.now();
      const res = await listKeys(t, `svc_${'A'.repeat(42)}${i}`, attacker);
      elapsedMs.push(performance.now() - started);
      expect(res.statusCode).toBe(401);
    }
    // Past half the limit (3) each failure waits 40 ms more: the 4th 40 ms, the 5th 80 ms.
    expect(elapsedMs[3]).toBeGreaterThanOrEqual(38);
    expect(elapsedMs[4]).toBeGreaterThanOrEqual(78);

    const before = await rejections(t, 'auth_guard');
    const blocked = await listKeys(t, t.rootKey, attacker);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({
      detail: 'too many failed authentication attempts from this address; try again later',
    });
    expect(blocked.headers['retry-after']).toBe('900');
    expect(await rejections(t, 'auth_guard')).toBe(before + 1);

    expect((await listKeys(t, t.rootKey, '198.51.100.7')).statusCode).toBe(200);

    const audit = await t.container.database.db.selectFrom('ip_blocks').selectAll().execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ ip: attacker, failures: 6, window_seconds: 300 });
    expect(audit[0]!.blocked_until.getTime() - audit[0]!.blocked_at.getTime()).toBe(900_000);
    const failures = await t.container.database.db
      .selectFrom('auth_failures')
      .select('ip')
      .where('ip', '=', attacker)
      .execute();
    expect(failures).toHaveLength(6);

    // Another instance on the same database honours the block from its start.
    const otherInstance = await createAuthGuard({
      limiter: t.container.rateLimiter,
      blocks: createIpBlockStore(t.container.database.db),
      clock: t.clock,
      logger: t.container.logger,
      metrics: t.container.metrics,
      failureLimit: 6,
      windowSeconds: 300,
      blockSeconds: 900,
      failureDelayMs: 0,
    });
    expect(await otherInstance.blockedForSeconds(attacker)).toBe(900);
    await otherInstance.close();

    t.clock.advanceSeconds(600);
    expect((await listKeys(t, t.rootKey, attacker)).headers['retry-after']).toBe('300');
    t.clock.advanceSeconds(300);
    expect((await listKeys(t, t.rootKey, attacker)).statusCode).toBe(200);
  });

  it('ends a block early when an operator moves its end in ip_blocks', async () => {
    const forgiven = '203.0.113.77';
    for (let i = 0; i < 6; i += 1) await listKeys(t, 'svc_wrong', forgiven);
    expect((await listKeys(t, t.rootKey, forgiven)).statusCode).toBe(403);
    await t.container.database.db
      .updateTable('ip_blocks')
      .set({ blocked_until: t.clock.now() })
      .where('ip', '=', forgiven)
      .execute();
    t.clock.advanceSeconds(5);
    await vi.waitFor(async () => expect((await listKeys(t, t.rootKey, forgiven)).statusCode).toBe(200));
  });

  it('does not block an address whose failures are spread beyond the window', async () => {
    const patient = '203.0.113.50';
    for (let i = 0; i < 12; i += 1) {
      expect((await listKeys(t, 'svc_wrong', patient)).statusCode).toBe(401);
      t.clock.advanceSeconds(61);
    }
    expect((await listKeys(t, t.rootKey, patient)).statusCode).toBe(200);
  });
});
