import crypto from 'node:crypto';

/**
 * The people of a merchant account (docs/review.md "Teams"). Roles are ordered: an admin may do what a
 * reviewer may, a reviewer what a viewer may.
 *  - admin: members and invitations, API keys, settings; and everything below
 *  - reviewer: decide review cases, read evidence; and everything below
 *  - viewer: read only
 */
export const ROLES = ['admin', 'reviewer', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

const RANK: Record<Role, number> = { viewer: 0, reviewer: 1, admin: 2 };

export function hasRole(held: Role, required: Role): boolean {
  return RANK[held] >= RANK[required];
}

/** An email address as stored and compared: trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A bearer secret (invitation token, session id, ceremony id): 32 random bytes, base64url. */
export function generateSecretToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Only this digest of a secret token is stored. */
export function digestToken(token: string): string {
  return crypto.hash('sha256', token, 'hex');
}

/** Constant-time comparison of two hex digests of equal length (false for any other pair). */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && crypto.timingSafeEqual(left, right);
}

/**
 * The CSRF token of a session: an HMAC of a fixed label under the session id. A page of this origin
 * reads it from the session endpoint; another origin can neither read it nor compute it (the session
 * id is in an HttpOnly cookie), and it tells nothing about the session id.
 */
export function csrfTokenFor(sessionId: string): string {
  return crypto.createHmac('sha256', sessionId).update('idv console csrf v1').digest('base64url');
}

export function csrfTokenMatches(sessionId: string, presented: string | undefined): boolean {
  if (!presented || presented.length > 100) return false;
  const expected = Buffer.from(csrfTokenFor(sessionId));
  const given = Buffer.from(presented);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

export type SessionTimeouts = { idleSeconds: number; absoluteSeconds: number };

/** Whether a session is still usable at `now`: not revoked, within its absolute and idle limits. */
export function sessionIsLive(
  session: { expires_at: Date; last_seen_at: Date; revoked_at: Date | null },
  now: Date,
  timeouts: SessionTimeouts,
): boolean {
  if (session.revoked_at) return false;
  if (now.getTime() >= session.expires_at.getTime()) return false;
  return now.getTime() - session.last_seen_at.getTime() < timeouts.idleSeconds * 1000;
}

/**
 * Why passkeys cannot work at the console's address, or null when they can: browsers refuse a
 * relying party whose ID is an IP address, and keep no session cookie without `Secure` off the loopback.
 */
export function passkeyAddressProblem(consoleBaseUrl: string): string | null {
  const url = new URL(consoleBaseUrl);
  const host = url.hostname;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('['))
    return `browsers refuse passkeys on an IP address (${host}): set PUBLIC_BASE_URL to a host name, such as http://localhost:${url.port || 80} on this machine`;
  if (url.protocol === 'http:' && host !== 'localhost' && !host.endsWith('.localhost'))
    return `console sessions need https off the loopback: set PUBLIC_BASE_URL to the https address people use`;
  return null;
}
