import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { displayPrefix, hashSecret, hasScope, type Scope } from '../core/api-keys/api-key.js';
import { ApiError } from '../core/errors.js';
import type { ApiKey } from '../use-cases/ports/api-key-store.js';
import type { Container } from '../container.js';

export type AuthenticatedKey = { id: number; scopes: string[]; label: string };

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: AuthenticatedKey | null;
  }
}

/** last_used_at is written at most this often per key and instance: a read-mostly hot path stays read-only. */
const LAST_USED_WRITE_INTERVAL_MS = 60_000;

/**
 * Builds the per-route `onRequest` hook for keyed endpoints. It runs before the body is read, so an
 * unauthenticated caller never gets a large body parsed, and before validation, so 401/403 win over 422.
 * Known keys come from the store's in-memory cache, which every instance empties when a key is revoked.
 */
export function createApiKeyAuth(container: Container) {
  const lastWritten = new Map<number, number>();
  const { apiKeys } = container.stores;
  const prefix = container.config.apiKeyPrefix;

  /** SPEC 5.1: 401 and an audit row; past the failure bound 429 with Retry-After instead (valid keys never get here). */
  async function fail(
    request: FastifyRequest,
    reason: string,
    presented: string | undefined,
  ): Promise<never> {
    const keyPrefix = presented ? displayPrefix(presented, prefix) : null;
    const verdict = await container.authGuard.recordFailure(request.ip, keyPrefix);
    if (verdict.audit) {
      await apiKeys.recordAuthFailure({
        ip: request.ip,
        reason,
        keyPrefix,
        method: request.method,
        path: request.routeOptions.url ?? request.url.split('?')[0] ?? '',
        at: container.clock.now(),
      });
    }
    if (verdict.retryAfterSeconds > 0) {
      throw new ApiError(
        'auth_failures_rate_limited',
        {},
        { headers: { 'retry-after': String(verdict.retryAfterSeconds) } },
      );
    }
    throw new ApiError('invalid_api_key');
  }

  return function requireScope(scope: Scope | null) {
    return async function apiKeyHook(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const header = request.headers['x-api-key'];
      const presented = Array.isArray(header) ? header[0] : header;
      if (!presented || presented.length > 256) return fail(request, 'missing', undefined);
      const digest = hashSecret(presented);
      const row: ApiKey | undefined = await apiKeys.findByHash(digest);
      // The lookup is by digest; comparing digests again in constant time keeps timing independent of the key.
      if (!row || !crypto.timingSafeEqual(Buffer.from(row.key_hash, 'hex'), Buffer.from(digest, 'hex'))) {
        return fail(request, 'unknown', presented);
      }
      if (row.revoked_at) return fail(request, 'revoked', presented);
      request.apiKey = { id: row.id, scopes: row.scopes, label: row.label };
      if (scope && !hasScope(row.scopes, scope)) throw new ApiError('missing_scope', { scope });
      const budget = await container.keyThrottle.consume(row.id);
      if (budget) {
        reply.header('x-ratelimit-limit', String(budget.limit));
        reply.header('x-ratelimit-remaining', String(budget.remaining));
      }
      const nowMs = container.clock.now().getTime();
      if (nowMs - (lastWritten.get(row.id) ?? 0) >= LAST_USED_WRITE_INTERVAL_MS) {
        lastWritten.set(row.id, nowMs);
        apiKeys.touchLastUsed(row.id, new Date(nowMs)).catch((error: unknown) => {
          request.log.warn({ err: error }, 'could not record last_used_at');
        });
      }
    };
  };
}
