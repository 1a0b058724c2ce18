/**
 * Who is calling, from the `X-API-Key` they present. Unknown, revoked and missing keys are
 * 401 with an audit row; past the failure bound per address and key prefix, 429 with Retry-After
 * instead. A valid key is never refused for others' failures (docs/security.md "Failed keys").
 */
import crypto from 'node:crypto';
import {
  displayPrefix,
  hashSecret,
  hasScope,
  type KeyMode,
  type Scope,
} from '../../core/api-keys/api-key.js';
import { ApiError } from '../../core/errors.js';
import type { Clock } from '../../core/time.js';
import type { ApiKeyStore } from '../../ports/api-key-store.js';

/** last_used_at is written at most this often per key and instance: a read-mostly hot path stays read-only. */
const LAST_USED_WRITE_INTERVAL_MS = 60_000;
/** Longer than any key the service issues; such a header is refused before it is hashed. */
const MAX_PRESENTED_KEY_LENGTH = 256;

/** `mode` keeps live and test data apart: every read and write is scoped to the key's mode (docs/testing.md). */
export type AuthenticatedKey = {
  /** The key the caller acts as: the presented key, or during a rolled key's grace its successor. */
  id: number;
  /** The key presented; Idempotency-Key records belong to it, sealed under its secret. */
  credentialId: number;
  scopes: string[];
  label: string;
  mode: KeyMode;
  /** The merchant account the key belongs to (docs/security.md "Accounts"). */
  accountId: number;
};

export type ApiKeyAuthDeps = {
  apiKeys: Pick<ApiKeyStore, 'findByHash' | 'recordAuthFailure' | 'touchLastUsed'>;
  clock: Clock;
  apiKeyPrefix: string;
  failures: {
    recordFailure(
      ip: string,
      keyPrefix: string | null,
    ): Promise<{ audit: boolean; retryAfterSeconds: number }>;
  };
  /** The optional per-key throttle: the budget left after this request, or null when it is off. */
  throttle: { consume(keyId: number): Promise<{ limit: number; remaining: number } | null> };
  warn(error: unknown, message: string): void;
};

export type AuthenticationAttempt = {
  presented: string | undefined;
  /** The scope the route needs; null for routes any valid key may call. */
  scope: Scope | null;
  /** Where the attempt came from, for the failure count and its audit row: asked only when it fails. */
  source(): { ip: string; method: string; path: string };
};

export type Authenticated = { key: AuthenticatedKey; budget: { limit: number; remaining: number } | null };

/**
 * Builds the authenticator. Known keys come from the store's in-memory cache, which every instance
 * empties when a key is revoked. A key identified but lacking the scope is 403 `missing scope`; the
 * caller still learns which key it is (`onIdentified`), so the 403 is attributed to it.
 */
export function createApiKeyAuthenticator(deps: ApiKeyAuthDeps) {
  const lastWritten = new Map<number, number>();

  async function fail(attempt: AuthenticationAttempt, reason: string): Promise<never> {
    const keyPrefix = attempt.presented ? displayPrefix(attempt.presented, deps.apiKeyPrefix) : null;
    const { ip, method, path } = attempt.source();
    const verdict = await deps.failures.recordFailure(ip, keyPrefix);
    if (verdict.audit) {
      await deps.apiKeys.recordAuthFailure({ ip, reason, keyPrefix, method, path, at: deps.clock.now() });
    }
    if (verdict.retryAfterSeconds > 0) {
      throw new ApiError('auth_failures_rate_limited', {}, { retryAfterSeconds: verdict.retryAfterSeconds });
    }
    throw new ApiError('invalid_api_key');
  }

  return async function authenticate(
    attempt: AuthenticationAttempt,
    onIdentified: (key: AuthenticatedKey) => void,
  ): Promise<Authenticated> {
    const { presented } = attempt;
    if (!presented || presented.length > MAX_PRESENTED_KEY_LENGTH) return fail(attempt, 'missing');
    const digest = hashSecret(presented);
    const row = await deps.apiKeys.findByHash(digest);
    // The lookup is by digest; comparing digests again in constant time keeps timing independent of the key.
    if (!row || !crypto.timingSafeEqual(Buffer.from(row.key_hash, 'hex'), Buffer.from(digest, 'hex'))) {
      return fail(attempt, 'unknown');
    }
    if (row.revoked_at) return fail(attempt, 'revoked');
    // A rolled key past its grace; within it, it acts as its successor (docs/api.md "Rolling a key").
    if (row.expires_at && row.expires_at.getTime() <= deps.clock.now().getTime()) {
      return fail(attempt, 'expired');
    }
    const key = {
      id: row.successor_key_id ?? row.id,
      credentialId: row.id,
      scopes: row.scopes,
      label: row.label,
      mode: row.mode,
      accountId: row.account_id,
    };
    onIdentified(key);
    if (attempt.scope && !hasScope(row.scopes, attempt.scope)) {
      throw new ApiError('missing_scope', { scope: attempt.scope });
    }
    // Per key acted as: a rolled key and its successor share one budget during the grace.
    const budget = await deps.throttle.consume(key.id);
    const nowMs = deps.clock.now().getTime();
    if (nowMs - (lastWritten.get(row.id) ?? 0) >= LAST_USED_WRITE_INTERVAL_MS) {
      lastWritten.set(row.id, nowMs);
      deps.apiKeys
        .touchLastUsed(row.id, new Date(nowMs))
        .catch((error: unknown) => deps.warn(error, 'could not record last_used_at'));
    }
    return { key, budget };
  };
}
