/**
 * A check worker process for the crash test: the real platform and modules (ROLE=api, so it starts no worker of
 * its own) and a check worker whose jobs hold for HOLD_MS after the claim before running, so the
 * test can kill it with SIGKILL while it holds a job. Prints "ready", then "claimed <id>" per job.
 */
import { loadConfig } from '../../src/config.js';
import { createModules } from '../../src/modules/index.js';
import { createPlatform } from '../../src/platform.js';
import { createLogger } from '../../src/adapters/logger.js';
import { decideCheckJob } from '../../src/use-cases/verifications/decide-check-job.js';
import { createCheckWorker } from '../../src/worker/check-worker.js';

const holdMs = Number(process.env.HOLD_MS ?? 0);
const platform = await createPlatform(loadConfig({ ...process.env, ROLE: 'api' }));
const modules = await createModules(platform);
const worker = createCheckWorker({
  queue: modules.checkQueue.service.queue,
  run: async (job) => {
    process.stdout.write(`claimed ${job.id} attempt ${job.attempts}\n`);
    await new Promise((resolve) => setTimeout(resolve, holdMs));
    return decideCheckJob(modules.verifications.deps, job);
  },
  logger: createLogger('silent'),
  concurrency: 1,
  leaseMs: modules.checkQueue.service.leaseMs,
});
await worker.start();
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void worker
    .stop()
    .then(() => modules.close())
    .then(() => platform.close())
    .then(() => process.exit(0));
});
