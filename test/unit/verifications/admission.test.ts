import { describe, expect, it } from 'vitest';
import {
  admit,
  admitInTurns,
  DEFAULT_JOB_RUN_MS,
  expectedWaitMs,
  waitingAheadInTurns,
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

  const jobs = (waiting: number, served = 0) => ({ waiting, served });

  it('counts, in turns per key, every waiting job of the key itself and of each other key up to its turn', () => {
    expect(waitingAheadInTurns({ own: jobs(0), others: [] })).toBe(0);
    expect(waitingAheadInTurns({ own: jobs(0), others: [jobs(40), jobs(3)] })).toBe(2);
    expect(waitingAheadInTurns({ own: jobs(2), others: [jobs(40), jobs(1)] })).toBe(2 + 3 + 1);
    expect(waitingAheadInTurns({ own: jobs(40), others: [jobs(2)] })).toBe(42);
    // A job served lately puts its key's next a turn later.
    expect(waitingAheadInTurns({ own: jobs(0, 1), others: [jobs(40)] })).toBe(2);
    expect(waitingAheadInTurns({ own: jobs(0), others: [jobs(40, 1)] })).toBe(0);
  });

  it('refuses the key that fills the queue and admits another key at the same load', () => {
    const busy = load({ running: 2 });
    expect(admitInTurns(busy, { own: jobs(30, 2), others: [] }, 10_000)).toMatchObject({ admitted: false });
    expect(admitInTurns(busy, { own: jobs(0), others: [jobs(30, 2)] }, 10_000)).toEqual({
      admitted: true,
      expectedWaitMs: (1 / 2) * 800,
    });
  });
});
