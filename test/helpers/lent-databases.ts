import crypto from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/adapters/db/database.js';

/**
 * The migrated databases of one test worker, lent to its test apps in turn. A database whose tables
 * are empty and whose sequences start again is what a freshly migrated one is (the migrations insert
 * no rows but their own ledger). A new one costs, per app, loading the migrated snapshot on PGlite
 * (1.35–1.7 s of CPU), or copying the template and dropping the copy on the PostgreSQL server (0.3 s of
 * the server's CPU). An app that is open while another is created gets a database of its own, lent
 * again afterwards.
 *
 * Emptying deletes the rows of the tables that hold any: a TRUNCATE of every table cost the server as
 * much CPU as a copy of the template (0.25 s an app: it writes new files for each table), the deletes
 * a third of it with the app's own work included.
 */
const EMPTY_TABLES = `DO $$
DECLARE
  t record;
  has_rows boolean;
BEGIN
  -- Foreign keys are not checked while the rows go (the session acts as a replica), so the tables
  -- are emptied one by one in any order.
  SET LOCAL session_replication_role = replica;
  FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations' LOOP
    EXECUTE format('SELECT EXISTS (SELECT FROM %I)', t.tablename) INTO has_rows;
    IF has_rows THEN EXECUTE format('DELETE FROM %I', t.tablename); END IF;
  END LOOP;
  FOR t IN SELECT sequencename, start_value FROM pg_sequences WHERE schemaname = 'public' AND last_value IS NOT NULL LOOP
    PERFORM setval(format('%I', t.sequencename), t.start_value, false);
  END LOOP;
END $$`;

/**
 * `resource` as its borrower sees it: closing it (the platform closes what it was given when its app
 * closes) puts it back on `idle` while `reusable` says so, and closes it otherwise.
 */
export function lent<T extends { close(): Promise<void> }>(
  resource: T,
  idle: T[],
  reusable: () => boolean | Promise<boolean>,
): T {
  let returned = false;
  return {
    ...resource,
    async close() {
      if (returned) return;
      returned = true;
      if (await reusable()) idle.push(resource);
      else await resource.close();
    },
  };
}

const idlePglites: DatabaseHandle[] = [];

export async function lendPglite(initialData: () => Blob | undefined): Promise<DatabaseHandle> {
  const reused = idlePglites.pop();
  const database = reused ?? (await openDatabase({ dataDir: 'memory://', initialData: initialData() }));
  if (reused) {
    await sql.raw(EMPTY_TABLES).execute(database.db);
    await sql`SELECT pg_advisory_unlock_all()`.execute(database.db);
  }
  // Unless it no longer answers.
  return lent(database, idlePglites, () => database.ping());
}

const idleServerDatabases: string[] = [];

/**
 * A copy of the migrated `template` on the server at `baseUrl`, named after the template so that the
 * run's teardown drops every copy with it (dropTemplateCopies). `drop` ends the sessions still in it
 * and lends it again.
 */
export async function lendServerDatabase(
  baseUrl: string,
  template: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const reused = idleServerDatabases.pop();
  const name = reused ?? `${template}_${crypto.randomBytes(6).toString('hex')}`;
  if (reused) await runOn(urlOf(baseUrl, name), EMPTY_TABLES);
  else await copyTemplate(baseUrl, name, template);
  let returned = false;
  return {
    url: urlOf(baseUrl, name),
    async drop() {
      if (returned) return;
      returned = true;
      await runOn(
        baseUrl,
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
        [name],
      );
      idleServerDatabases.push(name);
    },
  };
}

/** Drops the template and every copy lent from it (the run's teardown). */
export async function dropTemplateCopies(baseUrl: string, template: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname = $1 OR starts_with(datname, $1 || '_')`,
      [template],
    );
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** A new database `name` on the server, a copy of `template` (template1 is an empty database). */
export async function copyTemplate(baseUrl: string, name: string, template: string): Promise<void> {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    // PostgreSQL copies a template only while no other session is in it, and a copy in progress is
    // such a session: two files (or two suites of one file) creating theirs at once get 55006
    // object_in_use, so the later one waits its turn.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt === 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 150));
      }
    }
  } finally {
    await admin.end();
  }
}

export function urlOf(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function runOn(url: string, statement: string, values: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement, values);
  } finally {
    await client.end();
  }
}
