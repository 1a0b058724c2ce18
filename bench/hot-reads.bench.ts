import { spawn, type ChildProcess } from 'node:child_process';
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

type Run = { rps: number; p50: number; p99: number; non2xx: number };

async function load(url: string, headers: Record<string, string> = {}, duration = DURATION_S): Promise<Run> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

async function measure(engineEnv: Record<string, string>) {
  const service = await startChild('service-process.ts', engineEnv);
  const { url, rootKey, engine, pendingId, decidedId } = service.info as Record<string, string>;
  const keyHeaders = { 'x-api-key': rootKey! };
  const keysBody = await (await fetch(`${url}/v1/keys`, { headers: keyHeaders })).text();
  const bare = await startChild('bare-server.ts', { BARE_BODY: keysBody });
  const routes: Array<{ name: string; url: string; headers?: Record<string, string> }> = [
    { name: 'bare Fastify route (own process, same JSON as GET /v1/keys)', url: `${bare.info.url}/v1/keys` },
    { name: 'GET /v1/keys', url: `${url}/v1/keys`, headers: keyHeaders },
    {
      name: 'GET /v1/verifications/{id}, decided',
      url: `${url}/v1/verifications/${decidedId}`,
      headers: keyHeaders,
    },
    {
      name: 'GET /v1/verifications/{id}, pending',
      url: `${url}/v1/verifications/${pendingId}`,
      headers: keyHeaders,
    },
  ];
  const runs = new Map<string, Run[]>(routes.map((r) => [r.name, []]));
  try {
    for (const route of routes) await load(route.url, route.headers, 2);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const route of routes) runs.get(route.name)!.push(await load(route.url, route.headers));
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
    };
  };
  const ceiling = best(routes[0]!.name).rps;
  const rows = routes.map((r) => {
    const b = best(r.name);
    return `| ${r.name} | ${b.rps.toFixed(0)} | ${((b.rps / ceiling) * 100).toFixed(1)} % | ${b.p50} | ${b.p99} | ${b.non2xx} |`;
  });
  return { engine: engine!, rows };
}

const engines: Array<Record<string, string>> = [{ DATABASE_URL: '' }];
if (process.env.DATABASE_URL) engines.push({ DATABASE_URL: process.env.DATABASE_URL });
const sections: string[] = [];
for (const env of engines) {
  const { engine, rows } = await measure(env);
  sections.push(`### ${engine}

| route | req/s (mean of ${ROUNDS}) | share of the bare route | p50 ms (worst) | p99 ms (worst) | non-2xx |
|---|---|---|---|---|---|
${rows.join('\n')}`);
}
recordBenchmark(
  'Hot reads against a bare Fastify route (issue 23)',
  `autocannon in the benchmark's process, ${CONNECTIONS} connections, ${DURATION_S} s per route, ${ROUNDS} interleaved rounds after a 2 s warm-up of each; the service and the bare route each in their own process, the service on default settings (log level info, per-key throttle off). Targets: GET /v1/keys ≥ 60 %, decided ≥ 50 %, pending ≥ 25 % (PGlite) / ≥ 40 % (PostgreSQL), p99 ≤ 30 ms.

${sections.join('\n\n')}`,
);
