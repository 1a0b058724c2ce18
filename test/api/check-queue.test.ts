import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../src/adapters/logger.js';
import { decideCheckJob } from '../../src/use-cases/verifications/decide-check-job.js';
import { createCheckWorker } from '../../src/worker/check-worker.js';
import { claimNextJob } from '../helpers/check-jobs.js';
import { submitUploaded, verificationReadyToSubmit, verificationDetail } from '../helpers/session-flow.js';
import { createTestApp, engines, operationsHeaders, type TestContext } from '../helpers/test-app.js';

describe.each(engines)('check queue on %s', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    // ROLE=api: no check worker in this process, so the test decides who runs each job.
    t = await createTestApp(engine, { env: { ROLE: 'api' } });
  });
  afterAll(async () => t?.close());

  const submit = (token: string) => submitUploaded(t, token);
  /** The verification's events in the order they were written: one of each, whatever was retried. */
  const eventTypes = async (verificationId: string) =>
    (
      await t.platform.database.db
        .selectFrom('events')
        .select('type')
        .where('verification_id', '=', verificationId)
        .orderBy('seq')
        .execute()
    ).map((e) => e.type);
  const lifecycle = ['verification.created', 'verification.processing', 'verification.decided'];
  const rows = async (table: 'usage_records', verificationId: string) =>
    t.platform.database.db
      .selectFrom(table)
      .selectAll()
      .where('verification_id', '=', verificationId)
      .execute();

  it('answers 503 with Retry-After while no check worker is alive; nothing changes, and the retry is decided', async () => {
    const v = await verificationReadyToSubmit(t);
    const refused = await submit(v.client_token);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({
      detail: 'checks are busy; nothing was submitted, retry after the number of seconds in Retry-After',
    });
    const detail = await verificationDetail(t, v.id);
    expect(detail.status).toBe('selfie');
    expect(detail.audit_log.map((a: { event: string }) => a.event)).not.toContain('verification.submitted');
    const kinds = (await t.platform.stores.media.index(v.id)).map((m) => m.kind).sort();
    expect(kinds).toEqual(['document_back', 'document_front', 'selfie_frame', 'selfie_frame']);
    const ready = (await t.app.inject({ method: 'GET', url: '/readyz', headers: operationsHeaders })).json();
    expect(ready.components.check_queue).toMatchObject({ status: 'degraded' });

    const worker = createCheckWorker({
      queue: t.modules.checkQueue.service.queue,
      run: (job) => decideCheckJob(t.modules.verifications.deps, job),
      logger: createLogger('silent'),
      concurrency: 1,
      leaseMs: 30_000,
    });
    await worker.start();
    try {
      const retried = await submit(v.client_token);
      expect(retried.statusCode, retried.body).toBe(200);
      expect(retried.json()).toMatchObject({ status: 'decided' });
      expect(await eventTypes(v.id)).toEqual(lifecycle);
      expect(await rows('usage_records', v.id)).toHaveLength(1);
      // The gauges read a snapshot of the queue's load taken every 2 s.
      await vi.waitFor(
        async () => {
          const metrics = await t.app.inject({
            method: 'GET',
            url: '/metrics',
            headers: operationsHeaders,
          });
          expect(metrics.body).toMatch(/^check_workers 1$/m);
          expect(metrics.body).toMatch(/^check_queue_depth 0$/m);
          expect(metrics.body).toMatch(/^check_job_recent_run_seconds \d/m);
        },
        { timeout: 10_000, interval: 250 },
      );
    } finally {
      await worker.stop();
    }
  });

  it('re-runs a job whose lease ran out and commits its decision once; the first worker’s late result is dropped', async () => {
    const v = await verificationReadyToSubmit(t);
    const { queue } = t.modules.checkQueue.service;
    await queue.heartbeat('test-worker', 1);
    const submitted = submit(v.client_token);
    const claim = (workerId: string, leaseMs: number) => claimNextJob(queue, workerId, leaseMs);
    // The first worker's lease ends at once, as if it had died mid-check.
    const first = await claim('dead-worker', 1);
    await new Promise((r) => setTimeout(r, 20));
    const second = await claim('live-worker', 30_000);
    expect(second.id).toBe(first.id);
    expect(second.attempts).toBe(2);
    expect(await decideCheckJob(t.modules.verifications.deps, second)).toBe('decided');
    queue.announceDone(second.id);
    expect(await decideCheckJob(t.modules.verifications.deps, first)).toBe('lease_lost');

    const answer = await submitted;
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'decided' });
    const detail = await verificationDetail(t, v.id);
    expect(
      detail.audit_log.filter((a: { event: string }) => a.event === 'verification.decided'),
    ).toHaveLength(1);
    expect(await eventTypes(v.id)).toEqual(lifecycle);
    expect(await rows('usage_records', v.id)).toHaveLength(1);
    await queue.retire('test-worker');
  });

  it('holds an image-decoding slot only while decoding: a submit waiting for its decision holds none', async () => {
    const v = await verificationReadyToSubmit(t);
    const { queue } = t.modules.checkQueue.service;
    await queue.heartbeat('test-worker', 1);
    const submitted = submit(v.client_token);
    const job = await claimNextJob(queue, 'test-worker');
    // The job is queued and claimed, so the submit is past decoding and is waiting for the decision.
    expect(t.platform.heavyWork.image.depth()).toEqual({ active: 0, waiting: 0 });
    expect(await decideCheckJob(t.modules.verifications.deps, job)).toBe('decided');
    queue.announceDone(job.id);
    const answer = await submitted;
    expect(answer.statusCode, answer.body).toBe(200);
    await queue.retire('test-worker');
  });

  it('gives up the face checks, not the verification, after a job’s workers died three times', async () => {
    const v = await verificationReadyToSubmit(t);
    const { queue } = t.modules.checkQueue.service;
    await queue.heartbeat('test-worker', 1);
    const submitted = submit(v.client_token);
    let job;
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      job = await claimNextJob(queue, `worker-${attempt}`, attempt < 4 ? 1 : 30_000);
    }
    expect(job!.attempts).toBe(4);
    // Whatever killed the workers is not touched again: no image of the job is decoded.
    const deps = t.modules.verifications.deps;
    const refusingDecodes = {
      ...deps,
      checks: {
        ...deps.checks,
        engines: {
          ...deps.checks.engines,
          frameHash: () => Promise.reject(new Error('decoded an image of a given-up job')),
        },
      },
    };
    expect(await decideCheckJob(refusingDecodes, job!)).toBe('decided');
    queue.announceDone(job!.id);
    expect((await submitted).statusCode).toBe(200);
    const detail = await verificationDetail(t, v.id);
    expect(detail.decision).toBe('review');
    expect(detail.checks.face_match).toMatchObject({ status: 'unavailable' });
    expect(detail.doc_checks.face_match.error).toContain('the check worker stopped 3 times');
    expect(detail.checks.liveness).toMatchObject({ status: 'unavailable' });
    const metrics = await t.platform.metrics.render();
    expect(metrics).toMatch(/^check_jobs_given_up_total 1$/m);
    await queue.retire('test-worker');
  });
});

describe('ROLE=api', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp('pglite', { ml: true, env: { ROLE: 'api' } });
  });
  afterAll(async () => t?.close());

  it('does not load the face models: the check workers run the face checks', async () => {
    expect(t.platform.checkEngines.faceEngine).toBeNull();
    expect(t.modules.checkQueue.service.worker).toBeNull();
    const ready = (await t.app.inject({ method: 'GET', url: '/readyz', headers: operationsHeaders })).json();
    expect(ready.components.face_models).toEqual({
      status: 'ok',
      detail: 'not loaded in ROLE=api: the check workers run the face checks',
    });
  });
});
