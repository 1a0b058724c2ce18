import type { DocumentReasonCode } from './verifications/reason-codes.js';

/**
 * Results of the five checks that feed decide(). Each check either ran (its verdict is data) or was
 * `unavailable` (model not loaded, list not loaded, error, time budget spent): never a faked score.
 */
export type Unavailable = { status: 'unavailable'; error: string };

export type DocumentCheckResult = {
  status: 'ok';
  reasons: DocumentReasonCode[];
  /** Reviewer-facing detail: parsed identity, missing elements, licence-number comparison, decode source. */
  detail: Record<string, unknown>;
};

export type FaceMatchCheckResult =
  | {
      status: 'ok';
      /** Calibrated 0..1, higher = more alike; null when a face could not be found (no face or several). */
      similarity: number | null;
      detail: Record<string, unknown>;
    }
  | Unavailable;

export type LivenessCheckResult =
  { status: 'ok'; score: number; detail: Record<string, unknown> } | Unavailable;

export type SanctionsCheckResult =
  | {
      status: 'ok';
      outcome: 'match' | 'possible_match' | 'no_match';
      score: number;
      detail: Record<string, unknown>;
    }
  | Unavailable;

export type FaceDedupeReason =
  | 'returning_customer'
  | 'below_threshold'
  | 'no_matches'
  | 'face_duplicate_different_identity'
  | 'face_seen_before';

export type DedupeCheckResult =
  { status: 'ok'; reason: FaceDedupeReason; detail: Record<string, unknown> } | Unavailable;

export type CheckResults = {
  document: DocumentCheckResult;
  faceMatch: FaceMatchCheckResult;
  liveness: LivenessCheckResult;
  sanctions: SanctionsCheckResult;
  dedupe: DedupeCheckResult;
};

/** What the back of the licence yielded at upload: the server's own decode and the browser's string. */
export type StoredBarcode = {
  server_status: 'ok' | 'not_found' | 'unavailable';
  server_text: string | null;
  browser_text: string | null;
  server_error?: string;
};
