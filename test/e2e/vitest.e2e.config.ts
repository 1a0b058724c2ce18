import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Browser tests in real Chromium (Debian's /usr/bin/chromium driven by playwright-core). Run with
 * `npx vitest run --config test/e2e/vitest.e2e.config.ts`. The global setup rebuilds the SDK, the flow
 * and the console when a source is newer than the last build, so the tests always exercise the current
 * sources.
 */
export default defineConfig({
  root: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..'),
  test: {
    include: ['test/e2e/**/*.test.ts'],
    globalSetup: ['test/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two files at a time: each waits on its browser, its service and the page's timers for much of its
    // run (one file at a time used about one core of the 2-core machine: 307 s in CI; two took 266 s).
    maxWorkers: 2,
  },
});
