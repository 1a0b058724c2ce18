import type { FastifyRequest } from 'fastify';
import type { VerificationDeps } from '../use-cases/verifications/deps.js';
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
  deps: VerificationDeps,
  request: FastifyRequest,
): Promise<ClientSession> {
  return resolveSession(deps, presentedClientToken(request));
}

/** Who sent a browser request, as the audit log keeps it: the address and a user agent cut to 512 characters. */
export function requestOrigin(request: FastifyRequest): { ip: string; userAgent: string | null } {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 512) : null };
}
