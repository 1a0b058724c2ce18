/**
 * A check worker process for the crash test: the real container (ROLE=api, so it starts no worker of
 * its own) and a check worker whose jobs hold for HOLD_MS after the claim before running, so the
 * test can kill it with SIGKILL while it holds a job. Prints "ready", then "claimed <id>" per job.
 */
import { loadConfig } from '../../src/config.js';
import { createContainer } from '../../src/container.js';
import { createLogger } from '../../src/adapters/logger.js';
import { decideCheckJob } from '../../src/use-cases/verifications/decide-check-job.js';
import { createCheckWorker } from '../../src/worker/check-worker.js';

const holdMs = Number(process.env.HOLD_MS ?? 0);
const container = await createContainer(loadConfig({ ...process.env, ROLE: 'api' }));
const worker = createCheckWorker({
  queue: container.checks.queue,
  run: async (job) => {
    process.stdout.write(`claimed ${job.id} attempt ${job.attempts}\n`);
    await new Promise((resolve) => setTimeout(resolve, holdMs));
    return decideCheckJob(container.verificationDeps, job);
  },
  logger: createLogger('silent'),
  concurrency: 1,
  leaseMs: container.checks.leaseMs,
});
await worker.start();
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void worker
    .stop()
    .then(() => container.close())
    .then(() => process.exit(0));
});
