import { honourIdempotencyKeys } from '../http/idempotency.js';
import type { Platform } from '../platform.js';
import type { Module } from './module.js';

/**
 * How long a request waits for a concurrent one with the same Idempotency-Key to finish before it answers
 * 409 (PostgreSQL's lock_timeout): longer than any keyed POST takes, short enough for a client's timeout.
 */
const CONCURRENT_WAIT_MS = 10_000;
const SWEEP_INTERVAL_MS = 3_600_000;

/**
 * Idempotency-Key on the keyed POSTs marked idempotent (docs/api.md): the hook wraps the routes registered
 * after it, so this module comes before the modules whose routes it covers; the worker role deletes
 * expired records hourly.
 */
export function idempotencyModule(platform: Platform) {
  const { stores, clock, logger } = platform;
  return {
    async routes(app) {
      honourIdempotencyKeys(app, { store: stores.idempotency, clock, waitMs: CONCURRENT_WAIT_MS });
    },
    tasks: [
      {
        name: 'idempotency key sweep',
        intervalMs: SWEEP_INTERVAL_MS,
        run: async () => {
          const deleted = await stores.idempotency.sweep(clock.now());
          if (deleted > 0) logger.info({ deleted }, 'deleted expired idempotency keys');
        },
      },
    ],
  } satisfies Module & Record<string, unknown>;
}
