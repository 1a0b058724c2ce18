// `npm start`: runs the built service (dist/src/main.js) with plain Node. In a checkout whose dist/ is
// missing or older than its sources it builds first, when the build toolchain (dev dependencies) is
// installed; a production tree (`npm ci --omit=dev`) runs its dist/ as it is.
// `--build-only` (npm's postinstall) builds when needed and possible, and starts nothing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = path.join(root, 'dist/src/main.js');
const stamp = path.join(root, 'dist/.built');

/** What scripts/build.ts turns into dist/ (the folders and files it reads). */
const INPUTS = [
  'src',
  'migrations',
  'models',
  'flow/src',
  'flow/index.html',
  'console/src',
  'console/index.html',
  'sdk/src',
  'packages/node/src',
];

function newestInputMs() {
  let newest = 0;
  for (const input of INPUTS) {
    const full = path.join(root, input);
    if (!fs.existsSync(full)) continue;
    const stat = fs.statSync(full);
    newest = Math.max(newest, stat.mtimeMs);
    if (!stat.isDirectory()) continue;
    for (const entry of fs.readdirSync(full, { withFileTypes: true, recursive: true }))
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

function hasBuildToolchain() {
  return (
    fs.existsSync(path.join(root, 'node_modules/tsx')) &&
    fs.existsSync(path.join(root, 'node_modules/esbuild'))
  );
}

const buildOnly = process.argv.includes('--build-only');
const built = fs.existsSync(entry) && fs.existsSync(stamp);
// A production tree has no sources to compare with: its dist/ is what runs.
const stale = built && fs.existsSync(path.join(root, 'src')) && newestInputMs() > fs.statSync(stamp).mtimeMs;
if (!built || stale) {
  if (!hasBuildToolchain()) {
    if (buildOnly) process.exit(0);
    console.error(
      built
        ? 'dist/ is older than the sources and the build toolchain is not installed: run `npm install` then `npm run build`'
        : 'dist/ is missing: run `npm run build` (needs the dev dependencies), or start from a built tree',
    );
    process.exit(1);
  }
  console.log(
    built
      ? 'sources changed since the last build: building dist/ first'
      : 'no build yet: building dist/ first',
  );
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/build.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (!buildOnly) await import(pathToFileURL(entry).href);
