import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../src/adapters/db/database.js';

/**
 * The PGlite databases of one test worker, lent to its test apps in turn. Loading the migrated
 * snapshot costs 1.35–1.7 s of CPU per app; emptying a returned database's tables costs a few tens of
 * milliseconds, and a database whose tables are empty is what a freshly migrated one is (the
 * migrations insert no rows but their own ledger). An app that is open while another is created gets
 * a database of its own, lent again afterwards.
 */
const idle: DatabaseHandle[] = [];

export async function lendPglite(initialData: () => Blob | undefined): Promise<DatabaseHandle> {
  const reused = idle.pop();
  const database = reused ?? (await openDatabase({ dataDir: 'memory://', initialData: initialData() }));
  if (reused) await emptyTables(reused);
  let returned = false;
  return {
    ...database,
    // The platform closes its database when the app closes: this one goes back to the worker's idle
    // list instead, unless it no longer answers.
    async close() {
      if (returned) return;
      returned = true;
      if (await database.ping()) idle.push(database);
      else await database.close();
    },
  };
}

async function emptyTables(database: DatabaseHandle): Promise<void> {
  const { rows } = await sql<{ tables: string | null }>`
    SELECT string_agg(format('%I', tablename), ', ') AS tables
    FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'`.execute(database.db);
  const tables = rows[0]?.tables;
  if (tables) await sql.raw(`TRUNCATE ${tables} RESTART IDENTITY CASCADE`).execute(database.db);
  await sql`SELECT pg_advisory_unlock_all()`.execute(database.db);
}
