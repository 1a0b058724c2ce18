import { describe, expect, it } from 'vitest';
import type { RetentionBatch, RetentionStore } from '../../../src/ports/retention.js';
import {
  RETENTION_BATCH_TARGET_MS,
  sweepRetention,
  type RetentionPolicy,
} from '../../../src/use-cases/sweep-retention.js';

/**
 * An in-memory store whose batches cost `msPerRow` of (fake) clock time per row, as a slow engine
 * would: the sweeper must shrink its batches to keep each transaction near the target.
 */
function slowStore(pastRetention: number, msPerRow: number) {
  let clockMs = Date.UTC(2026, 0, 1);
  let left = pastRetention;
  const sizes: number[] = [];
  const take = (limit: number): RetentionBatch => {
    sizes.push(limit);
    const count = Math.min(limit, left);
    left -= count;
    clockMs += count * msPerRow;
    return {
      verificationIds: Array.from({ length: count }, (_, i) => `v${left + i}`),
      count,
      storageKeys: [],
    };
  };
  const empty: RetentionBatch = { verificationIds: [], count: 0, storageKeys: [] };
  const store: RetentionStore = {
    acquireLease: async () => true,
    releaseLease: async () => undefined,
    redactUnfinished: async () => empty,
    deleteMedia: async () => ({ ...empty, cursor: null }),
    redactDecided: async (_before, _at, limit) => take(limit),
    deleteTemplates: async () => empty,
    redactedAmong: async () => [],
    accountRetention: async () => [],
    findAccountRetention: async (accountId) => ({
      accountId,
      mediaDays: null,
      piiDays: null,
      templateDays: null,
    }),
    saveAccountRetention: async () => undefined,
  };
  return {
    sizes,
    left: () => left,
    deps: {
      store,
      media: { removeObjects: async () => undefined },
      keys: { destroy: async () => undefined, heldBy: async () => [] },
      clock: { now: () => new Date(clockMs) },
      metrics: { retentionSwept: () => undefined },
      changed: () => undefined,
    },
  };
}

const policy: RetentionPolicy = { mediaDays: 30, piiDays: 90, templateDays: 365, batchSize: 500 };

describe('sweepRetention batch size', () => {
  it('shrinks batches that run past the target and still sweeps everything', async () => {
    const run = slowStore(5_000, 0.4);
    const result = await sweepRetention(run.deps, policy, 'test');
    expect(result).toMatchObject({ completed: true, pii: 5_000 });
    expect(run.left()).toBe(0);
    expect(run.sizes[0]).toBe(500);
    // 0.4 ms a row: the size settles where one batch takes at most the target.
    const settled = run.sizes.slice(5, -1);
    expect(settled.length).toBeGreaterThan(0);
    for (const size of settled) expect(size * 0.4).toBeLessThanOrEqual(RETENTION_BATCH_TARGET_MS);
  });

  it('keeps the configured size while batches are fast', async () => {
    const run = slowStore(2_000, 0.01);
    await sweepRetention(run.deps, policy, 'test');
    expect(new Set(run.sizes)).toEqual(new Set([500]));
  });
});
