import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Runs every `bench/*.bench.ts` one after another (each in its own process, so figures do not interfere). */
const benchDir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const scripts = fs
  .readdirSync(benchDir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

let failed = 0;
for (const script of scripts) {
  console.log(`\n=== ${script}`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(benchDir, script)], {
    stdio: 'inherit',
  });
  if (run.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
