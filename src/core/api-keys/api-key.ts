import crypto from 'node:crypto';

export const SCOPES = [
  'verifications:write',
  'verifications:read',
  // Not in the SPEC's table: recording a person's decision on a verification decided `review` (docs/review.md).
  'verifications:review',
  'screen:ofac',
  'keys:write',
  'keys:read',
  'webhooks:write',
  'webhooks:read',
  '*',
] as const;

export type Scope = (typeof SCOPES)[number];

/** 32 random bytes as base64url: 43 characters after the prefix (SPEC 2.1, PROTOCOL.md). */
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
  return crypto.createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Enough of a key for an operator to recognise it in an audit, far too little to use it. */
export function displayPrefix(key: string, prefix: string): string {
  return key.slice(0, prefix.length + 4);
}

export function hasScope(granted: readonly string[], required: Scope): boolean {
  return granted.includes('*') || granted.includes(required);
}

export function generatePublishableKey(): string {
  return 'pk_' + crypto.randomBytes(24).toString('base64url');
}
