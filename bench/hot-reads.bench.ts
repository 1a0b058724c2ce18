import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { recordBenchmark } from './lib/report.js';

/**
 * Issue 23: the hot read routes against the real ceiling, a bare Fastify route in its own process
 * returning the same bytes, measured in the same run. The service runs in its own process too, on
 * default settings (default log level, per-key throttle off as by default); autocannon drives both
 * from this process with 50 connections, rounds interleaved so drift hits every route alike.
 */
const benchDir = path.dirname(fileURLToPath(import.meta.url));
const CONNECTIONS = 50;
const DURATION_S = 6;
const ROUNDS = 2;

async function startChild(
  script: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; info: Record<string, string> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(benchDir, 'lib', script)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The service logs to stdout as it would in production (default level). Once it is ready the pipe
  // is still drained, as a log collector would, but no longer split into lines: parsing thousands of
  // access lines a second here took CPU from autocannon on the same cores, and only from the
  // service's runs (the bare route logs nothing).
  const lines = readline.createInterface({ input: child.stdout! });
  return new Promise((resolve, reject) => {
    lines.on('line', (line) => {
      if (!line.startsWith('BENCH_READY ')) return;
      lines.close();
      child.stdout!.resume();
      resolve({ child, info: JSON.parse(line.slice(12)) as Record<string, string> });
    });
    child.once('exit', () => reject(new Error(`${script} exited before it was ready`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

type Run = { rps: number; p50: number; p99: number; non2xx: number; cpuUs: number };

/**
 * CPU seconds (user + system) a child has used, from /proc (Linux); NaN elsewhere. CPU per request
 * depends much less than req/s on what else the shared machine runs.
 */
function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return NaN;
  }
}
const CLOCK_TICKS_PER_SECOND = 100;

async function load(
  url: string,
  pid: number,
  headers: Record<string, string> = {},
  duration = DURATION_S,
): Promise<Run> {
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    cpuUs: ((cpuSeconds(pid) - cpuBefore) * 1e6) / result.requests.total,
  };
}

async function measure(engineEnv: Record<string, string>) {
  const service = await startChild('service-process.ts', engineEnv);
  const { url, rootKey, engine, pendingId, decidedId } = service.info as Record<string, string>;
  const keyHeaders = { 'x-api-key': rootKey! };
  const keysBody = await (await fetch(`${url}/v1/keys`, { headers: keyHeaders })).text();
  const bare = await startChild('bare-server.ts', { BARE_BODY: keysBody });
  const servicePid = service.child.pid!;
  const routes: Array<{ name: string; url: string; pid: number; headers?: Record<string, string> }> = [
    {
      name: 'bare Fastify route (own process, same JSON as GET /v1/keys)',
      url: `${bare.info.url}/v1/keys`,
      pid: bare.child.pid!,
    },
    { name: 'GET /v1/keys', url: `${url}/v1/keys`, pid: servicePid, headers: keyHeaders },
    {
      name: 'GET /v1/verifications/{id}, decided',
      url: `${url}/v1/verifications/${decidedId}`,
      pid: servicePid,
      headers: keyHeaders,
    },
    {
      name: 'GET /v1/verifications/{id}, pending',
      url: `${url}/v1/verifications/${pendingId}`,
      pid: servicePid,
      headers: keyHeaders,
    },
  ];
  const runs = new Map<string, Run[]>(routes.map((r) => [r.name, []]));
  try {
    for (const route of routes) await load(route.url, route.pid, route.headers, 2);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const route of routes) runs.get(route.name)!.push(await load(route.url, route.pid, route.headers));
    }
  } finally {
    await stop(bare.child);
    await stop(service.child);
  }
  const best = (name: string) => {
    const all = runs.get(name)!;
    return {
      rps: all.reduce((s, r) => s + r.rps, 0) / all.length,
      p50: Math.max(...all.map((r) => r.p50)),
      p99: Math.max(...all.map((r) => r.p99)),
      non2xx: all.reduce((s, r) => s + r.non2xx, 0),
      cpuUs: all.reduce((s, r) => s + r.cpuUs, 0) / all.length,
    };
  };
  const ceiling = best(routes[0]!.name).rps;
  const rows = routes.map((r) => {
    const b = best(r.name);
    return `| ${r.name} | ${b.rps.toFixed(0)} | ${((b.rps / ceiling) * 100).toFixed(1)} % | ${b.p50} | ${b.p99} | ${b.non2xx} | ${b.cpuUs.toFixed(1)} |`;
  });
  return { engine: engine!, rows, load: os.loadavg()[0]!.toFixed(1) };
}

const engines: Array<Record<string, string>> = [{ DATABASE_URL: '' }];
if (process.env.DATABASE_URL) engines.push({ DATABASE_URL: process.env.DATABASE_URL });
const sections: string[] = [];
for (const env of engines) {
  const { engine, rows, load } = await measure(env);
  sections.push(`### ${engine} (1-minute load average ${load} at the end)

| route | req/s (mean of ${ROUNDS}) | share of the bare route | p50 ms (worst) | p99 ms (worst) | non-2xx | CPU µs per request |
|---|---|---|---|---|---|---|
${rows.join('\n')}`);
}
/**
 * What the CPU profiles of issue 23 found (bench/hot-reads-profile.ts): kept with the figures, since
 * this section is rewritten on every run.
 */
const PROFILE_NOTES = `**Where a cached read's time went** (\`npx tsx bench/hot-reads-profile.ts keys|decided|pending\`: the service under \`node --cpu-prof\`, 50 connections for 8 s, self time of the load window; shares of the service's sampled time, load 4–9). Both routes are served from the in-memory read caches, so no query runs: what is left is per-request overhead. Before issue 23, on GET /v1/keys: the socket write 28 %, idle 8 %; @fastify/cors's per-request options delegator about 5 % (normalizeCorsOptions 3.3 % self; it ran on every route to add nothing but \`Vary: Origin\`); one blocking stdout write per access line 7–8 % and the line itself 4 %; a pino child logger made for every request, its reqId binding through the redaction pass, 3 %; response serialisation by zod encode + JSON.stringify 6 %; key authentication 7 % (a Hash object per request 3.6 %, \`request.ip\` and \`routeOptions\` read for nothing on success); prom-client 1.8 %. On the detail route besides: presenting the cached detail again on every read (toDetail 3.4 % self, isoWithoutZone 2.2 %) and zod serialisation of it 6 %.

Changes: CORS is one pattern test per request, the plugin's headers byte for byte (test/api/cors.test.ts); the request-id and access-log hooks take no promise; the access line is batched into one synchronous stdout write per event-loop turn (src/adapters/logger.ts); \`request.log\` is built on first use (src/http/request-logger.ts); responses go through a serializer compiled from each route's zod schema into plain JavaScript that writes only the declared keys and checks every type, falling back to zod for anything that does not fit (src/http/serializer.ts, checked against zod by a property test); cached details and key lists are presented, and their JSON written, once per cached object; authentication hashes with the one-shot \`crypto.hash\` and reads the caller's address and route only when the key fails; no named closure is made per request (tsx's keepNames turned each into a defineProperty call, 2–3 %). The harness now drains the service's log pipe without splitting it into lines, as a log collector would; before, it parsed every access line on the cores autocannon needed.

After, on GET /v1/keys: the socket write 37 % and idle 17 %; the service's own code under 5 % self; the rest is Node's HTTP and streams, Fastify, pino (3 %) and prom-client (1.6 %). CPU per request with this harness, before (commit 5c9f7fd, load 5.3–6.2): keys 101 / 104 µs, decided 138 / 140 µs, pending 132 / 136 µs (PGlite / PostgreSQL), at 24.8 / 16.0 %, 19.5 / 11.7 % and 20.7 / 12.5 % of the bare route. The bare route costs 16–17 µs a request, the hot reads now 52–63 µs: one core's worth of CPU would answer 16–19 k/s, about 60 % of a 27–31 k/s bare route for GET /v1/keys, but on this machine (2 cores shared with autocannon and other work at load 6–10) the service gets less than a core, and the detail routes' 57–63 µs cap them near 55 % even with one.`;

recordBenchmark(
  'Hot reads against a bare Fastify route (issue 23)',
  `autocannon in the benchmark's process, ${CONNECTIONS} connections, ${DURATION_S} s per route, ${ROUNDS} interleaved rounds after a 2 s warm-up of each; the service and the bare route each in their own process, the service on default settings (log level info, per-key throttle off), its log pipe drained as a collector would. CPU µs per request: the process's user + system time over the requests answered, less dependent than req/s on what else the shared machine runs. Targets: GET /v1/keys ≥ 60 %, decided ≥ 50 %, pending ≥ 25 % (PGlite) / ≥ 40 % (PostgreSQL), p99 ≤ 30 ms.

${sections.join('\n\n')}

${PROFILE_NOTES}`,
);
