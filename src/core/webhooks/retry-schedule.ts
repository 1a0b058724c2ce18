/**
 * Up to 3 attempts, waits of 0.5 s, 1.0 s and 2.0 s, success is a status below 300.
 * `waitsMs[n - 1]` is the wait after failed attempt n. With three attempts only the first two waits
 * separate attempts; the 2.0 s entry is kept so the base doubling stays in one table should the
 * attempt cap be raised.
 */
export type RetrySchedule = { maxAttempts: number; waitsMs: readonly number[] };

export const WEBHOOK_RETRY_SCHEDULE: RetrySchedule = { maxAttempts: 3, waitsMs: [500, 1000, 2000] };

export function isSuccessStatus(statusCode: number | null): boolean {
  return statusCode !== null && statusCode < 300;
}

export type AttemptOutcome =
  { state: 'delivered' } | { state: 'retry'; waitMs: number } | { state: 'failed' };

/**
 * What follows attempt number `attemptInRun` (1-based within the current run of attempts; a manual
 * retry starts a new run) that ended with `statusCode` (null when no response arrived).
 */
export function outcomeOfAttempt(
  attemptInRun: number,
  statusCode: number | null,
  schedule: RetrySchedule = WEBHOOK_RETRY_SCHEDULE,
): AttemptOutcome {
  if (isSuccessStatus(statusCode)) return { state: 'delivered' };
  if (attemptInRun >= schedule.maxAttempts) return { state: 'failed' };
  const waits = schedule.waitsMs;
  return { state: 'retry', waitMs: waits[Math.min(attemptInRun, waits.length) - 1] ?? 0 };
}
