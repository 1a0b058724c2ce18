import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { verificationReadyToSubmit } from '../helpers/session-flow.js';
import { createTestApp, createTestClock, TEST_DATA_KEY, type TestContext } from '../helpers/test-app.js';
import { firstStartRootKey, startService, type ServiceProcess } from '../helpers/service-process.js';

const cleanups: Array<() => Promise<unknown> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A POST whose body arrives in two halves, so it is in flight for as long as the test holds the second. */
function halfSentPost(url: string, apiKey: string, body: string) {
  const request = http.request(`${url}/v1/verifications`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'x-api-key': apiKey,
    },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  request.write(body.slice(0, half));
  return { response, finish: () => request.end(body.slice(half)) };
}

describe('SIGTERM on the service (PGlite)', () => {
  it('finishes the request in flight, refuses new connections, and exits 0 within the grace', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-drain-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const service: ServiceProcess = await startService({ DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: '10000' });
    cleanups.push(() => service.stop('SIGKILL'));
    const rootKey = await firstStartRootKey(service);
    const inFlight = halfSentPost(
      service.url!,
      rootKey,
      JSON.stringify({ external_ref: 'in-flight-at-sigterm' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalledAt = Date.now();
    service.child.kill('SIGTERM');
    await service.waitForLine(/shutting down/);
    await expect(fetch(`${service.url}/healthz`)).rejects.toThrow();
    inFlight.finish();
    const answered = await inFlight.response;
    expect(answered.status, answered.body).toBe(201);
    expect(await service.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
  });
});

// Two processes share the queue only through a PostgreSQL server (PGlite is one process's database).
describe.runIf(process.env.DATABASE_URL)('SIGTERM on a check worker mid-job (PostgreSQL)', () => {
  let t: TestContext;
  const childScript = path.resolve(import.meta.dirname, '../helpers/draining-worker-child.ts');

  async function worker(env: Record<string, string>): Promise<ServiceProcess> {
    const started = await startService(
      {
        DATABASE_URL: t.config.databaseUrl!,
        DATA_DIR: 'memory://',
        LOG_LEVEL: 'silent',
        CHECK_TIMEOUT_MS: '4000',
        DATA_ENCRYPTION_KEY: TEST_DATA_KEY,
        ...env,
      },
      childScript,
      /^ready$/,
    );
    cleanups.push(() => started.stop('SIGKILL'));
    return started;
  }

  async function submit() {
    const v = await verificationReadyToSubmit(t);
    const submitted = t.app.inject({
      method: 'POST',
      url: '/v1/session/submit',
      headers: { 'x-client-token': v.client_token },
      payload: {},
    });
    return { id: v.id, submitted };
  }

  it('lets a job that finishes within the grace finish: decided by the stopping worker', async () => {
    // CHECK_TIMEOUT_MS 4 s: a 13 s lease (2 × budget + 5 s), longer than the whole test's waits.
    t = await createTestApp('postgres', {
      env: { ROLE: 'api', CHECK_TIMEOUT_MS: '4000' },
      clock: createTestClock(new Date()),
    });
    cleanups.push(() => t.close());
    const first = await worker({ HOLD_MS: '1500', SHUTDOWN_GRACE_MS: '8000' });
    const { id, submitted } = await submit();
    await first.waitForLine(/^claimed /);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect((await submitted).statusCode).toBe(200);
    const detail = await t.platform.stores.verifications.findById(id, new Date());
    expect(detail?.decision).toBeTruthy();
  });

  it('gives a job still running at the end of the grace back to the queue: another worker decides it before its lease would end', async () => {
    const stuck = await worker({ HOLD_MS: '600000', SHUTDOWN_GRACE_MS: '3000' });
    const { submitted } = await submit();
    await stuck.waitForLine(/^claimed /);
    // Started while the stuck worker holds the only job, so it idles until the job comes back; its own
    // start (seconds through tsx on a busy machine) stays out of the interval measured below.
    const next = await worker({ HOLD_MS: '0' });
    const signalledAt = Date.now();
    stuck.child.kill('SIGTERM');
    expect(await stuck.exited).toBe(0);
    const exitedAfterMs = Date.now() - signalledAt;
    expect(exitedAfterMs).toBeLessThan(3_000);
    await next.waitForLine(/^claimed /);
    expect((await submitted).statusCode).toBe(200);
    // The lease is 13 s: the job was taken over well before it could have run out.
    expect(Date.now() - signalledAt).toBeLessThan(12_000);
  });
});
