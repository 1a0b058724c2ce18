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
    // run. On the 2-core machine one file at a time took 307 s in CI; two took 260–266 s alone but 300 s
    // in CI after the Vitest run, so the gain there is small.
    maxWorkers: 2,
  },
});
