/**
 * CI under load: consecutive `bash .ci/run` runs, each on its own clean clone of HEAD, while two busy
 * processes hold both cores for the whole of every run. A suite whose tests wait on wall-clock time
 * rather than on events fails here first; so does a hosted flow that a slow device cannot finish.
 * Each run's wall time, its result and the names of any failed tests are recorded, with every run's
 * full output kept in the folder it names.
 *
 *   npx tsx bench/ci-loaded.bench.ts            # five runs (about an hour and a half on 2 cores)
 *   npx tsx bench/ci-loaded.bench.ts --runs 2
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { sharedDataDir } from '../test/helpers/shared-data.js';
import { recordBenchmark } from './lib/report.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runsArgument = process.argv.indexOf('--runs');
const runs = runsArgument > 0 ? Number(process.argv[runsArgument + 1]) : 5;
const busyProcesses = 2;

interface LoadedRun {
  seconds: number;
  passed: boolean;
  failedTests: string[];
  testCount: string;
  loadAverage: number;
  logFile: string;
}

function startBusyLoops(): ChildProcess[] {
  return Array.from({ length: busyProcesses }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
}

function runCi(clone: string, logFile: string): Promise<{ passed: boolean; output: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env, CI: 'true', NO_COLOR: '1', SHARED_DATA_DIR: sharedDataDir };
    const child = spawn('bash', ['.ci/run'], { cwd: clone, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const log = fs.createWriteStream(logFile);
    let output = '';
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
      log.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('exit', (code) => log.end(() => resolve({ passed: code === 0, output })));
  });
}

async function loadedRun(index: number, logDir: string): Promise<LoadedRun> {
  const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-ci-loaded-'));
  // As a checkout is: readable by the unprivileged account the video decoder runs as under root.
  fs.chmodSync(clone, 0o755);
  const logFile = path.join(logDir, `run-${index + 1}.log`);
  const busy = startBusyLoops();
  const started = process.hrtime.bigint();
  try {
    spawnSync('git', ['clone', '-q', repoRoot, clone], { stdio: 'inherit' });
    const { passed, output } = await runCi(clone, logFile);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const plain = stripVTControlCharacters(output);
    const failedTests = [...plain.matchAll(/^\s*(?:FAIL|×)\s+(.+)$/gm)].map((m) => m[1]!.trim());
    const testCount = /^\s*Tests\s+(.+)$/m.exec(plain)?.[1]?.trim() ?? 'not reported';
    return { seconds, passed, failedTests, testCount, loadAverage: os.loadavg()[0]!, logFile };
  } finally {
    for (const loop of busy) loop.kill('SIGKILL');
    fs.rmSync(clone, { recursive: true, force: true });
  }
}

const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
  cwd: repoRoot,
  encoding: 'utf8',
}).stdout.trim();
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-ci-loaded-logs-'));
const results: LoadedRun[] = [];
for (let index = 0; index < runs; index++) {
  const result = await loadedRun(index, logDir);
  results.push(result);
  console.log(
    `ci-loaded: run ${index + 1}/${runs} ${result.passed ? 'green' : 'RED'} in ${result.seconds.toFixed(0)} s` +
      ` (tests: ${result.testCount}; log ${result.logFile})`,
  );
}

const green = results.filter((r) => r.passed).length;
const minutes = (seconds: number) => `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
recordBenchmark(
  'Test suite and CI under load (clean clone, both cores busy)',
  [
    `${runs} consecutive runs of \`bash .ci/run\` (\`CI=true\`), each on its own clean clone of ${head}, while ${busyProcesses} busy processes (\`node -e "for (;;) {}"\`) held both cores from the clone to the end of the run. PostgreSQL and Redis on this machine, Chromium installed. **${green} of ${runs} green.**`,
    '',
    '| run | result | wall | tests | 1-min load average at the end |',
    '|---|---|---|---|---|',
    ...results.map(
      (r, i) =>
        `| ${i + 1} | ${r.passed ? 'green' : `red: ${r.failedTests.join('; ') || 'see log'}`} | ${minutes(r.seconds)} | ${r.testCount} | ${r.loadAverage.toFixed(1)} |`,
    ),
  ].join('\n'),
);
