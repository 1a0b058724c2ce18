import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The browser tests exercise the built SDK, hosted flow and console. `scripts/start.js --build-only`
 * (what `npm install` runs) rebuilds them, with the rest of dist/, only when a source is newer than the
 * last build, so a fresh install's build is not done twice and an edited source is never tested stale.
 */
export default function setup(): void {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const result = spawnSync(process.execPath, ['scripts/start.js', '--build-only'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`the build failed (exit ${result.status})`);
}
