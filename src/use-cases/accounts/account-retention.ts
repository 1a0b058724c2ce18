/**
 * Per-account retention (docs/privacy.md "Per-account retention"): an account may keep media,
 * personal data and face templates for fewer days than the deployment's RETENTION_* settings, never
 * more. The operator's settings are the ceiling: a longer period is refused when set, and if the
 * operator later shortens the deployment's, the shorter of the two applies.
 */
import { validationError } from '../../core/errors.js';
import type { Clock } from '../../core/time.js';
import type { AccountAudit } from '../../ports/account-audit.js';
import type { AccountStore } from '../../ports/account-store.js';
import type { AccountRetention, RetentionStore } from '../../ports/retention.js';
import { requireRole } from '../../core/actor.js';
import type { SignedInMember } from '../members/team.js';
import type { RetentionPolicy } from '../sweep-retention.js';

export type RetentionDays = { mediaDays: number; piiDays: number; templateDays: number };

export type AccountRetentionDeps = {
  retention: Pick<RetentionStore, 'findAccountRetention' | 'saveAccountRetention'>;
  accounts: Pick<AccountStore, 'accountOfKey'>;
  policy: Pick<RetentionPolicy, 'mediaDays' | 'piiDays' | 'templateDays'>;
};

const PERIODS = [
  { field: 'media_days', own: 'mediaDays', setting: 'RETENTION_MEDIA_DAYS' },
  { field: 'pii_days', own: 'piiDays', setting: 'RETENTION_PII_DAYS' },
  { field: 'template_days', own: 'templateDays', setting: 'RETENTION_TEMPLATE_DAYS' },
] as const;

/** The periods that apply to an account: its own where shorter, the deployment's otherwise. */
export function effectiveRetention(
  policy: AccountRetentionDeps['policy'],
  own: AccountRetention,
): RetentionDays {
  const pick = (mine: number | null, deployment: number) => Math.min(mine ?? deployment, deployment);
  return {
    mediaDays: pick(own.mediaDays, policy.mediaDays),
    piiDays: pick(own.piiDays, policy.piiDays),
    templateDays: pick(own.templateDays, policy.templateDays),
  };
}

/** What the verifications of a key are kept for (the hosted flow's consent text shows it). */
export async function retentionOfKey(deps: AccountRetentionDeps, apiKeyId: number): Promise<RetentionDays> {
  const accountId = await deps.accounts.accountOfKey(apiKeyId);
  const { mediaDays, piiDays, templateDays } = deps.policy;
  if (accountId === undefined) return { mediaDays, piiDays, templateDays };
  return effectiveRetention(deps.policy, await deps.retention.findAccountRetention(accountId));
}

/** What an admin's change needs besides reading: the audit trail and the time. */
export type AccountRetentionChangeDeps = AccountRetentionDeps & { audit: AccountAudit; clock: Clock };

export type AccountRetentionView = {
  own: AccountRetention;
  applied: RetentionDays;
  deployment: RetentionDays;
};

export async function readAccountRetention(
  deps: AccountRetentionDeps,
  admin: SignedInMember,
): Promise<AccountRetentionView> {
  requireRole(admin, 'admin');
  const own = await deps.retention.findAccountRetention(admin.accountId);
  const { mediaDays, piiDays, templateDays } = deps.policy;
  return {
    own,
    applied: effectiveRetention(deps.policy, own),
    deployment: { mediaDays, piiDays, templateDays },
  };
}

/**
 * Sets the account's periods (null: the deployment's); one longer than the deployment's is a 422. The
 * change is audited with the periods before and after: a shorter one erases older data at the next sweep.
 */
export async function setAccountRetention(
  deps: AccountRetentionChangeDeps,
  admin: SignedInMember,
  input: { mediaDays: number | null; piiDays: number | null; templateDays: number | null },
): Promise<AccountRetentionView> {
  requireRole(admin, 'admin');
  const issues = PERIODS.flatMap(({ field, own, setting }) => {
    const days = input[own];
    const ceiling = deps.policy[own];
    return days !== null && days > ceiling
      ? [
          {
            loc: ['body', field],
            msg: `may be at most ${ceiling} days: this deployment keeps it no longer (${setting})`,
            type: 'retention_too_long',
          },
        ]
      : [];
  });
  if (issues.length > 0) throw validationError(issues);
  await deps.audit.atomically(async () => {
    const before = await deps.retention.findAccountRetention(admin.accountId);
    await deps.retention.saveAccountRetention({ accountId: admin.accountId, ...input });
    await deps.audit.record({
      accountId: admin.accountId,
      event: 'retention.changed',
      actor: { memberId: admin.id },
      detail: {
        from: { media_days: before.mediaDays, pii_days: before.piiDays, template_days: before.templateDays },
        to: { media_days: input.mediaDays, pii_days: input.piiDays, template_days: input.templateDays },
      },
      at: deps.clock.now(),
    });
  });
  return readAccountRetention(deps, admin);
}
