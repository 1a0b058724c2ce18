/**
 * A check worker process for the drain test: the real platform and modules (ROLE=api, so it starts no worker of
 * its own), a check worker whose jobs hold for HOLD_MS after the claim before running, and the
 * service's own SIGTERM handling (src/shutdown.ts) with SHUTDOWN_GRACE_MS. Prints "ready", then
 * "claimed <id>" per job.
 */
import { loadConfig } from '../../src/config.js';
import { createModules } from '../../src/modules/index.js';
import { createPlatform } from '../../src/platform.js';
import { createLogger } from '../../src/adapters/logger.js';
import { gracefulShutdown } from '../../src/shutdown.js';
import { decideCheckJob } from '../../src/use-cases/verifications/decide-check-job.js';
import { createCheckWorker } from '../../src/worker/check-worker.js';

const holdMs = Number(process.env.HOLD_MS ?? 0);
const config = loadConfig({ ...process.env, ROLE: 'api' });
const platform = await createPlatform(config);
const modules = await createModules(platform);
const worker = createCheckWorker({
  queue: modules.checkQueue.service.queue,
  run: async (job) => {
    process.stdout.write(`claimed ${job.id}\n`);
    await new Promise((resolve) => setTimeout(resolve, holdMs));
    return decideCheckJob(modules.verifications.deps, job);
  },
  logger: createLogger('silent'),
  concurrency: 1,
  leaseMs: modules.checkQueue.service.leaseMs,
});
await worker.start();
const shutdown = gracefulShutdown({
  logger: createLogger('silent'),
  graceMs: config.shutdownGraceMs,
  closeHttp: async () => {},
  checkWorker: worker,
  stopBackground: async () => {},
  close: async () => {
    await modules.close();
    await platform.close();
  },
});
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.stdout.write('ready\n');
