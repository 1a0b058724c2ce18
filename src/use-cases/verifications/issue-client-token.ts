import { ApiError } from '../../core/errors.js';
import type { Verification } from '../../core/verifications/verification.js';
import { newClientToken, type IssuedToken } from './create-verification.js';
import type { VerificationDeps } from './deps.js';

/** A fresh client token for the same verification; progress is kept. */
export async function issueClientToken(
  deps: Pick<VerificationDeps, 'transact' | 'clock'>,
  verification: Verification,
): Promise<IssuedToken> {
  if (verification.status === 'expired' || verification.status === 'canceled')
    throw new ApiError('verification_closed', { status: verification.status });
  const now = deps.clock.now();
  const token = newClientToken(now);
  await deps.transact(async (tx) => {
    await tx.verifications.addToken(verification.id, token.hash, now, token.expiresAt);
    await tx.audit.append(verification.id, {
      actor: 'merchant',
      event: 'client_token.minted',
      at: now,
      detail: { expires_at: token.expiresAt.toISOString() },
    });
  });
  return { clientToken: token.clientToken, expiresAt: token.expiresAt };
}

/** Ends a leaked link: every live client token of the verification stops working now (idempotent). */
export async function revokeClientTokens(
  deps: Pick<VerificationDeps, 'transact' | 'clock'>,
  verification: Verification,
): Promise<number> {
  const now = deps.clock.now();
  return deps.transact(async (tx) => {
    const count = await tx.verifications.revokeTokens(verification.id, now);
    if (count > 0)
      await tx.audit.append(verification.id, {
        actor: 'merchant',
        event: 'client_token.revoked',
        at: now,
        detail: { tokens: count },
      });
    return count;
  });
}
