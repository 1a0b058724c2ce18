import type { FastifyRequest } from 'fastify';
import { hashSecret } from '../core/api-keys/api-key.js';
import { ApiError } from '../core/errors.js';
import { isExpired } from '../core/verifications/status.js';
import type { VerificationRow } from '../adapters/db/verification-store.js';
import type { Container } from '../container.js';

export type ClientSession = { verification: VerificationRow; tokenExpiresAt: Date };

/** SPEC 5.2: the client token comes as `X-Client-Token` or `Authorization: Bearer`. */
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
 * token is missing, unknown, past its life, or its verification has expired (PROTOCOL.md).
 */
export async function authenticateClientToken(
  container: Container,
  request: FastifyRequest,
): Promise<ClientSession> {
  const store = container.stores.verifications;
  const token = presentedClientToken(request);
  if (!token || token.length > 256) throw new ApiError('invalid_client_token');
  const now = container.clock.now();
  const found = await store.findByToken(hashSecret(token), now);
  if (!found) throw new ApiError('invalid_client_token');
  let verification = found.verification;
  if (isExpired(verification.status, verification.expires_at, now)) {
    await store.expireDue(now, verification.id);
    verification = (await store.findById(verification.id)) ?? verification;
  }
  if (verification.status === 'expired') throw new ApiError('invalid_client_token');
  return { verification, tokenExpiresAt: found.tokenExpiresAt };
}
