import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decideCheckJob } from '../../src/use-cases/verifications/decide-check-job.js';
import { claimNextJob } from '../helpers/check-jobs.js';
import { submitUploaded, verificationReadyToSubmit } from '../helpers/session-flow.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';

/**
 * One merchant flooding the check queue, through one key or through many child keys, is refused at
 * its account's share, while another merchant's submit is still admitted and taken by the next free
 * worker slot before the flood's backlog.
 */
describe.each(engines)('check queue shared in turns per account on %s', (engine) => {
  let t: TestContext;
  let otherKey: string;
  // A new service for each case: jobs finished in one would change the next one's turns and expected wait.
  beforeEach(async () => {
    // No check worker in this process: the test claims the jobs. 3 s of expected wait is the bound,
    // and one slot with no finished job yet expects 1 s a job, so an account may have 4 jobs in the queue.
    t = await createTestApp(engine, { env: { ROLE: 'api', CHECK_QUEUE_MAX_WAIT_MS: '3000' } });
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/accounts',
      headers: { 'x-api-key': t.rootKey },
      payload: { name: 'Second merchant' },
    });
    otherKey = (created.json() as { api_key: { api_key: string } }).api_key.api_key;
  });
  afterEach(async () => t?.close());

  const submit = (token: string) => submitUploaded(t, token);
  const openJobs = async () =>
    (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM check_jobs WHERE status <> 'done'`.execute(
        t.platform.database.db,
      )
    ).rows[0]!.n;

  const childKeys = async (count: number) => {
    const keys: string[] = [];
    for (let i = 0; i < count; i++) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/v1/keys',
        headers: { 'x-api-key': t.rootKey },
        payload: { label: `child ${i}`, scopes: ['*'] },
      });
      keys.push((created.json() as { api_key: string }).api_key);
    }
    return keys;
  };

  it.each([
    ['one key', async () => Array<string>(5).fill(t.rootKey)],
    ['five child keys', async () => childKeys(5)],
  ])(
    'refuses a merchant flooding through %s past its turn, and serves another merchant first',
    async (_, keysOf) => {
      const { queue } = t.modules.checkQueue.service;
      await queue.heartbeat('fair-worker', 1);
      const floodKeys = await keysOf();
      const flood = await Promise.all(floodKeys.map((key) => verificationReadyToSubmit(t, key)));
      const quiet = await verificationReadyToSubmit(t, otherKey);

      const admitted: Array<ReturnType<typeof submit>> = [];
      for (const [index, v] of flood.slice(0, 4).entries()) {
        admitted.push(submit(v.client_token));
        await vi.waitFor(async () => expect(await openJobs()).toBe(index + 1), { timeout: 10_000 });
      }
      const refused = await submit(flood[4]!.client_token);
      expect(refused.statusCode, refused.body).toBe(503);
      expect(refused.headers['retry-after']).toBe('1');

      const quietAnswer = submit(quiet.client_token);
      await vi.waitFor(async () => expect(await openJobs()).toBe(5), { timeout: 10_000 });

      const order: string[] = [];
      for (let claimed = 0; claimed < 5; claimed++) {
        const job = await claimNextJob(queue, 'fair-worker');
        order.push(job.verificationId);
        expect(await decideCheckJob(t.modules.verifications.deps, job)).toBe('decided');
        queue.announceDone(job.id);
      }
      // The flood's oldest job was first in the queue; the other key's job is next, ahead of the flood's rest.
      expect(order.slice(0, 2)).toEqual([flood[0]!.id, quiet.id]);
      expect(order.slice(2)).toEqual(flood.slice(1, 4).map((v) => v.id));

      for (const answer of [...admitted, quietAnswer]) {
        const res = await answer;
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ status: 'decided' });
      }
      await queue.retire('fair-worker');
    },
  );
});
