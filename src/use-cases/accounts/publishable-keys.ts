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
 * page and the header stays bounded (20 origins of one key). The flow, once framed, runs only after the
 * service confirms that this same key belongs to the verification's account and lists the parent's
 * origin (checkFlowLaunch), so the header that applied is the verification's merchant's.
 * No one may frame a load that names no key or a key that is not live, nor a live-mode key that lists
 * no origins; a test-mode key without origins gets the deployment's default (null) so a first
 * integration can be tried on any page, where the launch check still refuses an origin not listed.
 */
export async function flowFrameAncestors(
  deps: Pick<PublishableKeyDeps, 'publishableKeys'>,
  publishableKey: string | undefined,
): Promise<string[] | null> {
  const framing = publishableKey ? await deps.publishableKeys.framingOf(publishableKey) : null;
  if (framing === null) return ["'none'"];
  if (framing.allowed_origins.length > 0) return framing.allowed_origins;
  return framing.mode === 'test' ? null : ["'none'"];
}
