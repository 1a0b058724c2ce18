import { clientAddressBucket } from '../core/client-address.js';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import { ApiError } from '../core/errors.js';
import type { Clock } from '../core/time.js';
import type { Metrics } from '../ports/metrics.js';
import type { BucketRule, RateLimiter } from '../ports/rate-limiter.js';

/** Failed API-key authentications per address and key prefix: 401, or 429 past a bound. Valid keys never reach it. */
export type AuthGuard = {
  recordFailure(ip: string, keyPrefix: string | null): Promise<{ audit: boolean; retryAfterSeconds: number }>;
};

/** A key's throttle budget after a request, for the X-RateLimit-* headers. */
export type KeyBudget = { limit: number; remaining: number };

/** The slow-down never holds a failing request longer than this, so it cannot tie up many sockets. */
const MAX_FAILURE_DELAY_MS = 2_000;

/**
 * How often each instance folds its locally counted requests into the shared bucket. Between syncs
 * an instance decides alone, so another instance's last second of traffic (10 requests per key at
 * 600 a minute) can go unseen: harmless for a throttle meant only to stop abuse.
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
  logger: Logger;
  metrics: Metrics;
  /** Failures within the window (per address, and per key prefix) past which failures get 429; 0 turns it off. */
  failureLimit: number;
  windowSeconds: number;
  /** Added delay per failure beyond half the limit (slow down before the 429s); 0 for none. */
  failureDelayMs: number;
};

/** What to do with one failed authentication. */
export type FailureVerdict = {
  /** Write the attempt to the audit table: every failure up to the bound, none past it (bounded writes). */
  audit: boolean;
  /** 0: answer 401. Otherwise answer 429 with this Retry-After: the address or prefix is past the bound. */
  retryAfterSeconds: number;
};

/**
 * Failed API-key authentications, counted per client address and per presented key prefix in a
 * rolling window through the shared RateLimiter (so every instance sees them). Past half the limit
 * each further failure is answered more slowly; past the limit failures get 429 with Retry-After
 * until the window has room again. Only failures are ever refused: a valid key is accepted before
 * this guard is consulted, so a typo-prone office behind one NAT is never locked out of its account
 * (256-bit keys cannot be guessed; the bound only caps the work and audit rows a flood can cause).
 */
export function createAuthGuard(options: AuthGuardOptions): AuthGuard {
  const { limiter, failureLimit, windowSeconds } = options;
  const warn = occasionalWarning(options.logger);
  const rule = { windowSeconds, max: failureLimit };

  async function count(key: string): Promise<{ failures: number; retryAfterSeconds: number }> {
    const counted = await limiter.consume(key, rule);
    return counted.allowed
      ? { failures: failureLimit - counted.remaining, retryAfterSeconds: 0 }
      : { failures: failureLimit + 1, retryAfterSeconds: counted.retryAfterSeconds };
  }

  return {
    async recordFailure(ip, keyPrefix) {
      if (failureLimit === 0) return { audit: true, retryAfterSeconds: 0 };
      let counts;
      try {
        counts = await Promise.all([
          count(`auth-failures:ip:${clientAddressBucket(ip)}`),
          ...(keyPrefix ? [count(`auth-failures:prefix:${keyPrefix}`)] : []),
        ]);
      } catch (error) {
        // Fail open: an outage of the limiter's store must not turn every 401 into a 500.
        warn(error, 'could not count a failed authentication');
        return { audit: true, retryAfterSeconds: 0 };
      }
      const failures = Math.max(...counts.map((c) => c.failures));
      const retryAfterSeconds = Math.max(...counts.map((c) => c.retryAfterSeconds));
      if (retryAfterSeconds > 0) {
        options.metrics.rateLimited('auth_failures');
        return { audit: false, retryAfterSeconds };
      }
      if (failures === failureLimit) {
        options.logger.warn(
          { ip, keyPrefix, failures, windowSeconds },
          'failed authentications reached the bound; further failures get 429 until the window has room',
        );
      }
      const slowAfter = Math.floor(failureLimit / 2);
      if (failures > slowAfter && options.failureDelayMs > 0) {
        await sleep(Math.min(MAX_FAILURE_DELAY_MS, options.failureDelayMs * (failures - slowAfter)));
      }
      return { audit: true, retryAfterSeconds: 0 };
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

/**
 * A key's bucket in this instance: `tokens` at `atMs` decides its requests, and `shared` is the
 * shared bucket's balance as of `sharedAtMs` as last heard (with this instance's use charged to it).
 */
type LocalBucket = { tokens: number; atMs: number; shared: number; sharedAtMs: number };

/** Below this a difference between the two balances is floating-point rounding, not use. */
const NO_USE = 1e-6;

/** A KeyThrottle that can also be closed. */
export type ThrottleInstance = {
  consume(keyId: number): Promise<KeyBudget | null>;
  sync(): Promise<void>;
  close(): Promise<void>;
};

/**
 * Per-key abuse throttle on keyed endpoints: a token bucket of `perMinute` tokens refilled at
 * `perMinute` a minute, so a merchant at the documented fair-use rate never waits, and even a full
 * minute's budget may arrive at once. The decision is made in process (a map lookup: no I/O on the
 * hot path); every second each instance charges the key's shared bucket (RateLimiter.take) with what
 * it used since the last charge and adopts the shared balance, so instances also see each other's use.
 *
 * What is charged is the drop of the local bucket against where the shared one, left alone, would
 * stand: the requests net of the refill they were made within. A count of the requests, charged
 * when the sync runs, would land all at once on a shared bucket that had meanwhile refilled up to its
 * capacity and no further, so a key within its budget would be charged for refill it never got
 * whenever a sync came late (a slow database answer holds back the next sync).
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

  /** This instance's use not yet charged to the shared bucket, at `nowMs` (the bucket refilled to it). */
  function unchargedUse(bucket: LocalBucket, nowMs: number): number {
    const sharedLeftAlone = Math.min(
      rule.capacity,
      bucket.shared + (nowMs - bucket.sharedAtMs) * refillPerMs,
    );
    return sharedLeftAlone - bucket.tokens;
  }

  async function syncOne(keyId: number, bucket: LocalBucket, nowMs: number): Promise<void> {
    // Beyond one full bucket, uncharged use is forgiven rather than carried as unbounded debt.
    const charge = Math.min(unchargedUse(bucket, nowMs), rule.capacity);
    const tokensAtTake = bucket.tokens;
    let balanceAfterCharge: number;
    try {
      const shared = await limiter.take(`key:${keyId}`, rule, charge);
      bucket.shared = shared.remaining;
      // A refused charge stays owed: this instance's balance carries it, and the next sync charges it.
      balanceAfterCharge = shared.allowed ? shared.remaining : shared.remaining - charge;
    } catch (error) {
      // The answer was lost, not necessarily the update: a reply slower than the command timeout
      // arrives after Redis has charged the bucket. Charging the same use again would charge the key
      // twice and refuse a merchant within its budget, so it counts as charged; this instance keeps
      // deciding from its own balance until the next sync gets through.
      bucket.shared = tokensAtTake;
      bucket.sharedAtMs = nowMs;
      throw error;
    }
    bucket.sharedAtMs = nowMs;
    // Requests and refill while the answer was on its way are kept on top of the adopted balance.
    bucket.tokens = balanceAfterCharge + (bucket.tokens - tokensAtTake);
  }

  /**
   * One sync at a time: a second one started while the first awaits the shared bucket would charge
   * the same use again (the first records its charge only when its answer arrives), charging the key
   * twice. Calls made meanwhile run after it, in order.
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
      if (unchargedUse(bucket, nowMs) > NO_USE) work.push(syncOne(keyId, bucket, nowMs));
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
    async consume(keyId: number): Promise<KeyBudget | null> {
      if (perMinute === 0) return null;
      const nowMs = clock.now().getTime();
      let bucket = buckets.get(keyId);
      if (bucket) refill(bucket, nowMs);
      else {
        bucket = { tokens: rule.capacity, atMs: nowMs, shared: rule.capacity, sharedAtMs: nowMs };
        buckets.set(keyId, bucket);
      }
      const allowed = bucket.tokens >= 1;
      if (allowed) bucket.tokens -= 1;
      maybeSync(nowMs);
      const budget = { limit: perMinute, remaining: Math.max(0, Math.floor(bucket.tokens)) };
      if (allowed) return budget;
      options.metrics.rateLimited('api_key');
      const waitMs = (1 - bucket.tokens) / refillPerMs;
      throw new ApiError(
        'rate_limited',
        {},
        {
          headers: {
            'retry-after': String(Math.max(1, Math.ceil(waitMs / 1000))),
            'x-ratelimit-limit': String(budget.limit),
            'x-ratelimit-remaining': '0',
          },
        },
      );
    },

    sync,

    async close() {
      await sync();
    },
  };
}
