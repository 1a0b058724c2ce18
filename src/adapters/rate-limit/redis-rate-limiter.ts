import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import type { Clock } from '../../core/time.js';
import {
  checkBucketRule,
  checkWindowRule,
  retryAfterSeconds,
  type BucketRule,
  type RateLimiter,
  type RateLimitResult,
  type WindowRule,
} from '../../ports/rate-limiter.js';

/**
 * Sliding log over a sorted set scored by call time (ms). Redis runs a script atomically, so the
 * prune, count and add cannot interleave with another caller's.
 */
const CONSUME_SCRIPT = `
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count < max then
  redis.call('ZADD', KEYS[1], now, ARGV[4])
  redis.call('PEXPIRE', KEYS[1], window)
  return {1, max - count - 1, 0}
end
local entry = redis.call('ZRANGE', KEYS[1], count - max, count - max, 'WITHSCORES')
return {0, 0, tonumber(entry[2]) + window - now}
`;

/**
 * Token bucket in a hash {tokens, ts}. The key expires a minute after the bucket would be full
 * again: an expired key reads as a full bucket, so expiring early would forgive use. Redis counts
 * the TTL on its own clock, the bucket on the callers'; the minute covers their skew (and a test's
 * frozen clock).
 */
const TAKE_SCRIPT = `
local now = tonumber(ARGV[1])
local capacity = tonumber(ARGV[2])
local per_ms = tonumber(ARGV[3])
local cost = tonumber(ARGV[4])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'ts')
local tokens = tonumber(state[1])
local ts = tonumber(state[2])
if tokens == nil or ts == nil then
  tokens = capacity
  ts = now
end
tokens = math.min(capacity, tokens + math.max(0, now - ts) * per_ms)
local allowed = 0
local wait = 0
if tokens >= cost then
  tokens = tokens - cost
  allowed = 1
else
  wait = math.ceil((cost - tokens) / per_ms)
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'ts', tostring(math.max(now, ts)))
redis.call('PEXPIRE', KEYS[1], math.ceil((capacity - tokens) / per_ms) + 60000)
return {allowed, math.floor(tokens), wait}
`;

type ScriptReply = [number, number, number];

const BACKGROUND_COMMAND_TIMEOUT_MS = 10_000;

type ScriptedRedis = Redis & {
  rateLimitConsume(
    key: string,
    nowMs: number,
    windowMs: number,
    max: number,
    member: string,
  ): Promise<ScriptReply>;
  rateLimitTake(
    key: string,
    nowMs: number,
    capacity: number,
    perMs: number,
    cost: number,
  ): Promise<ScriptReply>;
};

/**
 * Redis backend (REDIS_URL). Call times come from the application clock, like the PostgreSQL
 * backend, so instances agree to within their clock skew (milliseconds under NTP). `keyPrefix`
 * keeps deployments, or test runs, sharing one Redis apart.
 */
export function createRedisRateLimiter(options: {
  url: string;
  clock: Clock;
  keyPrefix?: string;
  onError?: (error: unknown) => void;
}): RateLimiter {
  const redis = new Redis(options.url, {
    keyPrefix: options.keyPrefix ?? 'idv:rl:',
    // Fail a call within about a second when Redis is down rather than queueing requests behind it.
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
  }) as ScriptedRedis;
  let lastErrorReportMs = 0;
  redis.on('error', (error: unknown) => {
    // ioredis reports every reconnect attempt; one report a minute is enough for an outage.
    const nowMs = Date.now();
    if (nowMs - lastErrorReportMs < 60_000) return;
    lastErrorReportMs = nowMs;
    options.onError?.(error);
  });
  redis.defineCommand('rateLimitConsume', { numberOfKeys: 1, lua: CONSUME_SCRIPT });
  // `take` serves only the per-key throttle's background sync, which nobody waits on: its own
  // connection with a patient timeout, so a busy process (a reply that sat unread behind a long
  // burst) is not taken for an outage. A timed-out take may or may not have been counted.
  const background = redis.duplicate({ commandTimeout: BACKGROUND_COMMAND_TIMEOUT_MS }) as ScriptedRedis;
  background.on('error', () => undefined);
  background.defineCommand('rateLimitTake', { numberOfKeys: 1, lua: TAKE_SCRIPT });

  return {
    backend: 'redis',

    async consume(key: string, rule: WindowRule): Promise<RateLimitResult> {
      checkWindowRule(rule);
      const nowMs = options.clock.now().getTime();
      const [allowed, remaining, waitMs] = await redis.rateLimitConsume(
        `w:${key}`,
        nowMs,
        Math.round(rule.windowSeconds * 1000),
        rule.max,
        `${nowMs}:${crypto.randomUUID()}`,
      );
      return {
        allowed: allowed === 1,
        remaining,
        retryAfterSeconds: retryAfterSeconds(allowed === 1, waitMs),
        limit: rule.max,
      };
    },

    async take(key: string, rule: BucketRule, cost = 1): Promise<RateLimitResult> {
      checkBucketRule(rule, cost);
      const nowMs = options.clock.now().getTime();
      const [allowed, remaining, waitMs] = await background.rateLimitTake(
        `b:${key}`,
        nowMs,
        rule.capacity,
        rule.refillPerSecond / 1000,
        cost,
      );
      return {
        allowed: allowed === 1,
        remaining,
        retryAfterSeconds: retryAfterSeconds(allowed === 1, waitMs),
        limit: rule.capacity,
      };
    },

    async ping() {
      try {
        return (await redis.ping()) === 'PONG';
      } catch {
        return false;
      }
    },

    async close() {
      await Promise.all(
        [redis, background].map(async (client) => {
          if (client.status === 'ready') await client.quit().catch(() => client.disconnect());
          else client.disconnect();
        }),
      );
    },
  };
}
