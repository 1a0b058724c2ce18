import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { verificationReadyToSubmit } from '../helpers/session-flow.js';
import { createTestApp, createTestClock, TEST_DATA_KEY, type TestContext } from '../helpers/test-app.js';

const childScript = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../helpers/check-worker-child.ts',
);

type Worker = { child: ChildProcess; output: () => string };

function startWorker(env: Record<string, string>): Promise<Worker> {
  const child = spawn(process.execPath, ['--import', 'tsx', childScript], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start: ${stderr}`)), 60_000);
    const ready = setInterval(() => {
      if (!stdout.includes('ready')) return;
      clearInterval(ready);
      clearTimeout(timer);
      resolve({ child, output: () => stdout });
    }, 20);
    child.on('exit', (code) => {
      clearInterval(ready);
      clearTimeout(timer);
      reject(new Error(`worker exited with ${code}: ${stderr}`));
    });
  });
}

async function waitFor(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

// Two processes share the queue only through a PostgreSQL server (PGlite is one process's database).
describe.skipIf(!process.env.DATABASE_URL)('check queue survives a killed worker (postgres)', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('re-runs the job of a worker killed with SIGKILL mid-check: decided once, one event, one usage record', async () => {
    // CHECK_TIMEOUT_MS 2 s gives a 9 s lease (2 × budget + 5 s), so the takeover comes quickly.
    // The worker processes read the real clock, so the verification is created at today's date.
    const t: TestContext = await createTestApp('postgres', {
      env: { ROLE: 'api', CHECK_TIMEOUT_MS: '2000' },
      clock: createTestClock(new Date()),
    });
    cleanups.push(() => t.close());
    const v = await verificationReadyToSubmit(t);
    const env = {
      DATABASE_URL: t.config.databaseUrl!,
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
      ML_DISABLED: '1',
      CHECK_TIMEOUT_MS: '2000',
      SANCTIONS_LIST: '/nonexistent/no-sanctions-list-in-this-test',
      // Every instance seals and opens the captured images with the same key (docs/self-hosting.md).
      DATA_ENCRYPTION_KEY: TEST_DATA_KEY,
    };

    const first = await startWorker({ ...env, HOLD_MS: '600000' });
    cleanups.push(async () => void first.child.kill('SIGKILL'));
    const submitted = t.app.inject({
      method: 'POST',
      url: '/v1/session/submit',
      headers: { 'x-client-token': v.client_token },
      payload: {},
    });
    await waitFor(() => first.output().includes('claimed'), 30_000, 'the first worker to claim the job');
    first.child.kill('SIGKILL');
    await new Promise((resolve) => first.child.once('exit', resolve));
    expect(first.child.signalCode).toBe('SIGKILL');

    const second = await startWorker({ ...env, HOLD_MS: '0' });
    cleanups.push(async () => void second.child.kill('SIGKILL'));
    const answer = await submitted;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'decided' });
    expect(second.output()).toMatch(/claimed \d+ attempt 2/);

    const { db } = t.platform.database;
    const job = await db
      .selectFrom('check_jobs')
      .select(['status', 'attempts', 'outcome'])
      .where('verification_id', '=', v.id)
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: 'done', attempts: 2, outcome: 'decided' });
    const events = await db
      .selectFrom('events')
      .select('type')
      .where('verification_id', '=', v.id)
      .orderBy('seq')
      .execute();
    expect(events.map((e) => e.type)).toEqual([
      'verification.created',
      'verification.processing',
      'verification.decided',
    ]);
    const usage = await db
      .selectFrom('usage_records')
      .selectAll()
      .where('verification_id', '=', v.id)
      .execute();
    expect(usage).toHaveLength(1);
    const decidedEntries = await db
      .selectFrom('verification_audit')
      .selectAll()
      .where('verification_id', '=', v.id)
      .where('event', '=', 'verification.decided')
      .execute();
    expect(decidedEntries).toHaveLength(1);
    // Two worker processes start (about 10 s each on a loaded 2-core machine) and a 9 s lease runs out.
  }, 180_000);
});
