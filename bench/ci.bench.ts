/**
 * The test suite as CI runs it: a clean clone of HEAD through `.ci/run` (install, `npm test` on PGlite
 * and PostgreSQL with the Chromium suite, the production smoke test, typecheck, lint, layer check),
 * then the `unit` project alone as a developer's quick loop. Records each step's wall time (the
 * `ci: … took N s` lines .ci/run prints), file-seconds per test project, the slowest files, and the
 * load average, so the figures quoted for the suite are measured, not kept by hand. Run it on an
 * otherwise idle machine: a figure taken beside other jobs is mostly waiting for a core.
 *
 *   npx tsx bench/ci.bench.ts              # runs it (about 12 minutes)
 *   npx tsx bench/ci.bench.ts --log FILE   # records a saved run's output again
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import { sharedDataDir } from '../test/helpers/shared-data.js';
import { recordBenchmark } from './lib/report.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} exited ${code}`)),
    );
  });
}

/**
 * `✓ |project| <file> (N tests) <ms>ms` lines of vitest's default reporter (the project is a padded
 * label, ` project `, once colours are stripped).
 */
function fileDurations(output: string): { project: string; file: string; seconds: number }[] {
  const line =
    /^\s*[✓×❯]\s+(?:\|([\w-]+)\|\s+|([\w-]+)\s{2,})?(test\/\S+\.test\.ts)\s+\(\d+ tests?(?: \| \d+ \w+)*\)\s+(\d+)ms/gm;
  return [...stripVTControlCharacters(output).matchAll(line)].map((m) => ({
    project: m[1] ?? m[2] ?? 'none',
    file: m[3]!,
    seconds: Number(m[4]) / 1000,
  }));
}

/** Runs CI and the unit project on a clean clone of HEAD; their output, with the lines this bench adds. */
async function measure(): Promise<string> {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: repoRoot,
    encoding: 'utf8',
  }).stdout.trim();
  const clone = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-ci-bench-'));
  // As a checkout is: readable by the unprivileged account the video decoder runs as under root.
  fs.chmodSync(clone, 0o755);
  try {
    spawnSync('git', ['clone', '-q', repoRoot, clone], { stdio: 'inherit' });
    // Plain output to parse: no colours. The clone sits elsewhere, so the test data is named outright.
    const env = { ...process.env, CI: 'true', NO_COLOR: '1', SHARED_DATA_DIR: sharedDataDir };
    const ci = await run('bash', ['.ci/run'], clone, env);
    const load = `ci-bench: head ${head}, load average after CI ${os.loadavg()[0]!.toFixed(1)}\n`;
    const unit = await run(
      '/usr/bin/time',
      ['-f', 'unit-time %e %U %S', 'npx', 'vitest', 'run', '--project', 'unit'],
      clone,
      env,
    );
    return ci + load + unit;
  } finally {
    fs.rmSync(clone, { recursive: true, force: true });
  }
}

// `--log FILE` records the figures of a run whose output was saved, without running it again.
const logArgument = process.argv.indexOf('--log');
const output = logArgument > 0 ? fs.readFileSync(process.argv[logArgument + 1]!, 'utf8') : await measure();

const [, head, load] = /^ci-bench: head (\S+), load average after CI (\S+)$/m.exec(output) ?? [];
const [, unitWall, unitUser, unitSystem] = /unit-time ([\d.]+) ([\d.]+) ([\d.]+)/.exec(output) ?? [];
const steps = [...output.matchAll(/^ci: (.+) took (\d+) s$/gm)].map((m) => [m[1]!, Number(m[2])] as const);
const total = Number(/^ci: total (\d+) s$/m.exec(output)?.[1] ?? NaN);
// The unit project's second run, after the ci-bench line, is reported on its own below.
const files = fileDurations(output.split(/^ci-bench: /m)[0]!);
const perProject = new Map<string, { files: number; seconds: number }>();
for (const f of files) {
  const entry = perProject.get(f.project) ?? { files: 0, seconds: 0 };
  entry.files += 1;
  entry.seconds += f.seconds;
  perProject.set(f.project, entry);
}
const slowest = [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 12);

recordBenchmark(
  'Test suite and CI (clean clone)',
  [
    `\`bash .ci/run\` on a clean clone of ${head ?? 'HEAD'} (\`CI=true\`; PostgreSQL and Redis on this machine, Chromium installed), then \`npx vitest run --project unit\` in the same clone. 1-minute load average after CI: ${load ?? 'not recorded'}.`,
    '',
    '| step | wall |',
    '|---|---|',
    ...steps.map(([name, seconds]) => `| \`${name}\` | ${seconds} s |`),
    `| **.ci/run in all** (with service checks) | **${Math.floor(total / 60)} min ${total % 60} s** |`,
    '',
    'The static checks (typecheck, lint, layers) run beside the smoke test, so their times overlap it.',
    '',
    '| test project | files | file-seconds (sum of each file’s wall time; all projects share one pool of four workers) |',
    '|---|---|---|',
    ...[...perProject].map(([project, p]) => `| ${project} | ${p.files} | ${p.seconds.toFixed(0)} s |`),
    '',
    `\`unit\` alone: ${unitWall} s wall, ${unitUser} s user + ${unitSystem} s system CPU.`,
    '',
    'Slowest files:',
    '',
    '| file | project | wall |',
    '|---|---|---|',
    ...slowest.map((f) => `| \`${f.file}\` | ${f.project} | ${f.seconds.toFixed(1)} s |`),
  ].join('\n'),
);
