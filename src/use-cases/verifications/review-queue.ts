/**
 * The console's team queue (docs/review.md "Teams"): a member works every verification of the
 * account, whichever of its keys created it. A verification of another account is the same 404 as one
 * that does not exist. Reading needs any role; assigning and deciding need reviewer; the decision
 * names the member in the audit trail and in the `verification.reviewed` event.
 */
import type { KeyMode } from '../../core/api-keys/api-key.js';
import { ApiError } from '../../core/errors.js';
import { hasRole, type Role } from '../../core/members/members.js';
import type { Decision } from '../../core/verifications/decide.js';
import { NAME_SEARCH_WINDOW, nameMatches, type HolderName } from '../../core/verifications/name-search.js';
import type { ReasonCode } from '../../core/verifications/reason-codes.js';
import type { VerificationStatus } from '../../core/verifications/status.js';
import type { Verification, VerificationDetail } from '../../core/verifications/verification.js';
import type { AccountStore } from '../../ports/account-store.js';
import type { MemberStore } from '../../ports/member-store.js';
import type { VerificationDeps } from './deps.js';
import { signedMediaLinks, type MediaLinkDeps, type SignedMedia } from './media-links.js';
import { accountVerification, verificationDetail } from './read-verifications.js';
import { requireRole, type MemberActor } from '../../core/actor.js';

export type ReviewQueueDeps = Pick<VerificationDeps, 'verifications' | 'transact' | 'clock' | 'onDecided'> & {
  accounts: Pick<AccountStore, 'accountOfKey' | 'find'>;
  members: Pick<MemberStore, 'findMember' | 'listMembers'>;
  mediaLinks: MediaLinkDeps;
};

/** What the console's list and export narrow an account's verifications by (docs/review.md "Verifications"). */
export type AccountSearch = {
  limit: number;
  startingAfter?: string | undefined;
  mode: KeyMode;
  id?: string | undefined;
  externalRef?: string | undefined;
  /** Words of the licence holder's name; matched in a bounded window (core/verifications/name-search.ts). */
  name?: string | undefined;
  status?: VerificationStatus | undefined;
  decision?: Decision | undefined;
  reason?: ReasonCode | undefined;
  reviewed?: boolean | undefined;
  assigned?: 'me' | 'none' | undefined;
  createdFrom?: Date | undefined;
  createdBefore?: Date | undefined;
};

/** The name search opens verifications in batches of this many. */
const NAME_BATCH = 100;

/**
 * One page of the account's verifications, newest first. `nextCursor` is where the next page starts;
 * a name search that opened NAME_SEARCH_WINDOW verifications without filling the page stops there and
 * answers with the last one it opened as the cursor, so a long history is searched page by page.
 */
export async function searchAccountVerifications(
  deps: Pick<ReviewQueueDeps, 'verifications' | 'clock' | 'accounts'>,
  member: MemberActor,
  query: AccountSearch,
): Promise<{ page: Verification[]; nextCursor: string | null }> {
  await deps.verifications.expireDue(deps.clock.now());
  let startingAfter: { createdAt: Date; id: string } | undefined;
  if (query.startingAfter) {
    const cursor = await accountVerification(deps, member, query.startingAfter);
    startingAfter = { createdAt: cursor.created_at, id: cursor.id };
  }
  const filter = (limit: number, after: typeof startingAfter) => ({
    limit,
    mode: query.mode,
    ...(after ? { startingAfter: after } : {}),
    ...(query.id ? { id: query.id.toLowerCase() } : {}),
    ...(query.externalRef !== undefined ? { externalRef: query.externalRef } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.decision ? { decision: query.decision } : {}),
    ...(query.reason ? { reason: query.reason } : {}),
    ...(query.reviewed !== undefined ? { reviewed: query.reviewed } : {}),
    ...(query.assigned ? { assigned: query.assigned === 'me' ? member.memberId : ('none' as const) } : {}),
    ...(query.createdFrom ? { createdFrom: query.createdFrom } : {}),
    ...(query.createdBefore ? { createdBefore: query.createdBefore } : {}),
  });
  if (!query.name) {
    const rows = await deps.verifications.listInAccount(
      member.accountId,
      filter(query.limit + 1, startingAfter),
    );
    const page = rows.slice(0, query.limit);
    return { page, nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null };
  }
  const found: Verification[] = [];
  let after = startingAfter;
  let opened = 0;
  while (opened < NAME_SEARCH_WINDOW) {
    const wanted = Math.min(NAME_BATCH, NAME_SEARCH_WINDOW - opened);
    const batch = await deps.verifications.listInAccount(member.accountId, filter(wanted, after));
    for (const row of batch) {
      if (!nameMatches(query.name, identityOf(row))) continue;
      found.push(row);
      if (found.length > query.limit) {
        const page = found.slice(0, query.limit);
        return { page, nextCursor: page[page.length - 1]!.id };
      }
    }
    opened += batch.length;
    if (batch.length < wanted) return { page: found, nextCursor: null };
    const last = batch[batch.length - 1]!;
    after = { createdAt: last.created_at, id: last.id };
  }
  // The window is spent: the caller goes on from the last verification opened.
  return { page: found, nextCursor: after!.id };
}

/** The licence holder's name as the document check read it; undefined before a decision or after redaction. */
function identityOf(v: Verification): HolderName | undefined {
  const document = v.doc_checks.document as { identity?: HolderName | null } | undefined;
  return document?.identity ?? undefined;
}

/** The account's name and its active members as colleagues see them (no e-mail addresses). */
export async function teamDirectory(
  deps: { accounts: Pick<AccountStore, 'find'>; members: Pick<MemberStore, 'listMembers'> },
  member: MemberActor,
): Promise<{
  account: { id: number; name: string };
  members: { id: number; displayName: string; role: Role }[];
}> {
  const account = await deps.accounts.find(member.accountId);
  const members = await deps.members.listMembers(member.accountId);
  return {
    account: { id: member.accountId, name: account?.name ?? '' },
    members: members.map((m) => ({ id: m.id, displayName: m.display_name, role: m.role })),
  };
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
