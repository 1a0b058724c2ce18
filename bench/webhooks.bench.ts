import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { createSecretBox, parseSecretKey } from '../src/core/webhooks/secret-box.js';
import { hashSecret } from '../src/core/api-keys/api-key.js';
import { openDatabase } from '../src/adapters/db/database.js';
import { createWebhookStore } from '../src/adapters/db/webhook-store.js';
import { createWebhookHttpClient } from '../src/adapters/http-client/webhook-http-client.js';
import { createLogger } from '../src/adapters/logger.js';
import { createWebhookDeliveryWorker } from '../src/worker/webhook-delivery-worker.js';
import { percentile, recordBenchmark } from './lib/report.js';
import { startBenchServer } from './lib/server.js';

/**
 * Issue 7 targets: decision → first delivery attempt p50 ≤ 50 ms; ≥ 500 deliveries/s to a local
 * receiver with 2 workers. The decision is emulated as the submit path commits it: one transaction
 * writing the outbox row, then the post-commit nudge (modules.webhooks.kick()).
 */
const LATENCY_SAMPLES = 200;
const THROUGHPUT_EVENTS = 3_000;

const secretKey = crypto.randomBytes(32).toString('base64url');
const server = await startBenchServer({ WEBHOOK_ALLOW_INSECURE: '1', WEBHOOK_SECRET_KEY: secretKey });
const { platform, modules } = server;
const db = platform.database.db;
const apiKeyId = (await platform.stores.apiKeys.findByHash(hashSecret(server.rootKey)))!.id;

/**
 * The receiver runs in its own process, as a merchant's would: it answers 200 at once, and reports
 * each arrival time (absolute, high resolution) while `report` is on, and its count when asked.
 */
const receiverSource = `
  const http = require('node:http');
  let received = 0;
  let report = false;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      if (report) process.send({ type: 'arrived', atMs: performance.timeOrigin + performance.now() });
      res.writeHead(200).end('ok');
    });
  });
  server.keepAliveTimeout = 30000;
  server.listen(0, '127.0.0.1', () => process.send({ type: 'listening', port: server.address().port }));
  process.on('message', (m) => {
    if (m.type === 'report') report = m.on;
    if (m.type === 'count') process.send({ type: 'count', received });
    if (m.type === 'exit') process.exit(0);
  });
`;
type ReceiverMessage =
  | { type: 'listening'; port: number }
  | { type: 'arrived'; atMs: number }
  | { type: 'count'; received: number };
const receiver = spawn(process.execPath, ['-e', receiverSource], {
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const listeners = new Set<(m: ReceiverMessage) => void>();
receiver.on('message', (m: ReceiverMessage) => listeners.forEach((l) => l(m)));
const nextMessage = <T extends ReceiverMessage['type']>(type: T) =>
  new Promise<Extract<ReceiverMessage, { type: T }>>((resolve) => {
    const listener = (m: ReceiverMessage) => {
      if (m.type !== type) return;
      listeners.delete(listener);
      resolve(m as Extract<ReceiverMessage, { type: T }>);
    };
    listeners.add(listener);
  });
const receiverUrl = `http://127.0.0.1:${(await nextMessage('listening')).port}/hook`;
const receivedCount = async () => {
  const reply = nextMessage('count');
  receiver.send({ type: 'count' });
  return (await reply).received;
};

const created = await server.app.inject({
  method: 'POST',
  url: '/v1/webhooks',
  headers: { 'x-api-key': server.rootKey },
  payload: { url: receiverUrl, events: ['verification.decided'] },
});
if (created.statusCode !== 201) throw new Error(`endpoint creation failed: ${created.body}`);
const endpointId = created.json().id as number;

const eventRow = () => ({
  id: crypto.randomUUID(),
  type: 'verification.decided',
  api_key_id: apiKeyId,
  verification_id: crypto.randomUUID(),
  data: JSON.stringify({ decision: 'approve', score: 93, reasons: [] }),
});

const stopBackground = await modules.startBackground();
const extraDatabase = platform.config.databaseUrl
  ? await openDatabase({ databaseUrl: platform.config.databaseUrl })
  : platform.database;
const secondWorker = createWebhookDeliveryWorker({
  store: createWebhookStore(extraDatabase.db, createSecretBox(parseSecretKey(secretKey))),
  client: createWebhookHttpClient({ timeoutMs: 10_000, allowInsecure: true }),
  metrics: platform.metrics,
  logger: createLogger('silent'),
  timeoutMs: 10_000,
});

try {
  // Latency: one decision at a time, one worker (as the default single-process deployment runs).
  const latencies: number[] = [];
  receiver.send({ type: 'report', on: true });
  for (let i = 0; i < LATENCY_SAMPLES + 20; i += 1) {
    const arrived = nextMessage('arrived');
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('events').values(eventRow()).execute();
    });
    const committedAt = performance.timeOrigin + performance.now();
    modules.webhooks.kick();
    const { atMs } = await arrived;
    if (i >= 20) latencies.push(atMs - committedAt);
    await new Promise((r) => setTimeout(r, 5));
  }
  receiver.send({ type: 'report', on: false });
  latencies.sort((a, b) => a - b);

  // Throughput: a burst of decisions, two workers delivering.
  secondWorker.start();
  const before = await receivedCount();
  const rows = Array.from({ length: THROUGHPUT_EVENTS }, eventRow);
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('events')
      .values(rows.slice(i, i + 500))
      .execute();
  const started = performance.now();
  modules.webhooks.kick();
  secondWorker.kick();
  while ((await receivedCount()) - before < THROUGHPUT_EVENTS) await new Promise((r) => setTimeout(r, 5));
  const sentSeconds = (performance.now() - started) / 1000;
  for (;;) {
    const row = await db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('endpoint_id', '=', endpointId)
      .where('status', '=', 'delivered')
      .executeTakeFirstOrThrow();
    if (Number(row.n) >= LATENCY_SAMPLES + 20 + THROUGHPUT_EVENTS) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  const recordedSeconds = (performance.now() - started) / 1000;

  const ms = (v: number) => v.toFixed(1);
  recordBenchmark(
    `Webhooks (${platform.database.engine}): decision → first attempt, and delivery throughput`,
    `Engine: ${platform.database.engine}. Local receiver in its own process (node:http on 127.0.0.1, answers 200 at once), WEBHOOK_ALLOW_INSECURE=1. Both workers run in the service process (PGlite allows one process; on PostgreSQL the second has its own pool).

| measure | value | target |
|---|---|---|
| decision commit → first attempt received, p50 (${LATENCY_SAMPLES} decisions, 1 worker, after 20 warm-up) | ${ms(percentile(latencies, 50))} ms | ≤ 50 ms |
| same, p99 | ${ms(percentile(latencies, 99))} ms | |
| same, max | ${ms(latencies.at(-1)!)} ms | |
| burst of ${THROUGHPUT_EVENTS} decisions, 2 workers: received by the receiver | ${(THROUGHPUT_EVENTS / sentSeconds).toFixed(0)} deliveries/s | ≥ 500/s |
| same, until every delivery is recorded as delivered | ${(THROUGHPUT_EVENTS / recordedSeconds).toFixed(0)} deliveries/s | |`,
  );
} finally {
  await server.app.inject({
    method: 'DELETE',
    url: `/v1/webhooks/${endpointId}`,
    headers: { 'x-api-key': server.rootKey },
  });
  await secondWorker.stop();
  if (extraDatabase !== platform.database) await extraDatabase.close();
  await stopBackground();
  receiver.send({ type: 'exit' });
  await server.close();
}
