import { sql } from 'kysely';
import { OPEN_STATUSES } from '../../core/verifications/status.js';
import type { Executor } from './schema.js';

/**
 * Erases the personal data of these verifications, set-based so the retention sweeper redacts a batch
 * in a few statements (docs/privacy.md lists what goes and what stays). Verifications already
 * redacted are skipped; returns the ids redacted now. Media and face templates are separate steps
 * (deleteMedia, deleteTemplates): retention keeps each for its own period.
 */
export async function redactVerifications(db: Executor, ids: string[], at: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const open = sql.join(OPEN_STATUSES.map((status) => sql.lit(status)));
  // doc_checks keeps only the duplicate-face reason; everything else in it was read from the
  // licence or the face. checks keeps each check's status and figure, without the device details.
  const { rows } = await sql<{ id: string }>`
    UPDATE verifications SET
      redacted_at = ${at},
      updated_at = ${at},
      status = CASE WHEN status IN (${open}) THEN 'expired' ELSE status END,
      barcode = NULL,
      metadata = '{}'::jsonb,
      review_note = NULL,
      doc_checks = CASE
        WHEN jsonb_typeof(doc_checks -> 'face_dedupe' -> 'reason') = 'string'
        THEN jsonb_build_object('face_dedupe', jsonb_build_object('reason', doc_checks -> 'face_dedupe' -> 'reason'))
        ELSE '{}'::jsonb END,
      checks = checks - 'signals'
    WHERE id = ANY(${sql.val(ids)}::uuid[]) AND redacted_at IS NULL
    RETURNING id`.execute(db);
  const redacted = rows.map((row) => row.id);
  if (redacted.length === 0) return [];
  const any = sql`ANY(${sql.val(redacted)}::uuid[])`;
  await sql`DELETE FROM device_signals WHERE verification_id = ${any}`.execute(db);
  // A replay would answer with the metadata and client token of the first answer.
  await sql`DELETE FROM idempotency_keys WHERE verification_id = ${any}`.execute(db);
  await sql`UPDATE check_jobs SET input = '{}'::jsonb WHERE verification_id = ${any}`.execute(db);
  await sql`UPDATE client_tokens SET expires_at = ${at} WHERE verification_id = ${any} AND expires_at > ${at}`.execute(
    db,
  );
  // The audit log stays, keeping only the detail keys that hold no personal data.
  const kept = sql`ARRAY[${sql.join(AUDIT_DETAIL_KEYS_KEPT.map((key) => sql.lit(key)))}]::text[]`;
  await sql`
    UPDATE verification_audit SET detail = (
      SELECT coalesce(jsonb_object_agg(entry.key, entry.value), '{}'::jsonb)
      FROM jsonb_each(detail) AS entry WHERE entry.key = ANY(${kept}))
    WHERE verification_id = ${any} AND jsonb_typeof(detail) = 'object'`.execute(db);
  return redacted;
}

/**
 * The audit detail keys that survive redaction: ids, codes, counts, figures and times. Everything
 * else goes: the end user's address and browser (consent, submit, handoff), the reviewer's note, and
 * any key added later until it is listed here, so a new free-text field is erased by default.
 */
export const AUDIT_DETAIL_KEYS_KEPT = [
  'actions',
  'api_key_id',
  'assigned_member_id',
  'automatic_decision',
  'browser_barcode',
  'by_key_id',
  'by_member_id',
  'bytes',
  'decision',
  'document_type',
  'document_types',
  'expires_at',
  'face_template_deleted',
  'frames',
  'liveness_challenge',
  'media_deleted',
  'mode',
  'previous_document_type',
  'reason',
  'reasons',
  'reviewer_key_id',
  'reviewer_member_id',
  'score',
  'server_decode',
  'source',
  'status',
  'test_outcome',
  'tokens',
] as const;

/**
 * Deletes the media rows of these verifications, and the selfie-frame hashes computed from them;
 * returns how many media rows per verification and the object keys.
 */
export async function deleteMedia(
  db: Executor,
  ids: string[],
): Promise<{ perVerification: Map<string, number>; storageKeys: string[] }> {
  const perVerification = new Map<string, number>();
  if (ids.length === 0) return { perVerification, storageKeys: [] };
  await db.deleteFrom('selfie_frame_hashes').where('verification_id', 'in', ids).execute();
  const deleted = await db
    .deleteFrom('media')
    .where('verification_id', 'in', ids)
    .returning(['verification_id', 'storage_key'])
    .execute();
  for (const row of deleted)
    perVerification.set(row.verification_id, (perVerification.get(row.verification_id) ?? 0) + 1);
  return {
    perVerification,
    storageKeys: deleted.flatMap((row) => (row.storage_key ? [row.storage_key] : [])),
  };
}

/** Deletes the face templates of these verifications; returns the ids that had one. */
export async function deleteTemplates(db: Executor, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const deleted = await db
    .deleteFrom('face_templates')
    .where('verification_id', 'in', ids)
    .returning('verification_id')
    .execute();
  return deleted.map((row) => row.verification_id);
}
