import crypto from 'node:crypto';
import type { Logger } from 'pino';
import type { Metrics } from '../ports/metrics.js';
import {
  sweepRetention,
  type RetentionDeps,
  type RetentionPolicy,
  type RetentionSweepResult,
} from '../use-cases/sweep-retention.js';
import type { BackgroundTask } from './background.js';

/** How often each worker tries the sweep; the lease lets one instance at a time run it. */
export const RETENTION_SWEEP_INTERVAL_MS = 15 * 60_000;

/**
 * The retention sweep as a background task of the worker role, with its figures in /metrics (rows
 * swept by stage, and the last completed run's duration and end time).
 */
export function retentionSweepTask(
  deps: RetentionDeps,
  policy: RetentionPolicy,
  metrics: Metrics,
  logger: Logger,
): BackgroundTask & { runOnce(): Promise<RetentionSweepResult | null> } {
  const holder = `retention-${crypto.randomUUID()}`;
  let last: { durationMs: number; finishedAt: Date } | null = null;
  metrics.addGauge(
    'retention_sweep_last_duration_seconds',
    'Duration of the last completed retention sweep run by this instance',
    () => (last ? last.durationMs / 1000 : null),
  );
  metrics.addGauge(
    'retention_sweep_last_completed_timestamp_seconds',
    'When the last retention sweep run by this instance completed (Unix time)',
    () => (last ? last.finishedAt.getTime() / 1000 : null),
  );
  const runOnce = async () => {
    const started = performance.now();
    const result = await sweepRetention(deps, policy, holder);
    if (result?.completed) last = { durationMs: performance.now() - started, finishedAt: deps.clock.now() };
    if (result && result.unfinished + result.media + result.pii + result.templates + result.keys > 0)
      logger.info(result, 'retention sweep removed data past retention');
    return result;
  };
  return { name: 'retention sweep', intervalMs: RETENTION_SWEEP_INTERVAL_MS, run: runOnce, runOnce };
}
