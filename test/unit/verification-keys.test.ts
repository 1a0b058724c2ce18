import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFileKeyStore, createMemoryKeyStore } from '../../src/adapters/keys/file-key-store.js';
import { createVerificationKeys } from '../../src/adapters/keys/verification-keys.js';
import {
  openBarcode,
  openComponents,
  openDocChecks,
  openNote,
  sealBarcode,
  sealComponents,
  sealDocChecks,
  sealNote,
} from '../../src/adapters/db/sealed-columns.js';
import {
  createDataSealer,
  createKeyWrapper,
  createVerificationSealer,
  ShreddedDataError,
} from '../../src/core/webhooks/secret-box.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-keys-'));
  dirs.push(dir);
  return path.join(dir, 'keys');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const dataKey = crypto.randomBytes(32);
const wrapper = createKeyWrapper(dataKey);
const legacy = createDataSealer(dataKey);

describe('file key store', () => {
  it('writes one 0600 file per verification in a 0700 folder, leaving no temporary file', async () => {
    const dir = tempDir();
    const store = createFileKeyStore(dir);
    const id = crypto.randomUUID();
    expect(await store.putIfAbsent(id, 'w1.first')).toBe('w1.first');
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.readdirSync(dir)).toEqual([`${id}.key`]);
    expect(fs.statSync(path.join(dir, `${id}.key`)).mode & 0o777).toBe(0o600);
    expect(await store.get(id)).toBe('w1.first');
    expect(await store.ids()).toEqual([id]);
  });

  it('keeps the first key when writers race: every one of them gets it back', async () => {
    const store = createFileKeyStore(tempDir());
    const id = crypto.randomUUID();
    const kept = await Promise.all(Array.from({ length: 20 }, (_, i) => store.putIfAbsent(id, `w1.${i}`)));
    expect(new Set(kept).size).toBe(1);
    expect(await store.get(id)).toBe(kept[0]);
    expect(await store.ids()).toEqual([id]);
  });

  it('destroys by overwriting the file before unlinking it; a repeat and an unknown id are no-ops', async () => {
    const dir = tempDir();
    const store = createFileKeyStore(dir);
    const id = crypto.randomUUID();
    const wrapped = wrapper.wrap(id, crypto.randomBytes(32));
    await store.putIfAbsent(id, wrapped);
    // A second name for the same file stands for any copy of its blocks the unlink alone would leave.
    const other = path.join(path.dirname(dir), 'other-link');
    fs.linkSync(path.join(dir, `${id}.key`), other);
    await store.remove([id]);
    expect(await store.get(id)).toBeNull();
    expect(fs.readdirSync(dir)).toEqual([]);
    const left = fs.readFileSync(other);
    expect(left.length).toBe(Buffer.byteLength(wrapped + '\n'));
    expect(left.toString('latin1')).not.toContain(wrapped.slice(0, 12));
    await store.remove([id, crypto.randomUUID()]);
  });

  it('refuses an id that is not a UUID before it reaches a path', async () => {
    const store = createFileKeyStore(tempDir());
    await expect(store.get('../../etc/passwd')).rejects.toThrow(/UUID/);
    await expect(store.putIfAbsent('../x', 'w1.x')).rejects.toThrow(/UUID/);
  });
});

describe('verification keys', () => {
  it('seal with a key made on first use; destroyed, what it sealed reads as erased in every instance', async () => {
    const store = createFileKeyStore(tempDir());
    const keys = createVerificationKeys(store, wrapper, legacy);
    const id = crypto.randomUUID();
    const sealed = (await keys.sealerFor(id)).sealText('MICHAEL');
    expect(sealed).toMatch(/^k1\./);
    expect((await keys.openerFor(id)).openText(sealed)).toBe('MICHAEL');
    // Another instance over the same store (a restart) finds the same key.
    const other = createVerificationKeys(store, wrapper, legacy);
    expect((await other.openerFor(id)).openText(sealed)).toBe('MICHAEL');
    expect(await keys.heldBy()).toEqual([id]);

    await keys.destroy([id]);
    // The instance that had the key cached dropped it with the file.
    await expect(keys.openerFor(id).then((opener) => opener.openText(sealed))).rejects.toThrow(
      ShreddedDataError,
    );
    expect(await store.get(id)).toBeNull();
    expect(await keys.heldBy()).toEqual([]);
  });

  it('binds each value to its verification: moved to another row it does not open', async () => {
    const keys = createVerificationKeys(createMemoryKeyStore(), wrapper, legacy);
    const [a, b] = [crypto.randomUUID(), crypto.randomUUID()];
    const sealed = (await keys.sealerFor(a)).sealText('secret');
    await keys.sealerFor(b);
    expect(() => createVerificationSealer(b, crypto.randomBytes(32)).openText(sealed)).toThrow();
    expect(() => createKeyWrapper(dataKey).unwrap(b, wrapper.wrap(a, crypto.randomBytes(32)))).toThrow();
  });

  it('still opens what earlier releases stored: d1 under DATA_ENCRYPTION_KEY, and plain bytes', async () => {
    const keys = createVerificationKeys(createMemoryKeyStore(), wrapper, legacy);
    const id = crypto.randomUUID();
    const opener = await keys.openerFor(id);
    expect(opener.openText(legacy.sealText('old'))).toBe('old');
    expect(opener.openBytes(legacy.sealBytes(Buffer.from('old image'))).toString()).toBe('old image');
    expect(opener.openBytes(Buffer.from([0xff, 0xd8, 0xff])).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(
      true,
    );
  });
});

describe('sealed columns with a destroyed key', () => {
  it('read as redaction leaves them: no barcode, only the duplicate-face reason, no note', async () => {
    const id = crypto.randomUUID();
    const sealer = createVerificationSealer(id, crypto.randomBytes(32));
    const shredded = createVerificationSealer(id, null, legacy);
    const barcode = JSON.parse(
      sealBarcode(sealer, { server_status: 'not_found', server_text: null, browser_text: 'DACMICHAEL' }),
    );
    const docChecks = JSON.parse(
      sealDocChecks(sealer, { face_dedupe: { reason: 'no_match' }, document: { name: 'MICHAEL' } }),
    );
    expect(openBarcode(shredded, barcode)).toBeNull();
    expect(openDocChecks(shredded, docChecks)).toEqual({ face_dedupe: { reason: 'no_match' } });
    expect(openNote(shredded, sealNote(sealer, 'called the holder'))).toBeNull();
    // A note from before sealing that merely starts like one is read as it is.
    expect(openNote(shredded, 'k1. see the file')).toBe('k1. see the file');
  });

  it('count a browser’s own component named `sealed` as a component, not as something to open', () => {
    const id = crypto.randomUUID();
    const sealer = createVerificationSealer(id, crypto.randomBytes(32));
    const own = { sealed: 'k1.looks.like.one' };
    expect(openComponents(sealer, own)).toEqual(own);
    const sealed = JSON.parse(sealComponents(sealer, { canvas: 'abc', user_agent: 'x' }));
    expect(openComponents(sealer, sealed)).toEqual({ canvas: 'abc', user_agent: 'x' });
    expect(openComponents(createVerificationSealer(id, null), sealed)).toEqual({});
  });
});
