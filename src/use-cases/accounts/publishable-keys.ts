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
  return deps.publishableKeys.list({ apiKeyId: caller.id });
}

/** Idempotent; another merchant's key is the same 404 as one that does not exist. */
export async function revokePublishableKey(
  deps: PublishableKeyDeps,
  caller: CallingKey,
  id: number,
): Promise<PublishableKey> {
  const row = await deps.publishableKeys.revoke(id, { apiKeyId: caller.id }, deps.clock.now());
  if (!row) throw new ApiError('publishable_key_not_found');
  return row;
}

/**
 * Who may frame one load of the hosted flow (CSP frame-ancestors), from the publishable key the SDK
 * names in the page address: that key's own origins, so one merchant's settings never reach another's
 * page and the header stays bounded (20 origins of one key). A key that is not live may be framed by
 * no one. A key with no origins, or a page loaded without a key, gets the deployment's default (null),
 * unless some merchant restricted embedding: then a page without a key is framed by no one, so that
 * restriction cannot be sidestepped by leaving the key out.
 */
export async function flowFrameAncestors(
  deps: Pick<PublishableKeyDeps, 'publishableKeys'>,
  publishableKey: string | undefined,
): Promise<string[] | null> {
  if (publishableKey) {
    const origins = await deps.publishableKeys.originsOf(publishableKey);
    if (origins === null) return ["'none'"];
    return origins.length > 0 ? origins : null;
  }
  return (await deps.publishableKeys.anyListsOrigins()) ? ["'none'"] : null;
}
