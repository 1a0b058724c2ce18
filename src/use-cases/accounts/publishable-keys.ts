/**
 * Publishable keys identify a merchant in browser code (`publicKey`) without granting
 * anything. They are not secret, so they are stored and listed in plaintext. `allowed_origins` are the
 * pages the merchant embeds the flow in and sends users back to (docs/security.md).
 */
import { generatePublishableKey } from '../../core/api-keys/api-key.js';
import { ApiError } from '../../core/errors.js';
import type { Clock } from '../../core/time.js';
import type { PublishableKey, PublishableKeyStore } from '../../ports/publishable-key-store.js';
import type { CallingKey } from './api-keys.js';

export type PublishableKeyDeps = { publishableKeys: PublishableKeyStore; clock: Clock };

export function createPublishableKey(
  deps: PublishableKeyDeps,
  caller: CallingKey,
  input: { label: string; allowedOrigins: readonly string[] },
): Promise<PublishableKey> {
  return deps.publishableKeys.insert({
    key: generatePublishableKey(),
    apiKeyId: caller.id,
    label: input.label,
    allowedOrigins: [...new Set(input.allowedOrigins)],
    at: deps.clock.now(),
  });
}

export function listPublishableKeys(deps: PublishableKeyDeps, caller: CallingKey): Promise<PublishableKey[]> {
  return deps.publishableKeys.listOwned(caller.id);
}

/** Idempotent; another merchant's key is the same 404 as one that does not exist. */
export async function revokePublishableKey(
  deps: PublishableKeyDeps,
  caller: CallingKey,
  id: number,
): Promise<PublishableKey> {
  const row = await deps.publishableKeys.revokeOwned(id, caller.id, deps.clock.now());
  if (!row) throw new ApiError('publishable_key_not_found');
  return row;
}

/** The pages allowed to frame the hosted flow: every origin a live publishable key lists, each once. */
export function embeddingOrigins(deps: PublishableKeyDeps): Promise<string[]> {
  return deps.publishableKeys.embeddingOrigins();
}
