import type { Verification } from '../../core/verifications/verification.js';
import type { RequestContext, VerificationDeps } from './deps.js';
import { requireOpen } from './session-inputs.js';

/** The end user's consent, once, with time, IP and user agent in the audit log. */
export async function recordConsent(
  deps: Pick<VerificationDeps, 'transact' | 'clock'>,
  verification: Verification,
  context: RequestContext,
): Promise<void> {
  requireOpen(verification);
  const at = deps.clock.now();
  await deps.transact(async (tx) => {
    if (!(await tx.verifications.recordConsent(verification.id, at))) return;
    await tx.audit.append(verification.id, {
      actor: 'end_user',
      event: 'consent.given',
      at,
      detail: { ip: context.ip, user_agent: context.userAgent },
    });
  });
}
