import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_TIMEOUTS } from '../../use-cases/members/team.js';
import {
  allowSsoFor,
  configureSso,
  finishSso,
  SSO_LOGIN_TTL_SECONDS,
  startSso,
  startSsoLink,
  type SsoDeps,
} from '../../use-cases/members/sso.js';
import {
  readSessionCookie,
  setSessionCookie,
  setSsoBrowserCookie,
  ssoBrowserCookieFor,
  type AnonymousLimit,
  type RequireMember,
  type SessionCookie,
} from '../member-session.js';
import { errorSchema, validationErrorSchema } from '../schemas.js';
import { parseId } from '../validation.js';

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** OpenID Connect single sign-on per account (docs/review.md "Single sign-on"). */
export const consoleSsoRoutes: FastifyPluginAsync<{
  deps: SsoDeps;
  requireMember: RequireMember;
  limitAnonymous: AnonymousLimit;
  cookie: SessionCookie;
}> = async (instance, { deps, requireMember, limitAnonymous, cookie }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const browserCookie = ssoBrowserCookieFor(cookie);

  app.put(
    '/v1/console/sso',
    {
      ...requireMember('admin'),
      schema: {
        tags: ['console'],
        summary:
          "Set the account's OpenID Connect provider (admin); the client secret is sealed and never returned",
        security: [{ consoleSession: [] }],
        body: z.object({
          issuer: z.url().max(500),
          client_id: z.string().min(1).max(500),
          client_secret: z.string().min(1).max(1000),
          allowed_domains: z.array(z.string().regex(DOMAIN, 'must be a domain name')).min(1).max(20),
        }),
        response: {
          200: z.object({ issuer: z.string(), client_id: z.string(), allowed_domains: z.array(z.string()) }),
          401: errorSchema,
          403: errorSchema,
          422: validationErrorSchema,
        },
      },
    },
    async (request) => {
      const saved = await configureSso(deps, request.member!, {
        issuer: request.body.issuer,
        clientId: request.body.client_id,
        clientSecret: request.body.client_secret,
        allowedDomains: request.body.allowed_domains,
      });
      return { issuer: saved.issuer, client_id: saved.clientId, allowed_domains: saved.allowedDomains };
    },
  );

  app.put(
    '/v1/console/members/:member_id/sso',
    {
      ...requireMember('admin'),
      schema: {
        tags: ['console'],
        summary:
          'Allow or stop single sign-on for a member who joined by invitation (admin); never for an operator member',
        security: [{ consoleSession: [] }],
        params: z.object({ member_id: z.string() }),
        body: z.object({ allowed: z.boolean() }),
        response: {
          200: z.object({ id: z.number().int(), sso_allowed: z.boolean() }),
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => {
      const id = parseId(request.params.member_id, 'member_not_found');
      const member = await allowSsoFor(deps, request.member!, id, request.body.allowed);
      return { id: Number(member.id), sso_allowed: member.sso_allowed };
    },
  );

  app.post(
    '/v1/console/sso/link',
    {
      ...requireMember(),
      schema: {
        tags: ['console'],
        summary:
          "Link the signed-in member's own provider identity: the provider's address to open in this browser, whose callback must come with this session",
        security: [{ consoleSession: [] }],
        response: {
          200: z.object({ location: z.string() }),
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          502: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { location, browserSecret } = await startSsoLink(deps, request.member!);
      setSsoBrowserCookie(reply, browserCookie, browserSecret, SSO_LOGIN_TTL_SECONDS);
      reply.header('cache-control', 'no-store');
      return { location };
    },
  );

  app.get(
    '/v1/console/sso/start',
    {
      onRequest: limitAnonymous,
      schema: {
        tags: ['console'],
        summary: "Start single sign-on for an account: a redirect to its provider's authorization endpoint",
        querystring: z.object({ account: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
        response: { 302: z.null(), 404: errorSchema, 429: errorSchema, 502: errorSchema },
      },
    },
    async (request, reply) => {
      const { location, browserSecret } = await startSso(deps, request.query.account);
      setSsoBrowserCookie(reply, browserCookie, browserSecret, SSO_LOGIN_TTL_SECONDS);
      reply.header('cache-control', 'no-store');
      return reply.redirect(location, 302);
    },
  );

  app.get(
    '/v1/console/sso/callback',
    {
      onRequest: limitAnonymous,
      schema: {
        tags: ['console'],
        summary: 'Where the provider returns: signs the person in and sends them to the console',
        querystring: z.looseObject({ state: z.string().max(200) }),
        response: { 303: z.null(), 401: errorSchema, 403: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const { sessionId } = await finishSso(deps, {
        state: request.query.state,
        browserSecret: readSessionCookie(request, browserCookie),
        callbackUrl: new URL(request.url, deps.redirectUri),
        previousSessionId: readSessionCookie(request, cookie),
      });
      setSessionCookie(reply, cookie, sessionId, (deps.timeouts ?? SESSION_TIMEOUTS).absoluteSeconds);
      setSsoBrowserCookie(reply, browserCookie, '', 0);
      reply.header('cache-control', 'no-store');
      return reply.redirect('/console#signed-in', 303);
    },
  );
};
