import crypto from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { StoredBarcode } from '../../core/checks.js';
import type { MediaObjectStore } from '../media/object-store.js';
import type { Database, VerificationsTable } from './schema.js';

export type VerificationRow = Selectable<VerificationsTable>;

export type AuditEntry = { occurred_at: Date; actor: string; event: string; detail: Record<string, unknown> };

export type VerificationDetail = { row: VerificationRow; audit: AuditEntry[] };

export type AuditActor = 'merchant' | 'end_user' | 'system';

export type MediaItem = {
  kind: 'document_front' | 'document_back' | 'selfie_frame';
  index: number;
  contentType: string;
  bytes: Buffer;
};

export type ListFilter = {
  limit: number;
  startingAfter?: { createdAt: Date; id: string };
  status?: string;
  externalRef?: string;
};

export type VerificationStore = ReturnType<typeof createVerificationStore>;

type Db = Kysely<Database> | Transaction<Database>;

async function audit(
  db: Db,
  verificationId: string,
  actor: AuditActor,
  event: string,
  at: Date,
  detail: Record<string, unknown> = {},
) {
  await db
    .insertInto('verification_audit')
    .values({
      verification_id: verificationId,
      actor,
      event,
      occurred_at: at,
      detail: JSON.stringify(detail),
    })
    .execute();
}

/** A media item with its row id and, when an object store holds the bytes, its object key. */
type PlacedMedia = MediaItem & { id: string; storageKey: string | null };

/**
 * Media rows replace an earlier upload of the same slot, so a retake never leaves two fronts.
 * Returns the object keys of the uploads replaced, for deletion once the transaction has committed.
 */
async function saveMedia(db: Db, verificationId: string, items: PlacedMedia[], at: Date): Promise<string[]> {
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
      bytes: item.storageKey ? null : item.bytes,
      storage_key: item.storageKey,
      created_at: at,
    };
    await db
      .insertInto('media')
      .values({ id: item.id, verification_id: verificationId, kind: item.kind, idx: item.index, ...content })
      .onConflict((oc) =>
        oc.columns(['verification_id', 'kind', 'idx']).doUpdateSet({ id: item.id, ...content }),
      )
      .execute();
  }
  return replaced;
}

export type VerificationStoreOptions = {
  /** Keeps image bytes in an object store instead of the media table (MEDIA_STORE=s3). */
  objects?: MediaObjectStore | undefined;
  /** Deleting superseded or orphaned objects is best effort; failures are reported here. */
  onCleanupError?: (error: unknown, keys: string[]) => void;
};

export function createVerificationStore(db: Kysely<Database>, options: VerificationStoreOptions = {}) {
  const { objects } = options;

  const cleanUp = (keys: string[]) => {
    if (!objects || keys.length === 0) return;
    objects.remove(keys).catch((error: unknown) => options.onCleanupError?.(error, keys));
  };

  /**
   * Runs `write` (one transaction) with the media placed: with an object store the bytes are uploaded
   * first, under fresh keys no row points at yet. If the write fails or saves no media (`replaced`
   * null), those objects are deleted again, so no row ever refers to a partial upload; once it has
   * committed, the objects of the uploads it replaced are deleted.
   */
  async function withMedia<T>(
    verificationId: string,
    media: MediaItem[],
    write: (placed: PlacedMedia[]) => Promise<{ result: T; replaced: string[] | null }>,
  ): Promise<T> {
    const placed: PlacedMedia[] = media.map((item) => {
      const id = crypto.randomUUID();
      return { ...item, id, storageKey: objects ? `${verificationId}/${id}` : null };
    });
    const uploaded = placed.flatMap((item) => (item.storageKey ? [item.storageKey] : []));
    try {
      if (objects) {
        const puts = await Promise.allSettled(
          placed.map((item) => objects.put(item.storageKey!, item.bytes, item.contentType)),
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
  }

  /** A row's bytes, from the row itself or from the object store; null when the object is gone. */
  async function bytesOf(row: {
    bytes: Uint8Array | null;
    storage_key: string | null;
  }): Promise<Buffer | null> {
    if (row.bytes) return Buffer.from(row.bytes);
    if (!row.storage_key) return null;
    if (!objects) throw new Error('media is kept in an object store, but MEDIA_STORE is not s3');
    return objects.get(row.storage_key);
  }

  return {
    async create(input: {
      id: string;
      apiKeyId: number;
      externalRef: string;
      metadata: Record<string, unknown>;
      createdAt: Date;
      expiresAt: Date;
      tokenHash: string;
      tokenExpiresAt: Date;
    }): Promise<VerificationRow> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('verifications')
          .values({
            id: input.id,
            api_key_id: input.apiKeyId,
            external_ref: input.externalRef,
            metadata: JSON.stringify(input.metadata),
            status: 'doc_front',
            decision: null,
            score: null,
            decision_reasons: '[]',
            checks: '{}',
            doc_checks: '{}',
            barcode: null,
            consent_at: null,
            decided_at: null,
            created_at: input.createdAt,
            updated_at: input.createdAt,
            expires_at: input.expiresAt,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('client_tokens')
          .values({
            token_hash: input.tokenHash,
            verification_id: input.id,
            created_at: input.createdAt,
            expires_at: input.tokenExpiresAt,
          })
          .execute();
        await audit(trx, input.id, 'merchant', 'verification.created', input.createdAt, {
          api_key_id: input.apiKeyId,
        });
        return row;
      });
    },

    async findOwned(id: string, apiKeyId: number): Promise<VerificationRow | undefined> {
      return db
        .selectFrom('verifications')
        .selectAll()
        .where('id', '=', id)
        .where('api_key_id', '=', apiKeyId)
        .executeTakeFirst();
    },

    /** The row and its audit log, for the merchant's detail view; undefined unless `apiKeyId` owns it. */
    async findOwnedDetail(id: string, apiKeyId: number): Promise<VerificationDetail | undefined> {
      const found = await db
        .selectFrom('verifications')
        .selectAll('verifications')
        .select((eb) =>
          jsonArrayFrom(
            eb
              .selectFrom('verification_audit')
              .select(['occurred_at', 'actor', 'event', 'detail'])
              .whereRef('verification_audit.verification_id', '=', 'verifications.id')
              .orderBy('verification_audit.id'),
          ).as('audit_log'),
        )
        .where('id', '=', id)
        .where('api_key_id', '=', apiKeyId)
        .executeTakeFirst();
      if (!found) return undefined;
      const { audit_log, ...row } = found;
      // Inside JSON the timestamps arrive as text; the rest of the code sees Dates.
      const audit = audit_log.map((entry) => ({ ...entry, occurred_at: new Date(entry.occurred_at) }));
      return { row, audit };
    },

    async findById(id: string): Promise<VerificationRow | undefined> {
      return db.selectFrom('verifications').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async list(apiKeyId: number, filter: ListFilter): Promise<VerificationRow[]> {
      let query = db.selectFrom('verifications').selectAll().where('api_key_id', '=', apiKeyId);
      if (filter.status) query = query.where('status', '=', filter.status);
      if (filter.externalRef !== undefined) query = query.where('external_ref', '=', filter.externalRef);
      if (filter.startingAfter) {
        const { createdAt, id } = filter.startingAfter;
        query = query.where((eb) =>
          eb.or([
            eb('created_at', '<', createdAt),
            eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)]),
          ]),
        );
      }
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).execute();
    },

    /** The verification behind a client token that has not expired. */
    async findByToken(
      tokenHash: string,
      now: Date,
    ): Promise<{ verification: VerificationRow; tokenExpiresAt: Date } | undefined> {
      const token = await db
        .selectFrom('client_tokens')
        .select(['verification_id', 'expires_at'])
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (!token) return undefined;
      const verification = await db
        .selectFrom('verifications')
        .selectAll()
        .where('id', '=', token.verification_id)
        .executeTakeFirst();
      return verification ? { verification, tokenExpiresAt: token.expires_at } : undefined;
    },

    async addToken(verificationId: string, tokenHash: string, now: Date, expiresAt: Date): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('client_tokens')
          .values({
            token_hash: tokenHash,
            verification_id: verificationId,
            created_at: now,
            expires_at: expiresAt,
          })
          .execute();
        await audit(trx, verificationId, 'merchant', 'client_token.minted', now, {
          expires_at: expiresAt.toISOString(),
        });
      });
    },

    /** Ends every live client token of the verification now; returns how many were live (0 again is fine). */
    async revokeTokens(verificationId: string, now: Date): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const ended = await trx
          .updateTable('client_tokens')
          .set({ expires_at: now })
          .where('verification_id', '=', verificationId)
          .where('expires_at', '>', now)
          .executeTakeFirst();
        const count = Number(ended.numUpdatedRows);
        if (count > 0)
          await audit(trx, verificationId, 'merchant', 'client_token.revoked', now, { tokens: count });
        return count;
      });
    },

    /** Marks open verifications past expires_at as expired (on read for one, by the sweep for all). */
    async expireDue(now: Date, verificationId?: string): Promise<number> {
      return db.transaction().execute(async (trx) => {
        let query = trx
          .updateTable('verifications')
          .set({ status: 'expired', updated_at: now })
          .where('status', 'in', ['doc_front', 'doc_back', 'selfie'])
          .where('expires_at', '<=', now);
        if (verificationId) query = query.where('id', '=', verificationId);
        const expired = await query.returning('id').execute();
        for (const { id } of expired) await audit(trx, id, 'system', 'verification.expired', now);
        return expired.length;
      });
    },

    async recordConsent(
      verificationId: string,
      at: Date,
      context: { ip: string; userAgent: string | null },
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('verifications')
          .set({ consent_at: at, updated_at: at })
          .where('id', '=', verificationId)
          .where('consent_at', 'is', null)
          .returning('id')
          .execute();
        if (updated.length > 0) {
          await audit(trx, verificationId, 'end_user', 'consent.given', at, {
            ip: context.ip,
            user_agent: context.userAgent,
          });
        }
      });
    },

    /** Stores uploads and advances the status in one transaction, only while the verification is still open. */
    async saveUploads(input: {
      verificationId: string;
      media: MediaItem[];
      status: string;
      barcode?: StoredBarcode;
      at: Date;
      event: string;
      detail: Record<string, unknown>;
    }): Promise<boolean> {
      return withMedia(input.verificationId, input.media, (placed) =>
        db.transaction().execute(async (trx) => {
          const updated = await trx
            .updateTable('verifications')
            .set({
              status: input.status,
              updated_at: input.at,
              ...(input.barcode ? { barcode: JSON.stringify(input.barcode) } : {}),
            })
            .where('id', '=', input.verificationId)
            .where('status', 'in', ['doc_front', 'doc_back', 'selfie'])
            .returning('id')
            .execute();
          if (updated.length === 0) return { result: false, replaced: null };
          const replaced = await saveMedia(trx, input.verificationId, placed, input.at);
          await audit(trx, input.verificationId, 'end_user', input.event, input.at, input.detail);
          return { result: true, replaced };
        }),
      );
    },

    async hasMedia(verificationId: string, kind: MediaItem['kind']): Promise<boolean> {
      const row = await db
        .selectFrom('media')
        .select('id')
        .where('verification_id', '=', verificationId)
        .where('kind', '=', kind)
        .executeTakeFirst();
      return row !== undefined;
    },

    async loadMediaBytes(verificationId: string, kind: MediaItem['kind']): Promise<Buffer[]> {
      const rows = await db
        .selectFrom('media')
        .select(['bytes', 'storage_key'])
        .where('verification_id', '=', verificationId)
        .where('kind', '=', kind)
        .orderBy('idx')
        .execute();
      const loaded = await Promise.all(rows.map(bytesOf));
      return loaded.filter((bytes): bytes is Buffer => bytes !== null);
    },

    /**
     * The decision, its audit entry, the usage record and the outbox event commit together or not at
     * all. The status guard makes concurrent submits race safely: exactly one finds the verification
     * still submittable; the others get `undefined` and answer 409.
     */
    async decide(input: {
      verificationId: string;
      apiKeyId: number;
      at: Date;
      media: MediaItem[];
      barcode?: StoredBarcode;
      consent?: { ip: string; userAgent: string | null };
      decision: string;
      score: number;
      reasons: string[];
      checks: Record<string, unknown>;
      docChecks: Record<string, unknown>;
      eventId: string;
      withinTransaction?: (trx: Transaction<Database>) => Promise<void>;
    }): Promise<VerificationRow | undefined> {
      return withMedia(input.verificationId, input.media, (placed) =>
        db.transaction().execute(async (trx) => {
          const row = await trx
            .updateTable('verifications')
            .set({
              status: 'decided',
              decision: input.decision,
              score: input.score,
              decision_reasons: JSON.stringify(input.reasons),
              checks: JSON.stringify(input.checks),
              doc_checks: JSON.stringify(input.docChecks),
              decided_at: input.at,
              updated_at: input.at,
              ...(input.consent ? { consent_at: input.at } : {}),
              ...(input.barcode ? { barcode: JSON.stringify(input.barcode) } : {}),
            })
            .where('id', '=', input.verificationId)
            .where('status', 'in', ['doc_back', 'selfie'])
            .where('expires_at', '>', input.at)
            .returningAll()
            .executeTakeFirst();
          if (!row) return { result: undefined, replaced: null };
          if (input.consent) {
            await audit(trx, input.verificationId, 'end_user', 'consent.given', input.at, {
              ip: input.consent.ip,
              user_agent: input.consent.userAgent,
            });
          }
          const replaced = await saveMedia(trx, input.verificationId, placed, input.at);
          await audit(trx, input.verificationId, 'end_user', 'verification.submitted', input.at);
          await audit(trx, input.verificationId, 'system', 'verification.decided', input.at, {
            decision: input.decision,
            score: input.score,
            reasons: input.reasons,
          });
          await trx
            .insertInto('usage_records')
            .values({
              verification_id: input.verificationId,
              api_key_id: input.apiKeyId,
              day: input.at.toISOString().slice(0, 10),
              created_at: input.at,
            })
            .execute();
          await trx
            .insertInto('events')
            .values({
              id: input.eventId,
              type: 'verification.decided',
              api_key_id: input.apiKeyId,
              verification_id: input.verificationId,
              data: JSON.stringify({ decision: input.decision, score: input.score, reasons: input.reasons }),
              created_at: input.at,
            })
            .execute();
          await input.withinTransaction?.(trx);
          return { result: row, replaced };
        }),
      );
    },

    async mediaIndex(verificationId: string) {
      return db
        .selectFrom('media')
        .select(['id', 'kind', 'idx', 'content_type', 'byte_size'])
        .where('verification_id', '=', verificationId)
        .orderBy('kind')
        .orderBy('idx')
        .execute();
    },

    /** Which of these object keys a media row refers to. */
    async referencedStorageKeys(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .selectFrom('media')
        .select('storage_key')
        .where('storage_key', 'in', keys)
        .execute();
      return new Set(rows.flatMap((r) => (r.storage_key ? [r.storage_key] : [])));
    },

    /** One stored image with its bytes, or undefined when there is no such image (or its object is gone). */
    async mediaById(mediaId: string): Promise<{ contentType: string; bytes: Buffer } | undefined> {
      const row = await db
        .selectFrom('media')
        .select(['content_type', 'bytes', 'storage_key'])
        .where('id', '=', mediaId)
        .executeTakeFirst();
      const bytes = row ? await bytesOf(row) : null;
      return row && bytes ? { contentType: row.content_type, bytes } : undefined;
    },

    async usageByDay(apiKeyId: number, from: string, to: string) {
      return db
        .selectFrom('usage_records')
        .select((eb) => [
          sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
          eb.fn.countAll<number>().as('verifications'),
        ])
        .where('api_key_id', '=', apiKeyId)
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy('day')
        .orderBy('day')
        .execute();
    },
  };
}
