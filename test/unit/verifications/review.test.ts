import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../../src/core/errors.js';
import { assertReviewable, finalDecision } from '../../../src/core/verifications/review.js';
import type { Verification } from '../../../src/core/verifications/verification.js';

const at = new Date('2026-11-01T12:00:00Z');

function verification(overrides: Partial<Verification>): Verification {
  return {
    id: 'v',
    api_key_id: 1,
    external_ref: 'ref',
    metadata: {},
    status: 'decided',
    decision: 'review',
    score: 70,
    decision_reasons: [],
    checks: {},
    doc_checks: {},
    barcode: null,
    consent_at: at,
    created_at: at,
    updated_at: at,
    expires_at: at,
    decided_at: at,
    review_decision: null,
    review_note: null,
    reviewed_at: null,
    reviewer_key_id: null,
    reviewer_member_id: null,
    assigned_member_id: null,
    mode: 'live',
    test_outcome: null,
    redacted_at: null,
    return_url: null,
    document_types: ['drivers_license', 'id_card', 'passport'],
    document_type: null,
    mrz_review: false,
    ...overrides,
  };
}

const codeOf = (v: Verification) => {
  try {
    assertReviewable(v);
    return null;
  } catch (error) {
    return (error as ApiError).code;
  }
};

describe('manual review rules', () => {
  it('accepts only a verification decided review that no one has reviewed', () => {
    expect(codeOf(verification({}))).toBeNull();
    for (const status of ['doc_front', 'doc_back', 'selfie', 'expired'] as const)
      expect(codeOf(verification({ status, decision: null }))).toBe('review_not_decided');
    expect(codeOf(verification({ decision: 'approve' }))).toBe('review_not_needed');
    expect(codeOf(verification({ decision: 'decline' }))).toBe('review_not_needed');
    expect(codeOf(verification({ review_decision: 'decline', reviewed_at: at, reviewer_key_id: 1 }))).toBe(
      'already_reviewed',
    );
  });

  it('refuses a redacted verification: the evidence a reviewer weighs is gone', () => {
    expect(codeOf(verification({ redacted_at: at }))).toBe('review_redacted');
  });

  it('the final decision is the reviewer’s, else an automatic approve or decline, else none', () => {
    expect(finalDecision(verification({}))).toBeNull();
    expect(finalDecision(verification({ review_decision: 'approve', reviewed_at: at }))).toBe('approve');
    expect(finalDecision(verification({ decision: 'decline' }))).toBe('decline');
    expect(finalDecision(verification({ decision: 'approve' }))).toBe('approve');
    expect(finalDecision(verification({ status: 'selfie', decision: null }))).toBeNull();
  });
});
