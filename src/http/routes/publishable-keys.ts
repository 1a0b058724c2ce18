import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOOPBACK_HOSTNAMES } from '../../core/api-keys/embedding-origins.js';
import { isoWithoutZone } from '../../core/time.js';
import {
  createPublishableKey,
  listPublishableKeys,
  revokePublishableKey,
  type PublishableKeyDeps,
} from '../../use-cases/accounts/publishable-keys.js';
import type { PublishableKey } from '../../ports/publishable-key-store.js';
import type { RequireScope } from '../route-context.js';
import { errorSchema, guardErrors } from '../schemas.js';
import { parseId } from '../validation.js';

export const publishableKeySchema = z.object({
  id: z.number(),
  publishable_key: z.string(),
  label: z.string(),
  allowed_origins: z.array(z.string()),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
});

/**
 * A web origin a merchant embeds the hosted flow from: https, or http on the loopback for development.
 * Exactly an origin (no path, query or wildcard), since it goes verbatim into a CSP frame-ancestors.
 */
export const embeddingOrigin = z
  .string()
  .max(200)
  .refine((value) => {
    try {
      const url = new URL(value);
      const loopback = LOOPBACK_HOSTNAMES.includes(url.hostname);
      return (
        url.origin === value &&
        /^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname) &&
        (url.protocol === 'https:' || (url.protocol === 'http:' && loopback))
      );
    } catch {
      return false;
    }
  }, 'must be an origin such as https://shop.example.com (http only for localhost)');

export const presentPublishableKey = (row: PublishableKey) => ({
  id: row.id,
  publishable_key: row.key,
  label: row.label,
  allowed_origins: row.allowed_origins,
  created_at: isoWithoutZone(row.created_at)!,
  revoked_at: isoWithoutZone(row.revoked_at),
});

/** Routes for the keys the browser SDK names a merchant with (use-cases/accounts/publishable-keys.ts). */
export const publishableKeyRoutes: FastifyPluginAsync<{
  deps: PublishableKeyDeps;
  requireScope: RequireScope;
}> = async (instance, { deps, requireScope }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/v1/publishable-keys',
    {
      config: { idempotent: true },
      onRequest: requireScope('keys:write'),
      schema: {
        tags: ['api keys'],
        summary: 'Create a publishable key for the browser SDK, owned by the calling API key',
        security: [{ apiKey: [] }],
        body: z
          .object({
            label: z.string().trim().min(1).max(100).default('default'),
            allowed_origins: z.array(embeddingOrigin).max(20).default([]),
          })
          .default({ label: 'default', allowed_origins: [] }),
        response: { 201: publishableKeySchema, ...guardErrors },
      },
    },
    async (request, reply) => {
      const row = await createPublishableKey(deps, request.actor!, {
        label: request.body.label,
        allowedOrigins: request.body.allowed_origins,
      });
      return reply.status(201).send(presentPublishableKey(row));
    },
  );

  app.get(
    '/v1/publishable-keys',
    {
      onRequest: requireScope('keys:read'),
      schema: {
        tags: ['api keys'],
        summary: 'List the calling key’s publishable keys',
        security: [{ apiKey: [] }],
        response: { 200: z.array(publishableKeySchema), ...guardErrors },
      },
    },
    async (request) => (await listPublishableKeys(deps, request.actor!)).map(presentPublishableKey),
  );

  app.post(
    '/v1/publishable-keys/:id/revoke',
    {
      config: { idempotent: true },
      onRequest: requireScope('keys:write'),
      schema: {
        tags: ['api keys'],
        summary: 'Revoke a publishable key (idempotent)',
        security: [{ apiKey: [] }],
        params: z.object({ id: z.string() }),
        response: { 200: publishableKeySchema, ...guardErrors, 404: errorSchema },
      },
    },
    async (request) => {
      const id = parseId(request.params.id, 'publishable_key_not_found');
      return presentPublishableKey(await revokePublishableKey(deps, request.actor!, id));
    },
  );
};
