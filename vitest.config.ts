import { defineConfig } from 'vitest/config';

/**
 * Tests under test/unit that load something heavy: the face models (YuNet and MobileFaceNet on
 * onnxruntime-node, Human's mesh on tfjs-wasm), ffmpeg, the zxing-wasm barcode workers, or the full OFAC snapshot. On the shared 2-core machine
 * (load average ~27) these files took 560 s together (liveness-sequences alone 350 s); the remaining
 * 24 unit files ran in 42 s as a project (16 s CPU). They run in the `integration` project with the
 * API and contract suites.
 */
const HEAVY_UNIT_TESTS = [
  'test/unit/faces/face-engine.test.ts',
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
];

/**
 * `vitest run` runs both projects (npm test, .ci/run); `--project unit` runs the pure tests only
 * (npm run test:unit), `--project integration` the rest (npm run test:integration).
 */
export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          exclude: ['node_modules/**', ...HEAVY_UNIT_TESTS],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          // Every other folder (api, contracts, and any added later) but the browser suite.
          include: [...HEAVY_UNIT_TESTS, 'test/!(unit|e2e)/**/*.test.ts'],
          exclude: ['node_modules/**'],
        },
      },
    ],
  },
});
