import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/core/api-keys/api-key.js';
import { openDatabase } from '../../src/adapters/db/database.js';
import { LEASE_MARGIN_MS } from '../../src/worker/webhook-delivery-worker.js';
import { insertDecidedEvent } from '../helpers/webhook-events.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

const childScript = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../helpers/webhook-worker-child.ts',
);

function startWorker(env: Record<string, string>): Promise<ChildProcess> {
  const childEnv: Record<string, string | undefined> = { ...process.env, ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', childScript], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${stderr}`)), 60_000);
    child.stdout!.on('data', (c: Buffer) => {
      if (c.toString().includes('ready')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited with ${code}: ${stderr}`));
    });
  });
}

/**
 * The receiver answers from this test's process, which on a 2-core host busy with the rest of the
 * suite can take seconds: with a 3-s timeout the redelivery was once recorded as timed out (left
 * pending for its retry) although the receiver had it. The lease is this plus LEASE_MARGIN_MS.
 */
const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * The test's own waits bound it, not the default 60 s: two worker processes started from TypeScript
 * (60 s each at most), a lease running out and two deliveries. On a busy 2-core host the PGlite run
 * took over 60 s (the PostgreSQL one 48 s).
 */
const ITS_WAITS = { timeout: 240_000 };

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

// The engines' suites run side by side: each mostly waits on worker starts and a lease running out.
describe.concurrent.each(engines)('webhook delivery survives a killed worker on %s', (engine) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('redelivers an event whose worker was killed with SIGKILL mid-delivery', ITS_WAITS, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-webhook-crash-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    // The first request is held open until the worker that sent it is dead; later ones succeed.
    receiver.respondWith((_request, index) =>
      index === 0 ? { status: 200, delayMs: 60_000 } : { status: 200 },
    );

    const t: TestContext = await createTestApp(engine, {
      env: {
        DATA_DIR: dataDir,
        WEBHOOK_ALLOW_INSECURE: '1',
        WEBHOOK_TIMEOUT_MS: String(DELIVERY_TIMEOUT_MS),
      },
    });
    let appOpen = true;
    cleanups.push(async () => {
      if (appOpen) await t.close();
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/webhooks',
      headers: { 'x-api-key': t.rootKey },
      payload: { url: receiver.url, events: ['verification.decided'] },
    });
    expect(created.statusCode).toBe(201);
    const secretFile = path.join(dataDir, 'webhook-secret.key');
    expect(fs.statSync(secretFile).mode & 0o777).toBe(0o600);
    const root = await t.platform.stores.apiKeys.findByHash(hashSecret(t.rootKey));
    const eventId = await insertDecidedEvent(t, root!.id, { decision: 'approve', score: 95, reasons: [] });
    if (engine === 'pglite') {
      // PGlite is single-process: hand the data directory over to the worker processes.
      await t.close();
      appOpen = false;
    }

    const env = {
      DATA_DIR: dataDir,
      WEBHOOK_ALLOW_INSECURE: '1',
      WEBHOOK_TIMEOUT_MS: String(DELIVERY_TIMEOUT_MS),
      LOG_LEVEL: 'silent',
      ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
    };
    const first = await startWorker(env);
    cleanups.push(async () => void first.kill('SIGKILL'));
    const [held] = await receiver.waitForRequests(1, 30_000);
    first.kill('SIGKILL');
    await exited(first);
    expect(first.signalCode).toBe('SIGKILL');

    const killedAt = Date.now();
    const second = await startWorker(env);
    cleanups.push(async () => void second.kill('SIGKILL'));
    const [, redelivered] = await receiver.waitForRequests(2, 60_000);
    expect(redelivered!.rawBody.equals(held!.rawBody)).toBe(true);
    expect(JSON.parse(redelivered!.rawBody.toString()).id).toBe(eventId);
    // Not before the dead worker's lease (the timeout + the margin, counted from its claim) ran out.
    // The held request arrived some time after that claim (up to 2 s seen with both cores busy), so
    // the gap between the two arrivals may be under the full lease.
    const leaseMs = DELIVERY_TIMEOUT_MS + LEASE_MARGIN_MS;
    expect(redelivered!.receivedAtMs - held!.receivedAtMs).toBeGreaterThanOrEqual(leaseMs - 5_000);
    expect(Date.now() - killedAt).toBeLessThan(leaseMs + 60_000);

    // Let the second worker record the delivery, then stop it gracefully and read the outcome.
    await new Promise((r) => setTimeout(r, 500));
    second.kill('SIGTERM');
    await exited(second);
    const database = appOpen
      ? t.platform.database
      : await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    if (!appOpen) cleanups.push(() => database.close());
    const delivery = await database.db
      .selectFrom('webhook_deliveries')
      .select(['id', 'status', 'attempts'])
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow();
    expect(delivery.status).toBe('delivered');
    const attempts = await database.db
      .selectFrom('webhook_delivery_attempts')
      .select(['attempt', 'status_code'])
      .where('delivery_id', '=', delivery.id)
      .orderBy('attempt')
      .execute();
    // The killed worker's attempt left no record (it never finished); the last one is the success.
    expect(attempts.at(-1)).toEqual({ attempt: delivery.attempts, status_code: 200 });
    expect(receiver.requests.every((r) => r.rawBody.equals(held!.rawBody))).toBe(true);
  });
});
