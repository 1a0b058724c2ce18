import { describe, expect, it } from 'vitest';
import {
  admit,
  DEFAULT_JOB_RUN_MS,
  expectedWaitMs,
  type QueueLoad,
} from '../../../src/core/verifications/admission.js';

const load = (overrides: Partial<QueueLoad>): QueueLoad => ({
  queued: 0,
  running: 0,
  workers: 1,
  slots: 2,
  recentRunMs: 800,
  recentWaitMs: null,
  ...overrides,
});

describe('check queue admission', () => {
  it('expects no wait while a slot is free', () => {
    expect(expectedWaitMs(load({ running: 1 }))).toBe(0);
  });

  it('shares the jobs ahead over the live slots at the recent running time', () => {
    // 2 running + 3 queued + this one on 2 slots: 4 jobs must start before it, 2 at a time.
    expect(expectedWaitMs(load({ running: 2, queued: 3 }))).toBe((4 / 2) * 800);
    expect(expectedWaitMs(load({ running: 2, queued: 3, recentRunMs: null }))).toBe(2 * DEFAULT_JOB_RUN_MS);
  });

  it('admits up to the bound and refuses past it with the seconds until the queue is back under it', () => {
    expect(admit(load({ running: 2, queued: 23 }), 10_000)).toEqual({
      admitted: true,
      expectedWaitMs: 9_600,
    });
    expect(admit(load({ running: 2, queued: 30 }), 10_000)).toEqual({
      admitted: false,
      expectedWaitMs: 12_400,
      retryAfterSeconds: 3,
    });
  });

  it('refuses everything while no worker is alive, asking for a retry in 5 s', () => {
    expect(admit(load({ workers: 0, slots: 0 }), 10_000)).toEqual({
      admitted: false,
      expectedWaitMs: Number.POSITIVE_INFINITY,
      retryAfterSeconds: 5,
    });
  });
});
