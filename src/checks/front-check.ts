import type { DocumentCheckResult } from '../core/checks.js';
import type { DocumentCheckDetail } from '../core/documents/check-document.js';
import {
  MISMATCH_MIN_CONFIDENCE,
  compareFront,
  decisiveMismatches,
  isUnreadable,
  readFrontFields,
  type FieldName,
  type FrontComparison,
} from '../core/documents/front-fields.js';
import type { DocumentReasonCode } from '../core/verifications/reason-codes.js';
import type { FrontTextReader } from '../ports/check-engines.js';

/** The front fields as `doc_checks.document.front.fields` names them. */
const FIELD_NAMES: Record<FieldName, string> = {
  lastName: 'last_name',
  givenNames: 'given_names',
  dob: 'dob',
  licenseNumber: 'license_number',
  expiry: 'expiry',
};

/**
 * What reading the front found (`doc_checks.document.front`):
 * - `compared`: fields read and compared with the barcode, one entry per field;
 * - `unreadable`: neither the date of birth nor the licence number could be read (neutral, noted);
 * - `unavailable`: the OCR engine could not run (`document_front_unavailable`, caps at review);
 * - `not_compared`: no front image, no parsed barcode to compare with, or ML disabled by configuration.
 */
export type FrontCheckDetail =
  | {
      status: 'compared' | 'unreadable';
      fields: Record<string, FrontComparison[FieldName]>;
      mismatched: string[];
      min_confidence: number;
      lines_read: number;
      models: { name: string; version: string }[];
      duration_ms: number;
    }
  | { status: 'unreadable'; reason: string }
  | { status: 'unavailable'; error: string }
  | { status: 'not_compared'; reason: 'no_document_front' | 'no_parsed_barcode' | 'ml_disabled' };

export type FrontCheck = { reasons: DocumentReasonCode[]; detail: FrontCheckDetail };

const snakeFields = (comparison: FrontComparison) =>
  Object.fromEntries((Object.keys(FIELD_NAMES) as FieldName[]).map((f) => [FIELD_NAMES[f], comparison[f]]));

/**
 * Reads the licence front and compares it with the barcode the document check parsed. A confident
 * disagreement on the date of birth or the licence number is `document_front_back_mismatch`; an
 * unreadable front is neutral; an engine that cannot run is `document_front_unavailable`, never a pass.
 */
export async function checkFront(
  reader: FrontTextReader | null,
  front: Buffer | null,
  document: DocumentCheckResult,
): Promise<FrontCheck> {
  const detail = document.detail as DocumentCheckDetail;
  if (!front) return { reasons: [], detail: { status: 'not_compared', reason: 'no_document_front' } };
  if (!detail.identity || !detail.document)
    return { reasons: [], detail: { status: 'not_compared', reason: 'no_parsed_barcode' } };
  if (!reader) return { reasons: [], detail: { status: 'not_compared', reason: 'ml_disabled' } };

  const read = await reader.readFrontText(front);
  if (read.status === 'unavailable')
    return { reasons: ['document_front_unavailable'], detail: { status: 'unavailable', error: read.error } };
  if (read.status === 'invalid_image')
    return { reasons: [], detail: { status: 'unreadable', reason: `image not decodable: ${read.error}` } };

  const fields = readFrontFields(read.lines, detail.document.country);
  const comparison = compareFront(fields, {
    lastName: detail.identity.lastName,
    firstName: detail.identity.firstName,
    middleName: detail.identity.middleName,
    dob: detail.identity.dob,
    licenseNumber: detail.document.licenseNumber,
    expiry: detail.document.expiry,
  });
  const mismatched = decisiveMismatches(comparison);
  const unreadable = isUnreadable(fields);
  return {
    reasons: !unreadable && mismatched.length > 0 ? ['document_front_back_mismatch'] : [],
    detail: {
      status: unreadable ? 'unreadable' : 'compared',
      fields: snakeFields(comparison),
      mismatched: mismatched.map((f) => FIELD_NAMES[f]),
      min_confidence: MISMATCH_MIN_CONFIDENCE,
      lines_read: read.lines.length,
      models: read.models,
      duration_ms: Math.round(read.durationMs),
    },
  };
}
