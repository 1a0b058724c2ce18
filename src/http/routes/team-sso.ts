import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_TIMEOUTS } from '../../use-cases/members/team.js';
import { configureSso, finishSso, startSso, type SsoDeps } from '../../use-cases/members/sso.js';
import {
  readSessionCookie,
  setSessionCookie,
  type RequireMember,
  type SessionCookie,
} from '../member-session.js';
import { errorSchema, validationErrorSchema } from '../schemas.js';

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** OpenID Connect single sign-on per account (docs/review.md "Single sign-on"). */
export const teamSsoRoutes: FastifyPluginAsync<{
  deps: SsoDeps;
  requireMember: RequireMember;
  cookie: SessionCookie;
}> = async (instance, { deps, requireMember, cookie }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

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

  app.get(
    '/v1/console/sso/start',
    {
      schema: {
        tags: ['console'],
        summary: "Start single sign-on for an account: a redirect to its provider's authorization endpoint",
        querystring: z.object({ account: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
        response: { 302: z.null(), 404: errorSchema, 502: errorSchema },
      },
    },
    async (request, reply) => {
      const location = await startSso(deps, request.query.account);
      reply.header('cache-control', 'no-store');
      return reply.redirect(location, 302);
    },
  );

  app.get(
    '/v1/console/sso/callback',
    {
      schema: {
        tags: ['console'],
        summary: 'Where the provider returns: signs the person in and sends them to the console',
        querystring: z.looseObject({ state: z.string().max(200) }),
        response: { 303: z.null(), 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const { sessionId } = await finishSso(deps, {
        state: request.query.state,
        callbackUrl: new URL(request.url, deps.redirectUri),
        previousSessionId: readSessionCookie(request, cookie),
      });
      setSessionCookie(reply, cookie, sessionId, (deps.timeouts ?? SESSION_TIMEOUTS).absoluteSeconds);
      reply.header('cache-control', 'no-store');
      return reply.redirect('/console#signed-in', 303);
    },
  );
};
