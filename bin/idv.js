#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so `npx idv …` works from a checkout without a build step.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = createRequire(import.meta.url).resolve('tsx');
const result = spawnSync(
  process.execPath,
  ['--import', tsx, path.join(root, 'src/cli/index.ts'), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
