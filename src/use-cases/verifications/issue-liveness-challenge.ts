import crypto from 'node:crypto';
import {
  ANSWER_WINDOW_MS,
  drawChallengeActions,
  MAX_CHALLENGES_PER_VERIFICATION,
} from '../../core/faces/challenge.js';
import { ApiError } from '../../core/errors.js';
import type { VerificationDeps } from './deps.js';
import type { Session } from './session.js';
import { requireConsent, requireOpen } from './session-inputs.js';

/**
 * Issues a fresh liveness challenge to the capture (docs/faces.md, "Challenge"): a sequence drawn
 * uniformly by a CSPRNG, bound to the verification, to be answered within ANSWER_WINDOW_MS of its issue
 * by the server's clock (and within the client token's life), single use. A new one
 * supersedes the last unanswered one, so a retry gets a new order rather than the old one again.
 */
export async function issueLivenessChallenge(
  deps: Pick<VerificationDeps, 'transact' | 'clock'>,
  session: Session,
): Promise<void> {
  const { verification } = session;
  requireOpen(verification);
  requireConsent(verification);
  const at = deps.clock.now();
  const actions = drawChallengeActions((bound) => crypto.randomInt(bound));
  const issued = await deps.transact(async (tx) => {
    const inserted = await tx.challenges.issue(
      {
        id: `lch_${crypto.randomBytes(16).toString('base64url')}`,
        verificationId: verification.id,
        actions,
        issuedAt: at,
        expiresAt: new Date(Math.min(at.getTime() + ANSWER_WINDOW_MS, session.tokenExpiresAt.getTime())),
      },
      MAX_CHALLENGES_PER_VERIFICATION,
    );
    if (inserted)
      await tx.audit.append(verification.id, {
        actor: 'end_user',
        event: 'liveness_challenge.issued',
        at,
        detail: { actions },
      });
    return inserted;
  });
  if (!issued) throw new ApiError('challenge_limit_reached', { max: MAX_CHALLENGES_PER_VERIFICATION });
}
