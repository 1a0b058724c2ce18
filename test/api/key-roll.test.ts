import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_ORIGIN, consoleDriver } from '../helpers/console-members.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';

describe.each(engines)('rolling a key on %s', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { PUBLIC_BASE_URL: CONSOLE_ORIGIN } });
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST', url: string, key: string, payload?: object, headers = {}) =>
    t.app.inject({ method, url, headers: { 'x-api-key': key, ...headers }, ...(payload ? { payload } : {}) });
  const mint = async (key: string, label: string, scopes = ['*']) => {
    const res = await call('POST', '/v1/keys', key, { label, scopes });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; api_key: string };
  };
  const roll = (key: string, id: number, payload?: object, headers = {}) =>
    call('POST', `/v1/keys/${id}/roll`, key, payload, headers);

  it('mints a successor that takes over everything the old key owns, in one step', async () => {
    const old = await mint(t.rootKey, 'production');
    const verification = (
      await call('POST', '/v1/verifications', old.api_key, { external_ref: 'roll-1' })
    ).json();
    expect((await call('POST', `/v1/verifications/${verification.id}/cancel`, old.api_key)).statusCode).toBe(
      200,
    );
    const endpoint = await call('POST', '/v1/webhooks', old.api_key, {
      url: 'https://93.184.215.14/idv',
      events: ['verification.decided'],
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const monitor = await call('POST', '/v1/screening/monitors', old.api_key, { name: 'Jane Doe' });
    expect(monitor.statusCode, monitor.body).toBe(201);
    const publishable = await call('POST', '/v1/publishable-keys', old.api_key, { label: 'web' });
    expect(publishable.statusCode, publishable.body).toBe(201);
    const child = await mint(old.api_key, 'child', ['verifications:read']);
    const before = {
      events: (await call('GET', '/v1/events', old.api_key)).json(),
      webhooks: (await call('GET', '/v1/webhooks', old.api_key)).json(),
      monitors: (await call('GET', '/v1/screening/monitors', old.api_key)).json(),
      publishable: (await call('GET', '/v1/publishable-keys', old.api_key)).json(),
    };
    expect(before.events.data.length).toBeGreaterThan(0);

    const res = await roll(old.api_key, old.id, { expires_in_seconds: 3600 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const rolled = res.json();
    expect(rolled).toMatchObject({ label: 'production', scopes: ['*'], mode: 'live' });
    expect(rolled.id).not.toBe(old.id);
    expect(rolled.api_key).toMatch(/^svc_[A-Za-z0-9_-]{43}$/);
    expect(rolled.rolled_key).toEqual({ id: old.id, expires_at: '2026-11-01T13:00:00.000' });
    const successor = rolled.api_key as string;

    const read = await call('GET', `/v1/verifications/${verification.id}`, successor);
    expect(read.statusCode).toBe(200);
    expect(read.json().status).toBe('canceled');
    expect((await call('GET', '/v1/events', successor)).json()).toEqual(before.events);
    expect((await call('GET', '/v1/webhooks', successor)).json()).toEqual(before.webhooks);
    expect((await call('GET', '/v1/screening/monitors', successor)).json()).toEqual(before.monitors);
    expect((await call('GET', '/v1/publishable-keys', successor)).json()).toEqual(before.publishable);
    // The keys the old key minted are the successor's now, and still work.
    const keys = (await call('GET', '/v1/keys', successor)).json() as Array<{ id: number }>;
    expect(keys.map((k) => k.id).sort()).toEqual([rolled.id, child.id].sort());
    expect((await call('GET', `/v1/verifications/${verification.id}`, child.api_key)).statusCode).toBe(404);

    // Every column naming the old key as owner moved; none still does.
    const db = t.platform.database.db;
    for (const table of [
      'verifications',
      'publishable_keys',
      'usage_records',
      'events',
      'face_templates',
      'webhook_endpoints',
      'selfie_frame_hashes',
      'screening_monitors',
      'screening_alerts',
    ] as const) {
      const left = await db.selectFrom(table).select('api_key_id').where('api_key_id', '=', old.id).execute();
      expect([table, left.length]).toEqual([table, 0]);
    }
    const audit = await db
      .selectFrom('account_audit')
      .select(['event', 'detail'])
      .where('event', '=', 'api_key.rolled')
      .execute();
    expect(audit.map((row) => row.detail)).toContainEqual(
      expect.objectContaining({ key_id: old.id, successor_key_id: rolled.id }),
    );
  });

  it('keeps the old key working as its successor during the grace, and refuses it after', async () => {
    const old = await mint(t.rootKey, 'grace');
    const res = await roll(old.api_key, old.id, { expires_in_seconds: 60 });
    const successor = res.json();
    // Made with the old key during the grace: the successor's.
    const made = (await call('POST', '/v1/verifications', old.api_key, { external_ref: 'in-grace' })).json();
    expect((await call('GET', `/v1/verifications/${made.id}`, successor.api_key)).statusCode).toBe(200);
    const seen = (await call('GET', '/v1/keys', old.api_key)).json() as Array<{ id: number }>;
    expect(seen.map((k) => k.id)).toEqual([successor.id]);
    // A rolled key is rolled once.
    const again = await roll(t.rootKey, old.id);
    expect([again.statusCode, again.json()]).toEqual([
      409,
      { detail: 'a revoked or already rolled key cannot be rolled' },
    ]);

    t.clock.advanceSeconds(60);
    const expired = await call('GET', `/v1/verifications/${made.id}`, old.api_key);
    expect([expired.statusCode, expired.json()]).toEqual([401, { detail: 'invalid API key' }]);
    expect((await call('GET', `/v1/verifications/${made.id}`, successor.api_key)).statusCode).toBe(200);
  });

  it('stops the old key at once with no grace, and defaults to a day', async () => {
    const now = await mint(t.rootKey, 'now');
    const rolledNow = await roll(t.rootKey, now.id, { expires_in_seconds: 0 });
    expect(rolledNow.statusCode).toBe(201);
    expect((await call('GET', '/v1/keys', now.api_key)).statusCode).toBe(401);
    expect((await call('GET', '/v1/keys', rolledNow.json().api_key)).statusCode).toBe(200);

    const later = await mint(t.rootKey, 'later');
    const rolledLater = await roll(t.rootKey, later.id);
    expect(rolledLater.statusCode, rolledLater.body).toBe(201);
    const expiresAt = new Date(`${rolledLater.json().rolled_key.expires_at}Z`).getTime();
    expect(expiresAt - t.clock.now().getTime()).toBe(24 * 3600 * 1000);

    const tooLong = await roll(t.rootKey, later.id, { expires_in_seconds: 7 * 24 * 3600 + 1 });
    expect(tooLong.statusCode).toBe(422);
  });

  it('revoking the old key leaves its successor working; revoking the successor ends the grace', async () => {
    const old = await mint(t.rootKey, 'revoke-old');
    const successor = (await roll(t.rootKey, old.id, { expires_in_seconds: 3600 })).json();
    const revoked = await call('POST', `/v1/keys/${old.id}/revoke`, t.rootKey);
    expect(revoked.statusCode).toBe(200);
    expect((await call('GET', '/v1/keys', old.api_key)).statusCode).toBe(401);
    expect((await call('GET', '/v1/keys', successor.api_key)).statusCode).toBe(200);

    const other = await mint(t.rootKey, 'revoke-successor');
    const next = (await roll(t.rootKey, other.id, { expires_in_seconds: 3600 })).json();
    expect((await call('POST', `/v1/keys/${next.id}/revoke`, t.rootKey)).statusCode).toBe(200);
    expect((await call('GET', '/v1/keys', other.api_key)).statusCode).toBe(401);
  });

  it('rolling the successor during the grace hands the first key on to the newest', async () => {
    const first = await mint(t.rootKey, 'chain');
    const second = (await roll(t.rootKey, first.id, { expires_in_seconds: 3600 })).json();
    const third = (await roll(t.rootKey, second.id, { expires_in_seconds: 3600 })).json();
    const made = (await call('POST', '/v1/verifications', first.api_key, { external_ref: 'chain' })).json();
    expect((await call('GET', `/v1/verifications/${made.id}`, third.api_key)).statusCode).toBe(200);
    expect((await call('GET', `/v1/verifications/${made.id}`, second.api_key)).statusCode).toBe(200);
    // Revoking the newest ends the grace of every key rolled into it.
    expect((await call('POST', `/v1/keys/${third.id}/revoke`, t.rootKey)).statusCode).toBe(200);
    for (const key of [first.api_key, second.api_key, third.api_key]) {
      expect((await call('GET', '/v1/keys', key)).statusCode).toBe(401);
    }
  });

  it('rolls only a key the caller reaches: another tree or account is 404', async () => {
    const mine = await mint(t.rootKey, 'mine');
    const sibling = await mint(t.rootKey, 'sibling');
    const foreign = await roll(sibling.api_key, mine.id);
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { detail: 'api key not found' }]);
    const account = await call('POST', '/v1/accounts', t.rootKey, { name: 'Elsewhere Ltd' });
    expect(account.statusCode, account.body).toBe(201);
    const elsewhere = account.json().api_key.api_key as string;
    expect((await roll(elsewhere, mine.id)).statusCode).toBe(404);
    expect((await roll(mine.api_key, Number.MAX_SAFE_INTEGER)).statusCode).toBe(404);
    expect((await roll(mine.api_key, 0)).statusCode).toBe(404);
    const reader = await mint(t.rootKey, 'reader', ['keys:read']);
    expect((await roll(reader.api_key, reader.id)).statusCode).toBe(403);
  });

  it('replays a retried roll with the same Idempotency-Key instead of rolling twice', async () => {
    const old = await mint(t.rootKey, 'retried');
    const headers = { 'idempotency-key': 'roll-retried-1' };
    const first = await roll(old.api_key, old.id, { expires_in_seconds: 600 }, headers);
    const retry = await roll(old.api_key, old.id, { expires_in_seconds: 600 }, headers);
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    const successors = await t.platform.database.db
      .selectFrom('api_keys')
      .select('id')
      .where('label', '=', 'retried')
      .execute();
    expect(successors).toHaveLength(2);
  });

  it("an admin rolls any key of the account from the console; another account's key is 404", async () => {
    const c = consoleDriver(t);
    const account = await c.openAccount('Console Roll Ltd');
    const other = await c.openAccount('Other Roll Ltd');
    const admin = await c.join(account.id, 'admin@roll.example', 'admin');
    const [key] = (await c.as(admin, 'GET', '/v1/console/keys')).json() as Array<{ id: number }>;
    const verification = (
      await call('POST', '/v1/verifications', account.apiKey, { external_ref: 'console-roll' })
    ).json();

    const res = await c.as(admin, 'POST', `/v1/console/keys/${key!.id}/roll`, { expires_in_seconds: 600 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const rolled = res.json();
    expect(rolled.rolled_key.id).toBe(key!.id);
    expect((await call('GET', `/v1/verifications/${verification.id}`, rolled.api_key)).statusCode).toBe(200);
    expect((await call('GET', `/v1/verifications/${verification.id}`, account.apiKey)).statusCode).toBe(200);
    const listed = (await c.as(admin, 'GET', '/v1/console/keys')).json() as Array<Record<string, unknown>>;
    expect(listed.map((k) => [k.id, k.successor_key_id, k.expires_at])).toEqual([
      [key!.id, rolled.id, rolled.rolled_key.expires_at],
      [rolled.id, null, null],
    ]);
    const audit = (await c.as(admin, 'GET', '/v1/console/audit-log')).json();
    expect(audit.entries[0]).toMatchObject({
      event: 'api_key.rolled',
      by_member_id: admin.memberId,
      detail: { key_id: key!.id, successor_key_id: rolled.id },
    });

    const otherKeyId = ((await call('GET', '/v1/keys', other.apiKey)).json() as Array<{ id: number }>)[0]!.id;
    const foreign = await c.as(admin, 'POST', `/v1/console/keys/${otherKeyId}/roll`, {});
    expect([foreign.statusCode, foreign.json()]).toEqual([404, { detail: 'api key not found' }]);
  });
});

describe.each(engines)('a rolled key and its successor on %s', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { KEY_RATE_LIMIT_PER_MINUTE: '600' } });
  });
  afterAll(async () => t?.close());

  it('share one per-key budget during the grace', async () => {
    const headers = (key: string) => ({ 'x-api-key': key });
    const minted = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/keys',
        headers: headers(t.rootKey),
        payload: { label: 'budget', scopes: ['keys:read', 'keys:write'] },
      })
    ).json();
    const successor = (
      await t.app.inject({
        method: 'POST',
        url: `/v1/keys/${minted.id}/roll`,
        headers: headers(minted.api_key),
        payload: { expires_in_seconds: 3600 },
      })
    ).json();
    const remaining = async (key: string) =>
      Number(
        (await t.app.inject({ method: 'GET', url: '/v1/keys', headers: headers(key) })).headers[
          'x-ratelimit-remaining'
        ],
      );
    const first = await remaining(successor.api_key);
    expect(await remaining(minted.api_key)).toBe(first - 1);
    expect(await remaining(successor.api_key)).toBe(first - 2);
  });
});
