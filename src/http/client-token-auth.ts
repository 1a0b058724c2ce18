import type { FastifyRequest } from 'fastify';
import type { Container } from '../container.js';
import { resolveSession, type Session } from '../use-cases/verifications/session.js';

export type ClientSession = Session;

/** The client token comes as `X-Client-Token` or `Authorization: Bearer`. */
export function presentedClientToken(request: FastifyRequest): string | undefined {
  const header = request.headers['x-client-token'];
  if (typeof header === 'string' && header.length > 0) return header;
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string' && /^Bearer\s+/i.test(authorization))
    return authorization.replace(/^Bearer\s+/i, '').trim();
  return undefined;
}

/**
 * The verification behind the request's client token; 401 `invalid or expired client token` when the
 * token is missing, unknown, past its life, or its verification has expired.
 */
export function authenticateClientToken(
  container: Container,
  request: FastifyRequest,
): Promise<ClientSession> {
  return resolveSession(container.verificationDeps, presentedClientToken(request));
}
