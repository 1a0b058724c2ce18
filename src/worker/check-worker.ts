import crypto from 'node:crypto';
import os from 'node:os';
import type { Logger } from 'pino';
import type { CheckJobOutcome, CheckQueue, ClaimedCheckJob } from '../ports/check-queue.js';
import { createWakeableSleep } from './wakeable-sleep.js';

/**
 * How often an idle worker looks for work without a wake-up: enqueues wake it at once (in-process, or
 * NOTIFY on PostgreSQL), so the poll only finds jobs whose lease ran out after their worker died.
 */
const POLL_INTERVAL_MS = 1_000;
/** Heartbeats keep this worker's slots in the admission estimate (alive for 15 s after the last). */
const HEARTBEAT_INTERVAL_MS = 5_000;
/** After a database error the loop waits this long before trying again, instead of spinning. */
const ERROR_BACKOFF_MS = 1_000;
/**
 * A job's lease: the checks' worst case (faces and sanctions side by side, then the duplicate search,
 * each within CHECK_TIMEOUT_MS) plus this margin for loading the inputs and committing.
 */
const LEASE_MARGIN_MS = 5_000;

export function checkJobLeaseMs(checkTimeoutMs: number): number {
  return 2 * checkTimeoutMs + LEASE_MARGIN_MS;
}

export type CheckWorker = {
  readonly id: string;
  start(): Promise<void>;
  /** Wakes the loop now (a job was just enqueued in this process). */
  kick(): void;
  /**
   * Stops claiming, lets the jobs in flight finish, and withdraws this worker's heartbeat. With
   * `releaseAfterMs` (a shutdown's grace period), jobs still running by then are given back to the
   * queue for another worker at once instead of waiting out their lease; their late results are dropped.
   */
  stop(options?: { releaseAfterMs?: number }): Promise<void>;
  inFlight(): number;
};

export type CheckWorkerOptions = {
  queue: CheckQueue;
  /** Runs one claimed job to its committed decision (decide-check-job.ts). */
  run(job: ClaimedCheckJob): Promise<CheckJobOutcome | 'lease_lost'>;
  logger: Logger;
  concurrency: number;
  leaseMs: number;
  pollIntervalMs?: number;
  /**
   * Claims start once this settles (the face models have loaded, or failed to): a job claimed earlier
   * would spend its check budget on the models' loading and be decided with the face checks unavailable.
   */
  warmUp?: Promise<unknown>;
};

/**
 * The check worker loop: claims up to `concurrency` jobs at once under a lease and runs each to its
 * decision. A job that fails for a reason other than its checks (the database went away mid-commit) is
 * given back at once; one whose worker dies is taken over when its lease runs out.
 */
export function createCheckWorker(options: CheckWorkerOptions): CheckWorker {
  const { queue, logger, concurrency, leaseMs } = options;
  const pollIntervalMs = options.pollIntervalMs ?? POLL_INTERVAL_MS;
  const id = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  const inFlight = new Map<Promise<void>, ClaimedCheckJob>();
  let running = false;
  let wanted = true;
  const { sleep, wake } = createWakeableSleep();
  let loopDone: Promise<void> = Promise.resolve();
  let heartbeat: NodeJS.Timeout | null = null;

  function kick(): void {
    wanted = true;
    wake();
  }

  function track(job: ClaimedCheckJob): void {
    const task = options
      .run(job)
      .then((outcome) => {
        if (outcome === 'lease_lost')
          logger.warn({ jobId: job.id }, 'check job was taken over by another worker; its result is dropped');
        else queue.announceDone(job.id);
      })
      .catch(async (error: unknown) => {
        logger.error({ err: error, jobId: job.id }, 'check job failed; giving it back to the queue');
        await queue.release(job).catch(() => undefined);
      })
      .finally(() => {
        inFlight.delete(task);
        kick();
      });
    inFlight.set(task, job);
  }

  async function loop(): Promise<void> {
    await options.warmUp;
    while (running) {
      const free = concurrency - inFlight.size;
      if (wanted && free > 0) {
        wanted = false;
        try {
          const claimed = await queue.claim(id, free, leaseMs);
          for (const job of claimed) track(job);
          if (claimed.length === free) wanted = true;
        } catch (error) {
          if (!running) break;
          logger.error({ err: error }, 'check worker could not reach the database; retrying');
          wanted = true;
          await sleep(ERROR_BACKOFF_MS);
          continue;
        }
      }
      if (running && !(wanted && concurrency - inFlight.size > 0)) {
        await sleep(pollIntervalMs);
        wanted = true;
      }
    }
  }

  return {
    id,
    kick,
    inFlight: () => inFlight.size,
    async start() {
      if (running) return;
      running = true;
      queue.onWork(kick);
      await queue.heartbeat(id, concurrency);
      heartbeat = setInterval(() => {
        queue
          .heartbeat(id, concurrency)
          .catch((error: unknown) => logger.warn({ err: error }, 'check worker heartbeat failed'));
      }, HEARTBEAT_INTERVAL_MS);
      heartbeat.unref();
      loopDone = loop();
    },
    async stop(stopOptions = {}) {
      if (!running) return;
      running = false;
      wake();
      if (heartbeat) clearInterval(heartbeat);
      await loopDone;
      const finished = Promise.allSettled([...inFlight.keys()]);
      if (stopOptions.releaseAfterMs === undefined) await finished;
      else {
        let timer: NodeJS.Timeout | undefined;
        const timedOut = await Promise.race([
          finished.then(() => false),
          new Promise<boolean>(
            (resolve) => (timer = setTimeout(() => resolve(true), stopOptions.releaseAfterMs)),
          ),
        ]);
        clearTimeout(timer);
        if (timedOut && inFlight.size > 0) {
          const jobs = [...inFlight.values()];
          await Promise.all(jobs.map((job) => queue.release(job).catch(() => undefined)));
          logger.warn(
            { jobs: jobs.map((job) => job.id) },
            'shutting down: check jobs still running were given back to the queue',
          );
        }
      }
      await queue.retire(id).catch(() => undefined);
    },
  };
}
