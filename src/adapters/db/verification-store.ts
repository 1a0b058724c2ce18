import crypto from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { StoredBarcode } from '../../core/checks.js';
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

/** Media rows replace an earlier upload of the same slot, so a retake never leaves two fronts. */
async function saveMedia(db: Db, verificationId: string, items: MediaItem[], at: Date) {
  for (const item of items) {
    await db
      .insertInto('media')
      .values({
        id: crypto.randomUUID(),
        verification_id: verificationId,
        kind: item.kind,
        idx: item.index,
        content_type: item.contentType,
        byte_size: item.bytes.length,
        bytes: item.bytes,
        created_at: at,
      })
      .onConflict((oc) =>
        oc.columns(['verification_id', 'kind', 'idx']).doUpdateSet({
          id: crypto.randomUUID(),
          content_type: item.contentType,
          byte_size: item.bytes.length,
          bytes: item.bytes,
          created_at: at,
        }),
      )
      .execute();
  }
}

export function createVerificationStore(db: Kysely<Database>) {
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
      return db.transaction().execute(async (trx) => {
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
        if (updated.length === 0) return false;
        await saveMedia(trx, input.verificationId, input.media, input.at);
        await audit(trx, input.verificationId, 'end_user', input.event, input.at, input.detail);
        return true;
      });
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
        .select(['bytes'])
        .where('verification_id', '=', verificationId)
        .where('kind', '=', kind)
        .orderBy('idx')
        .execute();
      return rows.flatMap((r) => (r.bytes ? [Buffer.from(r.bytes)] : []));
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
      return db.transaction().execute(async (trx) => {
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
        if (!row) return undefined;
        if (input.consent) {
          await audit(trx, input.verificationId, 'end_user', 'consent.given', input.at, {
            ip: input.consent.ip,
            user_agent: input.consent.userAgent,
          });
        }
        await saveMedia(trx, input.verificationId, input.media, input.at);
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
        return row;
      });
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

    async mediaById(mediaId: string) {
      return db
        .selectFrom('media')
        .select(['id', 'content_type', 'bytes'])
        .where('id', '=', mediaId)
        .executeTakeFirst();
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
