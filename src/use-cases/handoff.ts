/**
 * Desktop-to-phone handoff (docs/api.md "Handoff"). The first device asks for a link carrying a fresh
 * handoff token; the second device exchanges it, once, for a client token of its own, so the first
 * device's token never leaves it. Only the SHA-256 of either token is stored.
 */
import { hashSecret } from '../core/api-keys/api-key.js';
import { ApiError } from '../core/errors.js';
import { generateOpaqueToken } from '../core/signing.js';
import { addSeconds, type Clock } from '../core/time.js';
import { isExpired, isOpen } from '../core/verifications/status.js';
import type { HandoffStore, RequestOrigin } from '../ports/handoff-store.js';
import { newClientToken } from './verifications/create-verification.js';

export const HANDOFF_TOKEN_PREFIX = 'ho_';
// 16 random bytes (128 bits) cannot be guessed within a link's life, and keep the QR code at version 5
// (37 × 37 modules) for a typical link, which phone cameras read from across a desk.
const HANDOFF_TOKEN_BYTES = 16;
// Long enough to find a phone, unlock it and scan; short enough that a link pasted into a chat soon stops working.
export const HANDOFF_TTL_SECONDS = 600;
// A user who moves between devices a few times, or rescans after a failed scan, stays well below this;
// a script that farms links from one verification does not get far.
export const MAX_HANDOFF_LINKS_PER_VERIFICATION = 10;

export type HandoffDeps = {
  handoffs: HandoffStore;
  findVerification(id: string): Promise<{ status: string; expires_at: Date } | undefined>;
  clock: Clock;
};

export type HandoffStatus = {
  status: 'none' | 'waiting' | 'claimed' | 'expired';
  expiresAt: Date | null;
  claimedAt: Date | null;
};

/**
 * `session` is the first device's: the link, and the token the second device gets for it, expire no
 * later than its token, so hopping between devices never extends the life the merchant gave the session.
 */
export async function startHandoff(
  deps: HandoffDeps,
  session: { verification: { id: string; status: string }; tokenExpiresAt: Date },
  origin: RequestOrigin,
): Promise<{ token: string; expiresAt: Date }> {
  const { verification } = session;
  if (!isOpen(verification.status)) {
    throw new ApiError('verification_closed', { status: verification.status });
  }
  if ((await deps.handoffs.count(verification.id)) >= MAX_HANDOFF_LINKS_PER_VERIFICATION) {
    throw new ApiError('handoff_limit_reached', { max: MAX_HANDOFF_LINKS_PER_VERIFICATION });
  }
  const now = deps.clock.now();
  const token = generateOpaqueToken(HANDOFF_TOKEN_PREFIX, HANDOFF_TOKEN_BYTES);
  const expiresAt = earliest(addSeconds(now, HANDOFF_TTL_SECONDS), session.tokenExpiresAt);
  await deps.handoffs.create({
    verificationId: verification.id,
    tokenHash: hashSecret(token),
    now,
    expiresAt,
    creatorTokenExpiresAt: session.tokenExpiresAt,
    origin,
  });
  return { token, expiresAt };
}

export async function handoffStatus(deps: HandoffDeps, verificationId: string): Promise<HandoffStatus> {
  const link = await deps.handoffs.latest(verificationId);
  if (!link) return { status: 'none', expiresAt: null, claimedAt: null };
  const status = link.claimedAt
    ? 'claimed'
    : link.replacedAt || link.expiresAt.getTime() <= deps.clock.now().getTime()
      ? 'expired'
      : 'waiting';
  return { status, expiresAt: link.expiresAt, claimedAt: link.claimedAt };
}

export async function claimHandoff(
  deps: HandoffDeps,
  token: string,
  origin: RequestOrigin,
): Promise<{ verificationId: string; clientToken: string; tokenExpiresAt: Date }> {
  const now = deps.clock.now();
  const tokenHash = hashSecret(token);
  const link = await deps.handoffs.find(tokenHash);
  if (!link) throw new ApiError('handoff_link_not_found');
  if (link.claimedAt) throw new ApiError('handoff_link_used');
  if (link.replacedAt || link.expiresAt.getTime() <= now.getTime()) {
    throw new ApiError('handoff_link_expired');
  }
  const verification = await deps.findVerification(link.verificationId);
  if (!verification) throw new ApiError('handoff_link_not_found');
  const status = isExpired(verification.status, verification.expires_at, now)
    ? 'expired'
    : verification.status;
  if (!isOpen(status)) throw new ApiError('verification_closed', { status });

  const issued = newClientToken(now);
  const { clientToken, hash } = issued;
  const tokenExpiresAt = link.creatorTokenExpiresAt
    ? earliest(issued.expiresAt, link.creatorTokenExpiresAt)
    : issued.expiresAt;
  const verificationId = await deps.handoffs.claim({
    tokenHash,
    now,
    clientTokenHash: hash,
    clientTokenExpiresAt: tokenExpiresAt,
    origin,
  });
  // Another device claimed it between the read above and this atomic update.
  if (!verificationId) throw new ApiError('handoff_link_used');
  return { verificationId, clientToken, tokenExpiresAt };
}

function earliest(a: Date, b: Date): Date {
  return a.getTime() <= b.getTime() ? a : b;
}
