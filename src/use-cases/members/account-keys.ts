/**
 * API keys an account's admin creates from the console (docs/review.md "Teams"). Such a key has no
 * owning key: it is the root of a lineage of its own inside the account. It never holds `operator`.
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
import type { ApiKey, ApiKeyStore } from '../../ports/api-key-store.js';
import { requireRole, type SignedInMember } from './team.js';

export async function createAccountKey(
  deps: { apiKeys: Pick<ApiKeyStore, 'insert'>; apiKeyPrefix: string },
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
  const key = await deps.apiKeys.insert({
    label: input.label,
    scopes,
    keyHash: hashSecret(plaintext),
    keyPrefix: displayPrefix(plaintext, prefix),
    ownerKeyId: null,
    accountId: member.accountId,
    mode: input.mode,
  });
  if (!key) throw new Error('a key without an owner was refused');
  return { key, plaintext };
}
