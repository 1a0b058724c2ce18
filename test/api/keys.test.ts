import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';

describe.each(engines)('API keys on %s', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  const createKey = async (key: string, body: unknown) =>
    t.app.inject({ method: 'POST', url: '/v1/keys', headers: { 'x-api-key': key }, payload: body as object });

  it('creates a key shown once, stores only its hash, and lists public objects without key material', async () => {
    const res = await createKey(t.rootKey, { label: 'ci', scopes: ['keys:read'] });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({ label: 'ci', scopes: ['keys:read'] });
    expect(typeof created.id).toBe('number');
    expect(created.api_key).toMatch(/^svc_[A-Za-z0-9_-]{43}$/);

    const rows = await t.platform.database.db.selectFrom('api_keys').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(created.api_key);
    expect(JSON.stringify(rows)).not.toContain(created.api_key.slice(4));

    const list = await t.app.inject({ method: 'GET', url: '/v1/keys', headers: { 'x-api-key': t.rootKey } });
    expect(list.statusCode).toBe(200);
    const keys = list.json() as Array<Record<string, unknown>>;
    const listed = keys.find((k) => k.id === created.id)!;
    expect(Object.keys(listed).sort()).toEqual([
      'created_at',
      'id',
      'label',
      'last_used_at',
      'mode',
      'revoked_at',
      'scopes',
    ]);
    expect(listed.mode).toBe('live');
    expect(listed.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?$/);
    expect(JSON.stringify(keys)).not.toContain(created.api_key);
  });

  it('answers a new key or webhook secret with Cache-Control: no-store, an idempotent replay too', async () => {
    const create = (url: string, payload: object, idempotencyKey: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'x-api-key': t.rootKey, 'idempotency-key': idempotencyKey },
        payload,
      });
    for (const [url, payload] of [
      ['/v1/keys', { label: 'cached?', scopes: ['verifications:read'] }],
      // An address literal: registration checks the host is publicly routable, and no lookup is needed.
      ['/v1/webhooks', { url: 'https://93.184.215.14/idv', events: ['verification.decided'] }],
      ['/v1/accounts', { name: 'Cached Ltd' }],
    ] as const) {
      const first = await create(url, payload, `no-store-${url}`);
      const replay = await create(url, payload, `no-store-${url}`);
      expect([first.statusCode, replay.statusCode], first.body).toEqual([201, 201]);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      for (const res of [first, replay]) expect(res.headers['cache-control']).toBe('no-store');
    }
    const listed = await t.app.inject({
      method: 'GET',
      url: '/v1/keys',
      headers: { 'x-api-key': t.rootKey },
    });
    expect(listed.headers['cache-control']).not.toBe('no-store');
  });

  it('answers 401 "invalid API key" for missing, unknown and malformed keys, and audits each failure', async () => {
    const before = await t.platform.database.db.selectFrom('auth_failures').selectAll().execute();
    const missing = await t.app.inject({ method: 'GET', url: '/v1/keys' });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/v1/keys',
      headers: { 'x-api-key': 'svc_' + 'A'.repeat(43) },
    });
    const junk = await t.app.inject({ method: 'GET', url: '/v1/keys', headers: { 'x-api-key': 'nonsense' } });
    for (const res of [missing, unknown, junk]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'invalid API key' });
    }
    const after = await t.platform.database.db
      .selectFrom('auth_failures')
      .selectAll()
      .orderBy('id')
      .execute();
    const added = after.slice(before.length);
    expect(added.map((r) => r.reason)).toEqual(['missing', 'unknown', 'unknown']);
    expect(added[1]!.key_prefix).toBe('svc_AAAA');
    expect(JSON.stringify(added)).not.toContain('A'.repeat(43));
    expect(added[0]!.ip).toBeTruthy();
  });

  it('answers 403 "missing scope: <scope>" and grants everything with "*"', async () => {
    const reader = (await createKey(t.rootKey, { label: 'reader', scopes: ['keys:read'] })).json();
    const denied = await createKey(reader.api_key, { label: 'x', scopes: ['keys:read'] });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ detail: 'missing scope: keys:write' });
    const allowed = await t.app.inject({
      method: 'GET',
      url: '/v1/keys',
      headers: { 'x-api-key': reader.api_key },
    });
    expect(allowed.statusCode).toBe(200);
    const star = (await createKey(t.rootKey, { label: 'star', scopes: ['*'] })).json();
    expect((await createKey(star.api_key, { label: 'child', scopes: ['webhooks:read'] })).statusCode).toBe(
      201,
    );
  });

  it('checks authentication before validation (401 then 403 then 422)', async () => {
    expect((await createKey('bad', { label: '' })).statusCode).toBe(401);
    const reader = (await createKey(t.rootKey, { label: 'r2', scopes: ['keys:read'] })).json();
    expect((await createKey(reader.api_key, { label: '' })).statusCode).toBe(403);
    const invalid = await createKey(t.rootKey, { label: '', scopes: ['nope'] });
    expect(invalid.statusCode).toBe(422);
    const detail = invalid.json().detail as Array<{ loc: unknown[]; msg: string; type: string }>;
    expect(detail.map((d) => d.loc)).toEqual(
      expect.arrayContaining([
        ['body', 'label'],
        ['body', 'scopes', 0],
      ]),
    );
    for (const d of detail) expect(typeof d.msg).toBe('string');
    const missing = await createKey(t.rootKey, { scopes: ['*'] });
    expect(missing.json().detail).toEqual([
      { loc: ['body', 'label'], msg: 'field required', type: 'missing' },
    ]);
  });

  it('revokes immediately and idempotently, returning the same public object', async () => {
    const child = (await createKey(t.rootKey, { label: 'to-revoke', scopes: ['keys:read'] })).json();
    expect(
      (await t.app.inject({ method: 'GET', url: '/v1/keys', headers: { 'x-api-key': child.api_key } }))
        .statusCode,
    ).toBe(200);
    const first = await t.app.inject({
      method: 'POST',
      url: `/v1/keys/${child.id}/revoke`,
      headers: { 'x-api-key': t.rootKey },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().revoked_at).toBeTruthy();
    expect(first.json()).not.toHaveProperty('api_key');
    const afterRevoke = await t.app.inject({
      method: 'GET',
      url: '/v1/keys',
      headers: { 'x-api-key': child.api_key },
    });
    expect(afterRevoke.statusCode).toBe(401);
    expect(afterRevoke.json()).toEqual({ detail: 'invalid API key' });
    t.clock.advanceSeconds(60);
    const second = await t.app.inject({
      method: 'POST',
      url: `/v1/keys/${child.id}/revoke`,
      headers: { 'x-api-key': t.rootKey },
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const failures = await t.platform.database.db
      .selectFrom('auth_failures')
      .selectAll()
      .where('reason', '=', 'revoked')
      .execute();
    expect(failures.length).toBeGreaterThan(0);
  });

  it('lets a key see and revoke only itself and the keys it created; anything else is 404', async () => {
    const a = (await createKey(t.rootKey, { label: 'A', scopes: ['keys:read', 'keys:write'] })).json();
    const b = (await createKey(t.rootKey, { label: 'B', scopes: ['keys:read', 'keys:write'] })).json();
    const aChild = (await createKey(a.api_key, { label: 'A-child', scopes: ['keys:read'] })).json();

    const listA = (
      await t.app.inject({ method: 'GET', url: '/v1/keys', headers: { 'x-api-key': a.api_key } })
    ).json();
    expect(listA.map((k: { id: number }) => k.id).sort()).toEqual([a.id, aChild.id].sort());

    for (const target of [aChild.id, 1, 999999, 'abc', '0']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/v1/keys/${target}/revoke`,
        headers: { 'x-api-key': b.api_key },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'api key not found' });
    }
    const own = await t.app.inject({
      method: 'POST',
      url: `/v1/keys/${aChild.id}/revoke`,
      headers: { 'x-api-key': a.api_key },
    });
    expect(own.statusCode).toBe(200);
  });

  it('records last_used_at without writing on every request', async () => {
    const k = (await createKey(t.rootKey, { label: 'usage', scopes: ['keys:read'] })).json();
    await t.app.inject({ method: 'GET', url: '/v1/keys', headers: { 'x-api-key': k.api_key } });
    await new Promise((r) => setTimeout(r, 50));
    const first = (
      await t.app.inject({ method: 'GET', url: '/v1/keys', headers: { 'x-api-key': k.api_key } })
    ).json();
    const seen = first.find((x: { id: number }) => x.id === k.id).last_used_at;
    expect(seen).toBeTruthy();
    t.clock.advanceSeconds(10);
    await t.app.inject({ method: 'GET', url: '/v1/keys', headers: { 'x-api-key': k.api_key } });
    await new Promise((r) => setTimeout(r, 50));
    const again = (
      await t.app.inject({ method: 'GET', url: '/v1/keys', headers: { 'x-api-key': k.api_key } })
    ).json();
    expect(again.find((x: { id: number }) => x.id === k.id).last_used_at).toBe(seen);
    t.clock.advanceSeconds(120);
    await t.app.inject({ method: 'GET', url: '/v1/keys', headers: { 'x-api-key': k.api_key } });
    await new Promise((r) => setTimeout(r, 50));
    const later = (
      await t.app.inject({ method: 'GET', url: '/v1/keys', headers: { 'x-api-key': k.api_key } })
    ).json();
    expect(later.find((x: { id: number }) => x.id === k.id).last_used_at).not.toBe(seen);
  });
});
