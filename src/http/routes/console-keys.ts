import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberActor } from '../../core/actor.js';
import { KEY_MODES, SCOPES } from '../../core/api-keys/api-key.js';
import { isoWithoutZone } from '../../core/time.js';
import type { ApiKey } from '../../ports/api-key-store.js';
import type { PublishableKey } from '../../ports/publishable-key-store.js';
import {
  createApiKey,
  listApiKeys,
  revokeApiKey,
  rollApiKey,
  type ApiKeyDeps,
} from '../../use-cases/accounts/api-keys.js';
import {
  createPublishableKey,
  listPublishableKeys,
  revokePublishableKey,
  setPublishableKeyOrigins,
  type PublishableKeyDeps,
} from '../../use-cases/accounts/publishable-keys.js';
import type { RequireMember } from '../member-session.js';
import {
  mintedKeySchema,
  presentMintedKey,
  presentRolledKey,
  rolledKeySchema,
  rollKeyBody,
} from '../presenters/api-key.js';
import { errorSchema, guardErrors, validationErrorSchema } from '../schemas.js';
import { parseId } from '../validation.js';
import { embeddingOrigin, presentPublishableKey, publishableKeySchema } from './publishable-keys.js';

const security = [{ consoleSession: [] }];

const accountPublishableKeySchema = publishableKeySchema.extend({ api_key_id: z.number().int() });
const present = (row: PublishableKey) => ({ ...presentPublishableKey(row), api_key_id: row.api_key_id });

const publishableKeyId = (raw: string) => parseId(raw, 'publishable_key_not_found');
const apiKeyId = (raw: string) => parseId(raw, 'api_key_not_found');

const accountApiKeySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  key_prefix: z.string(),
  scopes: z.array(z.string()),
  mode: z.enum(KEY_MODES),
  /** Who minted it: the key above it, or the console admin; both null for the host's CLI. */
  owner_key_id: z.number().int().nullable(),
  created_by_member_id: z.number().int().nullable(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  /** A rolled key: the key that took its place, and when the rolled key stops working. */
  successor_key_id: z.number().int().nullable(),
  expires_at: z.string().nullable(),
});

const presentApiKey = (key: ApiKey): z.infer<typeof accountApiKeySchema> => ({
  id: Number(key.id),
  label: key.label,
  key_prefix: key.key_prefix,
  scopes: key.scopes,
  mode: key.mode,
  owner_key_id: key.owner_key_id === null ? null : Number(key.owner_key_id),
  created_by_member_id: key.created_by_member_id === null ? null : Number(key.created_by_member_id),
  created_at: isoWithoutZone(key.created_at)!,
  revoked_at: isoWithoutZone(key.revoked_at),
  successor_key_id: key.successor_key_id === null ? null : Number(key.successor_key_id),
  expires_at: isoWithoutZone(key.expires_at),
});

/**
 * The account's API keys (listed, never their secrets; minted, rolled, revoked) and publishable keys
 * with their origins, for its admins. The use cases are the API's: only the actor differs.
 */
export const consoleKeyRoutes: FastifyPluginAsync<{
  keys: ApiKeyDeps;
  deps: PublishableKeyDeps;
  requireMember: RequireMember;
}> = async (instance, { keys, deps, requireMember }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: z.string() });

  app.get(
    '/v1/console/keys',
    {
      ...requireMember('admin'),
      schema: {
        tags: ['console'],
        summary: "The account's API keys and who minted each (admin); never their secrets",
        security,
        response: { 200: z.array(accountApiKeySchema), ...guardErrors },
      },
    },
    async (request) => (await listApiKeys(keys, request.actor!)).map(presentApiKey),
  );

  app.post(
    '/v1/console/keys/:id/revoke',
    {
      ...requireMember('admin'),
      schema: {
        tags: ['console'],
        summary:
          'Revoke any API key of the account, whoever minted it, and every key below it (admin; idempotent)',
        security,
        params,
        response: { 200: accountApiKeySchema, ...guardErrors, 404: errorSchema },
      },
    },
    async (request) => presentApiKey(await revokeApiKey(keys, request.actor!, apiKeyId(request.params.id))),
  );

  app.post(
    '/v1/console/keys',
    {
      ...requireMember('admin'),
      schema: {
        tags: ['console'],
        summary: 'Create an API key in the account (admin; the plaintext key is returned once)',
        security,
        body: z.object({
          label: z.string().trim().min(1).max(100),
          scopes: z.array(z.enum(SCOPES)).min(1).max(SCOPES.length),
          mode: z.enum(KEY_MODES).default('live'),
        }),
        response: {
          201: mintedKeySchema,
          ...guardErrors,
        },
      },
    },
    async (request, reply) => {
      const minted = await createApiKey(keys, request.actor!, request.body);
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(presentMintedKey(minted));
    },
  );

  app.post(
    '/v1/console/keys/:id/roll',
    {
      ...requireMember('admin'),
      schema: {
        tags: ['console'],
        summary:
          'Roll an API key of the account (admin): its successor takes over everything it owns; the old key works until expires_at',
        security,
        params,
        body: rollKeyBody,
        response: { 201: rolledKeySchema, ...guardErrors, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const rolled = await rollApiKey(
        keys,
        request.actor!,
        apiKeyId(request.params.id),
        request.body?.expires_in_seconds,
      );
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(presentRolledKey(rolled));
    },
  );

  app.get(
    '/v1/console/publishable-keys',
    {
      ...requireMember('admin'),
      schema: {
        tags: ['console'],
        summary: "The account's publishable keys, each with the API key it belongs to (admin)",
        security,
        response: { 200: z.array(accountPublishableKeySchema), ...guardErrors },
      },
    },
    async (request) => (await listPublishableKeys(deps, request.actor!)).map(present),
  );

  app.post(
    '/v1/console/publishable-keys',
    {
      ...requireMember('admin'),
      schema: {
        tags: ['console'],
        summary: 'Create a publishable key for one of the account’s live API keys (admin)',
        security,
        body: z.object({
          api_key_id: z.number().int().positive(),
          label: z.string().trim().min(1).max(100).default('default'),
          allowed_origins: z.array(embeddingOrigin).max(20).default([]),
        }),
        response: {
          201: accountPublishableKeySchema,
          ...guardErrors,
          404: errorSchema,
          422: validationErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const row = await createPublishableKey(deps, request.actor!, {
        apiKeyId: request.body.api_key_id,
        label: request.body.label,
        allowedOrigins: request.body.allowed_origins,
      });
      return reply.status(201).send(present(row));
    },
  );

  app.put(
    '/v1/console/publishable-keys/:id/origins',
    {
      ...requireMember('admin'),
      schema: {
        tags: ['console'],
        summary: "Replace a live publishable key's allowed origins (admin)",
        security,
        params,
        body: z.object({ allowed_origins: z.array(embeddingOrigin).max(20) }),
        response: {
          200: accountPublishableKeySchema,
          ...guardErrors,
          404: errorSchema,
          422: validationErrorSchema,
        },
      },
    },
    async (request) =>
      present(
        await setPublishableKeyOrigins(
          deps,
          memberActor(request.member!),
          publishableKeyId(request.params.id),
          request.body.allowed_origins,
        ),
      ),
  );

  app.post(
    '/v1/console/publishable-keys/:id/revoke',
    {
      ...requireMember('admin'),
      schema: {
        tags: ['console'],
        summary: 'Revoke a publishable key of the account (admin; idempotent)',
        security,
        params,
        response: { 200: accountPublishableKeySchema, ...guardErrors, 404: errorSchema },
      },
    },
    async (request) =>
      present(await revokePublishableKey(deps, request.actor!, publishableKeyId(request.params.id))),
  );
};
