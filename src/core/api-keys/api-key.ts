import crypto from 'node:crypto';

/** The scopes (docs/security.md) which `POST /v1/keys` may grant (each only by a key that holds it). */
export const SCOPES = [
  'verifications:write',
  'verifications:read',
  // Not among the base scopes: recording a person's decision on a verification decided `review` (docs/review.md).
  'verifications:review',
  'screen:ofac',
  // Monitors: names and wallets re-screened on every list update (docs/screening.md).
  'screening:write',
  'screening:read',
  'keys:write',
  'keys:read',
  'webhooks:write',
  'webhooks:read',
  '*',
] as const;

/**
 * Powers over the whole deployment rather than one merchant's data (the global face blocklist).
 * It is not part of `*`, and no API call grants it: only the bootstrap key and `idv keys create` do.
 */
export const OPERATOR_SCOPE = 'operator';

/** Every scope a key can hold; the CLI may give any of them. */
export const ALL_SCOPES = [...SCOPES, OPERATOR_SCOPE] as const;

export type Scope = (typeof ALL_SCOPES)[number];

/**
 * A key is live or test for life (docs/testing.md). Test keys see only test data, their
 * verifications run no ML and no screening (forced outcomes) and are never metered.
 */
export const KEY_MODES = ['live', 'test'] as const;

export type KeyMode = (typeof KEY_MODES)[number];

/** The visible prefix of a key: test keys carry `test_` after the service prefix (`svc_test_…`). */
export function keyPrefixFor(servicePrefix: string, mode: KeyMode): string {
  return mode === 'test' ? `${servicePrefix}test_` : servicePrefix;
}

/**
 * The mode of a key the calling key creates: its own unless asked otherwise. A live key may create a
 * test key (how a merchant gets its first one); a test key never creates a live one, so a test
 * credential leaked from a sandbox cannot reach live data. Null when the request is refused.
 */
export function modeOfNewKey(granter: KeyMode, requested: KeyMode | undefined): KeyMode | null {
  const mode = requested ?? granter;
  return granter === 'test' && mode === 'live' ? null : mode;
}

/** 32 random bytes as base64url: 43 characters after the prefix. */
export function generateApiKey(prefix: string): string {
  return prefix + crypto.randomBytes(32).toString('base64url');
}

export function isWellFormedApiKey(key: string, prefix: string): boolean {
  return (
    key.length === prefix.length + 43 &&
    key.startsWith(prefix) &&
    /^[A-Za-z0-9_-]{43}$/.test(key.slice(prefix.length))
  );
}

/** Only this digest is stored; lookups compare digests, so the plaintext never reaches the database. */
export function hashSecret(secret: string): string {
  return crypto.hash('sha256', secret, 'hex');
}

/** Enough of a key for an operator to recognise it in an audit, far too little to use it. */
export function displayPrefix(key: string, prefix: string): string {
  return key.slice(0, prefix.length + 4);
}

export function hasScope(granted: readonly string[], required: Scope): boolean {
  if (required === OPERATOR_SCOPE) return granted.includes(OPERATOR_SCOPE);
  return granted.includes('*') || granted.includes(required);
}

/**
 * The first requested scope the granting key cannot pass on, or null when it may grant them all.
 * A key grants only what it holds: `*` only from a `*` key, and `operator` never through the API.
 */
export function firstUngrantableScope(
  granter: readonly string[],
  requested: readonly string[],
): string | null {
  for (const scope of requested) {
    if (scope === OPERATOR_SCOPE) return scope;
    if (scope === '*' ? !granter.includes('*') : !hasScope(granter, scope as Scope)) return scope;
  }
  return null;
}

export function generatePublishableKey(): string {
  return 'pk_' + crypto.randomBytes(24).toString('base64url');
}
