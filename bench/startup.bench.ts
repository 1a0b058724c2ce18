/**
 * Issue 31's figures for a fresh clone: install time and size (`npm ci`, and `npm ci --omit=dev` of the
 * built tree), time from `npm start` to listening and to ready (first start on an empty DATA_DIR and a
 * later start on the same one), and RSS after start and after N verifications, for ROLE=all on PGlite
 * and for ROLE=api (no models) with one ROLE=worker on PostgreSQL (DATABASE_URL; PGlite is one
 * process's database). Verifications are live ones through the session routes with the service's
 * sample images, so the face models really run. Run: `npx tsx bench/startup.bench.ts`
 * (BENCH_VERIFICATIONS=100 by default; BENCH_SKIP_INSTALL=1 skips the two installs).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordBenchmark } from './lib/report.js';
import { scratchDatabase } from './lib/scratch-database.js';
import { sharedDataPath } from '../test/helpers/shared-data.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const verifications = Number(process.env.BENCH_VERIFICATIONS ?? 100);
const OPERATIONS_TOKEN = 'bench-operations-token-0123456789abcdef';
/** How long a start is watched for /readyz to say ready before its state is reported as it is. */
const READY_WAIT_MS = 120_000;
const samplesDir = path.join(root, 'src/adapters/test-samples');
const sample = (file: string) => fs.readFileSync(path.join(samplesDir, file)).toString('base64');
const images = {
  front: sample('document-front.jpg'),
  back: sample('document-back.png'),
  selfie: sample('selfie.jpg'),
};

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function mib(bytes: number): string {
  return `${Math.round(bytes / 2 ** 20)} MiB`;
}

function duBytes(dir: string): number {
  return Number(spawnSync('du', ['-sb', dir], { encoding: 'utf8' }).stdout.split('\t')[0]);
}

/** `npm ci` in a clean export of HEAD (with its postinstall build), then the built tree's production install. */
function measureInstalls(): string[] {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-install-'));
  try {
    const clone = path.join(work, 'clone');
    fs.mkdirSync(clone);
    spawnSync('sh', ['-c', `git -C "${root}" archive HEAD | tar -x -C "${clone}"`], { stdio: 'inherit' });
    let started = performance.now();
    const full = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: clone,
      stdio: 'inherit',
    });
    const fullMs = performance.now() - started;
    if (full.status !== 0) throw new Error('npm ci failed');
    const fullSize = duBytes(path.join(clone, 'node_modules'));
    const prod = path.join(work, 'prod');
    fs.mkdirSync(path.join(prod, 'scripts'), { recursive: true });
    for (const entry of ['package.json', 'package-lock.json', 'dist', 'bin'])
      fs.cpSync(path.join(clone, entry), path.join(prod, entry), { recursive: true });
    fs.copyFileSync(path.join(clone, 'scripts/start.js'), path.join(prod, 'scripts/start.js'));
    started = performance.now();
    const omit = spawnSync(
      'npm',
      ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
      {
        cwd: prod,
        stdio: 'inherit',
      },
    );
    const prodMs = performance.now() - started;
    if (omit.status !== 0) throw new Error('npm ci --omit=dev failed');
    return [
      `| \`npm ci\` (fresh clone, includes the postinstall build of dist/) | ${seconds(fullMs)} | ${mib(fullSize)} node_modules, ${mib(duBytes(path.join(clone, 'dist')))} dist |`,
      `| \`npm ci --omit=dev\` of the built tree | ${seconds(prodMs)} | ${mib(duBytes(path.join(prod, 'node_modules')))} node_modules |`,
    ];
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

type Started = {
  child: ChildProcess;
  url: string | null;
  listeningMs: number;
  readyMs: number | null;
  readyStatus: string;
  lines: string[];
  stop(): Promise<void>;
};

/** The node process serving for `npm start` (npm runs it through a shell): the descendant running scripts/start.js. */
function servicePid(npmPid: number): number {
  const children = (pid: number): number[] =>
    spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean)
      .map(Number);
  const queue = [npmPid];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    const args = fs.existsSync(`/proc/${pid}/cmdline`)
      ? fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
      : [];
    if (path.basename(args[0] ?? '') === 'node' && args.includes('scripts/start.js')) return pid;
    queue.push(...children(pid));
  }
  throw new Error('service process not found');
}

function rssBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** Process groups of the services started; a run that fails part-way stops them on its way out. */
const startedGroups = new Set<number>();
process.on('exit', () => {
  for (const group of startedGroups) {
    try {
      process.kill(-group, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
});

/** `npm start` as a user types it; listening and ready are timed from the spawn. */
async function npmStart(env: Record<string, string>): Promise<Started> {
  const spawnedAt = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    // Only what each start names: DATABASE_URL and REDIS_URL of the shell must not turn a PGlite start into a server one.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...env,
      PORT: '0',
      LOG_LEVEL: 'info',
      METRICS_TOKEN: OPERATIONS_TOKEN,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  startedGroups.add(child.pid!);
  const lines: string[] = [];
  let buffered = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    lines.push(...parts);
  });
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let exited = false;
  const exit = new Promise<void>((resolve) => child.on('exit', () => ((exited = true), resolve())));
  const deadline = spawnedAt + 600_000;
  let listening: string | undefined;
  while (!(listening = lines.find((l) => /"msg":"(listening|worker started)"/.test(l)))) {
    if (exited || performance.now() > deadline) throw new Error(`service did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const listeningMs = performance.now() - spawnedAt;
  const url = (JSON.parse(listening) as { address?: string }).address ?? null;
  let readyMs: number | null = null;
  let readyStatus = 'unknown';
  // A process with HTTP is ready when /readyz says so (or, after READY_WAIT_MS, is reported with the
  // components that were not ok); a worker when its background phases have settled.
  const readyDeadline = performance.now() + READY_WAIT_MS;
  while (performance.now() < readyDeadline) {
    if (url) {
      const report = (await (
        await fetch(`${url}/readyz`, { headers: { authorization: `Bearer ${OPERATIONS_TOKEN}` } })
      ).json()) as { status: string; components: Record<string, { status: string }> };
      const notOk = Object.entries(report.components).filter(([, c]) => c.status !== 'ok');
      readyStatus = notOk.length
        ? `${report.status}: ${notOk.map(([name]) => name).join(', ')}`
        : report.status;
      if (report.status === 'ready') {
        readyMs = performance.now() - spawnedAt;
        break;
      }
    } else {
      const settled = lines.find((l) => l.includes('"msg":"start-up: ready"'));
      if (settled) {
        readyStatus = 'background phases settled';
        readyMs = performance.now() - spawnedAt;
        break;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    url,
    listeningMs,
    readyMs,
    readyStatus,
    lines,
    async stop() {
      process.kill(-child.pid!, 'SIGTERM');
      await exit;
      startedGroups.delete(child.pid!);
    },
  };
}

async function call(
  url: string,
  method: string,
  route: string,
  headers: Record<string, string>,
  body?: object,
) {
  const res = await fetch(`${url}${route}`, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** Live verifications one after another, each decided by the real checks. */
async function runVerifications(url: string, apiKey: string, count: number): Promise<Record<string, number>> {
  const decisions: Record<string, number> = {};
  for (let i = 0; i < count; i++) {
    const created = await call(
      url,
      'POST',
      '/v1/verifications',
      { 'x-api-key': apiKey },
      { external_ref: `bench-${i}` },
    );
    const token = { 'x-client-token': String(created.client_token) };
    await call(url, 'POST', '/v1/session/consent', token, { consent: true });
    await call(url, 'POST', '/v1/session/document', token, { side: 'front', image_b64: images.front });
    await call(url, 'POST', '/v1/session/document', token, { side: 'back', image_b64: images.back });
    await call(url, 'POST', '/v1/session/selfie', token, { frames_b64: [images.selfie] });
    await call(url, 'POST', '/v1/session/submit', token, {});
    const detail = await call(url, 'GET', `/v1/verifications/${String(created.id)}`, { 'x-api-key': apiKey });
    const decision = String(detail.decision);
    decisions[decision] = (decisions[decision] ?? 0) + 1;
  }
  return decisions;
}

/** A known root key, so every start and every process of a run authenticates the same way. */
const ROOT_KEY = `svc_${'b'.repeat(43)}`;
const env = {
  BOOTSTRAP_API_KEY: ROOT_KEY,
  SANCTIONS_LIST: sharedDataPath('sanctions', 'ofac-csv-2023-12-28'),
  DATA_ENCRYPTION_KEY: 'a'.repeat(64),
  WEBHOOK_SECRET_KEY: 'b'.repeat(64),
  MEDIA_SIGNING_KEY: 'c'.repeat(64),
};

const startRows: string[] = [];
const rssRows: string[] = [];

function startRow(label: string, started: Started) {
  startRows.push(
    `| ${label} | ${seconds(started.listeningMs)} | ${started.readyMs === null ? `not ready in ${seconds(READY_WAIT_MS)}` : seconds(started.readyMs)} (${started.readyStatus}) |`,
  );
}

// Build first, so no start below includes a build.
spawnSync(process.execPath, ['scripts/start.js', '--build-only'], { cwd: root, stdio: 'inherit' });

const installRows = process.env.BENCH_SKIP_INSTALL ? [] : measureInstalls();

// ROLE=all on PGlite: first start (empty DATA_DIR) and a later start on the same directory.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-startup-'));
try {
  const first = await npmStart({ ...env, DATA_DIR: dataDir });
  startRow('ROLE=all, PGlite, first start (empty DATA_DIR)', first);
  await first.stop();
  const later = await npmStart({ ...env, DATA_DIR: dataDir });
  startRow('ROLE=all, PGlite, later start', later);
  const pid = servicePid(later.child.pid!);
  const afterStart = rssBytes(pid);
  const started = performance.now();
  const decisions = await runVerifications(later.url!, ROOT_KEY, verifications);
  const elapsed = performance.now() - started;
  rssRows.push(
    `| ROLE=all (PGlite, face models loaded) | ${mib(afterStart)} | ${mib(rssBytes(pid))} | ${seconds(elapsed)}; ${JSON.stringify(decisions)} |`,
  );
  await later.stop();
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// ROLE=api (no models) and one ROLE=worker on PostgreSQL.
if (process.env.DATABASE_URL) {
  const database = await scratchDatabase(process.env.DATABASE_URL, 'startup');
  const workerDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-startup-worker-'));
  const apiDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-startup-api-'));
  try {
    const shared = { ...env, DATABASE_URL: database.url };
    const worker = await npmStart({ ...shared, ROLE: 'worker', DATA_DIR: workerDir });
    startRow('ROLE=worker, PostgreSQL, first start (empty database; ready = models and list loaded)', worker);
    const firstApi = await npmStart({ ...shared, ROLE: 'api', DATA_DIR: apiDir });
    startRow('ROLE=api, PostgreSQL, first start (no models)', firstApi);
    await firstApi.stop();
    const api = await npmStart({ ...shared, ROLE: 'api', DATA_DIR: apiDir });
    startRow('ROLE=api, PostgreSQL, later start', api);
    const apiPid = servicePid(api.child.pid!);
    const workerPid = servicePid(worker.child.pid!);
    const apiAfterStart = rssBytes(apiPid);
    const workerAfterStart = rssBytes(workerPid);
    const started = performance.now();
    const decisions = await runVerifications(api.url!, ROOT_KEY, verifications);
    const elapsed = performance.now() - started;
    rssRows.push(
      `| ROLE=api (PostgreSQL, no models) | ${mib(apiAfterStart)} | ${mib(rssBytes(apiPid))} | ${seconds(elapsed)}; ${JSON.stringify(decisions)} |`,
      `| ROLE=worker beside it (face models loaded) | ${mib(workerAfterStart)} | ${mib(rssBytes(workerPid))} | the same verifications |`,
    );
    await api.stop();
    await worker.stop();
  } finally {
    await database.drop();
    fs.rmSync(workerDir, { recursive: true, force: true });
    fs.rmSync(apiDir, { recursive: true, force: true });
  }
}

const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ');
recordBenchmark(
  'Install, start-up and memory',
  `
From \`npm start\` (spawned as a user types it, dist/ already built) to the \`listening\` log line, and to \`/readyz\` answering \`ready\` (the OFAC snapshot and the face models loaded in the background); a worker is "ready" when its background phases have settled. Load average at the end of the run: ${load} (1 / 5 / 15 min) on 2 cores; figures taken beside other jobs (a 1-minute load well above 2) are provisional. Targets: listening ≤ 5 s, ready ≤ 20 s.

${installRows.length ? `| install | time | size |\n|---|---|---|\n${installRows.join('\n')}\n\nnpm's cache was warm (packages already downloaded once on this machine); a cold cache adds the download of every package.\n` : ''}
| start | to listening | to ready |
|---|---|---|
${startRows.join('\n')}

| process | RSS after start | RSS after ${verifications} verifications | run |
|---|---|---|---|
${rssRows.join('\n')}

Verifications are live ones through the session routes with the service's sample images (front with portrait, back with its PDF417, one selfie frame, no liveness challenge, so \`review\` at best), one after another, each decided by the real checks.
`,
);
