import sharp from 'sharp';
import { percentile, recordBenchmark } from './lib/report.js';
import { requestsPerSecond, startBenchServer } from './lib/server.js';

/**
 * Issue 3 targets: the flow's own overhead (submit with every check answering `unavailable` at once)
 * p50 ≤ 20 ms; GET /v1/verifications/{id} ≥ 40 % of a bare route.
 */
const server = await startBenchServer();
const unavailable = { status: 'unavailable' as const, error: 'stubbed out for the overhead benchmark' };
// No face engine answers face match and liveness `unavailable` at once; no selfie template skips the
// duplicate search; the bench server loads no sanctions list.
Object.assign(server.platform.checkEngines, { decodeBarcode: async () => unavailable, faceEngine: null });
const jpeg = (
  await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 90, g: 120, b: 150 } } })
    .jpeg()
    .toBuffer()
).toString('base64');
const barcode =
  '@\n\x1e\rANSI 636014080102DL00410276ZC03170024DLDAQD1234562\nDCSSAMPLE\nDACMICHAEL\nDADJOHN\nDBB06061986\nDBA06062030\nDBC1\r';

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

try {
  const submitMs: number[] = [];
  let lastId = '';
  const runs = 60;
  for (let i = 0; i < runs + 5; i += 1) {
    const v = await call(
      'POST',
      '/v1/verifications',
      { 'x-api-key': server.rootKey },
      { external_ref: `bench-${i}` },
    );
    const token = { 'x-client-token': String(v.client_token) };
    await call('POST', '/v1/session/consent', token, { consent: true });
    await call('POST', '/v1/session/document', token, { side: 'front', image_b64: jpeg });
    await call('POST', '/v1/session/document', token, { side: 'back', image_b64: jpeg, barcode });
    await call('POST', '/v1/session/selfie', token, { frames_b64: Array.from({ length: 8 }, () => jpeg) });
    const started = performance.now();
    await call('POST', '/v1/session/submit', token, {});
    if (i >= 5) submitMs.push(performance.now() - started);
    lastId = String(v.id);
  }
  submitMs.sort((a, b) => a - b);

  await requestsPerSecond({ url: `${server.url}/healthz`, duration: 2 });
  const bare = await requestsPerSecond({ url: `${server.url}/healthz` });
  const get = await requestsPerSecond({
    url: `${server.url}/v1/verifications/${lastId}`,
    headers: { 'x-api-key': server.rootKey },
  });
  const open = await call(
    'POST',
    '/v1/verifications',
    { 'x-api-key': server.rootKey },
    { external_ref: 'open' },
  );
  const getOpen = await requestsPerSecond({
    url: `${server.url}/v1/verifications/${String(open.id)}`,
    headers: { 'x-api-key': server.rootKey },
  });
  recordBenchmark(
    `Verification flow overhead and GET /v1/verifications/{id} (${server.platform.database.engine})`,
    `Engine: ${server.platform.database.engine}. Submit with every check answering \`unavailable\` at once (front, back and 8 selfie frames of 640×480 JPEG already uploaded), ${runs} sequential runs after 5 warm-up runs: the cost of the flow itself (validation, loading media, decide(), one transaction with decision, audit, usage and outbox rows).

| measure | value |
|---|---|
| submit p50 | ${percentile(submitMs, 50).toFixed(1)} ms (target ≤ 20 ms) |
| submit p99 | ${percentile(submitMs, 99).toFixed(1)} ms |
| GET /healthz (bare) | ${bare.rps.toFixed(0)} req/s |
| GET /v1/verifications/{id}, decided (served from the read cache) | ${get.rps.toFixed(0)} req/s, p50 ${get.p50} ms, p99 ${get.p99} ms |
| ratio | **${((get.rps / bare.rps) * 100).toFixed(1)} %** (target ≥ 40 %) |
| GET /v1/verifications/{id}, still open (always one database query) | ${getOpen.rps.toFixed(0)} req/s, p50 ${getOpen.p50} ms, p99 ${getOpen.p99} ms: ${((getOpen.rps / bare.rps) * 100).toFixed(1)} % of bare |

Finished verifications are served from memory and evicted by trigger notifications (docs/self-hosting.md, Read caches); an open one is read from the database on every request so that a status change is never served late. Errors / non-2xx: ${get.errors} / ${get.non2xx} (decided), ${getOpen.errors} / ${getOpen.non2xx} (open).`,
  );
} finally {
  await server.close();
}
