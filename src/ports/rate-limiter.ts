/** A rolling window: at most `max` allowed calls in any `windowSeconds` (exact sliding log). */
export type WindowRule = { windowSeconds: number; max: number };

/** A token bucket: holds at most `capacity` tokens and refills `refillPerSecond` tokens a second. */
export type BucketRule = { capacity: number; refillPerSecond: number };

export type RateLimitResult = {
  allowed: boolean;
  /** Calls (window) or whole tokens (bucket) left after this one. */
  remaining: number;
  /** 0 when allowed; otherwise seconds until the call would be allowed, rounded up (at least 1). */
  retryAfterSeconds: number;
  /** The rule's `max` (window) or `capacity` (bucket). */
  limit: number;
};

/**
 * Port for rate limits shared by every instance. Each method is one atomic step on the backend
 * (a PostgreSQL function under an advisory lock, or a Redis Lua script): a separate read and
 * write would let concurrent requests all pass on the same stale count.
 *
 * A key must always be used with the same rule: the rule is not stored, and a call prunes the
 * key's history by its own window. Callers namespace keys (`free:ip:…`, `key:…`).
 */
export type RateLimiter = {
  readonly backend: 'postgres' | 'redis';
  /** Records a call in the key's rolling window if fewer than `max` happened in the last `windowSeconds`. */
  consume(key: string, rule: WindowRule): Promise<RateLimitResult>;
  /** Takes `cost` tokens (all or none) from the key's bucket; a bucket seen for the first time is full. */
  take(key: string, rule: BucketRule, cost?: number): Promise<RateLimitResult>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

export function checkWindowRule(rule: WindowRule): void {
  if (!(rule.windowSeconds > 0) || !Number.isInteger(rule.max) || rule.max < 1) {
    throw new RangeError(`invalid window rule: ${JSON.stringify(rule)}`);
  }
}

export function checkBucketRule(rule: BucketRule, cost: number): void {
  if (!(rule.capacity > 0) || !(rule.refillPerSecond > 0) || !(cost > 0) || cost > rule.capacity) {
    throw new RangeError(`invalid bucket rule: ${JSON.stringify({ ...rule, cost })}`);
  }
}

/** Converts a wait in milliseconds to the Retry-After value: whole seconds, rounded up, never 0 when refused. */
export function retryAfterSeconds(allowed: boolean, waitMs: number): number {
  return allowed ? 0 : Math.max(1, Math.ceil(waitMs / 1000));
}
