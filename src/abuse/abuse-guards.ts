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

/**
 * Syncs may overlap while the shared bucket is slow to answer, one started each interval, up to this
 * many. Past it (a database ten seconds behind) each instance decides alone until one answers, and
 * its requests meanwhile reach the shared bucket together, later than they were made.
 */
const MAX_KEY_SYNCS_IN_FLIGHT = 10;

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

type LocalBucket = {
  tokens: number;
  atMs: number;
  /** Requests let through and not yet sent to the shared bucket. */
  pending: number;
  /** Requests sent to the shared bucket whose answer has not come back. */
  inFlight: number;
  /** When the adopted shared balance was read: an earlier answer that arrives later is not adopted. */
  adoptedAtMs: number;
};

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
 * hot path); every second each instance adds the requests it let through to the key's shared
 * bucket (RateLimiter.take) and adopts the shared balance, so instances also see each other's use.
 */
export function createKeyThrottle(options: KeyThrottleOptions): ThrottleInstance {
  const { limiter, clock, perMinute } = options;
  const rule: BucketRule = { capacity: perMinute, refillPerSecond: perMinute / 60 };
  const refillPerMs = perMinute / 60_000;
  const buckets = new Map<number, LocalBucket>();
  let lastSyncMs = clock.now().getTime();
  const warn = occasionalWarning(options.logger);

  function refill(bucket: LocalBucket, nowMs: number): void {
    if (nowMs <= bucket.atMs) return;
    bucket.tokens = Math.min(rule.capacity, bucket.tokens + (nowMs - bucket.atMs) * refillPerMs);
    bucket.atMs = nowMs;
  }

  /**
   * Sends the key's pending requests to the shared bucket as of `nowMs` and adopts its balance. They
   * leave `pending` when sent, so syncs can overlap without charging a request twice, and each
   * second's requests land on the shared bucket at their own time: sent late, together, they would
   * land on a bucket that had refilled only up to its capacity meanwhile, and a key within its budget
   * would be charged for refill it never got.
   */
  async function syncOne(keyId: number, bucket: LocalBucket, nowMs: number): Promise<void> {
    const flushed = Math.min(bucket.pending, rule.capacity);
    bucket.pending -= flushed;
    bucket.inFlight += flushed;
    let shared;
    try {
      // A lost answer is not necessarily a lost update: a reply slower than the command timeout
      // arrives after Redis has charged the bucket. Sending the same requests again would charge the
      // key twice and refuse a merchant within its budget, so they are forgiven instead; this
      // instance keeps deciding from its own count until a later sync gets through.
      shared = await limiter.take(`key:${keyId}`, rule, flushed);
    } finally {
      bucket.inFlight -= flushed;
    }
    // Refused, they stay owed; beyond one full bucket, owed use is forgiven rather than carried as
    // unbounded debt.
    if (!shared.allowed) bucket.pending = Math.min(bucket.pending + flushed, rule.capacity);
    if (nowMs < bucket.adoptedAtMs) return;
    bucket.adoptedAtMs = nowMs;
    // The balance as of the take, less what was let through since, refilled for the time since.
    bucket.tokens = shared.remaining - bucket.pending - bucket.inFlight;
    bucket.atMs = nowMs;
    refill(bucket, clock.now().getTime());
  }

  const syncsInFlight = new Set<Promise<void>>();

  function startSync(): void {
    const nowMs = clock.now().getTime();
    const work: Array<Promise<void>> = [];
    for (const [keyId, bucket] of buckets) {
      refill(bucket, nowMs);
      if (bucket.pending > 0) work.push(syncOne(keyId, bucket, nowMs));
      else if (bucket.inFlight === 0 && bucket.tokens >= rule.capacity) buckets.delete(keyId);
    }
    const done = Promise.allSettled(work).then((results) => {
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) warn(failed.reason, 'could not sync API key throttle buckets');
    });
    syncsInFlight.add(done);
    void done.finally(() => syncsInFlight.delete(done));
  }

  /** Sends every pending request and waits for every sync in flight to be answered. */
  async function sync(): Promise<void> {
    startSync();
    await Promise.all(syncsInFlight);
  }

  function maybeSync(nowMs: number): void {
    if (syncsInFlight.size >= MAX_KEY_SYNCS_IN_FLIGHT || nowMs - lastSyncMs < KEY_SYNC_INTERVAL_MS) return;
    lastSyncMs = nowMs;
    startSync();
  }

  return {
    async consume(keyId: number): Promise<KeyBudget | null> {
      if (perMinute === 0) return null;
      const nowMs = clock.now().getTime();
      let bucket = buckets.get(keyId);
      if (bucket) refill(bucket, nowMs);
      else {
        bucket = { tokens: rule.capacity, atMs: nowMs, pending: 0, inFlight: 0, adoptedAtMs: nowMs };
        buckets.set(keyId, bucket);
      }
      const allowed = bucket.tokens >= 1;
      if (allowed) {
        bucket.tokens -= 1;
        bucket.pending += 1;
      }
      maybeSync(nowMs);
      const budget = { limit: perMinute, remaining: Math.max(0, Math.floor(bucket.tokens)) };
      if (allowed) return budget;
      options.metrics.rateLimited('api_key');
      const waitMs = (1 - bucket.tokens) / refillPerMs;
      throw new ApiError(
        'rate_limited',
        {},
        { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)), rateLimit: { ...budget, remaining: 0 } },
      );
    },

    sync,

    async close() {
      await sync();
    },
  };
}
