import type { DatabaseHandle } from './database.js';
import { defaultMigrationsDir, readMigrations } from './migration-files.js';

/**
 * Checksums a released migration also carried for a while, by version. 0017 shipped first without
 * the frame-hash bands and was then edited to add them; the file stays as last released, and 0018
 * adds the bands idempotently to databases that applied the first version, whose checksum is accepted
 * here. Only ever add here, never remove.
 */
const SUPERSEDED_CHECKSUMS: ReadonlyMap<number, readonly string[]> = new Map([
  [17, ['03a3b2fc7157032116159b36337e7e149e15830524cd5fd5a36602f274b57c00']],
]);

/** Arbitrary constant for pg_advisory_xact_lock: only one instance migrates at a time. */
const MIGRATION_LOCK_ID = 727_100_001;

export class MigrationError extends Error {}

/**
 * Applies pending numbered migrations inside one transaction holding an advisory lock, so two
 * instances starting together never migrate at once; an applied migration whose file changed
 * afterwards stops start-up rather than letting engines drift apart.
 */
export async function migrate(
  database: DatabaseHandle,
  dir = defaultMigrationsDir,
): Promise<{ applied: string[] }> {
  const files = readMigrations(dir);
  return database.scriptTransaction(async (session) => {
    await session.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
    await session.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const done = await session.query<{ version: number; checksum: string }>(
      'SELECT version, checksum FROM schema_migrations',
    );
    const byVersion = new Map(done.map((m) => [Number(m.version), m.checksum]));
    const applied: string[] = [];
    for (const file of files) {
      const checksum = byVersion.get(file.version);
      if (checksum !== undefined) {
        if (checksum !== file.checksum && !SUPERSEDED_CHECKSUMS.get(file.version)?.includes(checksum)) {
          throw new MigrationError(
            `migration ${file.name} was changed after it was applied (checksum mismatch)`,
          );
        }
        continue;
      }
      await session.exec(file.sql);
      await session.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        file.version,
        file.name,
        file.checksum,
      ]);
      applied.push(file.name);
    }
    return { applied };
  });
}

export async function pendingMigrations(
  database: DatabaseHandle,
  dir = defaultMigrationsDir,
): Promise<string[]> {
  const files = readMigrations(dir);
  try {
    const done = await database.db.selectFrom('schema_migrations').select('version').execute();
    const versions = new Set(done.map((d) => d.version));
    return files.filter((f) => !versions.has(f.version)).map((f) => f.name);
  } catch {
    return files.map((f) => f.name);
  }
}
