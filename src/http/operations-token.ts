import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * Whether the request carries `Authorization: Bearer <METRICS_TOKEN>`. Both sides are hashed before
 * the constant-time comparison, so neither the length nor the content of the token leaks by timing.
 */
export function hasOperationsToken(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return false;
  const match = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '');
  if (!match) return false;
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  return crypto.timingSafeEqual(digest(match[1]!), digest(token));
}
