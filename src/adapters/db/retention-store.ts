import { sql, type Kysely } from 'kysely';
import type { RetentionBatch, RetentionScope, RetentionStore } from '../../ports/retention.js';
import { deleteMedia, deleteTemplates, redactVerifications } from './redaction.js';
import type { Database, Executor } from './schema.js';

type AuditRow = { id: string; detail: Record<string, unknown> };

/** One system audit entry per verification, in one statement. */
async function audit(db: Executor, event: string, at: Date, rows: AuditRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('verification_audit')
    .values(
      rows.map((row) => ({
        verification_id: row.id,
        occurred_at: at,
        actor: 'system',
        event,
        detail: JSON.stringify(row.detail),
      })),
    )
    .execute();
}

const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);

/** The rows of one account's keys, when the stage is scoped to an account. */
const ofAccount = (column: 'verifications.api_key_id' | 'face_templates.api_key_id', scope: RetentionScope) =>
  sql<boolean>`${sql.ref(column)} IN (SELECT id FROM api_keys WHERE account_id = ${scope!.accountId})`;

const toAccountRetention = (row: {
  id: number;
  retention_media_days: number | null;
  retention_pii_days: number | null;
  retention_template_days: number | null;
}) => ({
  accountId: Number(row.id),
  mediaDays: row.retention_media_days,
  piiDays: row.retention_pii_days,
  templateDays: row.retention_template_days,
});

/** The retention sweeper's batches (see the port); each runs in a transaction of its own. */
export function createRetentionStore(db: Kysely<Database>): RetentionStore {
  return {
    async acquireLease(name, holder, now, until) {
      const { rows } = await sql<{ name: string }>`
        INSERT INTO job_leases (name, holder, expires_at) VALUES (${name}, ${holder}, ${until})
        ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
        WHERE job_leases.holder = EXCLUDED.holder OR job_leases.expires_at <= ${now}
        RETURNING name`.execute(db);
      return rows.length > 0;
    },

    async releaseLease(name, holder, now) {
      await db
        .updateTable('job_leases')
        .set({ expires_at: now })
        .where('name', '=', name)
        .where('holder', '=', holder)
        .execute();
    },

    redactUnfinished: (expiredBefore, at, limit) =>
      db.transaction().execute(async (trx): Promise<RetentionBatch> => {
        const candidates = await trx
          .selectFrom('verifications')
          .select('id')
          // Open ones past expiry too: the expiry sweep may not have marked them yet.
          .where('decided_at', 'is', null)
          .where('redacted_at', 'is', null)
          .where('expires_at', '<=', expiredBefore)
          .orderBy('expires_at')
          .limit(limit)
          .forUpdate()
          .skipLocked()
          .execute();
        const redacted = await redactVerifications(trx, ids(candidates), at);
        const media = await deleteMedia(trx, redacted);
        await deleteTemplates(trx, redacted);
        await audit(
          trx,
          'verification.redacted',
          at,
          redacted.map((id) => ({
            id,
            detail: { reason: 'retention_unfinished', media_deleted: media.perVerification.get(id) ?? 0 },
          })),
        );
        return { verificationIds: redacted, count: redacted.length, storageKeys: media.storageKeys };
      }),

    deleteMedia: (decidedBefore, cursor, at, limit, scope = null) =>
      db.transaction().execute(async (trx) => {
        let query = trx
          .selectFrom('verifications')
          .select(['id', 'decided_at'])
          .where('decided_at', '<', decidedBefore)
          .where(({ exists, selectFrom }) =>
            exists(
              selectFrom('media')
                .select('media.id')
                .whereRef('media.verification_id', '=', 'verifications.id'),
            ),
          );
        if (scope) query = query.where(ofAccount('verifications.api_key_id', scope));
        // A row comparison, not `a > x OR (a = x AND b > y)`: the planner reads it as a range of the
        // (decided_at, id) index, so each batch starts where the last one ended instead of rescanning
        // every verification before the cursor (quadratic over a large backlog decided at one time).
        if (cursor) {
          query = query.where(({ eb, refTuple, tuple }) =>
            eb(refTuple('decided_at', 'id'), '>', tuple(cursor.decidedAt, cursor.id)),
          );
        }
        const candidates = await query
          .orderBy('decided_at')
          .orderBy('id')
          .limit(limit)
          .forUpdate()
          .skipLocked()
          .execute();
        const media = await deleteMedia(trx, ids(candidates));
        const touched = [...media.perVerification.keys()];
        await audit(
          trx,
          'media.deleted',
          at,
          touched.map((id) => ({
            id,
            detail: { reason: 'retention', media_deleted: media.perVerification.get(id) },
          })),
        );
        const last = candidates.at(-1);
        return {
          verificationIds: touched,
          count: [...media.perVerification.values()].reduce((sum, n) => sum + n, 0),
          storageKeys: media.storageKeys,
          cursor: candidates.length === limit && last ? { decidedAt: last.decided_at!, id: last.id } : null,
        };
      }),

    redactDecided: (decidedBefore, at, limit, scope = null) =>
      db.transaction().execute(async (trx): Promise<RetentionBatch> => {
        let query = trx
          .selectFrom('verifications')
          .select('id')
          .where('decided_at', '<', decidedBefore)
          .where('redacted_at', 'is', null);
        if (scope) query = query.where(ofAccount('verifications.api_key_id', scope));
        const candidates = await query.orderBy('decided_at').limit(limit).forUpdate().skipLocked().execute();
        const redacted = await redactVerifications(trx, ids(candidates), at);
        await audit(
          trx,
          'verification.redacted',
          at,
          redacted.map((id) => ({ id, detail: { reason: 'retention' } })),
        );
        return { verificationIds: redacted, count: redacted.length, storageKeys: [] };
      }),

    deleteTemplates: (createdBefore, at, limit, scope = null) =>
      db.transaction().execute(async (trx): Promise<RetentionBatch> => {
        let query = trx
          .selectFrom('face_templates')
          .select('verification_id as id')
          .where('created_at', '<', createdBefore);
        if (scope) query = query.where(ofAccount('face_templates.api_key_id', scope));
        const candidates = await query.orderBy('created_at').limit(limit).forUpdate().skipLocked().execute();
        const deleted = await deleteTemplates(trx, ids(candidates));
        await audit(
          trx,
          'face_template.deleted',
          at,
          deleted.map((id) => ({ id, detail: { reason: 'retention' } })),
        );
        return { verificationIds: deleted, count: deleted.length, storageKeys: [] };
      }),

    async accountRetention() {
      const rows = await db
        .selectFrom('accounts')
        .select(['id', 'retention_media_days', 'retention_pii_days', 'retention_template_days'])
        .where((eb) =>
          eb.or([
            eb('retention_media_days', 'is not', null),
            eb('retention_pii_days', 'is not', null),
            eb('retention_template_days', 'is not', null),
          ]),
        )
        .orderBy('id')
        .execute();
      return rows.map(toAccountRetention);
    },

    async findAccountRetention(accountId) {
      const row = await db
        .selectFrom('accounts')
        .select(['id', 'retention_media_days', 'retention_pii_days', 'retention_template_days'])
        .where('id', '=', accountId)
        .executeTakeFirstOrThrow();
      return toAccountRetention(row);
    },

    async saveAccountRetention(retention) {
      await db
        .updateTable('accounts')
        .set({
          retention_media_days: retention.mediaDays,
          retention_pii_days: retention.piiDays,
          retention_template_days: retention.templateDays,
        })
        .where('id', '=', retention.accountId)
        .execute();
    },

    async redactedAmong(verificationIds) {
      if (verificationIds.length === 0) return [];
      const rows = await db
        .selectFrom('verifications')
        .select('id')
        .where('id', 'in', verificationIds)
        .where('redacted_at', 'is not', null)
        .execute();
      return ids(rows);
    },
  };
}
