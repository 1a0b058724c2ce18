import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKeyStore } from '../../src/adapters/db/api-key-store.js';
import type { DatabaseHandle } from '../../src/adapters/db/database.js';
import { hashSecret } from '../../src/core/api-keys/api-key.js';
import type { ApiKeyStore } from '../../src/ports/api-key-store.js';
import { engines, openMigratedDatabase } from '../helpers/contract-databases.js';

function newKey(ownerKeyId: number | null, label = 'k') {
  const secret = `svc_${crypto.randomBytes(32).toString('base64url')}`;
  return { label, scopes: ['*'], keyHash: hashSecret(secret), keyPrefix: secret.slice(0, 8), ownerKeyId };
}

async function mustInsert(store: ApiKeyStore, ownerKeyId: number | null): Promise<number> {
  const key = await store.insert(newKey(ownerKeyId));
  if (!key) throw new Error('expected the key to be minted');
  return key.id;
}

describe.each(engines)('API key store on %s: minting under a revocation', (engine) => {
  let opened: Awaited<ReturnType<typeof openMigratedDatabase>>;
  let first: ApiKeyStore;
  let second: ApiKeyStore;
  let secondHandle: DatabaseHandle;

  beforeAll(async () => {
    opened = await openMigratedDatabase(engine);
    secondHandle = await opened.connectAgain();
    first = createApiKeyStore(opened.database.db);
    second = createApiKeyStore(secondHandle.db);
  });
  afterAll(() => opened.close());

  it('refuses a key whose owner or any key above it is revoked', async () => {
    const root = await mustInsert(first, null);
    const parent = await mustInsert(first, root);
    const child = await mustInsert(first, parent);
    await first.revoke(root, new Date());

    expect(await first.insert(newKey(root))).toBeUndefined();
    expect(await first.insert(newKey(parent))).toBeUndefined();
    expect(await first.insert(newKey(child))).toBeUndefined();
    const owned = await first.listOwned(root);
    expect(owned.map((key) => key.id)).toEqual([root, parent, child]);
  });

  it('mints under a live chain', async () => {
    const root = await mustInsert(first, null);
    const parent = await mustInsert(first, root);
    const key = await first.insert(newKey(parent));
    expect(key?.owner_key_id).toBe(parent);
    expect(key?.revoked_at).toBeNull();
  });

  // The review's race: one instance revokes a key while another mints under it (or under its child) in a
  // loop. Whatever the interleaving, no key may be live below a revoked one afterwards.
  it('leaves no live key below a revocation that raced concurrent minting', async () => {
    for (let round = 0; round < 6; round++) {
      const root = await mustInsert(first, null);
      const parent = await mustInsert(first, root);
      const child = await mustInsert(first, parent);
      const minters = Array.from({ length: 8 }, (_, index) =>
        (async () => {
          const results: Array<number | undefined> = [];
          for (let attempt = 0; attempt < 6; attempt++) {
            const minted = await second.insert(newKey(index % 2 === 0 ? parent : child));
            results.push(minted?.id);
          }
          return results;
        })(),
      );
      const revocation = (async () => {
        await new Promise((resolve) => setTimeout(resolve, round * 3));
        await first.revoke(parent, new Date());
      })();
      const [minted] = await Promise.all([Promise.all(minters), revocation]);

      const below = (await first.listOwned(parent)).filter((key) => key.id !== parent);
      expect(below.filter((key) => key.revoked_at === null)).toEqual([]);
      const mintedIds = minted.flat().filter((id): id is number => id !== undefined);
      expect(below.map((key) => key.id)).toEqual(expect.arrayContaining(mintedIds));
      expect(await first.insert(newKey(child))).toBeUndefined();
    }
  });
});

describe.each(engines)('API key store on %s: rolling a key', (engine) => {
  let opened: Awaited<ReturnType<typeof openMigratedDatabase>>;
  let store: ApiKeyStore;
  beforeAll(async () => {
    opened = await openMigratedDatabase(engine);
    store = createApiKeyStore(opened.database.db);
  });
  afterAll(() => opened.close());

  const roll = (oldKeyId: number, expiresAt = new Date('2026-12-01T00:00:00Z')) => {
    const fresh = newKey(null);
    return store.roll({
      oldKeyId,
      keyHash: fresh.keyHash,
      keyPrefix: fresh.keyPrefix,
      expiresAt,
      at: new Date('2026-11-30T00:00:00Z'),
    });
  };

  it('puts the successor in the old key’s place and hands it the keys the old one minted', async () => {
    const root = await mustInsert(store, null);
    const old = await mustInsert(store, root);
    const child = await mustInsert(store, old);
    const rolled = await roll(old);
    expect(rolled?.successor).toMatchObject({ owner_key_id: root, label: 'k', scopes: ['*'], mode: 'live' });
    expect(rolled?.old).toMatchObject({
      id: old,
      successor_key_id: rolled?.successor.id,
      expires_at: new Date('2026-12-01T00:00:00Z'),
    });
    expect((await store.findById(child))?.owner_key_id).toBe(rolled?.successor.id);
    // The old key stays in the tree above it; the successor is not below the old key.
    expect((await store.listOwned(old)).map((key) => key.id)).toEqual([old]);
  });

  it('rolls a key once, never a revoked one, and a revoked successor ends the grace of its predecessors', async () => {
    const first = await mustInsert(store, null);
    const second = (await roll(first))!.successor.id;
    expect(await roll(first)).toBeUndefined();
    const third = (await roll(second))!.successor.id;
    expect((await store.findById(first))?.successor_key_id).toBe(third);
    await store.revoke(third, new Date());
    for (const id of [first, second]) expect((await store.findById(id))?.revoked_at).not.toBeNull();
    expect(await roll(third)).toBeUndefined();

    const alone = await mustInsert(store, null);
    const next = (await roll(alone))!.successor.id;
    await store.revoke(alone, new Date());
    expect((await store.findById(next))?.revoked_at).toBeNull();
  });
});
