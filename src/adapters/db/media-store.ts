import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { ShreddedDataError } from '../../core/webhooks/secret-box.js';
import type { MediaObjectStore } from '../../ports/media-objects.js';
import type { VerificationKeys } from '../../ports/verification-keys.js';
import type { MediaRecords, MediaStore, PlacedMedia } from '../../ports/verification-store.js';
import { deleteMedia } from './redaction.js';
import type { Database, Executor } from './schema.js';

/**
 * Media rows replace an earlier upload of the same slot, so a retake never leaves two fronts.
 * Returns the object keys of the uploads replaced, for deletion once the transaction has committed.
 */
export function createMediaRecords(db: Executor): MediaRecords {
  return {
    async save(verificationId, items: PlacedMedia[], at) {
      const replaced: string[] = [];
      for (const item of items) {
        // Only bucket-backed uploads replace objects; a database-only store skips the lookup.
        if (item.storageKey) {
          const previous = await db
            .selectFrom('media')
            .select('storage_key')
            .where('verification_id', '=', verificationId)
            .where('kind', '=', item.kind)
            .where('idx', '=', item.index)
            .forUpdate()
            .executeTakeFirst();
          if (previous?.storage_key) replaced.push(previous.storage_key);
        }
        const content = {
          content_type: item.contentType,
          byte_size: item.bytes.length,
          bytes: item.storageKey ? null : (item.storedBytes ?? item.bytes),
          storage_key: item.storageKey,
          created_at: at,
        };
        await db
          .insertInto('media')
          .values({
            id: item.id,
            verification_id: verificationId,
            kind: item.kind,
            idx: item.index,
            ...content,
          })
          .onConflict((oc) =>
            oc.columns(['verification_id', 'kind', 'idx']).doUpdateSet({ id: item.id, ...content }),
          )
          .execute();
      }
      return replaced;
    },

    async removeKinds(verificationId, kinds) {
      if (kinds.length === 0) return [];
      const deleted = await db
        .deleteFrom('media')
        .where('verification_id', '=', verificationId)
        .where('kind', 'in', kinds)
        .returning('storage_key')
        .execute();
      return deleted.flatMap((row) => (row.storage_key ? [row.storage_key] : []));
    },

    async removeAll(verificationId) {
      const { perVerification, storageKeys } = await deleteMedia(db, [verificationId]);
      return { count: perVerification.get(verificationId) ?? 0, storageKeys };
    },
  };
}

export type MediaStoreOptions = {
  /** Keeps image bytes in an object store instead of the media table (MEDIA_STORE=s3). */
  objects?: MediaObjectStore | undefined;
  /** Seals the bytes with the verification's key, in the table and in the bucket alike. */
  keys?: VerificationKeys | undefined;
  /** Deleting superseded or orphaned objects is best effort; failures are reported here. */
  onCleanupError?: (error: unknown, keys: string[]) => void;
};

/** Image bytes in the media table, or in an S3-compatible bucket with the table as the record. */
export function createMediaStore(db: Kysely<Database>, options: MediaStoreOptions = {}): MediaStore {
  const { objects, keys } = options;
  /** The image, or null when its verification's key was destroyed (redacted: the image is erased). */
  const open = async (verificationId: string, stored: Buffer): Promise<Buffer | null> => {
    if (!keys) return stored;
    try {
      return (await keys.openerFor(verificationId)).openBytes(stored);
    } catch (error) {
      if (error instanceof ShreddedDataError) return null;
      throw error;
    }
  };

  const removeObjects = async (keys: string[]): Promise<void> => {
    if (!objects || keys.length === 0) return;
    await objects.remove(keys).catch((error: unknown) => options.onCleanupError?.(error, keys));
  };
  const cleanUp = (keys: string[]) => void removeObjects(keys);

  /** A row's bytes, from the row itself or from the object store; null when the object is gone. */
  async function bytesOf(row: {
    verification_id: string;
    bytes: Uint8Array | null;
    storage_key: string | null;
  }): Promise<Buffer | null> {
    if (row.bytes) return open(row.verification_id, Buffer.from(row.bytes));
    if (!row.storage_key) return null;
    if (!objects) throw new Error('media is kept outside the database, but MEDIA_STORE is database');
    const stored = await objects.get(row.storage_key);
    return stored && open(row.verification_id, stored);
  }

  return {
    async withPlaced(verificationId, media, write) {
      const sealer = keys && (await keys.sealerFor(verificationId));
      const placed: PlacedMedia[] = media.map((item) => {
        const id = crypto.randomUUID();
        return {
          ...item,
          id,
          storageKey: objects ? `${verificationId}/${id}` : null,
          ...(sealer ? { storedBytes: sealer.sealBytes(item.bytes) } : {}),
        };
      });
      const uploaded = placed.flatMap((item) => (item.storageKey ? [item.storageKey] : []));
      try {
        if (objects) {
          const puts = await Promise.allSettled(
            placed.map((item) =>
              objects.put(item.storageKey!, item.storedBytes ?? item.bytes, item.contentType),
            ),
          );
          const failed = puts.find((put) => put.status === 'rejected');
          if (failed) throw failed.reason;
        }
        const { result, replaced } = await write(placed);
        cleanUp(replaced ?? uploaded);
        return result;
      } catch (error) {
        cleanUp(uploaded);
        throw error;
      }
    },

    async has(verificationId, kind) {
      const row = await db
        .selectFrom('media')
        .select('id')
        .where('verification_id', '=', verificationId)
        .where('kind', '=', kind)
        .executeTakeFirst();
      return row !== undefined;
    },

    async load(verificationId, kind) {
      const rows = await db
        .selectFrom('media')
        .select(['verification_id', 'bytes', 'storage_key'])
        .where('verification_id', '=', verificationId)
        .where('kind', '=', kind)
        .orderBy('idx')
        .execute();
      const loaded = await Promise.all(rows.map(bytesOf));
      return loaded.filter((bytes): bytes is Buffer => bytes !== null);
    },

    async index(verificationId) {
      return db
        .selectFrom('media')
        .select(['id', 'kind', 'idx', 'content_type', 'byte_size'])
        .where('verification_id', '=', verificationId)
        .orderBy('kind')
        .orderBy('idx')
        .execute();
    },

    async byId(mediaId) {
      const row = await db
        .selectFrom('media')
        .select(['verification_id', 'content_type', 'bytes', 'storage_key'])
        .where('id', '=', mediaId)
        .executeTakeFirst();
      const bytes = row ? await bytesOf(row) : null;
      return row && bytes ? { contentType: row.content_type, bytes } : undefined;
    },

    async referencedStorageKeys(keys) {
      if (keys.length === 0) return new Set();
      const rows = await db
        .selectFrom('media')
        .select('storage_key')
        .where('storage_key', 'in', keys)
        .execute();
      return new Set(rows.flatMap((r) => (r.storage_key ? [r.storage_key] : [])));
    },

    removeObjects,
  };
}
