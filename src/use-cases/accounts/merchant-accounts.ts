/**
 * Merchant accounts (docs/security.md "Accounts"): the operator opens an account with its first API
 * key (shown once) and, when asked, an invitation for its first admin (the link shown once), so a
 * running service never needs its CLI to hand an account over. Every key minted from that key stays in
 * the account.
 */
import { displayPrefix, generateApiKey, hashSecret, keyPrefixFor } from '../../core/api-keys/api-key.js';
import type { Clock } from '../../core/time.js';
import type { AccountAudit, AuditActor } from '../../ports/account-audit.js';
import type { Account, AccountStore, AccountSummary } from '../../ports/account-store.js';
import type { ApiKey, ApiKeyStore } from '../../ports/api-key-store.js';
import type { Invitation } from '../../ports/member-store.js';
import { createInvitation, type TeamDeps } from '../members/team.js';

export type MerchantAccountDeps = {
  accounts: AccountStore;
  apiKeys: Pick<ApiKeyStore, 'insert'>;
  clock: Clock;
  apiKeyPrefix: string;
  /** The first admin's invitation: the member store and where the console lives. */
  members: TeamDeps['members'];
  consoleUrl: string;
  audit: AccountAudit;
};

/** The account's first key: every scope an API call can grant, never `operator`. */
export const ACCOUNT_ROOT_SCOPES = ['*'];

export type OpenedAccount = {
  account: Account;
  /** Absent when the operator asked for no key (the admin mints keys in the console). */
  key: { key: ApiKey; plaintext: string } | null;
  firstAdmin: { invitation: Invitation; link: string } | null;
};

/**
 * Opens an account, its root key unless `withKey` is false, and its first admin's invitation when an
 * email is given, with an `account.opened` entry naming who did it: all in one transaction, so a
 * failure leaves no account without the admin it was opened for.
 */
export async function createMerchantAccount(
  deps: MerchantAccountDeps,
  input: {
    name: string;
    keyLabel?: string | undefined;
    withKey?: boolean;
    firstAdminEmail?: string | undefined;
    actor: AuditActor;
  },
): Promise<OpenedAccount> {
  const at = deps.clock.now();
  return deps.audit.atomically(async () => {
    const account = await deps.accounts.create({ name: input.name, at });
    await deps.audit.record({
      accountId: account.id,
      event: 'account.opened',
      actor: input.actor,
      detail: { name: account.name },
      at,
    });
    const key = input.withKey === false ? null : await insertRootKey(deps, account, input.keyLabel);
    const firstAdmin = input.firstAdminEmail
      ? await createInvitation(deps, {
          accountId: account.id,
          email: input.firstAdminEmail,
          role: 'admin',
          invitedBy: null,
          actor: input.actor,
        })
      : null;
    return { account, key, firstAdmin };
  });
}

async function insertRootKey(
  deps: MerchantAccountDeps,
  account: Account,
  label: string | undefined,
): Promise<{ key: ApiKey; plaintext: string }> {
  const prefix = keyPrefixFor(deps.apiKeyPrefix, 'live');
  const plaintext = generateApiKey(prefix);
  const key = await deps.apiKeys.insert({
    label: label ?? 'root',
    scopes: ACCOUNT_ROOT_SCOPES,
    keyHash: hashSecret(plaintext),
    keyPrefix: displayPrefix(plaintext, prefix),
    ownerKeyId: null,
    accountId: account.id,
  });
  // A key without an owner is never refused (the refusal is for keys under a revoked owner).
  if (!key) throw new Error('a key without an owner was refused');
  return { key, plaintext };
}

export function listMerchantAccounts(deps: Pick<MerchantAccountDeps, 'accounts'>): Promise<AccountSummary[]> {
  return deps.accounts.list();
}
