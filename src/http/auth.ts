import { rateLimitHeaders } from './rate-limit-headers.js';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { keyActor, type Actor } from '../core/actor.js';
import type { Scope } from '../core/api-keys/api-key.js';
import {
  createApiKeyAuthenticator,
  type AuthenticatedKey,
  type ApiKeyAuthDeps,
} from '../use-cases/accounts/authenticate-api-key.js';

export type { AuthenticatedKey };

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: AuthenticatedKey | null;
    /** Who acts, as the key hook or the member session hook found them (core/actor.ts). */
    actor: Actor | null;
  }
}

/**
 * Builds the per-route `onRequest` hook for keyed endpoints. It runs before the body is read, so an
 * unauthenticated caller never gets a large body parsed, and before validation, so 401/403 win over 422.
 */
export function createApiKeyAuth(deps: ApiKeyAuthDeps) {
  const authenticate = createApiKeyAuthenticator(deps);

  return function requireScope(scope: Scope | null) {
    return async function apiKeyHook(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const header = request.headers['x-api-key'];
      const { budget } = await authenticate(
        {
          presented: Array.isArray(header) ? header[0] : header,
          scope,
          // request.ip (with TRUST_PROXY, a walk of X-Forwarded-For) and routeOptions (an object built
          // on each read) only for a failure: a valid key's request never needs them.
          source() {
            return {
              ip: request.ip,
              method: request.method,
              path: request.routeOptions.url ?? request.url.split('?')[0] ?? '',
            };
          },
        },
        (key) => {
          request.apiKey = key;
          request.actor = keyActor(key);
        },
      );
      if (budget) {
        rateLimitHeaders(reply, budget);
      }
    };
  };
}
