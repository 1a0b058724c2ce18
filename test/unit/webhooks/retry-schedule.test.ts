import { describe, expect, it } from 'vitest';
import {
  isSuccessStatus,
  outcomeOfAttempt,
  WEBHOOK_RETRY_SCHEDULE,
} from '../../../src/core/webhooks/retry-schedule.js';

describe('webhook retry schedule', () => {
  it('is 3 attempts with waits of 0.5 s, 1.0 s and 2.0 s', () => {
    expect(WEBHOOK_RETRY_SCHEDULE).toEqual({ maxAttempts: 3, waitsMs: [500, 1000, 2000] });
  });

  it('treats any status below 300 as delivered, anything else (or no response) as a failure', () => {
    for (const code of [200, 201, 202, 204, 299]) expect(isSuccessStatus(code)).toBe(true);
    for (const code of [300, 301, 302, 304, 400, 404, 410, 429, 500, 503])
      expect(isSuccessStatus(code)).toBe(false);
    expect(isSuccessStatus(null)).toBe(false);
  });

  it('waits 0.5 s after the first failure, 1.0 s after the second, and fails after the third', () => {
    expect(outcomeOfAttempt(1, 500)).toEqual({ state: 'retry', waitMs: 500 });
    expect(outcomeOfAttempt(2, null)).toEqual({ state: 'retry', waitMs: 1000 });
    expect(outcomeOfAttempt(3, 502)).toEqual({ state: 'failed' });
    expect(outcomeOfAttempt(3, 200)).toEqual({ state: 'delivered' });
    expect(outcomeOfAttempt(1, 204)).toEqual({ state: 'delivered' });
  });

  it('uses the whole table when the attempt cap is raised', () => {
    const schedule = { maxAttempts: 5, waitsMs: [500, 1000, 2000] };
    expect([1, 2, 3, 4].map((n) => outcomeOfAttempt(n, 500, schedule))).toEqual([
      { state: 'retry', waitMs: 500 },
      { state: 'retry', waitMs: 1000 },
      { state: 'retry', waitMs: 2000 },
      { state: 'retry', waitMs: 2000 },
    ]);
    expect(outcomeOfAttempt(5, 500, schedule)).toEqual({ state: 'failed' });
  });
});
