import type { KeyMode } from '../api-keys/api-key.js';
import type { Decision } from './decide.js';
import type { ReasonCode } from './reason-codes.js';
import type { StoredBarcode } from '../checks.js';
import type { DocumentType } from '../documents/document-types.js';
import type { VerificationStatus } from './status.js';

/**
 * A verification as the use cases and the HTTP layer see it. Field names follow the API,
 * so presenters map it without renaming; the stores map their rows to it.
 */
export type Verification = {
  id: string;
  api_key_id: number;
  external_ref: string;
  metadata: Record<string, unknown>;
  status: VerificationStatus;
  decision: Decision | null;
  score: number | null;
  decision_reasons: string[];
  checks: Record<string, unknown>;
  doc_checks: Record<string, unknown>;
  barcode: StoredBarcode | null;
  consent_at: Date | null;
  created_at: Date;
  updated_at: Date;
  expires_at: Date;
  decided_at: Date | null;
  /** A person's decision on a verification decided `review` (see review.ts); null until then. */
  review_decision: Exclude<Decision, 'review'> | null;
  review_note: string | null;
  reviewed_at: Date | null;
  reviewer_key_id: number | null;
  /** The account member who decided the review, when a person signed in to the console did. */
  reviewer_member_id: number | null;
  /** The member a review case is assigned to in the console; null when unassigned. */
  assigned_member_id: number | null;
  /** The creating key's mode: a test verification runs forced checks and is never metered. */
  mode: KeyMode;
  /** Test mode: the reason codes fixed at creation (an empty list approves); null when chosen at submit. */
  test_outcome: ReasonCode[] | null;
  /** When the personal data was erased (on request or by retention, docs/privacy.md); null while kept. */
  redacted_at: Date | null;
  /** Where the hosted flow sends the end user back when finished (redirect mode); null when not set. */
  return_url: string | null;
  /** The document types the end user may choose among (docs/api.md, "Document types"). */
  document_types: DocumentType[];
  /** The type the end user chose with their first document upload; null before it. */
  document_type: DocumentType | null;
  /** A passport or ID card read only through its MRZ is kept at review (docs/decision-policy.md). */
  mrz_review: boolean;
};

export type AuditActor = 'merchant' | 'end_user' | 'system';

export type AuditEntry = { occurred_at: Date; actor: string; event: string; detail: Record<string, unknown> };

export type VerificationDetail = { verification: Verification; audit: AuditEntry[] };

export type MediaKind = 'document_front' | 'document_back' | 'selfie_frame';

/** An image on its way into storage. */
export type MediaItem = { kind: MediaKind; index: number; contentType: string; bytes: Buffer };

/** What a merchant can list about a stored image (never its bytes). */
export type MediaIndexEntry = {
  id: string;
  kind: string;
  idx: number;
  content_type: string;
  byte_size: number;
};
