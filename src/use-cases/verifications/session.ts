import { hashSecret } from '../../core/api-keys/api-key.js';
import { ApiError } from '../../core/errors.js';
import type { Verification } from '../../core/verifications/verification.js';
import type { IssuedChallenge } from '../../ports/liveness-challenges.js';
import type { VerificationDeps } from './deps.js';

export type Session = { verification: Verification; tokenExpiresAt: Date };

/** The verification behind an end user's client token; 401 for a missing, unknown or expired one. */
export async function resolveSession(
  deps: Pick<VerificationDeps, 'verifications' | 'clock'>,
  token: string | undefined,
): Promise<Session> {
  if (!token || token.length > 256) throw new ApiError('invalid_client_token');
  const found = await deps.verifications.findByToken(hashSecret(token), deps.clock.now());
  // An expired verification's tokens stop working.
  if (!found || found.verification.status === 'expired') throw new ApiError('invalid_client_token');
  return found;
}

/** The session state the capture flow renders: the verification, and which steps have media. */
export async function sessionState(
  deps: Pick<VerificationDeps, 'verifications' | 'media' | 'clock' | 'challenges'>,
  session: Session,
): Promise<{
  verification: Verification;
  uploaded: Set<string>;
  tokenExpiresAt: Date;
  challenge: IssuedChallenge | null;
}> {
  const id = session.verification.id;
  const [verification, media, challenge] = await Promise.all([
    deps.verifications.findById(id, deps.clock.now()),
    deps.media.index(id),
    deps.challenges.latest(id),
  ]);
  return {
    verification: verification ?? session.verification,
    uploaded: new Set(media.map((m) => m.kind)),
    tokenExpiresAt: session.tokenExpiresAt,
    challenge: challenge ?? null,
  };
}
