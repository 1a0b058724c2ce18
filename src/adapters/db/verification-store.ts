import crypto from 'node:crypto';
import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import { DOCUMENT_TYPES } from '../../core/documents/document-types.js';
import { isoWithoutZone } from '../../core/time.js';
import { isExpired, OPEN_STATUSES, SUBMITTABLE } from '../../core/verifications/status.js';
import type { Verification, VerificationDetail } from '../../core/verifications/verification.js';
import type { VerificationKeys } from '../../ports/verification-keys.js';
import type { ListFilter, VerificationStore, VerificationWrites } from '../../ports/verification-store.js';
import { createAuditLog } from './audit-log.js';
import { createOutbox } from './outbox.js';
import { retireUnclaimedHandoffLinks } from './handoff-store.js';
import { redactVerifications } from './redaction.js';
import {
  openAuditDetail,
  openBarcode,
  openDocChecks,
  openMetadata,
  openNote,
  sealBarcode,
  sealDocChecks,
  sealMetadata,
  sealNote,
} from './sealed-columns.js';
import type { Database, Executor, VerificationsTable } from './schema.js';

/** Whether a row holds anything sealed, so a redacted or empty one costs no key lookup. */
const holdsSealed = (row: Selectable<VerificationsTable>) =>
  row.barcode !== null || 'sealed' in row.doc_checks || 'sealed' in row.metadata || row.review_note !== null;

/** A row as the use cases see it, with its sealed personal data opened with the verification's key. */
function verificationOf(keys: VerificationKeys | undefined) {
  return async (row: Selectable<VerificationsTable>): Promise<Verification> => {
    const sealer = keys && holdsSealed(row) ? await keys.openerFor(row.id) : undefined;
    // A service still running on the schema before 0039 reads rows without the document columns.
    const documents = row as Partial<
      Pick<Selectable<VerificationsTable>, 'document_types' | 'document_type' | 'mrz_review'>
    >;
    return {
      ...(row as Verification),
      document_types: documents.document_types ?? [...DOCUMENT_TYPES],
      document_type: documents.document_type ?? null,
      mrz_review: documents.mrz_review ?? false,
      metadata: openMetadata(sealer, row.metadata),
      barcode: openBarcode(sealer, row.barcode),
      doc_checks: openDocChecks(sealer, row.doc_checks),
      review_note: openNote(sealer, row.review_note),
    };
  };
}

/** Expires open verifications past expires_at (one, or all for the sweep), each with its audit entry and event. */
async function expire(db: Kysely<Database>, now: Date, verificationId?: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .updateTable('verifications')
      .set({ status: 'expired', updated_at: now })
      .where('status', 'in', OPEN_STATUSES)
      .where('expires_at', '<=', now);
    if (verificationId) query = query.where('id', '=', verificationId);
    const expired = await query.returning(['id', 'api_key_id']).execute();
    const audit = createAuditLog(trx);
    const outbox = createOutbox(trx);
    for (const { id, api_key_id } of expired) {
      await audit.append(id, { actor: 'system', event: 'verification.expired', at: now });
      await outbox.add({
        id: crypto.randomUUID(),
        type: 'verification.expired',
        apiKeyId: api_key_id,
        verificationId: id,
        data: { status: 'expired', expired_at: isoWithoutZone(now) },
        at: now,
      });
    }
    return expired.length;
  });
}

/**
 * Reads of verifications. Each applies the expire-on-read rule in one place: a read
 * that finds an open verification past expires_at expires it, then reads it again.
 */
export function createVerificationStore(db: Kysely<Database>, keys?: VerificationKeys): VerificationStore {
  const toVerification = verificationOf(keys);

  /** The filters every list shares, and the cursor. */
  function narrowed(
    selected: SelectQueryBuilder<Database, 'verifications', Selectable<VerificationsTable>>,
    filter: ListFilter,
  ) {
    let query = selected;
    if (filter.status) query = query.where('status', '=', filter.status);
    if (filter.externalRef !== undefined) query = query.where('external_ref', '=', filter.externalRef);
    if (filter.decision) query = query.where('decision', '=', filter.decision);
    if (filter.reviewed !== undefined)
      query = query.where('reviewed_at', filter.reviewed ? 'is not' : 'is', null);
    if (filter.startingAfter) {
      const { createdAt, id } = filter.startingAfter;
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '<', createdAt),
          eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)]),
        ]),
      );
    }
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit);
  }

  /** One page of verifications, newest first, narrowed by the filters every list shares. */
  async function page(
    selected: SelectQueryBuilder<Database, 'verifications', Selectable<VerificationsTable>>,
    filter: ListFilter,
  ): Promise<Verification[]> {
    const rows = await narrowed(selected, filter).execute();
    return Promise.all(rows.map(toVerification));
  }

  async function fresh<T>(
    now: Date,
    read: () => Promise<T | undefined>,
    verificationOf: (found: T) => Pick<Selectable<VerificationsTable>, 'id' | 'status' | 'expires_at'>,
  ): Promise<T | undefined> {
    const found = await read();
    if (!found) return undefined;
    const verification = verificationOf(found);
    if (!isExpired(verification.status as Verification['status'], verification.expires_at, now)) return found;
    await expire(db, now, verification.id);
    return (await read()) ?? found;
  }

  const byId = async (id: string) =>
    db.selectFrom('verifications').selectAll().where('id', '=', id).executeTakeFirst();

  return {
    async findOwned(id, apiKeyId, now) {
      const row = await fresh(
        now,
        () =>
          db
            .selectFrom('verifications')
            .selectAll()
            .where('id', '=', id)
            .where('api_key_id', '=', apiKeyId)
            .executeTakeFirst(),
        (found) => found,
      );
      return row && toVerification(row);
    },

    async findOwnedDetail(id, apiKeyId, now): Promise<VerificationDetail | undefined> {
      const read = async (): Promise<VerificationDetail | undefined> => {
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
        const sealer =
          keys && audit_log.some((entry) => 'sealed' in entry.detail) ? await keys.openerFor(id) : undefined;
        // Inside JSON the timestamps arrive as text; the rest of the code sees Dates.
        const audit = audit_log.map((entry) => ({
          ...entry,
          occurred_at: new Date(entry.occurred_at),
          detail: openAuditDetail(sealer, entry.detail),
        }));
        return { verification: await toVerification(row), audit };
      };
      return fresh(now, read, (detail) => detail.verification);
    },

    async findById(id, now) {
      const row = await fresh(
        now,
        () => byId(id),
        (found) => found,
      );
      return row && toVerification(row);
    },

    async listInAccount(accountId, filter) {
      // Each key's newest rows through its (api_key_id, created_at, id) index, merged: asking for
      // "api_key_id IN (the account's keys)" made the planner sort the account's whole history for
      // every page (bench/console-search.bench.ts).
      let perKey = db
        .selectFrom('verifications')
        .selectAll('verifications')
        .where(sql<boolean>`verifications.api_key_id = k.id`)
        .where('mode', '=', filter.mode);
      if (filter.assigned !== undefined)
        perKey =
          filter.assigned === 'none'
            ? perKey.where('assigned_member_id', 'is', null)
            : perKey.where('assigned_member_id', '=', filter.assigned);
      if (filter.id !== undefined) perKey = perKey.where('id', '=', filter.id);
      // Containment on the jsonb array, which the reasons index (0041) answers.
      if (filter.reason !== undefined)
        perKey = perKey.where(sql<boolean>`decision_reasons @> ${JSON.stringify([filter.reason])}::jsonb`);
      if (filter.createdFrom) perKey = perKey.where('created_at', '>=', filter.createdFrom);
      if (filter.createdBefore) perKey = perKey.where('created_at', '<', filter.createdBefore);
      const rows = await db
        .selectFrom('api_keys as k')
        .innerJoinLateral(narrowed(perKey, filter).as('v'), (join) => join.onTrue())
        .selectAll('v')
        .where('k.account_id', '=', accountId)
        .orderBy('v.created_at', 'desc')
        .orderBy('v.id', 'desc')
        .limit(filter.limit)
        .execute();
      return Promise.all(rows.map(toVerification));
    },

    async list(apiKeyId, filter) {
      return page(db.selectFrom('verifications').selectAll().where('api_key_id', '=', apiKeyId), filter);
    },

    async findByToken(tokenHash, now) {
      const token = await db
        .selectFrom('client_tokens')
        .select(['verification_id', 'expires_at'])
        .where('token_hash', '=', tokenHash)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      if (!token) return undefined;
      const row = await fresh(
        now,
        () => byId(token.verification_id),
        (found) => found,
      );
      return row ? { verification: await toVerification(row), tokenExpiresAt: token.expires_at } : undefined;
    },

    expireDue: (now) => expire(db, now),
  };
}

/** The verification writes of one transaction (see transactor.ts). */
export function createVerificationWrites(db: Executor, keys?: VerificationKeys): VerificationWrites {
  const toVerification = verificationOf(keys);
  const sealerFor = async (verificationId: string) => keys && (await keys.sealerFor(verificationId));
  return {
    async insert(input) {
      // The key is made with the verification, before any of its data exists to be sealed.
      const sealer = await sealerFor(input.id);
      const row = await db
        .insertInto('verifications')
        .values({
          id: input.id,
          api_key_id: input.apiKeyId,
          external_ref: input.externalRef,
          metadata: sealMetadata(sealer, input.metadata),
          mode: input.mode ?? 'live',
          test_outcome: input.testOutcome ? JSON.stringify(input.testOutcome) : null,
          // Only when given: a service still running on the schema before 0024 writes no such column.
          ...(input.returnUrl ? { return_url: input.returnUrl } : {}),
          ...(input.monitor === false ? { monitor: false } : {}),
          ...(input.documentTypes ? { document_types: JSON.stringify(input.documentTypes) } : {}),
          ...(input.mrzReview ? { mrz_review: true } : {}),
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
      return toVerification(row);
    },

    async addToken(verificationId, tokenHash, now, expiresAt) {
      await db
        .insertInto('client_tokens')
        .values({
          token_hash: tokenHash,
          verification_id: verificationId,
          created_at: now,
          expires_at: expiresAt,
        })
        .execute();
    },

    async revokeTokens(verificationId, now) {
      await retireUnclaimedHandoffLinks(db, verificationId, now);
      const ended = await db
        .updateTable('client_tokens')
        .set({ expires_at: now })
        .where('verification_id', '=', verificationId)
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return Number(ended.numUpdatedRows);
    },

    async cancel(verificationId, at) {
      const row = await db
        .updateTable('verifications')
        .set({ status: 'canceled', updated_at: at })
        .where('id', '=', verificationId)
        .where('status', 'in', OPEN_STATUSES)
        .returningAll()
        .executeTakeFirst();
      return row && toVerification(row);
    },

    async recordConsent(verificationId, at) {
      const updated = await db
        .updateTable('verifications')
        .set({ consent_at: at, updated_at: at })
        .where('id', '=', verificationId)
        .where('consent_at', 'is', null)
        .returning('id')
        .execute();
      return updated.length > 0;
    },

    async chooseDocumentType(verificationId, type, at) {
      const updated = await db
        .updateTable('verifications')
        .set({ document_type: type, status: 'doc_front', barcode: null, updated_at: at })
        .where('id', '=', verificationId)
        .where('status', 'in', OPEN_STATUSES)
        .where('redacted_at', 'is', null)
        .returning('id')
        .execute();
      return updated.length > 0;
    },

    async advance(verificationId, change) {
      const sealer = change.barcode ? await sealerFor(verificationId) : undefined;
      const updated = await db
        .updateTable('verifications')
        .set({
          status: change.status,
          updated_at: change.at,
          ...(change.barcode ? { barcode: sealBarcode(sealer, change.barcode) } : {}),
          ...(change.testOutcome ? { test_outcome: JSON.stringify(change.testOutcome) } : {}),
        })
        .where('id', '=', verificationId)
        .where('status', 'in', OPEN_STATUSES)
        .where('redacted_at', 'is', null)
        .returning('id')
        .execute();
      return updated.length > 0;
    },

    async markDecided(verificationId, input) {
      const sealer = await sealerFor(verificationId);
      const row = await db
        .updateTable('verifications')
        .set({
          status: 'decided',
          decision: input.decision,
          score: input.score,
          decision_reasons: JSON.stringify(input.reasons),
          checks: JSON.stringify(input.checks),
          doc_checks: sealDocChecks(sealer, input.docChecks),
          decided_at: input.at,
          updated_at: input.at,
          ...(input.consentAt ? { consent_at: input.consentAt } : {}),
          ...(input.barcode ? { barcode: sealBarcode(sealer, input.barcode) } : {}),
        })
        .where('id', '=', verificationId)
        .where('status', 'in', SUBMITTABLE)
        .where('expires_at', '>', input.at)
        // A redaction during the checks closed it: their late results must not bring data back.
        .where('redacted_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      return row && toVerification(row);
    },

    async recordReview(verificationId, review) {
      const sealer = await sealerFor(verificationId);
      const row = await db
        .updateTable('verifications')
        .set({
          review_decision: review.decision,
          review_note: sealNote(sealer, review.note),
          reviewed_at: review.at,
          reviewer_key_id: review.reviewerKeyId,
          reviewer_member_id: review.reviewerMemberId ?? null,
          updated_at: review.at,
        })
        .where('id', '=', verificationId)
        .where('status', '=', 'decided')
        .where('decision', '=', 'review')
        .where('reviewed_at', 'is', null)
        .where('redacted_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      return row && toVerification(row);
    },

    async assign(verificationId, memberId, at) {
      const row = await db
        .updateTable('verifications')
        .set({ assigned_member_id: memberId, updated_at: at })
        .where('id', '=', verificationId)
        .returningAll()
        .executeTakeFirst();
      return row && toVerification(row);
    },

    async redact(verificationId, at) {
      const [redacted] = await redactVerifications(db, [verificationId], at);
      if (!redacted) return undefined;
      const row = await db
        .selectFrom('verifications')
        .selectAll()
        .where('id', '=', verificationId)
        .executeTakeFirstOrThrow();
      return toVerification(row);
    },
  };
}
