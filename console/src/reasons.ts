/**
 * What the service's codes mean, in the words a reviewer reads them (docs/errors.md lists the reason
 * codes). The code stays beside the words: it is what the API, webhooks and support speak.
 */
import { h } from './dom.js';

export const REASON_TEXT: Record<string, string> = {
  ofac_match: 'Matches a sanctions list entry',
  ofac_possible_match: 'Possibly matches a sanctions list entry',
  ofac_screen_unavailable: 'Sanctions screening could not run',
  face_duplicate_different_identity: 'Face seen before under a different identity',
  face_seen_before: 'Face seen in an earlier verification',
  face_dedupe_unavailable: 'Duplicate-face check could not run',
  barcode_parse_failed: 'Licence barcode could not be read',
  mandatory_elements_missing: 'Licence barcode lacks required fields',
  document_expired: 'Document has expired',
  license_number_recompute_failed: "Licence number does not fit the holder's details",
  document_front_back_mismatch: 'Front and back of the document disagree',
  server_barcode_decode_unavailable: 'Barcode reader could not run',
  document_front_unavailable: 'Front of the document could not be checked',
  face_match_below_threshold: 'Selfie does not match the document photo',
  face_match_unavailable: 'Face match could not run',
  liveness_below_threshold: 'Selfie may not show a live person',
  liveness_unavailable: 'Liveness check could not run',
  ml_degraded_capped_at_review: 'Some checks ran degraded, so at most review',
};

export const reasonText = (code: string): string => REASON_TEXT[code] ?? code;

/** Each reason in words with its code beside it. */
export function reasonList(reasons: string[]): HTMLElement {
  if (reasons.length === 0) return h('span', { class: 'hint' }, 'none');
  return h(
    'ul',
    { class: 'reasons' },
    ...reasons.map((code) => h('li', {}, reasonText(code), ' ', h('code', {}, code))),
  );
}

export const STATUS_TEXT: Record<string, string> = {
  doc_front: 'Waiting for the document front',
  doc_back: 'Waiting for the document back',
  selfie: 'Waiting for the selfie',
  processing: 'Checks running',
  decided: 'Decided',
  expired: 'Expired unfinished',
  canceled: 'Canceled',
};

export const DECISION_TEXT: Record<string, string> = {
  approve: 'Approved',
  review: 'Needs review',
  decline: 'Declined',
};
