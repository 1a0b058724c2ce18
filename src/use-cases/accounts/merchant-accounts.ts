/**
 * Merchant accounts (docs/security.md "Accounts"): the operator opens an account and receives its
 * first API key, shown once. Every key minted from that key stays in the account.
 */
import { displayPrefix, generateApiKey, hashSecret, keyPrefixFor } from '../../core/api-keys/api-key.js';
import type { Clock } from '../../core/time.js';
import type { Account, AccountStore, AccountSummary } from '../../ports/account-store.js';
import type { ApiKey, ApiKeyStore } from '../../ports/api-key-store.js';

export type MerchantAccountDeps = {
  accounts: AccountStore;
  apiKeys: Pick<ApiKeyStore, 'insert'>;
  clock: Clock;
  apiKeyPrefix: string;
};

/** The account's first key: every scope an API call can grant, never `operator`. */
export const ACCOUNT_ROOT_SCOPES = ['*'];

export async function createMerchantAccount(
  deps: MerchantAccountDeps,
  input: { name: string; keyLabel?: string | undefined },
): Promise<{ account: Account; key: ApiKey; plaintext: string }> {
  const account = await deps.accounts.create({ name: input.name, at: deps.clock.now() });
  const prefix = keyPrefixFor(deps.apiKeyPrefix, 'live');
  const plaintext = generateApiKey(prefix);
  const key = await deps.apiKeys.insert({
    label: input.keyLabel ?? 'root',
    scopes: ACCOUNT_ROOT_SCOPES,
    keyHash: hashSecret(plaintext),
    keyPrefix: displayPrefix(plaintext, prefix),
    ownerKeyId: null,
    accountId: account.id,
  });
  // A key without an owner is never refused (the refusal is for keys under a revoked owner).
  if (!key) throw new Error('a key without an owner was refused');
  return { account, key, plaintext };
}

export function listMerchantAccounts(deps: Pick<MerchantAccountDeps, 'accounts'>): Promise<AccountSummary[]> {
  return deps.accounts.list();
}
