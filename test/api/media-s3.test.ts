import { saveUploads } from '../../src/use-cases/verifications/session-inputs.js';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { plainJpeg, toB64 } from '../helpers/images.js';
import { decidedVerification, SAMPLE_BARCODE } from '../helpers/session-flow.js';
import { createTestApp, engines, operationsHeaders, type TestContext } from '../helpers/test-app.js';
import { S3_TEST_BUCKET, startS3 } from '../helpers/s3.js';

const BUCKET = S3_TEST_BUCKET;

function s3Env(endpoint: string): Record<string, string> {
  return {
    MEDIA_STORE: 's3',
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_TIMEOUT_MS: '2000',
  };
}

function s3Client(endpoint: string): S3Client {
  return new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
}

async function objectKeys(endpoint: string): Promise<string[]> {
  const client = s3Client(endpoint);
  try {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
    return (listed.Contents ?? []).map((o) => o.Key!).sort();
  } finally {
    client.destroy();
  }
}

describe.each(engines)('media in an S3-compatible bucket (%s)', (engine) => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let t: TestContext;
  let jpeg: Buffer;
  beforeAll(async () => {
    s3 = await startS3();
    t = await createTestApp(engine, { env: s3Env(s3.endpoint) });
    jpeg = await plainJpeg();
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const session = (url: string, token: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { 'x-client-token': token }, payload });

  it('keeps the bytes in the bucket and only the object key in the database; links serve the same bytes', async () => {
    const { id } = await decidedVerification(t);
    const rows = await t.platform.database.db
      .selectFrom('media')
      .select(['kind', 'bytes', 'storage_key'])
      .where('verification_id', '=', id)
      .execute();
    expect(rows.map((r) => r.kind).sort()).toEqual([
      'document_back',
      'document_front',
      'selfie_frame',
      'selfie_frame',
    ]);
    expect(rows.every((r) => r.bytes === null)).toBe(true);
    const keys = await objectKeys(s3.endpoint);
    for (const row of rows) expect(keys).toContain(`media/${row.storage_key}`);

    const media = (
      await t.app.inject({
        method: 'GET',
        url: `/v1/verifications/${id}/media`,
        headers: { 'x-api-key': t.rootKey },
      })
    ).json();
    const url = new URL(media.items[0].url);
    const fetched = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.headers['content-type']).toBe('image/jpeg');
    expect(fetched.rawPayload.equals(jpeg)).toBe(true);

    const ready = (await t.app.inject({ method: 'GET', url: '/readyz', headers: operationsHeaders })).json();
    expect(ready.components.media_store).toEqual({
      status: 'ok',
      detail: expect.stringMatching(/^s3:\/\/idv-media\/media\//),
    });
  });

  it('a retaken photo replaces the object: the old one is deleted once the new row has committed', async () => {
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/verifications',
        headers: { 'x-api-key': t.rootKey },
        payload: { external_ref: 'retake' },
      })
    ).json();
    const token = created.client_token as string;
    expect((await session('/v1/session/consent', token, { consent: true })).statusCode).toBe(200);
    const frontKey = async () =>
      (
        await t.platform.database.db
          .selectFrom('media')
          .select('storage_key')
          .where('verification_id', '=', created.id)
          .where('kind', '=', 'document_front')
          .executeTakeFirstOrThrow()
      ).storage_key!;
    expect(
      (await session('/v1/session/document', token, { side: 'front', image_b64: toB64(jpeg) })).statusCode,
    ).toBe(200);
    const first = await frontKey();
    expect(
      (await session('/v1/session/document', token, { side: 'front', image_b64: toB64(jpeg) })).statusCode,
    ).toBe(200);
    const second = await frontKey();
    expect(second).not.toBe(first);
    await vi.waitFor(async () => {
      const keys = await objectKeys(s3.endpoint);
      expect(keys).toContain(`media/${second}`);
      expect(keys).not.toContain(`media/${first}`);
    });
  });

  it('uploads for a verification that closed meanwhile leave no object behind', async () => {
    const { id } = await decidedVerification(t);
    const before = await objectKeys(s3.endpoint);
    const verification = (await t.platform.stores.verifications.findById(id, t.clock.now()))!;
    await expect(
      saveUploads(t.modules.verifications.deps, verification, {
        media: [{ kind: 'document_front', index: 0, contentType: 'image/jpeg', bytes: jpeg }],
        status: 'doc_back',
        at: t.clock.now(),
        event: 'document.front_uploaded',
        detail: {},
      }),
    ).rejects.toMatchObject({ code: 'verification_closed' });
    await vi.waitFor(async () => expect(await objectKeys(s3.endpoint)).toEqual(before));
  });

  // Last in this block: it moves the clock hours ahead.
  it('sweeps objects no row refers to once they are an hour old, and never one a row refers to', async () => {
    await decidedVerification(t);
    const orphanKey = `${crypto.randomUUID()}/${crypto.randomUUID()}`;
    const client = s3Client(s3.endpoint);
    try {
      await client.send(
        new PutObjectCommand({
          Bucket: BUCKET,
          Key: `media/${orphanKey}`,
          Body: jpeg,
          ContentType: 'image/jpeg',
        }),
      );
    } finally {
      client.destroy();
    }
    const referenced = (await t.platform.database.db.selectFrom('media').select('storage_key').execute()).map(
      (r) => `media/${r.storage_key}`,
    );

    t.clock.set(new Date());
    const young = await t.modules.privacy.sweepMedia();
    expect(young.deleted).toBe(0);
    expect(await objectKeys(s3.endpoint)).toContain(`media/${orphanKey}`);

    t.clock.set(new Date(Date.now() + 2 * 3_600_000));
    const old = await t.modules.privacy.sweepMedia();
    expect(old).toEqual({ scanned: referenced.length + 1, deleted: 1 });
    expect(await objectKeys(s3.endpoint)).toEqual([...referenced].sort());
  });
});

describe('media bucket unreachable (pglite)', () => {
  let t: TestContext;
  let jpeg: Buffer;
  beforeAll(async () => {
    const s3 = await startS3();
    const endpoint = s3.endpoint;
    await s3.close();
    t = await createTestApp('pglite', { env: s3Env(endpoint) });
    jpeg = await plainJpeg();
  });
  afterAll(async () => t?.close());

  it('answers 503 with nothing saved, and /readyz reports the store unavailable', async () => {
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/verifications',
        headers: { 'x-api-key': t.rootKey },
        payload: { external_ref: 'outage' },
      })
    ).json();
    const token = created.client_token as string;
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { 'x-client-token': token }, payload });
    expect((await post('/v1/session/consent', { consent: true })).statusCode).toBe(200);
    const auditBefore = await t.platform.database.db
      .selectFrom('verification_audit')
      .select('event')
      .where('verification_id', '=', created.id)
      .execute();

    const front = await post('/v1/session/document', { side: 'front', image_b64: toB64(jpeg) });
    expect(front.statusCode).toBe(503);
    expect(front.json()).toEqual({
      detail: 'media storage is unavailable; nothing was saved, try again shortly',
    });
    const back = await post('/v1/session/document', {
      side: 'back',
      image_b64: toB64(jpeg),
      barcode: SAMPLE_BARCODE,
    });
    expect(back.statusCode).toBe(503);

    const media = await t.platform.database.db
      .selectFrom('media')
      .select('id')
      .where('verification_id', '=', created.id)
      .execute();
    expect(media).toEqual([]);
    const auditAfter = await t.platform.database.db
      .selectFrom('verification_audit')
      .select('event')
      .where('verification_id', '=', created.id)
      .execute();
    expect(auditAfter).toEqual(auditBefore);
    const state = (
      await t.app.inject({ method: 'GET', url: '/v1/session/state', headers: { 'x-client-token': token } })
    ).json();
    expect(state.status).toBe('doc_front');

    const ready = (await t.app.inject({ method: 'GET', url: '/readyz', headers: operationsHeaders })).json();
    expect(ready.status).toBe('degraded');
    expect(ready.components.media_store.status).toBe('unavailable');
  });
});
