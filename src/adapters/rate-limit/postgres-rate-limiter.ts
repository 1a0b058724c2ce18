import { sql, type Kysely } from 'kysely';
import type { Clock } from '../../core/time.js';
import type { Database } from '../db/schema.js';
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
 * Expired rows are deleted in bulk at most this often per instance. A key's own stale hits go at
 * each of its calls; this sweep only removes keys that stopped calling (e.g. one IP that went away).
 */
const PRUNE_INTERVAL_MS = 60_000;

/**
 * The default backend, shared by every instance through the database (PGlite or PostgreSQL): each
 * call is one statement running a function from migration 0004 under a per-key advisory lock.
 */
export function createPostgresRateLimiter(
  db: Kysely<Database>,
  options: { clock: Clock; onPruneError?: (error: unknown) => void },
): RateLimiter {
  let lastPruneMs = 0;
  let pruning: Promise<void> | null = null;

  function maybePrune(nowMs: number): void {
    if (pruning || nowMs - lastPruneMs < PRUNE_INTERVAL_MS) return;
    lastPruneMs = nowMs;
    pruning = (async () => {
      await sql`DELETE FROM rate_limit_hits WHERE expires_at_ms <= ${nowMs}`.execute(db);
      await sql`DELETE FROM rate_limit_buckets WHERE expires_at_ms <= ${nowMs}`.execute(db);
    })()
      .catch((error: unknown) => options.onPruneError?.(error))
      .finally(() => {
        pruning = null;
      });
  }

  return {
    backend: 'postgres',

    async consume(key: string, rule: WindowRule): Promise<RateLimitResult> {
      checkWindowRule(rule);
      const nowMs = options.clock.now().getTime();
      const { rows } = await sql<{ allowed: boolean; remaining: number; wait_ms: number }>`
        SELECT allowed, remaining, wait_ms
        FROM rate_limit_consume(${key}, ${nowMs}::bigint, ${Math.round(rule.windowSeconds * 1000)}::bigint, ${rule.max}::integer)
      `.execute(db);
      maybePrune(nowMs);
      const row = rows[0]!;
      return {
        allowed: row.allowed,
        remaining: row.remaining,
        retryAfterSeconds: retryAfterSeconds(row.allowed, Number(row.wait_ms)),
        limit: rule.max,
      };
    },

    async take(key: string, rule: BucketRule, cost = 1): Promise<RateLimitResult> {
      checkBucketRule(rule, cost);
      const nowMs = options.clock.now().getTime();
      const { rows } = await sql<{ allowed: boolean; tokens: number; wait_ms: number }>`
        SELECT allowed, tokens, wait_ms
        FROM rate_limit_take(${key}, ${nowMs}::bigint, ${rule.capacity}::float8, ${rule.refillPerSecond / 1000}::float8, ${cost}::float8)
      `.execute(db);
      maybePrune(nowMs);
      const row = rows[0]!;
      return {
        allowed: row.allowed,
        remaining: Math.floor(row.tokens),
        retryAfterSeconds: retryAfterSeconds(row.allowed, Number(row.wait_ms)),
        limit: rule.capacity,
      };
    },

    async ping() {
      try {
        await sql`SELECT 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },

    async close() {
      await pruning;
    },
  };
}
