/**
 * Publishable keys identify a merchant in browser code (`publicKey`) without granting
 * anything. They are not secret, so they are stored and listed in plaintext. `allowed_origins` are the
 * pages the merchant embeds the flow in and sends users back to (docs/security.md).
 */
import { auditActorOf, requireAdministrator, type Actor, type MemberActor } from '../../core/actor.js';
import { generatePublishableKey } from '../../core/api-keys/api-key.js';
import { ApiError } from '../../core/errors.js';
import type { Clock } from '../../core/time.js';
import type { AccountAudit } from '../../ports/account-audit.js';
import type { ApiKeyStore } from '../../ports/api-key-store.js';
import type {
  PublishableKey,
  PublishableKeyOwner,
  PublishableKeyStore,
} from '../../ports/publishable-key-store.js';

export type PublishableKeyDeps = {
  publishableKeys: PublishableKeyStore;
  apiKeys: Pick<ApiKeyStore, 'listInAccount'>;
  clock: Clock;
  audit: AccountAudit;
};

/** A key reaches its own publishable keys; an admin every one of the account. */
function ownerFor(actor: Actor): PublishableKeyOwner {
  requireAdministrator(actor);
  return actor.kind === 'key' ? { apiKeyId: actor.keyId } : { accountId: actor.accountId };
}

/**
 * A key's publishable key is its own. An admin picks which of the account's live API keys it belongs to
 * (the hosted flow accepts it only for that key's verifications); a key of another account is the same
 * 404 as a missing one, and the creation is audited in the same transaction.
 */
export async function createPublishableKey(
  deps: PublishableKeyDeps,
  actor: Actor,
  input: { label: string; allowedOrigins: readonly string[]; apiKeyId?: number | undefined },
): Promise<PublishableKey> {
  requireAdministrator(actor);
  const allowedOrigins = [...new Set(input.allowedOrigins)];
  const at = deps.clock.now();
  if (actor.kind === 'key') {
    return deps.publishableKeys.insert({
      key: generatePublishableKey(),
      apiKeyId: actor.keyId,
      label: input.label,
      allowedOrigins,
      at,
    });
  }
  const owner = (await deps.apiKeys.listInAccount(actor.accountId)).find(
    (key) => key.id === input.apiKeyId && key.revoked_at === null,
  );
  if (!owner) throw new ApiError('api_key_not_found');
  return deps.audit.atomically(async () => {
    const row = await deps.publishableKeys.insert({
      key: generatePublishableKey(),
      apiKeyId: owner.id,
      label: input.label,
      allowedOrigins,
      at,
    });
    await deps.audit.record({
      accountId: actor.accountId,
      event: 'publishable_key.created',
      actor: auditActorOf(actor),
      detail: {
        publishable_key_id: row.id,
        api_key_id: row.api_key_id,
        label: row.label,
        allowed_origins: row.allowed_origins,
      },
      at,
    });
    return row;
  });
}

export function listPublishableKeys(
  deps: Pick<PublishableKeyDeps, 'publishableKeys'>,
  actor: Actor,
): Promise<PublishableKey[]> {
  return deps.publishableKeys.list(ownerFor(actor));
}

/**
 * Idempotent; another merchant's key is the same 404 as one that does not exist. An admin's revocation
 * is audited; a repeated one keeps the first time and is no new action.
 */
export async function revokePublishableKey(
  deps: PublishableKeyDeps,
  actor: Actor,
  id: number,
): Promise<PublishableKey> {
  const owner = ownerFor(actor);
  const at = deps.clock.now();
  if (actor.kind === 'key') {
    const row = await deps.publishableKeys.revoke(id, owner, at);
    if (!row) throw new ApiError('publishable_key_not_found');
    return row;
  }
  const before = (await deps.publishableKeys.list(owner)).find((key) => key.id === id);
  if (!before) throw new ApiError('publishable_key_not_found');
  if (before.revoked_at) return before;
  return deps.audit.atomically(async () => {
    const row = await deps.publishableKeys.revoke(id, owner, at);
    if (!row) throw new ApiError('publishable_key_not_found');
    await deps.audit.record({
      accountId: actor.accountId,
      event: 'publishable_key.revoked',
      actor: auditActorOf(actor),
      detail: { publishable_key_id: row.id, api_key_id: row.api_key_id, label: row.label },
      at,
    });
    return row;
  });
}

/**
 * Replaces a live publishable key's allowed origins (the pages that may embed the hosted flow), which
 * only an admin does, audited; another account's key is the same 404 as a missing one.
 */
export async function setPublishableKeyOrigins(
  deps: PublishableKeyDeps,
  actor: MemberActor,
  id: number,
  origins: readonly string[],
): Promise<PublishableKey> {
  requireAdministrator(actor);
  return deps.audit.atomically(async () => {
    const row = await deps.publishableKeys.setOriginsInAccount(id, actor.accountId, [...new Set(origins)]);
    if (!row) throw new ApiError('publishable_key_not_found');
    await deps.audit.record({
      accountId: actor.accountId,
      event: 'publishable_key.origins_changed',
      actor: auditActorOf(actor),
      detail: { publishable_key_id: row.id, allowed_origins: row.allowed_origins },
      at: deps.clock.now(),
    });
    return row;
  });
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
