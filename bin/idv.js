#!/usr/bin/env node
// `npx idv …`: from a checkout with the dev dependencies, the CLI runs from its sources through tsx,
// so it is never older than the code beside it; from a built production tree (no tsx), it runs
// dist/src/cli/index.js on plain Node.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'src/cli/index.ts');

function devLoader() {
  try {
    return createRequire(import.meta.url).resolve('tsx');
  } catch {
    return null;
  }
}

const tsx = fs.existsSync(source) ? devLoader() : null;
if (tsx) {
  const result = spawnSync(process.execPath, ['--import', tsx, source, ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  process.exit(result.status ?? 1);
}
await import(pathToFileURL(path.join(root, 'dist/src/cli/index.js')).href);
