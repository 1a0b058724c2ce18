import { ConfigError, loadConfig } from './config.js';
import { createModules } from './modules/index.js';
import { createPlatform } from './platform.js';
import { createApp } from './http/app.js';
import { createLogger } from './adapters/logger.js';
import { ensureBootstrapKeys } from './bootstrap.js';
import { restrictNewFileModes } from './adapters/private-files.js';

/** How long in-flight requests and jobs get to finish after SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 15_000;

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
  const platform = await createPlatform(config, { logger });
  const modules = await createModules(platform);
  const { createdRootKey } = await ensureBootstrapKeys(platform);
  if (createdRootKey) {
    // Printed once, on stdout and outside the structured log, so it never lands in log storage by accident.
    process.stdout.write(
      `\n  No API key existed, so a root key (scopes ["*", "operator"]) was created. It is shown only this once:\n\n    ${createdRootKey}\n\n  Use it as the X-Api-Key header; create narrower keys with POST /v1/keys.\n\n`,
    );
  }

  const app = await createApp(modules.http);
  const stopWorkers = await modules.startBackground();
  if (config.role !== 'worker') {
    await app.listen({ port: config.port, host: config.host });
    logger.info(
      { url: config.publicBaseUrl, engine: platform.database.engine, role: config.role },
      'listening',
    );
  } else {
    logger.info({ role: config.role }, 'worker started');
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown grace period expired; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await app.close();
      await stopWorkers();
      await modules.close();
      await platform.close();
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
