import { recordBenchmark } from './lib/report.js';
import { requestsPerSecond, startBenchServer } from './lib/server.js';

/** Issue 2 target: authenticated GET /v1/keys ≥ 40 % of a bare route's requests/second on the same server. */
const server = await startBenchServer();
try {
  await requestsPerSecond({ url: `${server.url}/healthz`, duration: 2 });
  const bare = await requestsPerSecond({ url: `${server.url}/healthz` });
  const keys = await requestsPerSecond({
    url: `${server.url}/v1/keys`,
    headers: { 'x-api-key': server.rootKey },
  });
  const ratio = keys.rps / bare.rps;
  recordBenchmark(
    `API keys: authenticated GET /v1/keys vs bare route (${server.platform.database.engine})`,
    `Engine: ${server.platform.database.engine}. autocannon, 10 connections, 5 s each, after a 2 s warm-up.

| route | req/s | p50 ms | p99 ms | errors / non-2xx |
|---|---|---|---|---|
| GET /healthz (bare) | ${bare.rps.toFixed(0)} | ${bare.p50} | ${bare.p99} | ${bare.errors} / ${bare.non2xx} |
| GET /v1/keys (key lookup + scope + list, both from the read cache) | ${keys.rps.toFixed(0)} | ${keys.p50} | ${keys.p99} | ${keys.errors} / ${keys.non2xx} |

Ratio: **${(ratio * 100).toFixed(1)} %** of the bare route (target ≥ 40 %).

The key lookup and the list come from the in-process read cache, emptied by trigger notifications on every key change (docs/self-hosting.md, Read caches); in this steady state a request makes no database query.`,
  );
} finally {
  await server.close();
}
