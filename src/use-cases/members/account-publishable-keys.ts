/**
 * The account's API keys and publishable keys in the console (admin). A publishable key still belongs to
 * one API key (the hosted flow accepts it only for that key's verifications), so an admin picks which of
 * the account's live keys; a key or publishable key of another account is the same 404 as a missing one.
 * Creating or revoking a publishable key and replacing its origins (which decide who may frame the
 * flow) are audited in the same transaction.
 */
import { generatePublishableKey } from '../../core/api-keys/api-key.js';
import { ApiError } from '../../core/errors.js';
import type { Clock } from '../../core/time.js';
import type { AccountAudit } from '../../ports/account-audit.js';
import type { ApiKey, ApiKeyStore } from '../../ports/api-key-store.js';
import type { PublishableKey, PublishableKeyStore } from '../../ports/publishable-key-store.js';
import { requireRole, type SignedInMember } from './team.js';

export type AccountKeysDeps = {
  apiKeys: Pick<ApiKeyStore, 'listInAccount' | 'findById' | 'revoke'>;
  publishableKeys: PublishableKeyStore;
  clock: Clock;
  audit: AccountAudit;
};

export function listAccountApiKeys(deps: AccountKeysDeps, admin: SignedInMember): Promise<ApiKey[]> {
  requireRole(admin, 'admin');
  return deps.apiKeys.listInAccount(admin.accountId);
}

export function listAccountPublishableKeys(
  deps: AccountKeysDeps,
  admin: SignedInMember,
): Promise<PublishableKey[]> {
  requireRole(admin, 'admin');
  return deps.publishableKeys.list({ accountId: admin.accountId });
}

export async function createAccountPublishableKey(
  deps: AccountKeysDeps,
  admin: SignedInMember,
  input: { apiKeyId: number; label: string; allowedOrigins: readonly string[] },
): Promise<PublishableKey> {
  requireRole(admin, 'admin');
  const owner = (await deps.apiKeys.listInAccount(admin.accountId)).find(
    (key) => key.id === input.apiKeyId && key.revoked_at === null,
  );
  if (!owner) throw new ApiError('api_key_not_found');
  const at = deps.clock.now();
  return deps.audit.atomically(async () => {
    const row = await deps.publishableKeys.insert({
      key: generatePublishableKey(),
      apiKeyId: owner.id,
      label: input.label,
      allowedOrigins: [...new Set(input.allowedOrigins)],
      at,
    });
    await deps.audit.record({
      accountId: admin.accountId,
      event: 'publishable_key.created',
      actor: { memberId: admin.id },
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

/** Idempotent, like the API's revoke. */
export async function revokeAccountPublishableKey(
  deps: AccountKeysDeps,
  admin: SignedInMember,
  id: number,
): Promise<PublishableKey> {
  requireRole(admin, 'admin');
  const at = deps.clock.now();
  const owner = { accountId: admin.accountId };
  const before = (await deps.publishableKeys.list(owner)).find((key) => key.id === id);
  if (!before) throw new ApiError('publishable_key_not_found');
  // A repeated revoke keeps the first time and is no new action.
  if (before.revoked_at) return before;
  return deps.audit.atomically(async () => {
    const row = await deps.publishableKeys.revoke(id, owner, at);
    if (!row) throw new ApiError('publishable_key_not_found');
    await deps.audit.record({
      accountId: admin.accountId,
      event: 'publishable_key.revoked',
      actor: { memberId: admin.id },
      detail: { publishable_key_id: row.id, api_key_id: row.api_key_id, label: row.label },
      at,
    });
    return row;
  });
}

/** Replaces a live publishable key's allowed origins (the pages that may embed the hosted flow). */
export async function setAccountPublishableKeyOrigins(
  deps: AccountKeysDeps,
  admin: SignedInMember,
  id: number,
  origins: readonly string[],
): Promise<PublishableKey> {
  requireRole(admin, 'admin');
  return deps.audit.atomically(async () => {
    const row = await deps.publishableKeys.setOriginsInAccount(id, admin.accountId, [...new Set(origins)]);
    if (!row) throw new ApiError('publishable_key_not_found');
    await deps.audit.record({
      accountId: admin.accountId,
      event: 'publishable_key.origins_changed',
      actor: { memberId: admin.id },
      detail: { publishable_key_id: row.id, allowed_origins: row.allowed_origins },
      at: deps.clock.now(),
    });
    return row;
  });
}
