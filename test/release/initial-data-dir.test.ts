import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/adapters/db/database.js';
import { initialDataDirFor, manifestFileOf, writeManifest } from '../../src/adapters/db/initial-data-dir.js';
import { readMigrations } from '../../src/adapters/db/migration-files.js';
import { migrate } from '../../src/adapters/db/migrator.js';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-initial-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

async function buildTarball(): Promise<string> {
  const database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
  const file = path.join(scratch, 'initial.tar.gz');
  fs.writeFileSync(file, Buffer.from(await (await database.dump!('gzip')).arrayBuffer()));
  writeManifest(file);
  await database.close();
  return file;
}

describe("the build's initial PGlite data directory", () => {
  it('starts an empty data directory already migrated, and is ignored once a cluster exists', async () => {
    const tarball = await buildTarball();
    const dataDir = path.join(scratch, 'data');
    const initialData = initialDataDirFor(dataDir, [tarball]);
    expect(initialData).toBeInstanceOf(Blob);

    const first = await openDatabase({ dataDir, initialData });
    expect((await migrate(first)).applied).toEqual([]);
    const versions = await first.db.selectFrom('schema_migrations').select('version').execute();
    expect(versions.map((row) => Number(row.version))).toEqual(readMigrations().map((m) => m.version));
    await sql`CREATE TABLE written_after_start (note text)`.execute(first.db);
    await sql`INSERT INTO written_after_start VALUES ('kept')`.execute(first.db);
    await first.close();

    expect(initialDataDirFor(dataDir, [tarball])).toBeUndefined();
    const again = await openDatabase({ dataDir });
    const kept = await sql<{ note: string }>`SELECT note FROM written_after_start`.execute(again.db);
    expect(kept.rows).toEqual([{ note: 'kept' }]);
    await again.close();
  });

  it('is not used when the build made none', () => {
    expect(
      initialDataDirFor(path.join(scratch, 'other'), [path.join(scratch, 'absent.tar.gz')]),
    ).toBeUndefined();
  });

  it('is used from the sources only while its migrations are the checkout’s: a changed or missing manifest means initdb', async () => {
    const tarball = await buildTarball();
    const migrations = path.join(scratch, 'migrations');
    fs.mkdirSync(migrations);
    for (const m of readMigrations()) fs.writeFileSync(path.join(migrations, `${m.name}.sql`), m.sql);
    const empty = path.join(scratch, 'empty');
    expect(initialDataDirFor(empty, [tarball], migrations)).toBeInstanceOf(Blob);

    // A migration newer than the build: still used, and the migrator applies the new one.
    fs.writeFileSync(path.join(migrations, '9999_newer_than_the_build.sql'), 'SELECT 1;');
    expect(initialDataDirFor(empty, [tarball], migrations)).toBeInstanceOf(Blob);

    // A migration the build holds, edited since: not used.
    const last = readMigrations().at(-1)!;
    fs.appendFileSync(path.join(migrations, `${last.name}.sql`), '\n-- edited after the build\n');
    expect(initialDataDirFor(empty, [tarball], migrations)).toBeUndefined();

    fs.rmSync(manifestFileOf(tarball));
    expect(initialDataDirFor(empty, [tarball])).toBeUndefined();
  });
});
