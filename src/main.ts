import { ConfigError, loadConfig } from './config.js';
import { createModules } from './modules/index.js';
import { createPlatform } from './platform.js';
import { createApp } from './http/app.js';
import { createLogger } from './adapters/logger.js';
import { ensureBootstrapKeys } from './bootstrap.js';
import { restrictNewFileModes } from './adapters/private-files.js';
import { writeRootKeyFile } from './adapters/root-key-file.js';
import { gracefulShutdown } from './shutdown.js';
import { passkeyAddressProblem } from './core/members/members.js';
import { firstStartBanner, reportBackgroundPhases, timedPhase } from './startup-phases.js';

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
  logger.info({ sinceStartMs: Math.round(performance.now()) }, 'start-up: code loaded');
  const platform = await timedPhase(logger, 'platform', () => createPlatform(config, { logger }));
  const modules = await timedPhase(logger, 'modules', () => createModules(platform));
  // Workers serve no HTTP: the API instances make the root key, so it is printed where it is used.
  const { createdRootKey } =
    config.role === 'worker'
      ? { createdRootKey: null }
      : await timedPhase(logger, 'keys', () => ensureBootstrapKeys(platform));
  if (createdRootKey) {
    // The key goes to a private file; stdout (outside the structured log) only says where it is.
    process.stdout.write(
      firstStartBanner({
        rootKeyFile: writeRootKeyFile(config.dataDir, createdRootKey),
        dataDir: config.dataDir,
        engine: platform.database.engine,
        baseUrl: config.publicBaseUrl,
      }),
    );
  }

  const app = await timedPhase(logger, 'http routes', () => createApp(modules.http));
  const stopWorkers = await timedPhase(logger, 'background tasks', () => modules.startBackground());
  if (config.role !== 'worker') {
    const address = await app.listen({ port: config.port, host: config.host });
    logger.info(
      {
        url: config.publicBaseUrl,
        address,
        engine: platform.database.engine,
        role: config.role,
        sinceStartMs: Math.round(performance.now()),
      },
      'listening',
    );
  } else {
    logger.info({ role: config.role, sinceStartMs: Math.round(performance.now()) }, 'worker started');
  }
  const consoleProblem = config.role === 'worker' ? null : passkeyAddressProblem(config.publicBaseUrl);
  if (consoleProblem)
    logger.warn(
      { url: `${config.publicBaseUrl}/console` },
      `the console cannot sign anyone in: ${consoleProblem}`,
    );
  const stopPhases = reportBackgroundPhases(() => modules.readiness(), logger);

  const shutdown = gracefulShutdown({
    logger,
    graceMs: config.shutdownGraceMs,
    closeHttp: () => {
      stopPhases();
      return app.close();
    },
    checkWorker: modules.checkQueue.service.worker,
    stopBackground: stopWorkers,
    close: async () => {
      await modules.close();
      await platform.close();
    },
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('fatal:', error instanceof Error ? error.message : error);
  process.exit(1);
});
