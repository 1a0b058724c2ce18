import { ConfigError, loadConfig } from './config.js';
import { createContainer } from './container.js';
import { createApp } from './http/app.js';
import { createLogger } from './adapters/logger.js';
import { ensureBootstrapKeys } from './bootstrap.js';
import { restrictNewFileModes } from './adapters/private-files.js';
import { firstStartBanner, reportBackgroundPhases, timedPhase } from './startup-phases.js';

/** Of the shutdown grace, kept back for closing the database and pools after the checks are drained. */
const SHUTDOWN_CLOSE_MARGIN_MS = 2_000;

async function main(): Promise<void> {
  restrictNewFileModes();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const container = await createContainer(config, { logger });
  const { createdRootKey } = await timedPhase(logger, 'keys', () => ensureBootstrapKeys(container));
  if (createdRootKey) {
    // Printed once, on stdout and outside the structured log, so it never lands in log storage by accident.
    process.stdout.write(
      firstStartBanner({
        rootKey: createdRootKey,
        dataDir: config.dataDir,
        engine: container.database.engine,
        baseUrl: config.publicBaseUrl,
      }),
    );
  }

  const app = await createApp(container);
  const stopWorkers = await container.startBackground();
  if (config.role !== 'worker') {
    const address = await app.listen({ port: config.port, host: config.host });
    logger.info(
      {
        url: config.publicBaseUrl,
        address,
        engine: container.database.engine,
        role: config.role,
        sinceStartMs: Math.round(performance.now()),
      },
      'listening',
    );
  } else {
    logger.info({ role: config.role, sinceStartMs: Math.round(performance.now()) }, 'worker started');
  }
  const stopPhases = reportBackgroundPhases(() => container.readiness(), logger);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const graceMs = config.shutdownGraceMs;
    logger.info({ signal, graceMs }, 'shutting down: finishing requests and check jobs in flight');
    stopPhases();
    const force = setTimeout(() => {
      logger.error('shutdown grace period expired; exiting');
      process.exit(1);
    }, graceMs);
    force.unref();
    try {
      // New connections are refused at once; requests in flight and check jobs finish side by side,
      // and jobs still running near the end of the grace go back to the queue for another worker.
      await Promise.all([
        app.close(),
        container.checks.worker?.stop({
          releaseAfterMs: Math.max(0, graceMs - SHUTDOWN_CLOSE_MARGIN_MS),
        }),
      ]);
      await stopWorkers();
      await container.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('fatal:', error instanceof Error ? error.message : error);
  process.exit(1);
});
