import type { Platform } from '../platform.js';
import { decideCheckJob } from '../use-cases/verifications/decide-check-job.js';
import type { VerificationDeps } from '../use-cases/verifications/deps.js';
import { startCheckQueueService } from '../worker/check-queue-service.js';
import type { Module } from './module.js';

/**
 * The checks of submitted verifications: this process's check worker (none in ROLE=api), which runs
 * each job to its decision, the queue's gauges, its /readyz probe and the prune of finished jobs.
 * Started here, before the app serves, so a ROLE=all process counts as a live worker from its first request.
 */
export async function checkQueueModule(platform: Platform, wiring: { verifications: VerificationDeps }) {
  const { config, checkEngines } = platform;
  const service = await startCheckQueueService({
    queue: platform.checkQueue,
    runsChecks: config.role !== 'api',
    run: (job) => decideCheckJob(wiring.verifications, job),
    concurrency: config.checkWorkerConcurrency,
    warmUp: checkEngines.faceEngine?.ready() ?? Promise.resolve(),
    checkTimeoutMs: config.checkTimeoutMs,
    metrics: platform.metrics,
    logger: platform.logger,
  });
  return {
    service,
    tasks: [service.pruneTask],
    probes: [() => service.probe()],
    close: () => service.stop(),
  } satisfies Module & Record<string, unknown>;
}
