/**
 * The console's team queue (docs/review.md "Teams"): a member works every verification of the
 * account, whichever of its keys created it. A verification of another account is the same 404 as one
 * that does not exist. Reading needs any role; assigning and deciding need reviewer; the decision
 * names the member in the audit trail and in the `verification.reviewed` event.
 */
import type { KeyMode } from '../../core/api-keys/api-key.js';
import { ApiError } from '../../core/errors.js';
import { hasRole } from '../../core/members/members.js';
import type { Decision } from '../../core/verifications/decide.js';
import type { ReviewDecision } from '../../core/verifications/review.js';
import type { VerificationStatus } from '../../core/verifications/status.js';
import type { Verification, VerificationDetail } from '../../core/verifications/verification.js';
import type { AccountStore } from '../../ports/account-store.js';
import type { MemberStore } from '../../ports/member-store.js';
import type { VerificationDeps } from './deps.js';
import { signedMediaLinks, type MediaLinkDeps, type SignedMedia } from './media-links.js';
import { verificationDetail } from './read-verifications.js';
import { recordReviewDecision } from './review-verification.js';
import { requireRole, type MemberActor } from '../../core/actor.js';

export type ReviewQueueDeps = Pick<VerificationDeps, 'verifications' | 'transact' | 'clock' | 'onDecided'> & {
  accounts: Pick<AccountStore, 'accountOfKey'>;
  members: Pick<MemberStore, 'findMember'>;
  mediaLinks: MediaLinkDeps;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The verification if the member's account owns it (through any of its keys); 404 otherwise. */
export async function accountVerification(
  deps: Pick<ReviewQueueDeps, 'verifications' | 'clock' | 'accounts'>,
  member: MemberActor,
  id: string,
): Promise<Verification> {
  const found = UUID.test(id)
    ? await deps.verifications.findById(id.toLowerCase(), deps.clock.now())
    : undefined;
  if (!found || (await deps.accounts.accountOfKey(found.api_key_id)) !== member.accountId) {
    throw new ApiError('verification_not_found');
  }
  return found;
}

export async function listAccountVerifications(
  deps: Pick<ReviewQueueDeps, 'verifications' | 'clock' | 'accounts'>,
  member: MemberActor,
  query: {
    limit: number;
    startingAfter?: string | undefined;
    mode: KeyMode;
    status?: VerificationStatus | undefined;
    decision?: Decision | undefined;
    reviewed?: boolean | undefined;
    assigned?: 'me' | 'none' | undefined;
  },
): Promise<{ page: Verification[]; hasMore: boolean }> {
  await deps.verifications.expireDue(deps.clock.now());
  let startingAfter: { createdAt: Date; id: string } | undefined;
  if (query.startingAfter) {
    const cursor = await accountVerification(deps, member, query.startingAfter);
    startingAfter = { createdAt: cursor.created_at, id: cursor.id };
  }
  const rows = await deps.verifications.listInAccount(member.accountId, {
    limit: query.limit + 1,
    mode: query.mode,
    ...(startingAfter ? { startingAfter } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.decision ? { decision: query.decision } : {}),
    ...(query.reviewed !== undefined ? { reviewed: query.reviewed } : {}),
    ...(query.assigned ? { assigned: query.assigned === 'me' ? member.memberId : 'none' } : {}),
  });
  return { page: rows.slice(0, query.limit), hasMore: rows.length > query.limit };
}

export async function accountVerificationDetail(
  deps: Pick<ReviewQueueDeps, 'verifications' | 'clock' | 'accounts'>,
  member: MemberActor,
  id: string,
): Promise<VerificationDetail> {
  const verification = await accountVerification(deps, member, id);
  return verificationDetail(deps, verification.id, verification.api_key_id);
}

/** The evidence: signed links to the verification's images, as its key would get them. */
export async function accountEvidence(
  deps: Pick<ReviewQueueDeps, 'verifications' | 'clock' | 'accounts' | 'mediaLinks'>,
  member: MemberActor,
  id: string,
): Promise<{ expiresAt: Date; items: SignedMedia[] }> {
  const verification = await accountVerification(deps, member, id);
  return signedMediaLinks(deps.mediaLinks, verification.id, verification.api_key_id);
}

/** Assigns a case to a reviewer or admin of the same account (or unassigns it: null). */
export async function assignVerification(
  deps: ReviewQueueDeps,
  member: MemberActor,
  id: string,
  assigneeId: number | null,
): Promise<VerificationDetail> {
  requireRole(member, 'reviewer');
  const verification = await accountVerification(deps, member, id);
  if (assigneeId !== null) {
    const assignee = await deps.members.findMember(assigneeId);
    if (
      !assignee ||
      assignee.removed_at ||
      assignee.account_id !== member.accountId ||
      !hasRole(assignee.role, 'reviewer')
    ) {
      throw new ApiError('member_not_found');
    }
  }
  const at = deps.clock.now();
  await deps.transact(async (tx) => {
    await tx.verifications.assign(verification.id, assigneeId, at);
    await tx.audit.append(verification.id, {
      actor: 'merchant',
      event: 'verification.assigned',
      at,
      detail: { by_member_id: member.memberId, assigned_member_id: assigneeId },
    });
  });
  return verificationDetail(deps, verification.id, verification.api_key_id);
}

export async function decideVerification(
  deps: ReviewQueueDeps,
  member: MemberActor,
  id: string,
  input: { decision: ReviewDecision; note: string },
): Promise<VerificationDetail> {
  requireRole(member, 'reviewer');
  const verification = await accountVerification(deps, member, id);
  await recordReviewDecision(
    deps,
    verification,
    { member: { id: member.memberId, displayName: member.displayName } },
    input,
  );
  return verificationDetail(deps, verification.id, verification.api_key_id);
}
