import { ApiError } from '../errors.js';
import type { Verification } from './verification.js';

/** What a reviewer may decide: the two outcomes that settle a verification. */
export const REVIEW_DECISIONS = ['approve', 'decline'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/**
 * A reviewer's note is kept in the audit log and shown to other reviewers: long enough for a few
 * sentences of reasoning with the evidence named, short enough that nobody pastes documents into it.
 */
export const REVIEW_NOTE_MAX_LENGTH = 2000;

/**
 * The one state a review is accepted in: decided `review` and not yet reviewed. Anything else is a
 * 409 naming what is in the way, so a reviewer who lost a race learns the verification is settled.
 */
export function assertReviewable(verification: Verification): void {
  if (verification.status !== 'decided')
    throw new ApiError('review_not_decided', { status: verification.status });
  // The images, licence data and signals a reviewer weighs are erased by redaction (docs/privacy.md).
  if (verification.redacted_at !== null) throw new ApiError('review_redacted');
  if (verification.reviewed_at !== null)
    throw new ApiError('already_reviewed', { decision: verification.review_decision ?? 'unknown' });
  if (verification.decision !== 'review')
    throw new ApiError('review_not_needed', { decision: verification.decision ?? 'none' });
}

/**
 * The decision that stands: the reviewer's when there is one, otherwise the automatic `approve` or
 * `decline`; null while the verification is open, expired undecided, or awaiting review.
 */
export function finalDecision(verification: Verification): ReviewDecision | null {
  if (verification.review_decision) return verification.review_decision;
  if (verification.decision === 'approve' || verification.decision === 'decline')
    return verification.decision;
  return null;
}
