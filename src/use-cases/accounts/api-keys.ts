/**
 * API keys form a tree (docs/security.md "Keys"): a key creates keys below it with scopes it holds,
 * sees its whole subtree, and revoking a key revokes everything below it. A key holding `operator`
 * (the deployment's root key) revokes any key of any account. Only the SHA-256 of a key is stored; the
 * plaintext is returned once, at creation. Every revocation is written to the key's account audit trail.
 */
import {
  displayPrefix,
  firstUngrantableScope,
  generateApiKey,
  hashSecret,
  keyPrefixFor,
  modeOfNewKey,
  OPERATOR_SCOPE,
  type KeyMode,
} from '../../core/api-keys/api-key.js';
import { ApiError } from '../../core/errors.js';
import type { Clock } from '../../core/time.js';
import type { AccountAudit, AuditActor } from '../../ports/account-audit.js';
import type { ApiKey, ApiKeyStore } from '../../ports/api-key-store.js';

export type ApiKeyDeps = { apiKeys: ApiKeyStore; clock: Clock; apiKeyPrefix: string; audit: AccountAudit };

/** The key making the call, as authentication found it. */
export type CallingKey = { id: number; scopes: readonly string[]; mode: KeyMode };

export async function createApiKey(
  deps: ApiKeyDeps,
  caller: CallingKey,
  input: { label: string; scopes: readonly string[]; mode?: KeyMode | undefined },
): Promise<{ key: ApiKey; plaintext: string }> {
  const scopes = [...new Set(input.scopes)];
  const ungrantable = firstUngrantableScope([...caller.scopes], scopes);
  if (ungrantable) throw new ApiError('missing_scope', { scope: ungrantable });
  // A live key may start a test tree; a test key never mints a live one (docs/testing.md).
  const mode = modeOfNewKey(caller.mode, input.mode);
  if (!mode) throw new ApiError('test_key_cannot_create_live_key');
  const prefix = keyPrefixFor(deps.apiKeyPrefix, mode);
  const plaintext = generateApiKey(prefix);
  const key = await deps.apiKeys.insert({
    label: input.label,
    scopes,
    keyHash: hashSecret(plaintext),
    keyPrefix: displayPrefix(plaintext, prefix),
    ownerKeyId: caller.id,
    mode,
  });
  // The caller was revoked after authentication read it (another instance, or a cache not yet told).
  if (!key) throw new ApiError('invalid_api_key');
  return { key, plaintext };
}

export function listApiKeys(deps: ApiKeyDeps, caller: CallingKey): Promise<ApiKey[]> {
  return deps.apiKeys.listOwned(caller.id);
}

/**
 * Idempotent; a key outside the caller's subtree is the same 404 as one that does not exist, unless
 * the caller holds `operator`, which reaches every key.
 */
export async function revokeApiKey(deps: ApiKeyDeps, caller: CallingKey, keyId: number): Promise<ApiKey> {
  const key = caller.scopes.includes(OPERATOR_SCOPE)
    ? await deps.apiKeys.findById(keyId)
    : await deps.apiKeys.findOwned(keyId, caller.id);
  if (!key) throw new ApiError('api_key_not_found');
  return revokeAudited(deps, key, { keyId: caller.id });
}

/**
 * Revokes a key found beforehand and audits it in its account, in one transaction; a key already
 * revoked is returned as it is, with no new entry.
 */
export async function revokeAudited(
  deps: { apiKeys: Pick<ApiKeyStore, 'revoke'>; audit: AccountAudit; clock: Clock },
  key: ApiKey,
  actor: AuditActor,
): Promise<ApiKey> {
  if (key.revoked_at) return key;
  const at = deps.clock.now();
  return deps.audit.atomically(async () => {
    const revoked = await deps.apiKeys.revoke(key.id, at);
    if (!revoked) throw new ApiError('api_key_not_found');
    await deps.audit.record({
      accountId: Number(key.account_id),
      event: 'api_key.revoked',
      actor,
      detail: { key_id: key.id, label: key.label },
      at,
    });
    return revoked;
  });
}
