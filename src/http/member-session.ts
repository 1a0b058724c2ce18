import type { FastifyReply, FastifyRequest } from 'fastify';
import { csrfTokenMatches, type Role } from '../core/members/members.js';
import { ApiError } from '../core/errors.js';
import {
  memberOfSession,
  requireRole,
  type SignedInMember,
  type TeamDeps,
} from '../use-cases/members/team.js';

declare module 'fastify' {
  interface FastifyRequest {
    member: SignedInMember | null;
    /** The session id from the cookie, once the session hook has accepted it. */
    memberSessionId: string | null;
  }
}

/**
 * The console's session cookie. Over https it is `__Host-` prefixed (no Domain, Path=/, Secure, so no
 * sibling host and no plain-http page can set or read it). On plain http the browser would drop a
 * Secure cookie, so a loopback development address (http://localhost, http://127.0.0.1, http://[::1])
 * gets it without Secure and without the prefix. Any other plain-http address still gets Secure: the
 * browser then keeps no session, and the console cannot be signed in to until it is served over https.
 */
export type SessionCookie = { name: string; secure: boolean; origin: string };

export function sessionCookieFor(consoleOrigin: string): SessionCookie {
  const url = new URL(consoleOrigin);
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  const secure = url.protocol === 'https:' || !loopback;
  return {
    name: url.protocol === 'https:' ? '__Host-idv_session' : 'idv_session',
    secure,
    origin: url.origin,
  };
}

export function readSessionCookie(request: FastifyRequest, cookie: SessionCookie): string | undefined {
  const header = request.headers.cookie;
  if (!header || header.length > 8192) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === cookie.name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function setSessionCookie(
  reply: FastifyReply,
  cookie: SessionCookie,
  sessionId: string,
  maxAgeSeconds: number,
): void {
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Strict', `Max-Age=${maxAgeSeconds}`];
  if (cookie.secure) attributes.push('Secure');
  reply.header('set-cookie', `${cookie.name}=${sessionId}; ${attributes.join('; ')}`);
}

export function clearSessionCookie(reply: FastifyReply, cookie: SessionCookie): void {
  setSessionCookie(reply, cookie, '', 0);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The `onRequest` hook of member routes: a live session from the cookie (401 otherwise), the role the
 * route needs (403), and, on every state-changing request, CSRF protection (403): the `X-CSRF-Token`
 * header must carry the session's token, and an `Origin` header, when the browser sends one, must be
 * the console's own. SameSite=Strict on the cookie is a third, independent guard.
 */
export function createMemberAuth(
  deps: Pick<TeamDeps, 'members' | 'clock' | 'timeouts'>,
  cookie: SessionCookie,
) {
  return function requireMember(role: Role = 'viewer') {
    return async function memberSessionHook(request: FastifyRequest): Promise<void> {
      const sessionId = readSessionCookie(request, cookie);
      const member = await memberOfSession(deps, sessionId);
      if (!member || !sessionId) throw new ApiError('sign_in_required');
      if (!SAFE_METHODS.has(request.method)) {
        const origin = request.headers.origin;
        const header = request.headers['x-csrf-token'];
        const token = Array.isArray(header) ? header[0] : header;
        if ((origin !== undefined && origin !== cookie.origin) || !csrfTokenMatches(sessionId, token)) {
          throw new ApiError('csrf_token_invalid');
        }
      }
      request.member = member;
      request.memberSessionId = sessionId;
      requireRole(member, role);
    };
  };
}

export type RequireMember = ReturnType<typeof createMemberAuth>;
