/**
 * Vitest global setup of the database-backed project: the migrations run once per test run, and every
 * test file starts from a copy of that result instead of migrating a database of its own. Measured on
 * the 2-core machine: a fresh PGlite with pgvector and all migrations took 4.7 s (5.3 s CPU); loading
 * the migrated data directory takes 1.0 s (1.3 s CPU). The PGlite copy is the build's migrated data
 * directory when it holds exactly the checkout's migrations (a fresh install has just built it);
 * otherwise a child process migrates one. On PostgreSQL, `CREATE DATABASE … TEMPLATE` copies a migrated template
 * database, and each worker lends its copies again (test/helpers/lent-databases.ts); the teardown drops the
 * template and every copy. Each copy still runs the migrator at start, which then finds nothing to apply but still
 * verifies every applied file's checksum.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/adapters/db/database.js';
import { fullyMigratedDataDir } from '../../src/adapters/db/initial-data-dir.js';
import { migrate } from '../../src/adapters/db/migrator.js';
import { copyTemplate, dropTemplateCopies, urlOf } from './lent-databases.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data directory (uncompressed tarball) every test file loads. */
    pgliteSnapshotPath: string;
    /** The migrated template database on the server (DATABASE_URL), or null without one. */
    postgresTemplate: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The child processes tests start run the build (service-process.ts): rebuilt here when a source is
  // newer, which also refreshes the build's migrated data directory used below.
  execFileSync(process.execPath, [path.join(repoRoot, 'scripts/start.js'), '--build-only'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-test-snapshot-'));
  const snapshotPath = path.join(dir, 'migrated.tar');
  const built = fullyMigratedDataDir();
  if (built) fs.writeFileSync(snapshotPath, zlib.gunzipSync(Buffer.from(await built.arrayBuffer())));
  else
    execFileSync(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'make-migrated-snapshot.ts'), snapshotPath],
      { stdio: 'inherit' },
    );
  project.provide('pgliteSnapshotPath', snapshotPath);

  const baseUrl = process.env.DATABASE_URL;
  const template = baseUrl ? `idv_test_template_${crypto.randomBytes(6).toString('hex')}` : null;
  if (baseUrl && template) {
    await copyTemplate(baseUrl, template, 'template1');
    const server = await openDatabase({ databaseUrl: urlOf(baseUrl, template) });
    await migrate(server);
    // A template must have no open connection while it is copied.
    await server.close();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (baseUrl && template) await dropTemplateCopies(baseUrl, template);
  };
}
