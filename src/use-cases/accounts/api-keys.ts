/**
 * API keys form a tree (docs/security.md "Keys"): a key creates keys below it with scopes it holds,
 * sees its whole subtree, and revoking a key revokes everything below it. Only the SHA-256 of a key
 * is stored; the plaintext is returned once, at creation.
 */
import {
  displayPrefix,
  firstUngrantableScope,
  generateApiKey,
  hashSecret,
  keyPrefixFor,
  modeOfNewKey,
  type KeyMode,
} from '../../core/api-keys/api-key.js';
import { ApiError } from '../../core/errors.js';
import type { Clock } from '../../core/time.js';
import type { ApiKey, ApiKeyStore } from '../../ports/api-key-store.js';

export type ApiKeyDeps = { apiKeys: ApiKeyStore; clock: Clock; apiKeyPrefix: string };

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

/** Idempotent; a key outside the caller's subtree is the same 404 as one that does not exist. */
export async function revokeApiKey(deps: ApiKeyDeps, caller: CallingKey, keyId: number): Promise<ApiKey> {
  const owned = await deps.apiKeys.findOwned(keyId, caller.id);
  if (!owned) throw new ApiError('api_key_not_found');
  const revoked = await deps.apiKeys.revoke(owned.id, deps.clock.now());
  if (!revoked) throw new ApiError('api_key_not_found');
  return revoked;
}
