import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';

type Created = { id: string; client_token: string; url: string; external_ref: string };

describe.each(engines)('Idempotency-Key on %s', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { WEBHOOK_ALLOW_INSECURE: '1' } });
  });
  afterAll(async () => t.close());

  const newKey = () => `idem-${crypto.randomUUID()}`;
  const post = (url: string, payload: object, idempotencyKey?: string, apiKey = t.rootKey) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'x-api-key': apiKey, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
      payload,
    });
  const countByRef = async (externalRef: string, apiKey = t.rootKey) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/v1/verifications?external_ref=${encodeURIComponent(externalRef)}&limit=200`,
      headers: { 'x-api-key': apiKey },
    });
    expect(res.statusCode).toBe(200);
    return (res.json().data as unknown[]).length;
  };
  const mintApiKey = async (scopes = ['*']) => {
    const res = await post('/v1/keys', { label: 'merchant', scopes });
    expect(res.statusCode).toBe(201);
    return res.json().api_key as string;
  };

  it('a create retried with the same key answers the first response and creates one verification', async () => {
    const key = newKey();
    const ref = `ref-${key}`;
    const first = await post('/v1/verifications', { external_ref: ref, metadata: { plan: 'gold' } }, key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post('/v1/verifications', { metadata: { plan: 'gold' }, external_ref: ref }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await countByRef(ref)).toBe(1);

    // The replayed client token is the live one: it opens the session of that one verification.
    const state = await t.app.inject({
      method: 'GET',
      url: '/v1/session/state',
      headers: { 'x-client-token': (again.json() as Created).client_token },
    });
    expect(state.statusCode).toBe(200);
    expect(state.json().verification_id).toBe((first.json() as Created).id);
  });

  it('redaction erases the stored answers: a retry after it gets neither the erased metadata nor a token', async () => {
    const createKey = newKey();
    const ref = `ref-${createKey}`;
    const body = { external_ref: ref, metadata: { full_name: 'Zoe Q Example', phone: '+1 555 0199' } };
    const first = await post('/v1/verifications', body, createKey);
    expect(first.statusCode).toBe(201);
    const { id } = first.json() as Created;
    const tokenKey = newKey();
    const minted = await post(`/v1/verifications/${id}/client-token`, {}, tokenKey);
    expect(minted.statusCode, minted.body).toBe(201);
    const stored = () =>
      t.platform.database.db
        .selectFrom('idempotency_keys')
        .select('key_hash')
        .where('verification_id', '=', id)
        .execute();
    expect(await stored()).toHaveLength(2);

    expect((await post(`/v1/verifications/${id}/redact`, {})).statusCode).toBe(200);
    expect(await stored()).toHaveLength(0);
    const retried = await post('/v1/verifications', body, createKey);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect((retried.json() as Created).id).not.toBe(id);
    const retriedToken = await post(`/v1/verifications/${id}/client-token`, {}, tokenKey);
    expect(retriedToken.headers['idempotent-replayed']).toBeUndefined();
    expect(retriedToken.body).not.toContain(minted.json().client_token as string);
  });

  it('the same key with another body is a 409 in the error envelope, and acts not', async () => {
    const key = newKey();
    const ref = `ref-${key}`;
    expect((await post('/v1/verifications', { external_ref: ref }, key)).statusCode).toBe(201);
    const other = await post('/v1/verifications', { external_ref: `${ref}-other` }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      detail:
        'this Idempotency-Key was already used with a different request; use a new key for a new request',
    });
    expect(await countByRef(`${ref}-other`)).toBe(0);
    // Another route with the same key is another request too.
    expect(
      (await post('/v1/webhooks', { url: 'https://example.com/hook', events: ['*'] }, key)).statusCode,
    ).toBe(409);
  });

  it('20 concurrent duplicates create one verification and all answer it', async () => {
    const key = newKey();
    const ref = `ref-${key}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post('/v1/verifications', { external_ref: ref }, key)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => (a.json() as Created).id)).size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await countByRef(ref)).toBe(1);
  });

  it('keys are per API key: another key with the same Idempotency-Key acts on its own', async () => {
    const other = await mintApiKey();
    const key = newKey();
    const ref = `ref-${key}`;
    const mine = await post('/v1/verifications', { external_ref: ref }, key);
    const theirs = await post('/v1/verifications', { external_ref: ref }, key, other);
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect((theirs.json() as Created).id).not.toBe((mine.json() as Created).id);
  });

  it('without the header every create acts', async () => {
    const ref = `ref-${newKey()}`;
    await post('/v1/verifications', { external_ref: ref });
    await post('/v1/verifications', { external_ref: ref });
    expect(await countByRef(ref)).toBe(2);
  });

  it('a key of up to 255 printable characters is accepted; a longer or blank one is a 400', async () => {
    const ref = `ref-${newKey()}`;
    expect((await post('/v1/verifications', { external_ref: ref }, 'k'.repeat(255))).statusCode).toBe(201);
    for (const bad of ['k'.repeat(256), 'has space']) {
      const res = await post('/v1/verifications', { external_ref: ref }, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        detail: 'Idempotency-Key must be 1 to 255 printable ASCII characters without spaces',
      });
    }
    expect(await countByRef(ref)).toBe(1);
  });

  it('an error answer is not stored: the retry runs again', async () => {
    const created = (await post('/v1/verifications', { external_ref: `ref-${newKey()}` })).json() as Created;
    const key = newKey();
    const review = () =>
      post(`/v1/verifications/${created.id}/review`, { decision: 'approve', note: 'looked fine' }, key);
    const first = await review();
    expect(first.statusCode).toBe(409);
    const second = await review();
    expect(second.statusCode).toBe(409);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    // Nothing was recorded for the key, so it may now carry another request.
    expect((await post('/v1/verifications', { external_ref: `ref-${key}` }, key)).statusCode).toBe(201);
  });

  it('a key creation is replayed with the same secret, which the table holds only sealed', async () => {
    const key = newKey();
    const body = { label: `replayed ${key}`, scopes: ['verifications:read'] };
    const first = await post('/v1/keys', body, key);
    const again = await post('/v1/keys', body, key);
    expect(first.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const list = await t.app.inject({ method: 'GET', url: '/v1/keys', headers: { 'x-api-key': t.rootKey } });
    expect((list.json() as Array<{ label: string }>).filter((k) => k.label === body.label)).toHaveLength(1);

    const rows = await t.platform.database.db.selectFrom('idempotency_keys').selectAll().execute();
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(first.json().api_key);
    expect(stored).not.toContain(key);
  });

  it('a webhook endpoint creation is replayed with its secret and creates one endpoint', async () => {
    const apiKey = await mintApiKey(['webhooks:read', 'webhooks:write']);
    const key = newKey();
    const body = { url: 'https://example.com/idempotent', events: ['verification.decided'] };
    const first = await post('/v1/webhooks', body, key, apiKey);
    const again = await post('/v1/webhooks', body, key, apiKey);
    expect(first.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    const list = await t.app.inject({ method: 'GET', url: '/v1/webhooks', headers: { 'x-api-key': apiKey } });
    expect(list.json()).toHaveLength(1);
  });

  it('records expire after 24 hours: the key then acts again, and the sweep deletes them', async () => {
    const key = newKey();
    const ref = `ref-${key}`;
    expect((await post('/v1/verifications', { external_ref: ref }, key)).statusCode).toBe(201);
    t.clock.advanceSeconds(24 * 3600 + 1);
    const later = await post('/v1/verifications', { external_ref: ref }, key);
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await countByRef(ref)).toBe(2);

    t.clock.advanceSeconds(24 * 3600 + 1);
    expect(await t.platform.stores.idempotency.sweep(t.clock.now())).toBeGreaterThan(0);
    const left = await t.platform.database.db.selectFrom('idempotency_keys').selectAll().execute();
    expect(left).toEqual([]);
  });

  it('the header is in the OpenAPI document of the idempotent routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const params = doc.paths['/v1/verifications'].post.parameters as Array<{ name: string; in: string }>;
    expect(params).toContainEqual(expect.objectContaining({ name: 'idempotency-key', in: 'header' }));
  });
});
