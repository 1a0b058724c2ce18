import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/adapters/db/database.js';
import { migrate } from '../../src/adapters/db/migrator.js';
import { lendPglite } from '../helpers/lent-databases.js';
import { createPostgresRateLimiter } from '../../src/adapters/rate-limit/postgres-rate-limiter.js';
import type { RateLimiter } from '../../src/ports/rate-limiter.js';
import { createRedisRateLimiter } from '../../src/adapters/rate-limit/redis-rate-limiter.js';
import {
  createServerDatabase,
  createTestClock,
  migratedSnapshot,
  type TestClock,
} from '../helpers/test-app.js';

type Backend = {
  name: string;
  open(clock: TestClock): Promise<{ limiter: RateLimiter; close(): Promise<void> }>;
};

async function databaseBackend(databaseUrl: string | undefined, clock: TestClock) {
  const server = databaseUrl ? await createServerDatabase({ migrated: true }) : null;
  const database: DatabaseHandle = server
    ? await openDatabase({ databaseUrl: server.url })
    : await lendPglite(migratedSnapshot);
  await migrate(database);
  const limiter = createPostgresRateLimiter(database.db, { clock });
  return {
    limiter,
    async close() {
      await limiter.close();
      await database.close();
      await server?.drop();
    },
  };
}

/** PGlite always; the PostgreSQL server and Redis when CI provides them. */
const backends: Backend[] = [
  { name: 'pglite', open: (clock) => databaseBackend(undefined, clock) },
  ...(process.env.DATABASE_URL
    ? [{ name: 'postgres', open: (clock: TestClock) => databaseBackend(process.env.DATABASE_URL, clock) }]
    : []),
  ...(process.env.REDIS_URL
    ? [
        {
          name: 'redis',
          open: async (clock: TestClock) => {
            const limiter = createRedisRateLimiter({
              url: process.env.REDIS_URL!,
              clock,
              keyPrefix: `idv-test:${crypto.randomBytes(6).toString('hex')}:`,
            });
            return { limiter, close: () => limiter.close() };
          },
        },
      ]
    : []),
];

describe.each(backends)('RateLimiter contract on $name', (backend) => {
  const clock = createTestClock();
  let limiter: RateLimiter;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ limiter, close } = await backend.open(clock));
  });
  afterAll(async () => close());

  describe('consume (rolling window)', () => {
    it('lets exactly max of 100 concurrent calls on one key through', async () => {
      const results = await Promise.all(
        Array.from({ length: 100 }, () => limiter.consume('burst', { windowSeconds: 60, max: 30 })),
      );
      const allowed = results.filter((r) => r.allowed);
      expect(allowed).toHaveLength(30);
      expect(allowed.map((r) => r.remaining).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 30 }, (_, i) => i),
      );
      for (const refused of results.filter((r) => !r.allowed)) {
        expect(refused).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 60, limit: 30 });
      }
    });

    it('reopens the window as each call ages out, and says when in Retry-After', async () => {
      const rule = { windowSeconds: 60, max: 3 };
      const start = clock.now();
      expect(await limiter.consume('reopen', rule)).toEqual({
        allowed: true,
        remaining: 2,
        retryAfterSeconds: 0,
        limit: 3,
      });
      clock.advanceSeconds(10);
      expect((await limiter.consume('reopen', rule)).remaining).toBe(1);
      clock.advanceSeconds(10);
      expect((await limiter.consume('reopen', rule)).remaining).toBe(0);
      clock.advanceSeconds(10);
      expect(await limiter.consume('reopen', rule)).toEqual({
        allowed: false,
        remaining: 0,
        retryAfterSeconds: 30,
        limit: 3,
      });
      clock.set(new Date(start.getTime() + 59_500));
      expect((await limiter.consume('reopen', rule)).retryAfterSeconds).toBe(1);
      // Exactly one window after the first call, that call no longer counts: one slot is free.
      clock.set(new Date(start.getTime() + 60_000));
      expect(await limiter.consume('reopen', rule)).toMatchObject({ allowed: true, remaining: 0 });
      expect(await limiter.consume('reopen', rule)).toMatchObject({ allowed: false, retryAfterSeconds: 10 });
      clock.advanceSeconds(10);
      expect(await limiter.consume('reopen', rule)).toMatchObject({ allowed: true, remaining: 0 });
    });

    it('refused calls do not extend the window', async () => {
      const rule = { windowSeconds: 5, max: 1 };
      expect((await limiter.consume('no-extend', rule)).allowed).toBe(true);
      for (let i = 0; i < 4; i += 1) {
        clock.advanceSeconds(1);
        expect((await limiter.consume('no-extend', rule)).allowed).toBe(false);
      }
      clock.advanceSeconds(1);
      expect((await limiter.consume('no-extend', rule)).allowed).toBe(true);
    });

    it('keeps keys independent', async () => {
      const rule = { windowSeconds: 3600, max: 2 };
      await limiter.consume('ip:a', rule);
      await limiter.consume('ip:a', rule);
      expect((await limiter.consume('ip:a', rule)).allowed).toBe(false);
      expect(await limiter.consume('ip:b', rule)).toMatchObject({ allowed: true, remaining: 1 });
      expect(await limiter.consume('ip:a:suffix', rule)).toMatchObject({ allowed: true, remaining: 1 });
    });

    it('rejects a meaningless rule instead of guessing', async () => {
      await expect(limiter.consume('bad', { windowSeconds: 0, max: 1 })).rejects.toThrow(RangeError);
      await expect(limiter.consume('bad', { windowSeconds: 1, max: 0 })).rejects.toThrow(RangeError);
    });
  });

  describe('take (token bucket)', () => {
    it('lets exactly capacity of 100 concurrent takes through', async () => {
      const rule = { capacity: 30, refillPerSecond: 0.5 };
      const results = await Promise.all(
        Array.from({ length: 100 }, () => limiter.take('bucket-burst', rule)),
      );
      expect(results.filter((r) => r.allowed)).toHaveLength(30);
      for (const refused of results.filter((r) => !r.allowed)) {
        expect(refused).toEqual({ allowed: false, remaining: 0, retryAfterSeconds: 2, limit: 30 });
      }
    });

    it('refills at the rule rate up to capacity and reports the wait for the next token', async () => {
      const rule = { capacity: 10, refillPerSecond: 2 };
      expect(await limiter.take('refill', rule, 10)).toEqual({
        allowed: true,
        remaining: 0,
        retryAfterSeconds: 0,
        limit: 10,
      });
      expect(await limiter.take('refill', rule)).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
      expect(await limiter.take('refill', rule, 6)).toMatchObject({ allowed: false, retryAfterSeconds: 3 });
      clock.advanceSeconds(1.5);
      expect(await limiter.take('refill', rule)).toMatchObject({ allowed: true, remaining: 2 });
      clock.advanceSeconds(3600);
      expect(await limiter.take('refill', rule)).toMatchObject({ allowed: true, remaining: 9 });
    });

    it('keeps buckets apart from each other and from windows of the same name', async () => {
      const rule = { capacity: 1, refillPerSecond: 0.001 };
      expect((await limiter.take('shared-name', rule)).allowed).toBe(true);
      expect((await limiter.take('shared-name', rule)).allowed).toBe(false);
      expect((await limiter.take('other-name', rule)).allowed).toBe(true);
      expect((await limiter.consume('shared-name', { windowSeconds: 60, max: 1 })).allowed).toBe(true);
    });
  });

  it('answers ping', async () => {
    expect(await limiter.ping()).toBe(true);
  });
});
