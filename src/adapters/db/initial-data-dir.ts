import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A PGlite data directory with every migration applied, made by `npm run build` beside the compiled
 * code (dist/). Creating a cluster (initdb inside WebAssembly) takes about 3 s; unpacking this takes
 * about 0.5 s, so a first start is listening sooner. The file names the PGlite version that wrote it
 * and is used only by that version; otherwise, or when it is absent (running from the sources), the
 * cluster is created as usual. The migrator then applies whatever is newer than the build.
 */
const PGLITE_VERSION = installedVersion('@electric-sql/pglite');

export const INITIAL_DATA_DIR_FILE = fileURLToPath(
  new URL(`../../../pglite-initial-${PGLITE_VERSION}.tar.gz`, import.meta.url),
);

/** The build's initial data directory, when `dataDir` holds no cluster yet and the build made one. */
export function initialDataDirFor(dataDir: string, file = INITIAL_DATA_DIR_FILE): Blob | undefined {
  const onDisk = !dataDir.startsWith('memory://');
  if (onDisk && fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return undefined;
  if (!fs.existsSync(file)) return undefined;
  return new Blob([fs.readFileSync(file)], { type: 'application/x-gzip' });
}

/** The package's version from its package.json, which its `exports` do not expose to `require`. */
function installedVersion(name: string): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve(name));
  while (!fs.existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}
