import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/adapters/db/database.js';
import { defaultMigrationsDir } from '../../src/adapters/db/migration-files.js';
import { migrate } from '../../src/adapters/db/migrator.js';
import { createServerDatabase, createTestApp, engines, type TestContext } from '../helpers/test-app.js';

describe.each(engines)('API key authority on %s', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  const createKey = async (key: string, label: string, scopes: string[]) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/keys',
      headers: { 'x-api-key': key },
      payload: { label, scopes },
    });
  const created = async (key: string, label: string, scopes: string[]) => {
    const res = await createKey(key, label, scopes);
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number; api_key: string; scopes: string[] };
  };
  const get = (url: string, key: string) =>
    t.app.inject({ method: 'GET', url, headers: { 'x-api-key': key } });
  const revoke = (id: number | string, key: string) =>
    t.app.inject({ method: 'POST', url: `/v1/keys/${id}/revoke`, headers: { 'x-api-key': key } });
  const listedIds = async (key: string) =>
    ((await get('/v1/keys', key)).json() as Array<{ id: number }>).map((k) => k.id).sort((a, b) => a - b);

  it('grants only scopes the caller holds: keys:write alone cannot mint "*" or any other scope', async () => {
    const writer = await created(t.rootKey, 'kw-only', ['keys:write']);
    const escalated = await createKey(writer.api_key, 'escalated', ['*']);
    expect(escalated.statusCode).toBe(403);
    expect(escalated.json()).toEqual({ detail: 'missing scope: *' });
    const widened = await createKey(writer.api_key, 'widened', ['keys:write', 'webhooks:read']);
    expect(widened.statusCode).toBe(403);
    expect(widened.json()).toEqual({ detail: 'missing scope: webhooks:read' });
    expect((await createKey(writer.api_key, 'same', ['keys:write'])).statusCode).toBe(201);
  });

  it('gives "*" only from a "*" key, and a "*" key may grant each named scope', async () => {
    const named = await created(t.rootKey, 'all-named', [
      'verifications:write',
      'verifications:read',
      'screen:ofac',
      'keys:write',
      'keys:read',
      'webhooks:write',
      'webhooks:read',
    ]);
    expect((await createKey(named.api_key, 'star', ['*'])).json()).toEqual({ detail: 'missing scope: *' });
    const star = await created(t.rootKey, 'star', ['*']);
    expect((await created(star.api_key, 'star-child', ['*'])).scopes).toEqual(['*']);
    expect((await created(star.api_key, 'hooks', ['webhooks:write'])).scopes).toEqual(['webhooks:write']);
  });

  it('never grants the operator scope through the API, not even from an operator key', async () => {
    for (const key of [t.rootKey, (await created(t.rootKey, 'star2', ['*'])).api_key]) {
      const res = await createKey(key, 'op', ['operator']);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0].loc).toEqual(['body', 'scopes', 0]);
    }
  });

  it('lists and revokes the whole subtree; revocation cascades at once, also past the key cache', async () => {
    const two = await created(t.rootKey, 'two', ['*']);
    const three = await created(two.api_key, 'three', ['*']);
    const four = await created(three.api_key, 'four', ['keys:read', 'keys:write']);
    const sibling = await created(t.rootKey, 'sibling', ['keys:read']);

    expect(await listedIds(two.api_key)).toEqual([two.id, three.id, four.id]);
    const rootList = await listedIds(t.rootKey);
    expect(rootList).toEqual(expect.arrayContaining([two.id, three.id, four.id, sibling.id]));
    // Every key has authenticated once, so each sits in the read cache now.
    for (const key of [three.api_key, four.api_key])
      expect((await get('/v1/keys', key)).statusCode).toBe(200);

    const revoked = await revoke(two.id, t.rootKey);
    expect(revoked.statusCode).toBe(200);
    for (const key of [two.api_key, three.api_key, four.api_key]) {
      const res = await get('/v1/keys', key);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'invalid API key' });
    }
    const rows = await t.platform.database.db
      .selectFrom('api_keys')
      .select(['id', 'revoked_at'])
      .where('id', 'in', [two.id, three.id, four.id, sibling.id])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.revoked_at?.toISOString() ?? null)).toEqual([
      revoked.json().revoked_at + 'Z',
      revoked.json().revoked_at + 'Z',
      revoked.json().revoked_at + 'Z',
      null,
    ]);
    expect((await get('/v1/keys', sibling.api_key)).statusCode).toBe(200);
    // The root still sees the grandchildren it can no longer use, and revoking them again is idempotent.
    const again = await revoke(four.id, t.rootKey);
    expect(again.statusCode).toBe(200);
    expect(again.json().revoked_at).toBe(revoked.json().revoked_at);
  });

  it('revokes a grandchild directly from the root; keys outside the subtree stay 404', async () => {
    const a = await created(t.rootKey, 'a', ['keys:read', 'keys:write']);
    const aChild = await created(a.api_key, 'a-child', ['keys:read', 'keys:write']);
    const aGrandchild = await created(aChild.api_key, 'a-grandchild', ['keys:read']);
    const b = await created(t.rootKey, 'b', ['keys:read', 'keys:write']);

    for (const target of [aChild.id, aGrandchild.id, a.id]) {
      const res = await revoke(target, b.api_key);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'api key not found' });
    }
    // A key cannot reach up: its parent is outside its subtree.
    expect((await revoke(a.id, aChild.api_key)).statusCode).toBe(404);
    expect(await listedIds(aChild.api_key)).toEqual([aChild.id, aGrandchild.id]);

    expect((await revoke(aGrandchild.id, a.api_key)).statusCode).toBe(200);
    expect((await get('/v1/keys', aGrandchild.api_key)).statusCode).toBe(401);
    expect((await get('/v1/keys', aChild.api_key)).statusCode).toBe(200);
  });

  it('reserves the global face blocklist to the operator scope, which "*" does not include', async () => {
    const merchant = await created(t.rootKey, 'merchant-b', ['*']);
    for (const request of [
      { method: 'GET' as const, url: '/v1/faces/blocklist' },
      { method: 'DELETE' as const, url: '/v1/faces/blocklist/1' },
      { method: 'POST' as const, url: '/v1/faces/blocklist', payload: { label: 'x', image_b64: 'AAAA' } },
    ]) {
      const res = await t.app.inject({ ...request, headers: { 'x-api-key': merchant.api_key } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: 'missing scope: operator' });
    }
    expect((await get('/v1/faces/blocklist', t.rootKey)).statusCode).toBe(200);
    const rootRow = await t.platform.database.db
      .selectFrom('api_keys')
      .select('scopes')
      .where('owner_key_id', 'is', null)
      .executeTakeFirstOrThrow();
    expect(rootRow.scopes).toEqual(['*', 'operator']);
  });
});

describe.each(engines)('migration 0007 on an existing %s database', (engine) => {
  it('revokes keys already minted below revoked keys, and gives the start-up root key the operator scope', async () => {
    const server = engine === 'postgres' ? await createServerDatabase() : null;
    const database = await openDatabase({
      databaseUrl: server?.url,
      dataDir: 'memory://',
      initialData: false,
    });
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-migrations-'));
    try {
      for (const file of fs.readdirSync(defaultMigrationsDir).filter((f) => f < '0007'))
        fs.copyFileSync(path.join(defaultMigrationsDir, file), path.join(before, file));
      await migrate(database, before);
      const insert = (label: string, owner: number | null, revokedAt: Date | null, scopes = ['*']) =>
        database.db
          .insertInto('api_keys')
          .values({
            label,
            scopes: JSON.stringify(scopes),
            key_hash: label,
            key_prefix: 'svc_',
            owner_key_id: owner,
            revoked_at: revokedAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
      const revokedAt = new Date('2026-11-01T10:00:00Z');
      const root = await insert('root', null, null);
      const cliKey = await insert('merchant via cli', null, null);
      const stolen = await insert('stolen', root.id, revokedAt, ['keys:write']);
      const backdoor = await insert('backdoor', stolen.id, null);
      const deeper = await insert('deeper', backdoor.id, null);
      const innocent = await insert('innocent', root.id, null);

      await migrate(database);
      const rows = await database.db.selectFrom('api_keys').selectAll().orderBy('id').execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      expect(byId.get(backdoor.id)!.revoked_at).toEqual(revokedAt);
      expect(byId.get(deeper.id)!.revoked_at).toEqual(revokedAt);
      expect(byId.get(innocent.id)!.revoked_at).toBeNull();
      expect(byId.get(root.id)!.scopes).toEqual(['*', 'operator']);
      expect(byId.get(cliKey.id)!.scopes).toEqual(['*']);
    } finally {
      fs.rmSync(before, { recursive: true, force: true });
      await database.close();
      await server?.drop();
    }
  });
});
