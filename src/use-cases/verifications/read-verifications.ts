import { ApiError } from '../../core/errors.js';
import type { Decision } from '../../core/verifications/decide.js';
import { isOpen, type VerificationStatus } from '../../core/verifications/status.js';
import type { Verification, VerificationDetail } from '../../core/verifications/verification.js';
import type { WaitHolder } from '../../ports/verification-changes.js';
import type { AccountStore } from '../../ports/account-store.js';
import type { Actor, MemberActor } from '../../core/actor.js';
import type { VerificationDeps } from './deps.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's verification, or 404: another key's verification is indistinguishable from none. */
export async function ownedVerification(
  deps: Pick<VerificationDeps, 'verifications' | 'clock'>,
  id: string,
  apiKeyId: number,
): Promise<Verification> {
  const found = UUID.test(id)
    ? await deps.verifications.findOwned(id.toLowerCase(), apiKeyId, deps.clock.now())
    : undefined;
  if (!found) throw new ApiError('verification_not_found');
  return found;
}

/** The verification if the member's account owns it (through any of its keys); 404 otherwise. */
export async function accountVerification(
  deps: Pick<VerificationDeps, 'verifications' | 'clock'> & { accounts: Pick<AccountStore, 'accountOfKey'> },
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

/** The verification an actor may act on: a key's own, or any of a member's account; 404 otherwise. */
export function actorVerification(
  deps: Pick<VerificationDeps, 'verifications' | 'clock'> & { accounts: Pick<AccountStore, 'accountOfKey'> },
  actor: Actor,
  id: string,
): Promise<Verification> {
  return actor.kind === 'key'
    ? ownedVerification(deps, id, actor.keyId)
    : accountVerification(deps, actor, id);
}

export async function verificationDetail(
  deps: Pick<VerificationDeps, 'verifications' | 'clock'>,
  id: string,
  apiKeyId: number,
): Promise<VerificationDetail> {
  const found = UUID.test(id)
    ? await deps.verifications.findOwnedDetail(id.toLowerCase(), apiKeyId, deps.clock.now())
    : undefined;
  if (!found) throw new ApiError('verification_not_found');
  return found;
}

/**
 * The detail once the verification is no longer open (decided or expired), waiting up to
 * `waitSeconds` for that instead of making the merchant poll; the detail as it is when the wait runs
 * out. Refused with 503 when the instance already holds its maximum of waiting clients, or this key
 * or its account its share of them.
 */
export async function awaitVerificationDetail(
  deps: Pick<VerificationDeps, 'verifications' | 'clock' | 'changes'>,
  id: string,
  caller: WaitHolder,
  waitSeconds: number,
  signal?: AbortSignal,
): Promise<VerificationDetail> {
  const { apiKeyId } = caller;
  let detail = await verificationDetail(deps, id, apiKeyId);
  const deadline = performance.now() + waitSeconds * 1000;
  while (isOpen(detail.verification.status) && !signal?.aborted) {
    const remainingMs = deadline - performance.now();
    if (remainingMs <= 0) break;
    if (!(await deps.changes.waitForChange(detail.verification.id, caller, remainingMs, signal)))
      throw new ApiError('too_many_waiting_clients', {}, { retryAfterSeconds: 1 });
    detail = await verificationDetail(deps, id, apiKeyId);
  }
  return detail;
}

/** Newest first, Stripe-style cursor pagination: `starting_after` is the last id of the previous page. */
export async function listVerifications(
  deps: Pick<VerificationDeps, 'verifications' | 'clock'>,
  apiKeyId: number,
  query: {
    limit: number;
    startingAfter?: string;
    status?: VerificationStatus;
    externalRef?: string;
    decision?: Decision;
    reviewed?: boolean;
  },
): Promise<{ page: Verification[]; hasMore: boolean }> {
  await deps.verifications.expireDue(deps.clock.now());
  let startingAfter: { createdAt: Date; id: string } | undefined;
  if (query.startingAfter) {
    const cursor = await ownedVerification(deps, query.startingAfter, apiKeyId);
    startingAfter = { createdAt: cursor.created_at, id: cursor.id };
  }
  const rows = await deps.verifications.list(apiKeyId, {
    limit: query.limit + 1,
    ...(startingAfter ? { startingAfter } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.externalRef !== undefined ? { externalRef: query.externalRef } : {}),
    ...(query.decision ? { decision: query.decision } : {}),
    ...(query.reviewed !== undefined ? { reviewed: query.reviewed } : {}),
  });
  return { page: rows.slice(0, query.limit), hasMore: rows.length > query.limit };
}

/** Completed verifications per day for the calling key; the last 30 days by default. */
export async function usageReport(
  deps: Pick<VerificationDeps, 'usage' | 'clock'>,
  apiKeyId: number,
  range: { from?: string | undefined; to?: string | undefined },
) {
  const today = deps.clock.now().toISOString().slice(0, 10);
  const to = range.to ?? today;
  const from = range.from ?? new Date(Date.parse(to) - 29 * 86_400_000).toISOString().slice(0, 10);
  const data = await deps.usage.byDay(apiKeyId, from, to);
  return { from, to, total: data.reduce((sum, d) => sum + d.verifications, 0), data };
}
