import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/adapters/db/database.js';
import { defaultMigrationsDir } from '../../src/adapters/db/migration-files.js';
import { migrate } from '../../src/adapters/db/migrator.js';
import { createServerDatabase, createTestApp, engines, type TestContext } from '../helpers/test-app.js';

/** Merchant accounts (docs/security.md "Accounts"): tenants the operator opens, holding keys. */
describe.each(engines)('merchant accounts on %s', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t.close());

  const call = (method: 'GET' | 'POST', url: string, key: string, payload?: object) =>
    t.app.inject({ method, url, headers: { 'x-api-key': key }, ...(payload ? { payload } : {}) });
  const accountOfKey = async (id: number) =>
    (
      await t.platform.database.db
        .selectFrom('api_keys')
        .select('account_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).account_id;

  it('the operator opens an account and gets its first key once; keys it mints stay in the account', async () => {
    const res = await call('POST', '/v1/accounts', t.rootKey, { name: 'Acme Ltd' });
    expect(res.statusCode, res.body).toBe(201);
    const account = res.json() as {
      id: number;
      name: string;
      api_key: { id: number; scopes: string[]; api_key: string };
    };
    expect(account.name).toBe('Acme Ltd');
    expect(account.api_key.scopes).toEqual(['*']);
    expect(await accountOfKey(account.api_key.id)).toBe(account.id);

    const minted = await call('POST', '/v1/keys', account.api_key.api_key, {
      label: 'backend',
      scopes: ['verifications:write'],
    });
    expect(minted.statusCode).toBe(201);
    expect(await accountOfKey(minted.json().id)).toBe(account.id);
    // Its keys see only their own tree, as before: not the operator's.
    const listed = (await call('GET', '/v1/keys', account.api_key.api_key)).json() as Array<{ id: number }>;
    expect(listed.map((k) => k.id).sort((a, b) => a - b)).toEqual([account.api_key.id, minted.json().id]);

    // The account's first key is not an operator.
    const denied = await call('POST', '/v1/accounts', account.api_key.api_key, { name: 'x' });
    expect([denied.statusCode, denied.json()]).toEqual([403, { detail: 'missing scope: operator' }]);

    const accounts = (await call('GET', '/v1/accounts', t.rootKey)).json() as Array<{
      id: number;
      name: string;
      live_api_keys: number;
      verifications: number;
    }>;
    const acme = accounts.find((a) => a.id === account.id)!;
    expect(acme).toMatchObject({ name: 'Acme Ltd', live_api_keys: 2, verifications: 0 });
    // The operator's own start-up key has an account of its own.
    const rootKeyId = (
      await t.platform.database.db
        .selectFrom('api_keys')
        .select('id')
        .where('owner_key_id', 'is', null)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    expect(accounts.map((a) => a.id)).toContain(await accountOfKey(rootKeyId));
    expect(await accountOfKey(rootKeyId)).not.toBe(account.id);
  });

  it('refuses a bad body with 422 and keeps an account name within bounds', async () => {
    for (const payload of [{}, { name: '' }, { name: 'x'.repeat(201) }, { name: 7 }]) {
      const res = await call('POST', '/v1/accounts', t.rootKey, payload);
      expect(res.statusCode).toBe(422);
      expect(Array.isArray(res.json().detail)).toBe(true);
    }
  });

  it('the database keeps a minted key in its owner’s account whoever writes it, and never moves a key', async () => {
    const a = (await call('POST', '/v1/accounts', t.rootKey, { name: 'A' })).json();
    const b = (await call('POST', '/v1/accounts', t.rootKey, { name: 'B' })).json();
    const db = t.platform.database.db;
    // A writer that names another account for a minted key is overruled by the trigger.
    const { rows } = await sql<{ account_id: number }>`
      INSERT INTO api_keys (label, scopes, key_hash, key_prefix, owner_key_id, account_id)
      VALUES ('sneaky', '["*"]'::jsonb, ${crypto.randomUUID()}, 'svc_', ${a.api_key.id}, ${b.id})
      RETURNING account_id`.execute(db);
    expect(Number(rows[0]!.account_id)).toBe(a.id);
    await expect(
      sql`UPDATE api_keys SET account_id = ${b.id} WHERE id = ${a.api_key.id}`.execute(db),
    ).rejects.toThrow(/does not change account/);
    // A publishable key is in its API key's account.
    const pk = await call('POST', '/v1/publishable-keys', a.api_key.api_key, { label: 'web' });
    expect(pk.statusCode, pk.body).toBe(201);
    const row = await db
      .selectFrom('publishable_keys')
      .select('account_id')
      .where('id', '=', pk.json().id)
      .executeTakeFirstOrThrow();
    expect(row.account_id).toBe(a.id);
  });
  it('gives each account its own embedding origins: neither merchant’s flow can be framed by the other', async () => {
    const merchants: Array<{ origin: string; publishableKey: string }> = [];
    for (const [name, origin] of [
      ['Shop A', 'https://shop-a.example'],
      ['Shop B', 'https://shop-b.example'],
    ] as const) {
      const account = (await call('POST', '/v1/accounts', t.rootKey, { name })).json();
      const pk = await call('POST', '/v1/publishable-keys', account.api_key.api_key, {
        label: 'web',
        allowed_origins: [origin],
      });
      expect(pk.statusCode, pk.body).toBe(201);
      merchants.push({ origin, publishableKey: pk.json().publishable_key as string });
    }
    const [a, b] = merchants as [(typeof merchants)[0], (typeof merchants)[0]];
    for (const [mine, theirs] of [
      [a, b],
      [b, a],
    ] as const) {
      const flow = await t.app.inject({ method: 'GET', url: `/flow?pk=${mine.publishableKey}` });
      expect(flow.statusCode).toBe(200);
      const ancestors = /frame-ancestors ([^;]+)$/.exec(String(flow.headers['content-security-policy']))?.[1];
      expect(ancestors).toBe(mine.origin);
      expect(ancestors).not.toContain(theirs.origin);
    }
  });
});

describe.each(engines)('migration 0026 on an existing %s database', (engine) => {
  it('moves every key into one account per lineage root and loses no verification', async () => {
    const server = engine === 'postgres' ? await createServerDatabase() : null;
    const database = await openDatabase({
      databaseUrl: server?.url,
      dataDir: 'memory://',
      initialData: false,
    });
    const before = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-migrations-'));
    try {
      for (const file of fs.readdirSync(defaultMigrationsDir).filter((f) => f < '0026'))
        fs.copyFileSync(path.join(defaultMigrationsDir, file), path.join(before, file));
      await migrate(database, before);
      const db = database.db;
      const insert = async (label: string, owner: number | null) =>
        (
          await sql<{ id: number }>`
            INSERT INTO api_keys (label, scopes, key_hash, key_prefix, owner_key_id)
            VALUES (${label}, '["*"]'::jsonb, ${label}, 'svc_', ${owner}) RETURNING id`.execute(db)
        ).rows[0]!.id;
      const root = await insert('root', null);
      const child = await insert('backend', root);
      const grandchild = await insert('reviewer', child);
      const cliKey = await insert('merchant via cli', null);
      const cliChild = await insert('merchant backend', cliKey);
      const verifications: Array<{ id: string; key: number }> = [];
      for (const key of [root, child, grandchild, cliKey, cliChild, cliChild]) {
        const id = crypto.randomUUID();
        await sql`INSERT INTO verifications (id, api_key_id, external_ref, status, decision, expires_at)
          VALUES (${id}, ${key}, 'ref', 'decided', 'review', now() + interval '1 day')`.execute(db);
        verifications.push({ id, key });
      }
      await sql`INSERT INTO publishable_keys (key, api_key_id, label) VALUES ('pk_a', ${child}, 'web'),
        ('pk_b', ${cliChild}, 'web')`.execute(db);

      await migrate(database);
      const accounts = await sql<{ id: number; name: string; lineage_root_key_id: number }>`
        SELECT id, name, lineage_root_key_id FROM accounts ORDER BY id`.execute(db);
      expect(accounts.rows.map((a) => [a.name, Number(a.lineage_root_key_id)])).toEqual([
        ['root', root],
        ['merchant via cli', cliKey],
      ]);
      const [first, second] = accounts.rows.map((a) => Number(a.id));
      const keys = await db.selectFrom('api_keys').select(['id', 'account_id']).orderBy('id').execute();
      expect(keys.map((k) => [k.id, k.account_id])).toEqual([
        [root, first],
        [child, first],
        [grandchild, first],
        [cliKey, second],
        [cliChild, second],
      ]);
      const kept = await db.selectFrom('verifications').select(['id', 'api_key_id']).execute();
      expect(kept.map((v) => [v.id, v.api_key_id]).sort()).toEqual(
        verifications.map((v) => [v.id, v.key]).sort(),
      );
      const pks = await db
        .selectFrom('publishable_keys')
        .select(['key', 'account_id'])
        .orderBy('key')
        .execute();
      expect(pks.map((p) => [p.key, p.account_id])).toEqual([
        ['pk_a', first],
        ['pk_b', second],
      ]);
      // A key made after the migration with no owner and no account opens an account of its own.
      const fresh = await insert('later via cli', null);
      const freshAccount = await db
        .selectFrom('api_keys')
        .select('account_id')
        .where('id', '=', fresh)
        .executeTakeFirstOrThrow();
      expect([first, second]).not.toContain(freshAccount.account_id);
    } finally {
      fs.rmSync(before, { recursive: true, force: true });
      await database.close();
      await server?.drop();
    }
  });
});
