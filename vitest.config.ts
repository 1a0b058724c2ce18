import { defineConfig } from 'vitest/config';

/**
 * Tests under test/unit that load something heavy: the face models (YuNet, MobileFaceNet and
 * MediaPipe's face mesh on onnxruntime-node), ffmpeg, the zxing-wasm barcode
 * workers, the full sanctions snapshots, sharp over the face photos, or a child process. They run in
 * the `heavy` project so that `unit` stays a quick feedback loop. How long each project and the whole
 * of CI take is measured by bench/ci.bench.ts (BENCHMARKS.md, "Test suite and CI").
 */
const HEAVY_UNIT_TESTS = [
  'test/unit/faces/face-engine.test.ts',
  'test/unit/documents/ocr-engine.test.ts',
  'test/unit/documents/ocr-budget.test.ts',
  'test/unit/documents/mrz-reader.test.ts',
  'test/unit/faces/face-match-calibration.test.ts',
  'test/unit/faces/liveness-sequences.test.ts',
  'test/unit/faces/liveness-synthetic.test.ts',
  'test/unit/faces/run-face-checks.test.ts',
  'test/unit/faces/video-frames.test.ts',
  'test/unit/barcode/barcode-reader.test.ts',
  'test/unit/screening/eval-dev.test.ts',
  'test/unit/screening/list-parsing.test.ts',
  'test/unit/screening/sanctions-provider.test.ts',
  'test/unit/screening/wallet-screening.test.ts',
  'test/unit/screening/other-lists.test.ts',
  'test/unit/screening/cross-script.test.ts',
  'test/unit/faces/frame-hash.test.ts',
  'test/unit/logger-stdout.test.ts',
];

/**
 * Browser files that slow the page's CPU on purpose (DevTools CPU throttling) to play a slow phone:
 * they run after the rest of the suite, so the slowdown they measure is the one they chose.
 */
const SLOWED_CPU_TESTS = ['test/e2e/liveness-challenge.test.ts'];

/**
 * Database-backed files that measure their whole process (its peak resident memory, how long its event
 * loop stalls), so run alone in one: earlier files' heap in a shared process lengthens its pauses.
 */
const OWN_PROCESS_TESTS = ['test/fuzz/routes.fuzz.test.ts', 'test/api/upload-isolation.test.ts'];

/**
 * `vitest run` runs every project (npm test, .ci/run); `--project unit` the pure tests (npm run
 * test:unit), `--project heavy` the model-backed and other heavy ones, `--project integration` and
 * `--project integration-own-process` the database-backed API, contract and fuzz suites (npm run
 * test:integration runs these two and `heavy`), `--project e2e` and `--project e2e-slowed-cpu` the
 * browser suite in real Chromium (Debian's /usr/bin/chromium driven by playwright-core; npm run test:e2e).
 *
 * All projects share one pool of four workers. A browser file spends most of its run waiting on its
 * page, its service and the page's timers (the browser suite alone kept 1.1 of the 2 cores busy), so
 * mixing it with the CPU-bound files in one run fills the cores: on the 2-core machine, on one
 * checkout, the suites took 396 s and then 114 s run one after the other, 430 s in one run. On clean
 * clones (CI) the gain was within the spread between runs (npm test 491–516 s before, 458–512 after).
 */
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 4,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          exclude: ['node_modules/**', ...HEAVY_UNIT_TESTS],
          // No file mocks a module or changes the environment, so the files of a worker share one
          // process: importing the modules anew for every file took more than half the project's CPU.
          isolate: false,
        },
      },
      {
        extends: true,
        // Shares a worker's process between files like `unit`; each file opens and closes its own engines.
        test: { name: 'heavy', include: HEAVY_UNIT_TESTS, isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          // Every other folder (api, contracts, and any added later) but the browser suite.
          include: ['test/!(unit|e2e)/**/*.test.ts'],
          exclude: ['node_modules/**', ...OWN_PROCESS_TESTS],
          // Migrates once per run; each file starts from a copy (test/helpers/migrated-databases.ts).
          globalSetup: ['test/helpers/migrated-databases.ts'],
          // The files of a worker share one process: none mocks modules or changes the environment, and
          // importing the service's modules anew for every file cost more than half of each small file.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration-own-process',
          include: OWN_PROCESS_TESTS,
          globalSetup: ['test/helpers/migrated-databases.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          exclude: ['node_modules/**', ...SLOWED_CPU_TESTS],
          // Rebuilds the SDK, the flow and the console when a source is newer than the last build.
          globalSetup: ['test/e2e/global-setup.ts'],
          // Each file starts its own service and browser and mocks nothing, so the files of a worker share
          // its process: run alone, the project's imports took 69 s summed over its files when each file
          // imported the service and Playwright anew, 25 s shared (130 -> 104 s of CPU, 112 -> 97 s wall).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e-slowed-cpu',
          include: SLOWED_CPU_TESTS,
          globalSetup: ['test/e2e/global-setup.ts'],
          // After every other project has finished: alone on the machine, the slowdown is the one the
          // test sets, not that times whatever else the suite runs beside it.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
