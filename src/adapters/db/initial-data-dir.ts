import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMigrations } from './migration-files.js';

/**
 * A PGlite data directory with every migration applied, made by `npm run build` beside the compiled
 * code (dist/). Creating a cluster (initdb inside WebAssembly) takes about 3 s; unpacking this takes
 * about 0.5 s, so a first start is listening sooner. The file names the PGlite version that wrote it
 * and is used only by that version. Beside it, a manifest lists the migrations it holds with their
 * checksums: the tarball is used only while every one of them matches the migration file the running
 * code would apply, so a checkout whose migrations changed after its last build (running from the
 * sources, which look for the build's copy in dist/) creates its cluster as usual. The migrator then
 * applies whatever is newer than the build.
 */
const PGLITE_VERSION = installedVersion('@electric-sql/pglite');
const FILE_NAME = `pglite-initial-${PGLITE_VERSION}.tar.gz`;

/** Where the build writes it, relative to the compiled code (dist/src/adapters/db → dist/). */
export const INITIAL_DATA_DIR_FILE = fileURLToPath(new URL(`../../../${FILE_NAME}`, import.meta.url));
/** Where the sources find the last build's copy. */
const BUILT_COPY_FOR_SOURCES = fileURLToPath(new URL(`../../../dist/${FILE_NAME}`, import.meta.url));

type Manifest = { migrations: { version: number; checksum: string }[] };

export function manifestFileOf(tarball: string): string {
  return tarball.replace(/\.tar\.gz$/, '.migrations.json');
}

/** Writes the manifest of `tarball`: the migrations found in `migrationsDir`, which it holds. */
export function writeManifest(tarball: string, migrationsDir?: string): void {
  const manifest: Manifest = {
    migrations: readMigrations(migrationsDir).map(({ version, checksum }) => ({ version, checksum })),
  };
  fs.writeFileSync(manifestFileOf(tarball), JSON.stringify(manifest));
}

/** Whether every migration `tarball` holds is the file's; with `complete`, also none is missing. */
function matchesMigrations(tarball: string, migrationsDir?: string, complete = false): boolean {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(manifestFileOf(tarball), 'utf8')) as Manifest;
  } catch {
    return false;
  }
  const current = new Map(readMigrations(migrationsDir).map((m) => [m.version, m.checksum]));
  if (complete && manifest.migrations.length !== current.size) return false;
  return manifest.migrations.every((m) => current.get(m.version) === m.checksum);
}

/**
 * The build's initial data directory, when `dataDir` holds no cluster yet and a build made one whose
 * migrations are those of `migrationsDir` (the running code's, by default).
 */
export function initialDataDirFor(
  dataDir: string,
  candidates: readonly string[] = [INITIAL_DATA_DIR_FILE, BUILT_COPY_FOR_SOURCES],
  migrationsDir?: string,
): Blob | undefined {
  const onDisk = !dataDir.startsWith('memory://');
  if (onDisk && fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  const file = candidates.find(
    (candidate) => fs.existsSync(candidate) && matchesMigrations(candidate, migrationsDir),
  );
  if (!file) return undefined;
  return new Blob([fs.readFileSync(file)], { type: 'application/x-gzip' });
}

/**
 * The build's initial data directory when it holds exactly the running code's migrations, none
 * missing: a database that needs no migration at all (the test suite's starting copy).
 */
export function fullyMigratedDataDir(
  candidates: readonly string[] = [INITIAL_DATA_DIR_FILE, BUILT_COPY_FOR_SOURCES],
): Blob | undefined {
  const file = candidates.find(
    (candidate) => fs.existsSync(candidate) && matchesMigrations(candidate, undefined, true),
  );
  return file ? new Blob([fs.readFileSync(file)], { type: 'application/x-gzip' }) : undefined;
}

/** The package's version from its package.json, which its `exports` do not expose to `require`. */
function installedVersion(name: string): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve(name));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}
