/**
 * API keys, for both doors (docs/security.md "Keys"). Keys form a tree: a key creates keys below it
 * with scopes it holds, sees its whole subtree, and revoking a key revokes everything below it. A key
 * holding `operator` (the deployment's root key) reaches any key of any account. An account's admin
 * (the console) mints keys with no owning key, each the root of a lineage of its own inside the account
 * recording the admin who minted it, and reaches every key of the account; another account's key is the
 * same 404 as a missing one. Only the SHA-256 of a key is stored; the plaintext is returned once, at
 * creation or roll. Revocations and rolls, and an admin's mints, are written to the account's audit trail
 * in the same transaction.
 */
import {
  auditActorOf,
  grantableScopes,
  reachesEveryAccount,
  requireAdministrator,
  type Actor,
} from '../../core/actor.js';
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
import type { AccountAudit, AuditActor } from '../../ports/account-audit.js';
import type { ApiKey, ApiKeyStore } from '../../ports/api-key-store.js';

export type ApiKeyDeps = {
  apiKeys: ApiKeyStore;
  clock: Clock;
  apiKeyPrefix: string;
  audit: AccountAudit;
  /** Told after a roll commits which verifications changed owner, so no cache serves their old one. */
  verificationsChanged: (ids: readonly string[]) => void;
};

/** The key making the call, as authentication found it (the operator's routes). */
export type CallingKey = { id: number; scopes: readonly string[]; mode: KeyMode };

/** How long a rolled key keeps working unless the caller says: a day, time to deploy its successor. */
export const DEFAULT_ROLL_GRACE_SECONDS = 24 * 3600;
/** The longest grace a roll may leave the old key. */
export const MAX_ROLL_GRACE_SECONDS = 7 * 24 * 3600;

function mint(prefix: string): { plaintext: string; keyHash: string; keyPrefix: string } {
  const plaintext = generateApiKey(prefix);
  return { plaintext, keyHash: hashSecret(plaintext), keyPrefix: displayPrefix(plaintext, prefix) };
}

export async function createApiKey(
  deps: ApiKeyDeps,
  actor: Actor,
  input: { label: string; scopes: readonly string[]; mode?: KeyMode | undefined },
): Promise<{ key: ApiKey; plaintext: string }> {
  requireAdministrator(actor);
  const scopes = [...new Set(input.scopes)];
  const ungrantable = firstUngrantableScope(grantableScopes(actor), scopes);
  if (ungrantable) throw new ApiError('missing_scope', { scope: ungrantable });
  if (actor.kind === 'member') {
    const mode = input.mode ?? 'live';
    const { plaintext, keyHash, keyPrefix } = mint(keyPrefixFor(deps.apiKeyPrefix, mode));
    const key = await deps.audit.atomically(async () => {
      const row = await deps.apiKeys.insert({
        label: input.label,
        scopes,
        keyHash,
        keyPrefix,
        ownerKeyId: null,
        accountId: actor.accountId,
        mode,
        createdByMemberId: actor.memberId,
      });
      if (!row) throw new Error('a key without an owner was refused');
      await deps.audit.record({
        accountId: actor.accountId,
        event: 'api_key.created',
        actor: auditActorOf(actor),
        detail: { key_id: row.id, label: row.label, scopes: row.scopes, mode: row.mode },
        at: deps.clock.now(),
      });
      return row;
    });
    return { key, plaintext };
  }
  // A live key may start a test tree; a test key never mints a live one (docs/testing.md).
  const mode = modeOfNewKey(actor.mode, input.mode);
  if (!mode) throw new ApiError('test_key_cannot_create_live_key');
  const { plaintext, keyHash, keyPrefix } = mint(keyPrefixFor(deps.apiKeyPrefix, mode));
  const key = await deps.apiKeys.insert({
    label: input.label,
    scopes,
    keyHash,
    keyPrefix,
    ownerKeyId: actor.keyId,
    mode,
  });
  // The caller was revoked after authentication read it (another instance, or a cache not yet told).
  if (!key) throw new ApiError('invalid_api_key');
  return { key, plaintext };
}

/** A key sees itself and every key below it; an admin every key of the account. */
export function listApiKeys(deps: Pick<ApiKeyDeps, 'apiKeys'>, actor: Actor): Promise<ApiKey[]> {
  requireAdministrator(actor);
  return actor.kind === 'key'
    ? deps.apiKeys.listOwned(actor.keyId)
    : deps.apiKeys.listInAccount(actor.accountId);
}

/** A key the actor may manage, or the 404 a missing one gets. */
async function reachableKey(deps: Pick<ApiKeyDeps, 'apiKeys'>, actor: Actor, keyId: number): Promise<ApiKey> {
  requireAdministrator(actor);
  const key =
    actor.kind === 'key' && !reachesEveryAccount(actor)
      ? await deps.apiKeys.findOwned(keyId, actor.keyId)
      : await deps.apiKeys.findById(keyId);
  if (!key || (actor.kind === 'member' && Number(key.account_id) !== actor.accountId)) {
    throw new ApiError('api_key_not_found');
  }
  return key;
}

/** Idempotent; the keys below it are revoked with it (migrations/0007), never its successor. */
export async function revokeApiKey(deps: ApiKeyDeps, actor: Actor, keyId: number): Promise<ApiKey> {
  return revokeAudited(deps, await reachableKey(deps, actor, keyId), auditActorOf(actor));
}

/**
 * Rolls a key: mints a successor with the same label, scopes and mode in the same place of the tree,
 * which takes over everything the old key owns (its objects, its publishable keys and webhook
 * endpoints, the keys it minted) in one transaction. The old key keeps working for `graceSeconds`,
 * acting as its successor, then stops (docs/api.md "Rolling a key").
 */
export async function rollApiKey(
  deps: ApiKeyDeps,
  actor: Actor,
  keyId: number,
  graceSeconds: number = DEFAULT_ROLL_GRACE_SECONDS,
): Promise<RolledKey> {
  return rollAudited(deps, await reachableKey(deps, actor, keyId), auditActorOf(actor), graceSeconds);
}

export type RolledKey = { key: ApiKey; plaintext: string; rolled: ApiKey };

/** Rolls a key found beforehand (the host's CLI finds any) and audits it in its account, in one transaction. */
export async function rollAudited(
  deps: ApiKeyDeps,
  old: ApiKey,
  actor: AuditActor,
  graceSeconds: number = DEFAULT_ROLL_GRACE_SECONDS,
): Promise<RolledKey> {
  if (old.revoked_at || old.successor_key_id !== null) throw new ApiError('api_key_not_rollable');
  const { plaintext, keyHash, keyPrefix } = mint(keyPrefixFor(deps.apiKeyPrefix, old.mode));
  const at = deps.clock.now();
  const expiresAt = new Date(at.getTime() + graceSeconds * 1000);
  const rolled = await deps.audit.atomically(async () => {
    const result = await deps.apiKeys.roll({ oldKeyId: old.id, keyHash, keyPrefix, expiresAt, at });
    if (!result) throw new ApiError('api_key_not_rollable');
    await deps.audit.record({
      accountId: Number(old.account_id),
      event: 'api_key.rolled',
      actor,
      detail: {
        key_id: old.id,
        successor_key_id: result.successor.id,
        label: old.label,
        expires_at: expiresAt.toISOString(),
      },
      at,
    });
    return result;
  });
  deps.verificationsChanged(rolled.movedVerificationIds);
  return { key: rolled.successor, plaintext, rolled: rolled.old };
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
