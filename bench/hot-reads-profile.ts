import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

/**
 * Issue 23: where a hot read's CPU goes. Runs the hot-read benchmark's service process under
 * `node --cpu-prof`, loads one route with autocannon (50 connections), and prints the functions with
 * the most self time. Usage: npx tsx bench/hot-reads-profile.ts [keys|decided|pending] [seconds]
 */
const benchDir = path.dirname(fileURLToPath(import.meta.url));
const route = process.argv[2] ?? 'keys';
const seconds = Number(process.argv[3] ?? 8);
const TOP = 40;

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type CpuProfile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };

/** Monotonic microseconds, the clock V8 stamps profile samples with. */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * Self time per function (name, file, line) over the samples taken between fromUs and toUs, so the
 * service's start-up (module loading, migrations) is left out.
 */
function topSelfTime(profile: CpuProfile, fromUs: number, toUs: number, top: number): string[] {
  const byNode = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at >= fromUs && at <= toUs) byNode.set(id, (byNode.get(id) ?? 0) + delta);
  });
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const us = byNode.get(node.id) ?? 0;
    total += us;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url
      .replace(/^file:\/\//, '')
      .replace(/^.*node_modules\//, '')
      .replace(`${process.cwd()}/`, '');
    const key = `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  }
  return [...byFunction.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => `${((us / total) * 100).toFixed(1).padStart(5)} %  ${name}`);
}

const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-hot-reads-profile-'));
const child = spawn(
  process.execPath,
  [
    '--cpu-prof',
    '--cpu-prof-dir',
    profileDir,
    '--import',
    'tsx',
    path.join(benchDir, 'lib', 'service-process.ts'),
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const lines = readline.createInterface({ input: child.stdout! });
const info = await new Promise<Record<string, string>>((resolve, reject) => {
  lines.on('line', (line) => {
    if (!line.startsWith('BENCH_READY ')) return;
    // Drained as hot-reads.bench.ts does, without splitting the access lines.
    lines.close();
    child.stdout!.resume();
    resolve(JSON.parse(line.slice(12)) as Record<string, string>);
  });
  child.once('exit', () => reject(new Error('the service exited before it was ready')));
});
const target =
  route === 'keys'
    ? '/v1/keys'
    : `/v1/verifications/${route === 'decided' ? info.decidedId : info.pendingId}`;
const fromUs = nowUs();
const result = await autocannon({
  url: `${info.url}${target}`,
  headers: { 'x-api-key': info.rootKey! },
  connections: 50,
  duration: seconds,
});
const toUs = nowUs();
console.log(
  `${route}: ${result.requests.average.toFixed(0)} req/s, p99 ${result.latency.p99} ms, load ${os.loadavg()[0]!.toFixed(1)}`,
);
await new Promise<void>((resolve) => {
  child.once('exit', () => resolve());
  child.kill('SIGTERM');
});
// One profile per thread (CPU.<date>.<time>.<pid>.<thread>.<seq>): the main thread is thread 0.
const file = fs.readdirSync(profileDir).find((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f))!;
const profile = JSON.parse(fs.readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile;
console.log(topSelfTime(profile, fromUs, toUs, TOP).join('\n'));
console.log(`profile: ${path.join(profileDir, file)} (load from ${fromUs} to ${toUs} µs)`);
