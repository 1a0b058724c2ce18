/**
 * `npm run build`: everything the service runs, in dist/ and nowhere else, so a production tree is
 * dist/ + package.json + package-lock.json and `npm ci --omit=dev` (no tsx, TypeScript or esbuild at
 * run time). Layout mirrors the repository, so code that finds a file relative to its own module
 * finds it in the build too: dist/src/… (the server as plain ESM JavaScript), dist/migrations,
 * dist/flow/dist, dist/console/dist, dist/sdk/dist. Type checking is `npm run typecheck`: esbuild
 * only strips types.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildConsole } from '../console/build.js';
import { buildFlow } from '../flow/build.js';
import { buildSdk } from '../sdk/build.js';
import { openDatabase } from '../src/adapters/db/database.js';
import { INITIAL_DATA_DIR_FILE, writeManifest } from '../src/adapters/db/initial-data-dir.js';
import { migrate } from '../src/adapters/db/migrator.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist');

/**
 * Folders copied as they are (read at run time); one that does not exist is skipped, so vendored
 * face models in models/ are carried into dist/models by this line alone. scripts/start.js lists
 * the same inputs to tell when dist/ is older than the sources.
 */
const COPIED = ['migrations', 'models', 'flow/dist', 'console/dist', 'sdk/dist'];

/** Written last: its time is the build's, for scripts/start.js's staleness check. */
const BUILD_STAMP = '.built';

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * A migrated PGlite data directory for a first start to unpack instead of creating a cluster; the
 * path the compiled code looks for, moved from the repository root into dist/.
 */
async function writeInitialDataDir(): Promise<void> {
  const database = await openDatabase({ dataDir: 'memory://', initialData: false });
  try {
    await migrate(database);
    const tarball = await database.dump!('gzip');
    const target = path.join(out, path.relative(root, INITIAL_DATA_DIR_FILE));
    fs.writeFileSync(target, Buffer.from(await tarball.arrayBuffer()));
    writeManifest(target);
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  fs.rmSync(out, { recursive: true, force: true });
  await Promise.all([buildSdk(), buildFlow(), buildConsole()]);
  const files = sourceFiles(path.join(root, 'src'));
  // The server library too: the production smoke test checks webhook signatures with it.
  const library = sourceFiles(path.join(root, 'packages/node/src'));
  await build({
    entryPoints: [...files, ...library].filter((file) => file.endsWith('.ts')),
    outbase: root,
    outdir: out,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
  });
  // Non-TypeScript files beside the code (test-mode sample images, the video decoder's child script).
  for (const file of files.filter((f) => !f.endsWith('.ts'))) {
    const target = path.join(out, path.relative(root, file));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(file, target);
  }
  for (const dir of COPIED) {
    if (fs.existsSync(path.join(root, dir)))
      fs.cpSync(path.join(root, dir), path.join(out, dir), { recursive: true });
  }
  await writeInitialDataDir();
  fs.writeFileSync(path.join(out, BUILD_STAMP), `${new Date().toISOString()}\n`);
  console.log(`built dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

await main();
// PGlite's WebAssembly runtime leaves a 10-s timer behind after close (electric-sql/pglite#925): left
// to end by itself, `npm install` and every rebuild would wait it out.
process.exit(0);
