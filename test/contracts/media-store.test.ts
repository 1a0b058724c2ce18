import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '../../src/adapters/db/database.js';
import { createMediaStore } from '../../src/adapters/db/media-store.js';
import { createTransactor } from '../../src/adapters/db/transactor.js';
import { createFileMediaStore } from '../../src/adapters/media/file-store.js';
import { createS3MediaStore } from '../../src/adapters/media/object-store.js';
import { addSeconds } from '../../src/core/time.js';
import type { MediaItem } from '../../src/core/verifications/verification.js';
import type { MediaObjectStore } from '../../src/ports/media-objects.js';
import type { MediaStore, PlacedMedia, Transactor } from '../../src/ports/verification-store.js';
import { engines, insertApiKey, openMigratedDatabase, type Engine } from '../helpers/contract-databases.js';
import { S3_TEST_BUCKET, S3_TEST_CREDENTIALS, startS3 } from '../helpers/s3.js';

const T0 = new Date('2026-11-01T12:00:00Z');

/** `bucket`: the bytes live outside the media table, in an S3 bucket (s3rver) or as files. */
type Backend = { name: string; engine: Engine; bucket: boolean; files?: boolean };

/** Each engine with the bytes in the media table, in an S3 bucket, and as files (PGlite's default). */
const backends: Backend[] = engines.flatMap((engine) => [
  { name: `${engine} + database bytes`, engine, bucket: false },
  { name: `${engine} + S3 bucket`, engine, bucket: true },
  { name: `${engine} + files`, engine, bucket: true, files: true },
]);

function image(kind: MediaItem['kind'], index = 0, text = crypto.randomUUID()): MediaItem {
  return { kind, index, contentType: 'image/jpeg', bytes: Buffer.from(`jpeg:${text}`) };
}

describe.each(backends)('MediaStore contract on $name', (backend) => {
  let database: DatabaseHandle;
  let closeDatabase: () => Promise<void>;
  let s3: Awaited<ReturnType<typeof startS3>> | undefined;
  let objects: MediaObjectStore | undefined;
  let closeObjects = () => undefined as void;
  let filesDir: string | undefined;
  let media: MediaStore;
  let transact: Transactor;
  let apiKeyId: number;
  const cleanupErrors: unknown[] = [];

  beforeAll(async () => {
    ({ database, close: closeDatabase } = await openMigratedDatabase(backend.engine));
    if (backend.files) {
      filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-media-files-'));
      objects = createFileMediaStore(path.join(filesDir, 'media'));
    } else if (backend.bucket) {
      s3 = await startS3();
      const bucket = createS3MediaStore({
        bucket: S3_TEST_BUCKET,
        endpoint: s3.endpoint,
        region: 'us-east-1',
        credentials: S3_TEST_CREDENTIALS,
        forcePathStyle: true,
        keyPrefix: 'media/',
        timeoutMs: 2000,
      });
      objects = bucket;
      closeObjects = () => bucket.close();
    }
    media = createMediaStore(database.db, {
      objects,
      onCleanupError: (error) => cleanupErrors.push(error),
    });
    transact = createTransactor(database.db, { vectorSearch: false });
    apiKeyId = await insertApiKey(database);
  });
  afterAll(async () => {
    closeObjects();
    await s3?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
    await closeDatabase();
  });

  async function newVerification(): Promise<string> {
    const id = crypto.randomUUID();
    await transact((tx) =>
      tx.verifications.insert({
        id,
        apiKeyId,
        externalRef: 'media',
        metadata: {},
        createdAt: T0,
        expiresAt: addSeconds(T0, 3600),
      }),
    );
    return id;
  }

  /** Places and records `items` the way the upload use cases do; returns what was placed. */
  async function save(verificationId: string, items: MediaItem[]): Promise<PlacedMedia[]> {
    return media.withPlaced(verificationId, items, async (placed) => {
      const replaced = await transact((tx) => tx.media.save(verificationId, placed, T0));
      return { result: placed, replaced };
    });
  }

  /** Whether the bucket still holds the object (always false without a bucket). */
  async function objectExists(storageKey: string | null): Promise<boolean> {
    if (!objects || !storageKey) return false;
    return (await objects.get(storageKey)) !== null;
  }

  it('saves media: load, has, index and byId read them back', async () => {
    const id = await newVerification();
    const front = image('document_front');
    const frames = [image('selfie_frame', 0), image('selfie_frame', 1), image('selfie_frame', 2)];
    const placed = await save(id, [front, frames[2]!, frames[0]!, frames[1]!]);

    expect(
      placed.every((p) => (backend.bucket ? p.storageKey?.startsWith(`${id}/`) : p.storageKey === null)),
    ).toBe(true);
    expect(await media.has(id, 'document_front')).toBe(true);
    expect(await media.has(id, 'document_back')).toBe(false);
    expect(await media.load(id, 'document_front')).toEqual([front.bytes]);
    expect(await media.load(id, 'selfie_frame')).toEqual(frames.map((f) => f.bytes));
    expect(await media.load(id, 'document_back')).toEqual([]);

    const index = await media.index(id);
    expect(index.map((e) => [e.kind, e.idx, e.content_type, e.byte_size])).toEqual([
      ['document_front', 0, 'image/jpeg', front.bytes.length],
      ['selfie_frame', 0, 'image/jpeg', frames[0]!.bytes.length],
      ['selfie_frame', 1, 'image/jpeg', frames[1]!.bytes.length],
      ['selfie_frame', 2, 'image/jpeg', frames[2]!.bytes.length],
    ]);
    expect(new Set(index.map((e) => e.id))).toEqual(new Set(placed.map((p) => p.id)));
    const frontEntry = index[0]!;
    expect(await media.byId(frontEntry.id)).toEqual({ contentType: 'image/jpeg', bytes: front.bytes });
    expect(await media.byId(crypto.randomUUID())).toBeUndefined();

    const keys = placed.map((p) => p.storageKey).filter((k): k is string => k !== null);
    expect(await media.referencedStorageKeys([...keys, `${id}/not-a-row`])).toEqual(new Set(keys));
    expect(await media.referencedStorageKeys([])).toEqual(new Set());
    for (const p of placed) expect(await objectExists(p.storageKey)).toBe(backend.bucket);
  });

  it('a retake replaces the slot; the replaced object is deleted once the new row has committed', async () => {
    const id = await newVerification();
    const [first] = await save(id, [image('document_back')]);
    const retake = image('document_back');
    const [second] = await save(id, [retake]);

    expect(await media.load(id, 'document_back')).toEqual([retake.bytes]);
    const index = await media.index(id);
    expect(index.map((e) => e.id)).toEqual([second!.id]);
    expect(await media.byId(first!.id)).toBeUndefined();
    if (backend.bucket) {
      expect(await media.referencedStorageKeys([first!.storageKey!, second!.storageKey!])).toEqual(
        new Set([second!.storageKey]),
      );
      await vi.waitFor(async () => expect(await objectExists(first!.storageKey)).toBe(false));
      expect(await objectExists(second!.storageKey)).toBe(true);
    }
  });

  it('a write that throws records nothing, deletes the objects it placed and rethrows', async () => {
    const id = await newVerification();
    const failure = new Error('transaction failed');
    let placedKeys: Array<string | null> = [];
    await expect(
      media.withPlaced(id, [image('document_front'), image('document_back')], async (placed) => {
        placedKeys = placed.map((p) => p.storageKey);
        await transact(async (tx) => {
          await tx.media.save(id, placed, T0);
          throw failure;
        });
        return { result: null, replaced: [] };
      }),
    ).rejects.toBe(failure);
    expect(await media.index(id)).toEqual([]);
    expect(placedKeys).toHaveLength(2);
    for (const key of placedKeys) await vi.waitFor(async () => expect(await objectExists(key)).toBe(false));
  });

  it('a write that saves nothing (replaced: null) returns its result and deletes the placed objects', async () => {
    const id = await newVerification();
    let placedKey: string | null = null;
    const result = await media.withPlaced(id, [image('document_front')], async (placed) => {
      placedKey = placed[0]!.storageKey;
      if (backend.bucket) expect(await objectExists(placedKey)).toBe(true);
      return { result: 'closed', replaced: null };
    });
    expect(result).toBe('closed');
    expect(await media.has(id, 'document_front')).toBe(false);
    await vi.waitFor(async () => expect(await objectExists(placedKey)).toBe(false));
  });

  // Only a bucket has uploads that can fail or objects that can vanish.
  if (backend.bucket) {
    it('a failed upload stops before the write and deletes the objects that did upload', async () => {
      const id = await newVerification();
      const refused = new Error('bucket refused one put');
      const uploaded: string[] = [];
      let puts = 0;
      const flaky: MediaObjectStore = {
        ...objects!,
        location: objects!.location,
        put: async (key, bytes, contentType) => {
          // Both puts start together; the second is the one the bucket refuses.
          puts += 1;
          if (puts === 2) throw refused;
          await objects!.put(key, bytes, contentType);
          uploaded.push(key);
        },
      };
      const flakyMedia = createMediaStore(database.db, { objects: flaky });
      const write = vi.fn(async () => ({ result: null, replaced: [] }));
      await expect(
        flakyMedia.withPlaced(id, [image('selfie_frame', 0), image('selfie_frame', 1)], write),
      ).rejects.toBe(refused);
      expect(write).not.toHaveBeenCalled();
      expect(uploaded).toHaveLength(1);
      await vi.waitFor(async () => expect(await objectExists(uploaded[0]!)).toBe(false));
      expect(await media.index(id)).toEqual([]);
    });

    it('byId and load skip an object that has vanished from the bucket', async () => {
      const id = await newVerification();
      const [placed] = await save(id, [image('document_front')]);
      await objects!.remove([placed!.storageKey!]);
      expect(await media.byId(placed!.id)).toBeUndefined();
      expect(await media.load(id, 'document_front')).toEqual([]);
      expect(await media.has(id, 'document_front')).toBe(true);
    });
  }

  if (backend.files) {
    it('keeps files 0600 in 0700 folders, lists them, and removes a verification’s folder with its last file', async () => {
      const id = await newVerification();
      const placed = await save(id, [image('selfie_frame', 0), image('selfie_frame', 1)]);
      const folder = path.join(filesDir!, 'media', id);
      expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
      for (const p of placed) expect(fs.statSync(path.join(folder, p.id)).mode & 0o777).toBe(0o600);
      const listed: string[] = [];
      for await (const page of objects!.list()) listed.push(...page.map((o) => o.key));
      expect(listed).toEqual(expect.arrayContaining(placed.map((p) => p.storageKey!)));
      await objects!.remove([placed[0]!.storageKey!]);
      expect(fs.existsSync(folder)).toBe(true);
      await objects!.remove([placed[1]!.storageKey!]);
      expect(fs.existsSync(folder)).toBe(false);
      expect(await objects!.check()).toEqual({ ok: true });
    });

    it('refuses a key that is not one the store makes', async () => {
      await expect(objects!.get('../../etc/passwd')).rejects.toThrow(/not a media object key/);
    });
  }

  it('reports no cleanup failures', () => {
    expect(cleanupErrors).toEqual([]);
  });
});
