/** Decision reason codes (docs/errors.md), in the stable order they are reported. */
export const REASON_CODES = [
  'ofac_match',
  'ofac_possible_match',
  'ofac_screen_unavailable',
  'face_duplicate_different_identity',
  'face_seen_before',
  'face_dedupe_unavailable',
  'barcode_parse_failed',
  'mandatory_elements_missing',
  'document_expired',
  'license_number_recompute_failed',
  'document_front_back_mismatch',
  'server_barcode_decode_unavailable',
  'document_front_unavailable',
  'mrz_unreadable',
  'mrz_check_digit_failed',
  'document_data_mismatch',
  'mrz_unavailable',
  'document_chip_not_read',
  'face_match_below_threshold',
  'face_match_unavailable',
  'liveness_below_threshold',
  'liveness_unavailable',
  'ml_degraded_capped_at_review',
] as const;

export type ReasonCode = (typeof REASON_CODES)[number];

/** The reasons only a licence's barcode and front give. */
export const LICENCE_REASON_CODES = [
  'barcode_parse_failed',
  'mandatory_elements_missing',
  'license_number_recompute_failed',
  'document_front_back_mismatch',
  'server_barcode_decode_unavailable',
  'document_front_unavailable',
] as const satisfies readonly ReasonCode[];

/** The reasons reading a passport's or ID card's machine-readable zone gives (besides document_expired). */
export const MRZ_REASON_CODES = [
  'mrz_unreadable',
  'mrz_check_digit_failed',
  'document_data_mismatch',
  'mrz_unavailable',
  'document_chip_not_read',
] as const satisfies readonly ReasonCode[];

/** Every reason the document check gives, in the order of REASON_CODES. */
export const DOCUMENT_REASON_CODES = REASON_CODES.filter(
  (code): code is LicenceReasonCode | MrzReasonCode | 'document_expired' =>
    code === 'document_expired' ||
    (LICENCE_REASON_CODES as readonly string[]).includes(code) ||
    (MRZ_REASON_CODES as readonly string[]).includes(code),
);

export type LicenceReasonCode = (typeof LICENCE_REASON_CODES)[number];
export type MrzReasonCode = (typeof MRZ_REASON_CODES)[number];
export type DocumentReasonCode = LicenceReasonCode | MrzReasonCode | 'document_expired';
