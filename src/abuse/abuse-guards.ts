import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { ApiError } from '../core/errors.js';
import type { Clock } from '../core/time.js';
import type { Metrics } from '../use-cases/ports/metrics.js';
import type { BucketRule, RateLimiter } from '../use-cases/ports/rate-limiter.js';

/** Where blocks are kept, so every instance enforces a block another one decided. */
export type IpBlockStore = {
  insert(input: {
    ip: string;
    failures: number;
    windowSeconds: number;
    blockedAt: Date;
    blockedUntil: Date;
  }): Promise<void>;
  active(now: Date): Promise<Array<{ ip: string; until: Date }>>;
};

/** Brute-force guard on API-key authentication, per client IP. */
export type AuthGuard = {
  blockedForSeconds(ip: string): Promise<number>;
  recordFailure(ip: string): Promise<void>;
};

/** Other instances' blocks reach this one within this interval (one indexed query per interval). */
const BLOCK_REFRESH_INTERVAL_MS = 5_000;

/** The slow-down never holds a failing request longer than this, so it cannot tie up many sockets. */
const MAX_FAILURE_DELAY_MS = 2_000;

/**
 * How often each instance folds its locally counted requests into the shared bucket. Between syncs
 * an instance decides alone, so another instance's last second of traffic (10 requests per key at
 * the default 600 a minute) can go unseen: harmless for a throttle meant only to stop abuse.
 */
const KEY_SYNC_INTERVAL_MS = 1_000;

/** Background failures repeat every interval during an outage; one warning a minute is enough. */
function occasionalWarning(logger: Logger, intervalMs = 60_000) {
  let lastMs = -Infinity;
  return (error: unknown, message: string) => {
    const nowMs = Date.now();
    if (nowMs - lastMs < intervalMs) return;
    lastMs = nowMs;
    logger.warn({ err: error }, message);
  };
}

export type AuthGuardOptions = {
  limiter: RateLimiter;
  blocks: IpBlockStore;
  clock: Clock;
  logger: Logger;
  metrics: Metrics;
  /** Failures within the window that block the address; 0 turns the guard off. */
  failureLimit: number;
  windowSeconds: number;
  blockSeconds: number;
  /** Added delay per failure beyond half the limit (slow down before blocking); 0 for none. */
  failureDelayMs: number;
};

/**
 * Brute-force guard for API-key authentication, per client address. Failures are counted in a
 * rolling window through the shared RateLimiter; past half the limit each further failure is
 * answered more slowly, and at the limit the address is blocked for `blockSeconds` (audited in
 * ip_blocks). The per-request check reads an in-process copy of the active blocks, refreshed from
 * the database every few seconds, so the hot path makes no query.
 */
export async function createAuthGuard(
  options: AuthGuardOptions,
): Promise<AuthGuard & { refresh(): Promise<void>; close(): Promise<void> }> {
  const { limiter, blocks, clock, failureLimit, windowSeconds, blockSeconds } = options;
  const blockedUntilMs = new Map<string, number>();
  let lastRefreshMs = clock.now().getTime();
  let refreshing: Promise<void> | null = null;
  const warn = occasionalWarning(options.logger);

  /** The table is the truth: a block an operator ended early (blocked_until moved back) ends here too. */
  async function refresh(): Promise<void> {
    const active = await blocks.active(clock.now());
    blockedUntilMs.clear();
    for (const { ip, until } of active) blockedUntilMs.set(ip, until.getTime());
  }

  function maybeRefresh(nowMs: number): void {
    if (refreshing || nowMs - lastRefreshMs < BLOCK_REFRESH_INTERVAL_MS) return;
    lastRefreshMs = nowMs;
    refreshing = refresh()
      .catch((error: unknown) => warn(error, 'could not refresh address blocks'))
      .finally(() => {
        refreshing = null;
      });
  }

  async function block(ip: string, failures: number): Promise<void> {
    const now = clock.now();
    if ((blockedUntilMs.get(ip) ?? 0) > now.getTime()) return;
    const until = new Date(now.getTime() + blockSeconds * 1000);
    await blocks.insert({ ip, failures, windowSeconds, blockedAt: now, blockedUntil: until });
    blockedUntilMs.set(ip, until.getTime());
    options.logger.warn(
      { ip, failures, windowSeconds, blockedUntil: until.toISOString() },
      'client address blocked after repeated failed authentications',
    );
  }

  if (failureLimit > 0) await refresh();

  return {
    async blockedForSeconds(ip: string): Promise<number> {
      if (failureLimit === 0) return 0;
      const nowMs = clock.now().getTime();
      maybeRefresh(nowMs);
      const until = blockedUntilMs.get(ip);
      if (until === undefined) return 0;
      if (until <= nowMs) {
        blockedUntilMs.delete(ip);
        return 0;
      }
      options.metrics.rateLimited('auth_guard');
      return Math.ceil((until - nowMs) / 1000);
    },

    async recordFailure(ip: string): Promise<void> {
      if (failureLimit === 0) return;
      let counted;
      try {
        counted = await limiter.consume(`auth-failures:${ip}`, { windowSeconds, max: failureLimit });
      } catch (error) {
        // Fail open: an outage of the limiter's store must not turn every 401 into a 500.
        warn(error, 'could not count a failed authentication');
        return;
      }
      const failures = counted.allowed ? failureLimit - counted.remaining : failureLimit;
      if (failures >= failureLimit) return block(ip, failures);
      const slowAfter = Math.floor(failureLimit / 2);
      if (failures > slowAfter && options.failureDelayMs > 0) {
        await sleep(Math.min(MAX_FAILURE_DELAY_MS, options.failureDelayMs * (failures - slowAfter)));
      }
    },

    refresh,

    async close() {
      await refreshing;
    },
  };
}

export type KeyThrottleOptions = {
  limiter: RateLimiter;
  clock: Clock;
  logger: Logger;
  metrics: Metrics;
  /** Sustained budget per key; the bucket also holds one minute of it as burst. 0 turns the throttle off. */
  perMinute: number;
};

type LocalBucket = { tokens: number; atMs: number; pending: number };

/** A KeyThrottle (the reply is not needed) that can also be synced and closed. */
export type ThrottleInstance = {
  consume(keyId: number): Promise<void>;
  sync(): Promise<void>;
  close(): Promise<void>;
};

/**
 * Per-key abuse throttle on keyed endpoints: a token bucket of `perMinute` tokens refilled at
 * `perMinute` a minute, so a merchant at the documented fair-use rate never waits, and even a full
 * minute's budget may arrive at once. The decision is made in process (a map lookup: no I/O on the
 * hot path); every second each instance adds the requests it let through to the key's shared
 * bucket (RateLimiter.take) and adopts the shared balance, so instances also see each other's use.
 */
export function createKeyThrottle(options: KeyThrottleOptions): ThrottleInstance {
  const { limiter, clock, perMinute } = options;
  const rule: BucketRule = { capacity: perMinute, refillPerSecond: perMinute / 60 };
  const refillPerMs = perMinute / 60_000;
  const buckets = new Map<number, LocalBucket>();
  let lastSyncMs = clock.now().getTime();
  let syncing: Promise<void> | null = null;
  const warn = occasionalWarning(options.logger);

  function refill(bucket: LocalBucket, nowMs: number): void {
    if (nowMs <= bucket.atMs) return;
    bucket.tokens = Math.min(rule.capacity, bucket.tokens + (nowMs - bucket.atMs) * refillPerMs);
    bucket.atMs = nowMs;
  }

  async function syncOne(keyId: number, bucket: LocalBucket): Promise<void> {
    const flushed = Math.min(bucket.pending, rule.capacity);
    const shared = await limiter.take(`key:${keyId}`, rule, flushed);
    if (shared.allowed) bucket.pending -= flushed;
    // Beyond one full bucket, unflushed use is forgiven rather than carried as unbounded debt.
    else bucket.pending = Math.min(bucket.pending, rule.capacity);
    bucket.tokens = shared.remaining - bucket.pending;
    bucket.atMs = clock.now().getTime();
  }

  /**
   * One sync at a time: a second one started while the first awaits the shared bucket would flush
   * the same pending requests again (the first subtracts them only when its answer arrives), charging
   * the key twice. Calls made meanwhile run after it, in order.
   */
  let lastSync: Promise<void> = Promise.resolve();
  function sync(): Promise<void> {
    const next = lastSync.then(syncNow);
    lastSync = next.catch(() => undefined);
    return next;
  }

  async function syncNow(): Promise<void> {
    const nowMs = clock.now().getTime();
    const work: Array<Promise<void>> = [];
    for (const [keyId, bucket] of buckets) {
      refill(bucket, nowMs);
      if (bucket.pending > 0) work.push(syncOne(keyId, bucket));
      else if (bucket.tokens >= rule.capacity) buckets.delete(keyId);
    }
    const failed = (await Promise.allSettled(work)).find((r) => r.status === 'rejected');
    if (failed) warn(failed.reason, 'could not sync API key throttle buckets');
  }

  function maybeSync(nowMs: number): void {
    if (syncing || nowMs - lastSyncMs < KEY_SYNC_INTERVAL_MS) return;
    lastSyncMs = nowMs;
    syncing = sync().finally(() => {
      syncing = null;
    });
  }

  return {
    async consume(keyId: number): Promise<void> {
      if (perMinute === 0) return;
      const nowMs = clock.now().getTime();
      let bucket = buckets.get(keyId);
      if (bucket) refill(bucket, nowMs);
      else buckets.set(keyId, (bucket = { tokens: rule.capacity, atMs: nowMs, pending: 0 }));
      const allowed = bucket.tokens >= 1;
      if (allowed) {
        bucket.tokens -= 1;
        bucket.pending += 1;
      }
      maybeSync(nowMs);
      if (allowed) return;
      options.metrics.rateLimited('api_key');
      const waitMs = (1 - bucket.tokens) / refillPerMs;
      throw new ApiError(
        'rate_limited',
        {},
        { headers: { 'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))) } },
      );
    },

    sync,

    async close() {
      await sync();
    },
  };
}
