import type { Logger } from 'pino';
import { pgliteDir, type Config } from '../../config.js';
import { timedPhase } from '../../startup-phases.js';
import { openDatabase, type DatabaseHandle } from './database.js';
import { migrate } from './migrator.js';

/**
 * The service's database (the one given, else DATABASE_URL's, else PGlite under DATA_DIR) with the
 * pending migrations applied; closed again when they fail. Each step is timed in the start-up log.
 */
export async function openServiceDatabase(
  config: Config,
  logger: Logger,
  options: { skipMigrations?: boolean | undefined; database?: DatabaseHandle | undefined },
): Promise<DatabaseHandle> {
  const database =
    options.database ??
    (await timedPhase(logger, 'database', () =>
      openDatabase({ databaseUrl: config.databaseUrl, dataDir: pgliteDir(config.dataDir) }),
    ));
  try {
    const { applied } = options.skipMigrations
      ? { applied: [] }
      : await timedPhase(logger, 'migrations', () => migrate(database));
    if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
