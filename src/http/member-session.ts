import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './route-context.js';
import { csrfTokenMatches, type Role } from '../core/members/members.js';
import { takeAnonymousConsoleCall } from '../use-cases/members/anonymous-limit.js';
import { ApiError } from '../core/errors.js';
import { memberActor, requireOperator, requireRole } from '../core/actor.js';
import { memberOfSession, type SignedInMember, type TeamDeps } from '../use-cases/members/team.js';

/** Who may call a console route: a signed-in member with at least `role`, and an operator if `operator`. */
export type ConsoleAccess = { role: Role; operator: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    member: SignedInMember | null;
    /** The session id from the cookie, once the session hook has accepted it. */
    memberSessionId: string | null;
  }
  interface FastifyContextConfig {
    /** Set on every member route by `requireMember`. */
    consoleAccess?: ConsoleAccess;
  }
  interface FastifyInstance {
    /** Every `/v1/console` route with the access it declares (none for the public ones). */
    consoleRoutes: ConsoleRoute[];
  }
}

export type ConsoleRoute = { method: string; url: string; access: ConsoleAccess | undefined };

/**
 * The only console routes that need no session: signing in, single sign-on and accepting an
 * invitation. Every other `/v1/console` route goes through `requireMember`, which declares its access
 * in the route's config and runs the session hook; test/api/console-route-security.test.ts finds every
 * console route and fails on one that is neither listed here nor guarded.
 */
export const PUBLIC_CONSOLE_ROUTES: ReadonlySet<string> = new Set([
  'POST /v1/console/sign-in/options',
  'POST /v1/console/sign-in',
  'POST /v1/console/invitations/options',
  'POST /v1/console/invitations/accept',
  'GET /v1/console/sso/start',
  'GET /v1/console/sso/callback',
]);

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

/**
 * The cookie binding a single sign-on to the browser that started it: set at /sso/start, required at
 * the callback. Prefixed and Secure as the session cookie is; SameSite=Lax because the provider sends
 * the browser back with a cross-site navigation, which a Strict cookie would not ride.
 */
export function ssoBrowserCookieFor(session: SessionCookie): SessionCookie {
  return { ...session, name: session.name.replace('idv_session', 'idv_sso') };
}

export function setSsoBrowserCookie(
  reply: FastifyReply,
  cookie: SessionCookie,
  value: string,
  maxAgeSeconds: number,
): void {
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAgeSeconds}`];
  if (cookie.secure) attributes.push('Secure');
  reply.header('set-cookie', `${cookie.name}=${value}; ${attributes.join('; ')}`);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The route options of a member route: its access, declared in the route's config, and the `onRequest`
 * hook that enforces it: a live session from the cookie (401 otherwise), on every state-changing
 * request CSRF protection (403: the `X-CSRF-Token` header must carry the session's token, and an
 * `Origin` header, when the browser sends one, must be the console's own), then the role the route
 * needs and, for the operator's pages, the operator flag (403). SameSite=Strict on the cookie is a
 * further, independent guard.
 */
/**
 * Registered before any route: lists every `/v1/console` route with its declared access, and refuses
 * to start with one that is neither public nor a member route, so a console route cannot be added
 * without deciding who may call it.
 */
export function guardConsoleRoutes(app: App): void {
  const routes: ConsoleRoute[] = [];
  app.decorate('consoleRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/v1/console/')) return;
    const access = route.config?.consoleAccess;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const name = `${method} ${route.url}`;
      if (!access && !PUBLIC_CONSOLE_ROUTES.has(name)) {
        throw new Error(`${name} declares no access: use requireMember, or list it as public`);
      }
      routes.push({ method, url: route.url, access });
    }
  });
}

/**
 * The `onRequest` hook of the public console routes: one call counted for the client's address, 429
 * with Retry-After past the limit (use-cases/members/anonymous-limit.ts).
 */
export function createAnonymousLimit(deps: Parameters<typeof takeAnonymousConsoleCall>[0]) {
  return async function anonymousConsoleLimit(request: FastifyRequest): Promise<void> {
    const decision = await takeAnonymousConsoleCall(deps, request.ip);
    if (!decision.allowed) {
      throw new ApiError('rate_limited', {}, { retryAfterSeconds: decision.retryAfterSeconds });
    }
  };
}

export type AnonymousLimit = ReturnType<typeof createAnonymousLimit>;

export function createMemberAuth(
  deps: Pick<TeamDeps, 'members' | 'clock' | 'timeouts'>,
  cookie: SessionCookie,
) {
  return function requireMember(role: Role = 'viewer', options: { operator?: boolean } = {}) {
    const access: ConsoleAccess = { role, operator: options.operator === true };
    const onRequest = async function memberSessionHook(request: FastifyRequest): Promise<void> {
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
      request.actor = memberActor(member);
      request.memberSessionId = sessionId;
      requireRole(member, role);
      if (access.operator) requireOperator(member);
    };
    return { onRequest, config: { consoleAccess: access } };
  };
}

export type RequireMember = ReturnType<typeof createMemberAuth>;
