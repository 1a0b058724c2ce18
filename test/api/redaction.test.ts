import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { claimNextJob } from '../helpers/check-jobs.js';
import { plainJpeg } from '../helpers/images.js';
import { decideCheckJob } from '../../src/use-cases/verifications/decide-check-job.js';
import {
  decidedVerification,
  verificationReadyToSubmit,
  verificationDetail,
} from '../helpers/session-flow.js';
import { S3_TEST_BUCKET, S3_TEST_CREDENTIALS, startS3 } from '../helpers/s3.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';

/** Strings of the sample licence (session-flow.ts SAMPLE_BARCODE) that must not survive a redaction. */
const LICENCE_STRINGS = ['MICHAEL', 'D1234562', 'BROAD STREET', '06061986', '1986-06-06'];
/** Every table that refers to a verification: after redaction none may hold the licence's data. */
const TABLES = [
  'verifications',
  'verification_audit',
  'media',
  'face_templates',
  'device_signals',
  'check_jobs',
  'events',
  'webhook_deliveries',
] as const;

/** A 128-d template as the face checks store it, one of its own for each verification. */
const template = () => Array.from({ length: 128 }, () => (Math.random() - 0.5) / 4);
/** A verification id no template belongs to: the probe's own, excluded from the search. */
const PROBE = '00000000-0000-4000-8000-000000000000';
const templates = new Map<string, number[]>();

/** The tables among TABLES whose rows of this verification contain `needle`. */
async function leftovers(t: TestContext, id: string, needle: string): Promise<string[]> {
  const found: string[] = [];
  for (const table of TABLES) {
    const column = sql.ref(table === 'verifications' ? 'r.id' : 'r.verification_id');
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ${sql.table(table)} AS r
      WHERE ${column} = ${id} AND r::text ILIKE ${`%${needle}%`}`.execute(t.platform.database.db);
    if (rows[0]!.n > 0) found.push(table);
  }
  return found;
}

async function redact(t: TestContext, id: string, key = t.rootKey) {
  return t.app.inject({
    method: 'POST',
    url: `/v1/verifications/${id}/redact`,
    headers: { 'x-api-key': key },
  });
}

describe.each(engines)('POST /v1/verifications/{id}/redact (%s)', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    // ROLE=api: no check worker here, so the in-flight test decides when the checks commit.
    t = await createTestApp(engine, { env: { ROLE: 'api' } });
    await t.modules.checkQueue.service.queue.heartbeat('redaction-test-worker', 1);
  });
  afterAll(async () => t?.close());

  const db = () => t.platform.database.db;

  /** A decided verification with a face template, device signals and a webhook endpoint listening. */
  async function decidedWithEverything(): Promise<string> {
    const v = await verificationReadyToSubmit(t);
    const signals = await t.app.inject({
      method: 'POST',
      url: '/v1/signals/collect',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        client_token: v.client_token,
        components: { timezone: 'Europe/Paris', platform: 'MacIntel' },
      }),
    });
    expect(signals.json()).toMatchObject({ linked: true, stored: true });
    const submitted = t.app.inject({
      method: 'POST',
      url: '/v1/session/submit',
      headers: { 'x-client-token': v.client_token, 'user-agent': 'RedactionTest/1.0' },
      payload: {},
    });
    const job = await claimJob();
    expect(await decideCheckJob(t.modules.verifications.deps, job)).toBe('decided');
    t.modules.checkQueue.service.queue.announceDone(job.id);
    expect((await submitted).statusCode).toBe(200);
    // ML is off in this suite, so the decision stored no template; store one as the checks would.
    await t.platform.transact((tx) =>
      tx.faces.remember({
        verificationId: v.id,
        apiKeyId: 1,
        identity: { name: 'MICHAEL JOHN SAMPLE', dob: '1986-06-06' },
        embedding: templates.set(v.id, template()).get(v.id)!,
        at: t.clock.now(),
      }),
    );
    return v.id;
  }

  const claimJob = () => claimNextJob(t.modules.checkQueue.service.queue, 'redaction-test-worker');

  it('erases media, template and personal data in the tables; the decision and audit log stay', async () => {
    const id = await decidedWithEverything();
    const before = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/verifications/${id}`,
        headers: { 'x-api-key': t.rootKey },
      })
    ).json();
    expect(before.redacted_at).toBeNull();
    expect(before.doc_checks.document.identity.first_name).toBe('MICHAEL');
    const probe = templates.get(id)!;
    expect(await t.platform.stores.faces.nearest(probe, PROBE)).toMatchObject({
      verificationId: id,
      distance: 0,
    });

    const res = await redact(t, id);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json();
    expect(after).toMatchObject({
      id,
      status: 'decided',
      decision: before.decision,
      score: before.score,
      decision_reasons: before.decision_reasons,
      created_at: before.created_at,
      decided_at: before.decided_at,
      metadata: {},
    });
    expect(after.redacted_at).toBe(new Date(t.clock.now()).toISOString().replace('Z', ''));
    expect(after.doc_checks).toEqual({ face_dedupe: { reason: before.doc_checks.face_dedupe.reason } });
    expect(after.checks.signals).toBeUndefined();
    expect(after.checks.document).toEqual(before.checks.document);
    const events = after.audit_log.map((entry: { event: string }) => entry.event);
    expect(events.slice(0, -1)).toEqual(before.audit_log.map((entry: { event: string }) => entry.event));
    expect(after.audit_log.at(-1)).toMatchObject({
      actor: 'merchant',
      event: 'verification.redacted',
      detail: { reason: 'request', media_deleted: 4, face_template_deleted: true },
    });

    for (const needle of [...LICENCE_STRINGS, 'RedactionTest', 'Europe/Paris'])
      expect(await leftovers(t, id, needle), needle).toEqual([]);
    const count = async (table: 'media' | 'face_templates' | 'device_signals') =>
      (await db().selectFrom(table).select('verification_id').where('verification_id', '=', id).execute())
        .length;
    expect(await count('media')).toBe(0);
    expect(await count('face_templates')).toBe(0);
    expect(await count('device_signals')).toBe(0);
    const row = await db()
      .selectFrom('verifications')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.barcode).toBeNull();
    expect((await t.platform.stores.faces.nearest(probe, PROBE))?.verificationId).not.toBe(id);

    const media = await t.app.inject({
      method: 'GET',
      url: `/v1/verifications/${id}/media`,
      headers: { 'x-api-key': t.rootKey },
    });
    expect(media.json().items).toEqual([]);
    const outbox = await db()
      .selectFrom('events')
      .select(['type', 'data'])
      .where('verification_id', '=', id)
      .where('type', '=', 'verification.redacted')
      .execute();
    expect(outbox).toEqual([
      {
        type: 'verification.redacted',
        data: { redacted_at: after.redacted_at, status: 'decided', decision: before.decision },
      },
    ]);
  });

  it('leaves no free text or device detail in the audit log: the review note and every browser string go', async () => {
    const note = 'Called the holder: QUENTIN-NOTE-MARKER, 6357 Oak Ave';
    const reviewed = await decidedWithEverything();
    const review = await t.app.inject({
      method: 'POST',
      url: `/v1/verifications/${reviewed}/review`,
      headers: { 'x-api-key': t.rootKey },
      payload: { decision: 'approve', note },
    });
    expect(review.statusCode).toBe(200);

    const agent = 'HandoffPhone/9.9 AGENT-MARKER';
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/verifications',
      headers: { 'x-api-key': t.rootKey },
      payload: { external_ref: 'handoff-redaction' },
    });
    const open = created.json() as { id: string; client_token: string };
    const session = { 'x-client-token': open.client_token, 'user-agent': agent };
    await t.app.inject({
      method: 'POST',
      url: '/v1/session/consent',
      headers: session,
      payload: { consent: true },
    });
    const link = await t.app.inject({ method: 'POST', url: '/v1/session/handoff', headers: session });
    const claimed = await t.app.inject({
      method: 'POST',
      url: '/v1/session/handoff/claim',
      headers: { 'user-agent': agent },
      payload: { handoff_token: link.json().handoff_token },
    });
    expect(claimed.statusCode).toBe(200);
    // Sealed with the verification's key, neither is in any table even before redaction; the API reads both.
    expect(await leftovers(t, open.id, 'AGENT-MARKER')).toEqual([]);
    expect(await leftovers(t, reviewed, 'NOTE-MARKER')).toEqual([]);
    expect(JSON.stringify((await verificationDetail(t, open.id)).audit_log)).toContain('AGENT-MARKER');
    const reviewedBefore = await verificationDetail(t, reviewed);
    expect(reviewedBefore.review.note).toBe(note);
    expect(JSON.stringify(reviewedBefore.audit_log)).toContain('NOTE-MARKER');

    for (const id of [reviewed, open.id]) expect((await redact(t, id)).statusCode).toBe(200);
    expect(await leftovers(t, open.id, 'AGENT-MARKER')).toEqual([]);
    expect(await leftovers(t, reviewed, 'NOTE-MARKER')).toEqual([]);
    expect(JSON.stringify(await verificationDetail(t, open.id))).not.toContain('AGENT-MARKER');
    const detail = await verificationDetail(t, reviewed);
    expect(JSON.stringify(detail)).not.toContain('NOTE-MARKER');
    const entry = detail.audit_log.find((e: { event: string }) => e.event === 'verification.reviewed');
    expect(entry.detail).toMatchObject({ decision: 'approve' });
    expect(entry.detail).not.toHaveProperty('note');
  });

  it('is idempotent: a repeat answers 200 with the same body and writes nothing', async () => {
    const id = await decidedWithEverything();
    const first = await redact(t, id);
    t.clock.advanceSeconds(60);
    const second = await redact(t, id);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const entries = await db()
      .selectFrom('verification_audit')
      .select('event')
      .where('verification_id', '=', id)
      .where('event', '=', 'verification.redacted')
      .execute();
    expect(entries).toHaveLength(1);
  });

  it('refuses a review once redacted: the evidence is gone', async () => {
    const id = await decidedWithEverything();
    expect((await redact(t, id)).json()).toMatchObject({ decision: 'review' });
    const review = await t.app.inject({
      method: 'POST',
      url: `/v1/verifications/${id}/review`,
      headers: { 'x-api-key': t.rootKey },
      payload: { decision: 'approve', note: 'looked fine' },
    });
    expect(review.statusCode).toBe(409);
    expect(review.json()).toEqual({
      detail: 'verification was redacted; its evidence is gone, so it cannot be reviewed',
    });
  });

  it('answers 404 to a key that does not own the verification, and changes nothing', async () => {
    const id = await decidedWithEverything();
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/keys',
      headers: { 'x-api-key': t.rootKey },
      payload: { label: 'stranger', scopes: ['verifications:write', 'verifications:read'] },
    });
    const res = await redact(t, id, created.json().api_key);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'verification not found' });
    const row = await db()
      .selectFrom('verifications')
      .select('redacted_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.redacted_at).toBeNull();
    expect(
      await db().selectFrom('media').select('id').where('verification_id', '=', id).execute(),
    ).toHaveLength(4);
  });

  it('closes an open verification, and the checks’ late commit brings nothing back', async () => {
    const v = await verificationReadyToSubmit(t);
    const submitted = t.app.inject({
      method: 'POST',
      url: '/v1/session/submit',
      headers: { 'x-client-token': v.client_token },
      payload: {},
    });
    const job = await claimJob();
    // The redaction lands while the checks run: after they read the inputs, before their commit.
    const deps = t.modules.verifications.deps;
    const outcome = await decideCheckJob(
      {
        ...deps,
        transact: async (work) => {
          expect((await redact(t, v.id)).statusCode).toBe(200);
          return deps.transact(work);
        },
      },
      job,
    );
    expect(outcome).toBe('superseded');
    t.modules.checkQueue.service.queue.announceDone(job.id);
    await submitted;

    const detail = await verificationDetail(t, v.id);
    expect(detail).toMatchObject({ status: 'expired', decision: null, score: null });
    expect(detail.redacted_at).not.toBeNull();
    const media = await db().selectFrom('media').select('id').where('verification_id', '=', v.id).execute();
    expect(media).toEqual([]);
    const usage = await db()
      .selectFrom('usage_records')
      .select('verification_id')
      .where('verification_id', '=', v.id)
      .execute();
    expect(usage).toEqual([]);
    for (const needle of LICENCE_STRINGS) expect(await leftovers(t, v.id, needle), needle).toEqual([]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/v1/session/consent',
      headers: { 'x-client-token': v.client_token },
      payload: { consent: true },
    });
    expect(upload.statusCode).toBe(401);
  });
});

describe.each(engines)('redaction with media in an S3-compatible bucket (%s)', (engine) => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let t: TestContext;
  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp(engine, {
      env: {
        MEDIA_STORE: 's3',
        S3_BUCKET: S3_TEST_BUCKET,
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
        S3_TIMEOUT_MS: '2000',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const client = () =>
    new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: S3_TEST_CREDENTIALS,
    });

  async function objectBytes(key: string): Promise<Buffer> {
    const s3Client = client();
    try {
      const object = await s3Client.send(new GetObjectCommand({ Bucket: S3_TEST_BUCKET, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    } finally {
      s3Client.destroy();
    }
  }

  async function objectKeys(): Promise<string[]> {
    const s3Client = client();
    try {
      const listed = await s3Client.send(new ListObjectsV2Command({ Bucket: S3_TEST_BUCKET }));
      return (listed.Contents ?? []).map((o) => o.Key!);
    } finally {
      s3Client.destroy();
    }
  }

  it('deletes the objects from the bucket, leaving the other verifications’ objects', async () => {
    const kept = await decidedVerification(t);
    const { id } = await decidedVerification(t);
    const mine = (await objectKeys()).filter((key) => key.includes(id));
    expect(mine).toHaveLength(4);
    // The bucket holds ciphertext only (DATA_ENCRYPTION_KEY), not the JPEG.
    for (const key of mine) {
      const stored = await objectBytes(key);
      expect(stored.subarray(0, 4).toString('ascii')).toBe('IDK1');
      expect(stored.includes((await plainJpeg()).subarray(0, 64))).toBe(false);
    }
    const res = await redact(t, id);
    expect(res.statusCode, res.body).toBe(200);
    const left = await objectKeys();
    expect(left.filter((key) => key.includes(id))).toEqual([]);
    expect(left.filter((key) => key.includes(kept.id))).toHaveLength(4);
  });
});
