import type { FrontCheckDetail } from '../core/checks.js';
import type { DocumentCheckRun } from '../core/documents/check-document.js';
import { MISMATCH_MIN_CONFIDENCE, birthDateBound, readFrontFields } from '../core/documents/front-fields.js';
import { compareFront, decisiveMismatches, isUnreadable } from '../core/documents/front-comparison.js';
import type { DocumentReasonCode } from '../core/verifications/reason-codes.js';
import type { FrontTextReader } from '../ports/check-engines.js';

/** The decisive fields as `doc_checks.document.front.fields` names them. */
const STORED_NAMES = { dob: 'dob', licenseNumber: 'license_number' } as const;

export type FrontCheck = { reasons: DocumentReasonCode[]; detail: FrontCheckDetail };

/**
 * Reads the licence front and compares it with the barcode the document check parsed. A confident
 * disagreement on the date of birth or the licence number is `document_front_back_mismatch`; an
 * unreadable front is neutral; an engine that cannot run is `document_front_unavailable`, never a pass.
 */
export async function checkFront(
  reader: FrontTextReader | null,
  front: Buffer | null,
  document: DocumentCheckRun,
): Promise<FrontCheck> {
  const { detail } = document;
  if (!front) return { reasons: [], detail: { status: 'not_compared', reason: 'no_document_front' } };
  if (!detail.identity || !detail.document)
    return { reasons: [], detail: { status: 'not_compared', reason: 'no_parsed_barcode' } };
  if (!reader) return { reasons: [], detail: { status: 'not_compared', reason: 'ml_disabled' } };

  const read = await reader.readFrontText(front, detail.document.country);
  if (read.status === 'unavailable')
    return { reasons: ['document_front_unavailable'], detail: { status: 'unavailable', error: read.error } };
  if (read.status === 'invalid_image')
    return { reasons: [], detail: { status: 'unreadable', reason: `image not decodable: ${read.error}` } };

  const { issueDate } = detail.document;
  const bornBefore = birthDateBound(issueDate);
  const fields = readFrontFields(read.lines, detail.document.country, {
    ...(bornBefore ? { bornBefore } : {}),
    ...(issueDate ? { issuedOn: issueDate } : {}),
  });
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
      fields: comparison,
      mismatched: mismatched.map((f) => STORED_NAMES[f]),
      minConfidence: MISMATCH_MIN_CONFIDENCE,
      linesRead: read.lines.length,
      models: read.models,
      durationMs: Math.round(read.durationMs),
    },
  };
}
