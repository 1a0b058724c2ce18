/**
 * API keys an account's admin manages from the console (docs/review.md "Teams"). A key minted here has
 * no owning key: it is the root of a lineage of its own inside the account, and records the admin who
 * minted it. It never holds `operator`. Any admin of the account revokes any of the account's keys,
 * whoever minted it, with the whole subtree below it; another account's key is the same 404 as a
 * missing one. Both are written to the account's audit trail in the same transaction.
 */
import {
  displayPrefix,
  firstUngrantableScope,
  generateApiKey,
  hashSecret,
  keyPrefixFor,
  type KeyMode,
} from '../../core/api-keys/api-key.js';
import { ApiError } from '../../core/errors.js';
import type { Clock } from '../../core/time.js';
import type { AccountAudit } from '../../ports/account-audit.js';
import type { ApiKey, ApiKeyStore } from '../../ports/api-key-store.js';
import { revokeAudited } from '../accounts/api-keys.js';
import { requireRole, type SignedInMember } from './team.js';

export async function createAccountKey(
  deps: { apiKeys: Pick<ApiKeyStore, 'insert'>; apiKeyPrefix: string; audit: AccountAudit; clock: Clock },
  member: SignedInMember,
  input: { label: string; scopes: readonly string[]; mode: KeyMode },
): Promise<{ key: ApiKey; plaintext: string }> {
  requireRole(member, 'admin');
  const scopes = [...new Set(input.scopes)];
  // An admin may grant any scope an API call can grant ("*" included), never `operator`.
  const ungrantable = firstUngrantableScope(['*'], scopes);
  if (ungrantable) throw new ApiError('missing_scope', { scope: ungrantable });
  const prefix = keyPrefixFor(deps.apiKeyPrefix, input.mode);
  const plaintext = generateApiKey(prefix);
  const key = await deps.audit.atomically(async () => {
    const row = await deps.apiKeys.insert({
      label: input.label,
      scopes,
      keyHash: hashSecret(plaintext),
      keyPrefix: displayPrefix(plaintext, prefix),
      ownerKeyId: null,
      accountId: member.accountId,
      mode: input.mode,
      createdByMemberId: member.id,
    });
    if (!row) throw new Error('a key without an owner was refused');
    await deps.audit.record({
      accountId: member.accountId,
      event: 'api_key.created',
      actor: { memberId: member.id },
      detail: { key_id: row.id, label: row.label, scopes: row.scopes, mode: row.mode },
      at: deps.clock.now(),
    });
    return row;
  });
  return { key, plaintext };
}

/** Idempotent, like the API's revoke; the keys below it are revoked with it (migrations/0007). */
export async function revokeAccountKey(
  deps: { apiKeys: Pick<ApiKeyStore, 'findById' | 'revoke'>; audit: AccountAudit; clock: Clock },
  admin: SignedInMember,
  keyId: number,
): Promise<ApiKey> {
  requireRole(admin, 'admin');
  const key = await deps.apiKeys.findById(keyId);
  if (!key || Number(key.account_id) !== admin.accountId) throw new ApiError('api_key_not_found');
  return revokeAudited(deps, key, { memberId: admin.id });
}
