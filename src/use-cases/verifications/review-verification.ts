import crypto from 'node:crypto';
import { ApiError } from '../../core/errors.js';
import { assertReviewable, type ReviewDecision } from '../../core/verifications/review.js';
import { isoWithoutZone } from '../../core/time.js';
import type { Verification, VerificationDetail } from '../../core/verifications/verification.js';
import type { VerificationDeps } from './deps.js';
import { actorVerification, verificationDetail } from './read-verifications.js';
import { requireRole, type Actor } from '../../core/actor.js';
import type { AccountStore } from '../../ports/account-store.js';

export type ReviewDeps = Pick<VerificationDeps, 'verifications' | 'transact' | 'clock' | 'onDecided'> & {
  accounts: Pick<AccountStore, 'accountOfKey'>;
};

/**
 * A person's decision on a verification the checks decided `review` (docs/review.md), by an API key
 * that owns it or by a reviewer or admin of its account in the console. The automatic decision stays;
 * the reviewer's decision, note, who they are and the time are recorded with their audit entry and
 * the `verification.reviewed` outbox event in one transaction. A status guard in the write lets exactly
 * one of two racing reviewers win; the other gets the 409 a second review gets.
 */
export async function reviewVerification(
  deps: ReviewDeps,
  actor: Actor,
  verificationId: string,
  input: { decision: ReviewDecision; note: string },
): Promise<VerificationDetail> {
  if (actor.kind === 'member') requireRole(actor, 'reviewer');
  const verification = await actorVerification(deps, actor, verificationId);
  const reviewer: Reviewer =
    actor.kind === 'key'
      ? { keyId: actor.keyId }
      : { member: { id: actor.memberId, displayName: actor.displayName } };
  await recordReviewDecision(deps, verification, reviewer, input);
  return verificationDetail(deps, verification.id, verification.api_key_id);
}

/** Who decided: an API key, or a member of the account signed in to the console. */
export type Reviewer = { keyId: number } | { member: { id: number; displayName: string } };

/**
 * Records the decision of `reviewer` on a verification the caller has already found it may review
 * (the key owns it, or the member's account does). The audit entry names the reviewer: the key's id,
 * or the member's id and name (redaction erases the name with the note). The `verification.reviewed`
 * event carries ids only: events and webhook payloads are kept outside redaction's reach, and the
 * account's members list says who a member id is.
 */
export async function recordReviewDecision(
  deps: Pick<VerificationDeps, 'verifications' | 'transact' | 'clock' | 'onDecided'>,
  verification: Verification,
  reviewer: Reviewer,
  input: { decision: ReviewDecision; note: string },
): Promise<void> {
  assertReviewable(verification);
  const reviewerIds =
    'keyId' in reviewer ? { reviewer_key_id: reviewer.keyId } : { reviewer_member_id: reviewer.member.id };
  const who =
    'keyId' in reviewer ? reviewerIds : { ...reviewerIds, reviewer_name: reviewer.member.displayName };

  const at = deps.clock.now();
  const reviewed = await deps.transact(async (tx) => {
    const row = await tx.verifications.recordReview(verification.id, {
      decision: input.decision,
      note: input.note,
      reviewerKeyId: 'keyId' in reviewer ? reviewer.keyId : null,
      reviewerMemberId: 'keyId' in reviewer ? null : reviewer.member.id,
      at,
    });
    if (!row) return undefined;
    await tx.audit.append(verification.id, {
      actor: 'merchant',
      event: 'verification.reviewed',
      at,
      detail: {
        ...who,
        decision: input.decision,
        note: input.note,
        automatic_decision: verification.decision,
      },
    });
    await tx.outbox.add({
      id: crypto.randomUUID(),
      type: 'verification.reviewed',
      apiKeyId: verification.api_key_id,
      verificationId: verification.id,
      // The note stays out of the event: it is free text for reviewers, read through the API.
      data: {
        decision: input.decision,
        automatic_decision: verification.decision,
        ...reviewerIds,
        reviewed_at: isoWithoutZone(at),
      },
      at,
    });
    return row;
  });
  if (!reviewed) {
    const current = await deps.verifications.findById(verification.id, deps.clock.now());
    if (!current) throw new ApiError('verification_not_found');
    assertReviewable(current);
    throw new ApiError('already_reviewed', { decision: current.review_decision ?? 'unknown' });
  }
  deps.onDecided();
}
