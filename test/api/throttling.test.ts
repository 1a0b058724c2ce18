import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeyThrottle } from '../../src/abuse/abuse-guards.js';
import type { RateLimiter } from '../../src/ports/rate-limiter.js';
import { createTestApp, engines, type Engine, type TestContext } from '../helpers/test-app.js';

/** Each database engine with its own rate limiter; with REDIS_URL, PGlite with the Redis limiter too. */
const setups: Array<{ name: string; engine: Engine; redis: boolean }> = [
  ...engines.map((engine) => ({ name: engine, engine, redis: false })),
  ...(process.env.REDIS_URL ? [{ name: 'pglite + redis', engine: 'pglite' as const, redis: true }] : []),
];

function start(
  setup: { engine: Engine; redis: boolean },
  env: Record<string, string> = {},
  options: { sanctions?: boolean } = {},
) {
  return createTestApp(setup.engine, {
    ...options,
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

async function createKey(t: TestContext, label: string, scopes = ['keys:read']): Promise<Key> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/keys',
    headers: { 'x-api-key': t.rootKey },
    payload: { label, scopes },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as Key;
}

/** A request from `remoteAddress` (the TCP peer), optionally carrying an X-Forwarded-For header. */
const listKeys = (t: TestContext, apiKey: string, remoteAddress = '192.0.2.1') =>
  t.app.inject({ method: 'GET', url: '/v1/keys', remoteAddress, headers: { 'x-api-key': apiKey } });

const freeLookup = (t: TestContext, remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/free/ofac',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { name: 'x' },
  });

async function rejections(t: TestContext, limiter: string): Promise<number> {
  const line = (await t.platform.metrics.render())
    .split('\n')
    .find((l) => l.startsWith(`rate_limit_rejections_total{limiter="${limiter}"}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

/** A throttle on the app's shared limiter (or on `limiter`), as another instance of the service runs one. */
function keyThrottle(t: TestContext, perMinute: number, limiter: RateLimiter = t.platform.rateLimiter) {
  return createKeyThrottle({
    limiter,
    clock: t.clock,
    logger: t.platform.logger,
    metrics: t.platform.metrics,
    perMinute,
  });
}

async function auditedFailures(t: TestContext, ip: string): Promise<number> {
  const rows = await t.platform.database.db
    .selectFrom('auth_failures')
    .select('ip')
    .where('ip', '=', ip)
    .execute();
  return rows.length;
}

describe.each(setups)('client address on $name', (setup) => {
  let direct: TestContext;
  let proxied: TestContext;
  beforeAll(async () => {
    direct = await start(setup);
    proxied = await start(setup, { TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
  });

  it('ignores a direct client’s X-Forwarded-For: a new forged address per request does not move its free-tier count', async () => {
    // The free tier counts before the body is validated, so an invalid name still spends a lookup.
    const statuses: number[] = [];
    const remaining: string[] = [];
    for (let i = 0; i < 35; i += 1) {
      const res = await freeLookup(direct, '203.0.113.5', `198.51.100.${i}`);
      statuses.push(res.statusCode);
      remaining.push(String(res.headers['x-ratelimit-remaining']));
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect(statuses.slice(0, 30).every((s) => s !== 429)).toBe(true);
    expect(remaining[0]).toBe('29');
    expect(remaining[29]).toBe('0');
    // A victim's address, forged by the client above, still has its whole budget.
    expect((await freeLookup(direct, '198.51.100.3')).headers['x-ratelimit-remaining']).toBe('29');
  });

  it('honours X-Forwarded-For from a configured proxy: two forwarded addresses get two counts', async () => {
    for (let i = 0; i < 30; i += 1) {
      expect((await freeLookup(proxied, '10.1.2.3', '198.51.100.20')).statusCode).not.toBe(429);
    }
    const limited = await freeLookup(proxied, '10.1.2.3', '198.51.100.20');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('3600');
    const other = await freeLookup(proxied, '10.9.9.9', '198.51.100.21');
    expect(other.statusCode).not.toBe(429);
    expect(other.headers['x-ratelimit-remaining']).toBe('29');
    // Entries left of the proxy's are client-supplied: the first untrusted address from the right counts.
    const chained = await freeLookup(proxied, '10.1.2.3', '198.51.100.21, 198.51.100.20');
    expect(chained.statusCode).toBe(429);
    // A client outside the trusted range cannot use the header even with this setting.
    const outsider = await freeLookup(proxied, '203.0.113.66', '198.51.100.22');
    expect(outsider.headers['x-ratelimit-remaining']).toBe('29');
    expect(
      (await freeLookup(proxied, '203.0.113.66', '198.51.100.22')).headers['x-ratelimit-remaining'],
    ).toBe('28');
  });

  it('trusts a proxy on loopback by default, and none with TRUST_PROXY=none', async () => {
    const viaLoopback = await freeLookup(direct, '127.0.0.1', '198.51.100.40');
    expect(viaLoopback.headers['x-ratelimit-remaining']).toBe('29');
    expect((await freeLookup(direct, '198.51.100.40')).headers['x-ratelimit-remaining']).toBe('28');
    const none = await start(setup, { TRUST_PROXY: 'none' });
    try {
      await freeLookup(none, '127.0.0.1', '198.51.100.41');
      expect((await freeLookup(none, '127.0.0.1', '198.51.100.42')).headers['x-ratelimit-remaining']).toBe(
        '28',
      );
    } finally {
      await none.close();
    }
  });
});

describe.each(setups)('failed authentication with default settings on $name', (setup) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await start(setup);
  });
  afterAll(async () => t?.close());

  it('answers 200 failed keys from one address with 401, audits each, and keeps accepting valid keys', async () => {
    const office = '203.0.113.10';
    // Twenty at a time: past half the bound each failure is slowed (up to 0.5 s here), and those
    // waits need not add up one after another for the test to show that none is refused.
    for (let batch = 0; batch < 10; batch += 1) {
      const failures = await Promise.all(
        Array.from({ length: 20 }, () =>
          listKeys(t, `svc_typo${crypto.randomBytes(8).toString('hex')}`, office),
        ),
      );
      for (const res of failures) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ detail: 'invalid API key' });
      }
    }
    expect(await auditedFailures(t, office)).toBe(200);
    for (let i = 0; i < 20; i += 1) expect((await listKeys(t, t.rootKey, office)).statusCode).toBe(200);
  });
});

describe.each(setups)('failed authentication past the bound on $name', (setup) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await start(setup, {
      AUTH_FAILURE_LIMIT: '6',
      AUTH_FAILURE_WINDOW_SECONDS: '300',
      AUTH_FAILURE_DELAY_MS: '40',
    });
  });
  afterAll(async () => t?.close());

  it('slows failures down, then answers them 429 with Retry-After, while valid keys from the address still succeed', async () => {
    const attacker = '203.0.113.9';
    const elapsedMs: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const started = performance.now();
      const res = await listKeys(t, `svc_${crypto.randomBytes(16).toString('hex')}`, attacker);
      elapsedMs.push(performance.now() - started);
      expect(res.statusCode).toBe(401);
    }
    // Past half the limit (3) each failure waits 40 ms more: the 4th 40 ms, the 5th 80 ms.
    expect(elapsedMs[3]).toBeGreaterThanOrEqual(38);
    expect(elapsedMs[4]).toBeGreaterThanOrEqual(78);

    const before = await rejections(t, 'auth_failures');
    const limited = await listKeys(t, 'svc_wrong', attacker);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/^application\/json/);
    expect(limited.json()).toEqual({
      detail:
        'too many failed authentication attempts; retry after the number of seconds in Retry-After (a valid API key is always accepted)',
    });
    expect(limited.headers['retry-after']).toBe('300');
    expect(await rejections(t, 'auth_failures')).toBe(before + 1);

    // The valid key is never refused, from the same address, before or after the bound.
    const key = await createKey(t, 'valid-after-failures');
    for (let i = 0; i < 10; i += 1) {
      expect((await listKeys(t, key.api_key, attacker)).statusCode).toBe(200);
      expect((await listKeys(t, t.rootKey, attacker)).statusCode).toBe(200);
    }
    // Failures past the bound are counted but not written: the audit table holds the first six.
    expect(await auditedFailures(t, attacker)).toBe(6);

    t.clock.advanceSeconds(301);
    expect((await listKeys(t, 'svc_wrong', attacker)).statusCode).toBe(401);
  });

  it('counts failures per key prefix across addresses', async () => {
    const stolenPrefix = `svc_Zq9x${crypto.randomBytes(8).toString('hex')}`;
    for (let i = 0; i < 6; i += 1) {
      expect((await listKeys(t, `${stolenPrefix}${i}`, `198.51.100.${100 + i}`)).statusCode).toBe(401);
    }
    const res = await listKeys(t, `${stolenPrefix}x`, '198.51.100.200');
    expect(res.statusCode).toBe(429);
    // Another prefix from a fresh address is unaffected.
    expect((await listKeys(t, 'svc_Other', '198.51.100.201')).statusCode).toBe(401);
  });

  it('does not limit an address whose failures are spread beyond the window', async () => {
    const patient = '203.0.113.50';
    for (let i = 0; i < 12; i += 1) {
      expect((await listKeys(t, `svc_w${i}`, patient)).statusCode).toBe(401);
      t.clock.advanceSeconds(61);
    }
  });
});

describe.each(setups)('per-key throttle on $name', (setup) => {
  // A throttle that is on puts X-RateLimit-Limit on every answer (below), so its absence shows the default
  // is off whatever a default limit would be, not only above the count sent here.
  it('is off by default: keyed screens in bursts get no 429 and no X-RateLimit-* header', async () => {
    const t = await start(setup, {}, { sanctions: true });
    try {
      const key = await createKey(t, 'batch', ['screen:ofac']);
      const statuses = new Map<number, number>();
      for (let round = 0; round < 2; round += 1) {
        const burst = await Promise.all(
          Array.from({ length: 100 }, (_, i) =>
            t.app.inject({
              method: 'POST',
              url: '/v1/screen/ofac',
              headers: { 'x-api-key': key.api_key },
              payload: { name: `Batch Customer ${round * 100 + i}` },
            }),
          ),
        );
        for (const res of burst) statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        expect(burst.every((res) => res.headers['x-ratelimit-limit'] === undefined)).toBe(true);
      }
      expect(Object.fromEntries(statuses)).toEqual({ 200: 200 });
    } finally {
      await t.close();
    }
  });

  describe('when an operator turns it on', () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await start(setup, { KEY_RATE_LIMIT_PER_MINUTE: '600' });
    });
    afterAll(async () => t?.close());

    it('never throttles a client at the configured rate, steady or in bursts', async () => {
      expect(t.platform.rateLimiter.backend).toBe(setup.redis ? 'redis' : 'postgres');
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

    it('answers a burst over the budget with 429, Retry-After and X-RateLimit-*, then lets the key in again', async () => {
      const key = await createKey(t, 'bursty');
      // Let the sync that creating the key set off finish first, so the burst is counted by one sync.
      await t.modules.accounts.keyThrottle.sync();
      const before = await rejections(t, 'api_key');
      const burst = await Promise.all(Array.from({ length: 601 }, () => listKeys(t, key.api_key)));
      const passed = burst.filter((r) => r.statusCode === 200);
      expect(passed).toHaveLength(600);
      expect(passed.every((r) => r.headers['x-ratelimit-limit'] === '600')).toBe(true);
      expect(passed.map((r) => Number(r.headers['x-ratelimit-remaining'])).sort((a, b) => a - b)[0]).toBe(0);
      const limited = burst.filter((r) => r.statusCode === 429);
      expect(limited).toHaveLength(1);
      expect(limited[0]!.json()).toEqual({
        detail: 'rate limit exceeded; retry after the number of seconds in Retry-After',
      });
      // 600 a minute refills one request every 0.1 s: Retry-After rounds up to 1.
      expect(limited[0]!.headers['retry-after']).toBe('1');
      expect(limited[0]!.headers['x-ratelimit-limit']).toBe('600');
      expect(limited[0]!.headers['x-ratelimit-remaining']).toBe('0');
      expect(await rejections(t, 'api_key')).toBe(before + 1);

      const other = await createKey(t, 'calm');
      expect((await listKeys(t, other.api_key)).statusCode).toBe(200);

      // The burst reaches the shared bucket before the clock moves on, as the once-a-second sync would
      // do in real time; otherwise the test would race that sync against the next requests.
      await t.modules.accounts.keyThrottle.sync();
      t.clock.advanceSeconds(1);
      const after = await Promise.all(Array.from({ length: 11 }, () => listKeys(t, key.api_key)));
      expect(after.map((r) => r.statusCode).sort()).toEqual([...Array(10).fill(200), 429]);
    });

    it('shares each key’s budget between instances through the rate limiter', async () => {
      const instanceA = keyThrottle(t, 20);
      const instanceB = keyThrottle(t, 20);
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

    it('holds two instances that each send at the full rate to one budget between them', async () => {
      const instances = [keyThrottle(t, 600), keyThrottle(t, 600)];
      const keyId = 987_657;
      let passed = 0;
      // Two minutes at 10 requests a second to each instance: twice the budget.
      for (let tick = 1; tick <= 1200; tick += 1) {
        for (const instance of instances) {
          await instance
            .consume(keyId)
            .then(() => (passed += 1))
            .catch(() => undefined);
        }
        t.clock.advanceSeconds(0.1);
        if (tick % 10 === 0) await Promise.all(instances.map((instance) => instance.sync()));
      }
      // The full bucket and two minutes of refill, give or take the second each instance decides alone.
      expect(passed).toBeGreaterThanOrEqual(600 + 1200 - 20);
      expect(passed).toBeLessThanOrEqual(600 + 1200 + 20);
      await Promise.all(instances.map((instance) => instance.close()));
    });

    it('does not charge a key twice when the shared bucket’s answer is lost after it counted', async () => {
      const shared = t.platform.rateLimiter;
      let loseNextAnswer = true;
      const throttle = keyThrottle(t, 60, {
        ...shared,
        async take(key, rule, cost) {
          const result = await shared.take(key, rule, cost);
          if (!loseNextAnswer) return result;
          loseNextAnswer = false;
          throw new Error('Command timed out');
        },
      });
      const keyId = 987_655;
      for (let i = 0; i < 60; i += 1) await throttle.consume(keyId);
      await throttle.sync();
      t.clock.advanceSeconds(5);
      await throttle.sync();
      let passed = 0;
      for (;;) {
        try {
          await throttle.consume(keyId);
          passed += 1;
        } catch {
          break;
        }
      }
      // Five seconds at 60 a minute refill five requests, the lost answer notwithstanding.
      expect(passed).toBe(5);
      await throttle.close();
    });

    it('keeps refilling a key while the shared bucket is slow to answer', async () => {
      const shared = t.platform.rateLimiter;
      let answerHeld: Promise<void> | null = null;
      let releaseAnswer = () => {};
      const throttle = keyThrottle(t, 600, {
        ...shared,
        async take(key, rule, cost) {
          const result = await shared.take(key, rule, cost);
          await answerHeld;
          return result;
        },
      });
      const keyId = 987_656;
      await throttle.consume(keyId);
      await throttle.sync();
      answerHeld = new Promise((resolve) => (releaseAnswer = resolve));
      t.clock.advanceSeconds(1);
      // Each burst's first request sets off a sync whose answer is held, for a minute of 100-request
      // bursts every 10 seconds: within the budget then, and again once the answers have come back.
      let refused = 0;
      const burst = async () => {
        for (let i = 0; i < 100; i += 1) await throttle.consume(keyId).catch(() => (refused += 1));
        t.clock.advanceSeconds(10);
      };
      for (let round = 0; round < 6; round += 1) await burst();
      releaseAnswer();
      await throttle.sync();
      for (let round = 0; round < 6; round += 1) await burst();
      expect(refused).toBe(0);
      await throttle.close();
    });
  });
});
