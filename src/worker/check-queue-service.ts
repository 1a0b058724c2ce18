import type { Logger } from 'pino';
import { expectedWaitMs, type QueueLoad } from '../core/verifications/admission.js';
import type { CheckJobOutcome, CheckQueue, ClaimedCheckJob } from '../ports/check-queue.js';
import type { Metrics } from '../ports/metrics.js';
import type { BackgroundTask } from './background.js';
import { checkJobLeaseMs, createCheckWorker, type CheckWorker } from './check-worker.js';

/** /metrics gauges read a snapshot of the queue's load taken this often (one small query). */
const LOAD_REFRESH_MS = 2_000;

/** Finished check jobs feed the admission estimate for a minute; an hour is kept for inspection. */
const FINISHED_JOBS_RETENTION_MS = 3_600_000;
const PRUNE_INTERVAL_MS = 600_000;

/** One component's state in /readyz (readiness.ts). */
type ComponentStatus = { status: 'ok' | 'degraded' | 'unavailable'; detail?: string };

export type CheckQueueService = {
  queue: CheckQueue;
  /** This process's check worker; null in ROLE=api. */
  worker: CheckWorker | null;
  leaseMs: number;
  /** Deletes old finished jobs: one of the worker role's background tasks. */
  pruneTask: BackgroundTask;
  /** The check_queue component of /readyz. */
  probe(): Promise<Record<string, ComponentStatus>>;
  stop(): Promise<void>;
};

const seconds = (ms: number | null) => (ms === null || !Number.isFinite(ms) ? null : ms / 1000);

/**
 * The check queue as this process serves it: a worker (unless ROLE=api), the load gauges for
 * /metrics, and the readiness probe. Started before the app serves, so an ROLE=all process counts
 * itself as a live worker from its first request.
 */
export async function startCheckQueueService(options: {
  queue: CheckQueue;
  runsChecks: boolean;
  run(job: ClaimedCheckJob): Promise<CheckJobOutcome | 'lease_lost'>;
  concurrency: number;
  /** Settles once the engines the checks need have loaded (or failed to): the worker claims after it. */
  warmUp: Promise<unknown>;
  checkTimeoutMs: number;
  metrics: Metrics;
  logger: Logger;
}): Promise<CheckQueueService> {
  const { queue, metrics, logger } = options;
  const leaseMs = checkJobLeaseMs(options.checkTimeoutMs);
  const worker = options.runsChecks
    ? createCheckWorker({
        queue,
        run: options.run,
        logger,
        concurrency: options.concurrency,
        leaseMs,
        warmUp: options.warmUp,
      })
    : null;
  await worker?.start();

  let load: QueueLoad | null = null;
  const refresh = () =>
    queue
      .load()
      .then((current) => void (load = current))
      .catch((error: unknown) => logger.warn({ err: error }, 'could not read the check queue load'));
  await refresh();
  const timer = setInterval(() => void refresh(), LOAD_REFRESH_MS);
  timer.unref();

  metrics.addGauge('check_queue_depth', 'Check jobs waiting for a worker', () => load?.queued ?? null);
  metrics.addGauge('check_queue_running', 'Check jobs a worker is running', () => load?.running ?? null);
  metrics.addGauge(
    'check_workers',
    'Check workers alive (heartbeat within 15 s)',
    () => load?.workers ?? null,
  );
  metrics.addGauge(
    'check_worker_slots',
    'Check jobs the live workers run at once',
    () => load?.slots ?? null,
  );
  metrics.addGauge(
    'check_queue_expected_wait_seconds',
    'Expected queue wait of a job submitted now (the admission estimate)',
    () => (load ? seconds(expectedWaitMs(load)) : null),
  );
  metrics.addGauge(
    'check_queue_recent_wait_seconds',
    'Mean queue wait of the jobs finished in the last minute',
    () => seconds(load?.recentWaitMs ?? null),
  );
  metrics.addGauge(
    'check_job_recent_run_seconds',
    'Mean running time of the jobs finished in the last minute (queue wait excluded)',
    () => seconds(load?.recentRunMs ?? null),
  );

  return {
    queue,
    worker,
    leaseMs,
    pruneTask: {
      name: 'finished check jobs prune',
      intervalMs: PRUNE_INTERVAL_MS,
      run: () => queue.pruneFinished(FINISHED_JOBS_RETENTION_MS),
    },
    async probe() {
      const current = await queue.load();
      const wait = expectedWaitMs(current);
      const detail = `${current.workers} workers (${current.slots} slots), ${current.queued} queued, ${current.running} running, expected wait ${Number.isFinite(wait) ? `${Math.round(wait)} ms` : 'unbounded'}`;
      return {
        check_queue:
          current.workers === 0
            ? { status: 'degraded', detail: `no check worker is alive: submits answer 503; ${detail}` }
            : { status: 'ok', detail },
      };
    },
    async stop() {
      clearInterval(timer);
      await worker?.stop();
    },
  };
}
