import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { KEY_MODES } from '../../core/api-keys/api-key.js';
import { ApiError } from '../../core/errors.js';
import { isoWithoutZone } from '../../core/time.js';
import type { ApiKey } from '../../ports/api-key-store.js';
import type { PublishableKey } from '../../ports/publishable-key-store.js';
import { revokeAccountKey } from '../../use-cases/members/account-keys.js';
import {
  createAccountPublishableKey,
  listAccountApiKeys,
  listAccountPublishableKeys,
  revokeAccountPublishableKey,
  setAccountPublishableKeyOrigins,
  type AccountKeysDeps,
} from '../../use-cases/members/account-publishable-keys.js';
import type { RequireMember } from '../member-session.js';
import { errorSchema, validationErrorSchema } from '../schemas.js';
import { embeddingOrigin, presentPublishableKey, publishableKeySchema } from './publishable-keys.js';

const security = [{ consoleSession: [] }];
const memberErrors = { 401: errorSchema, 403: errorSchema } as const;

const accountPublishableKeySchema = publishableKeySchema.extend({ api_key_id: z.number().int() });
const present = (row: PublishableKey) => ({ ...presentPublishableKey(row), api_key_id: row.api_key_id });

/** A malformed id names no key of the account: the same 404 (`error`) as another account's. */
function keyId(raw: string, error: 'publishable_key_not_found' | 'api_key_not_found'): number {
  const id = /^[1-9][0-9]{0,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id)) throw new ApiError(error);
  return id;
}
const publishableKeyId = (raw: string) => keyId(raw, 'publishable_key_not_found');

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
});

/** The account's API keys (listed, never their secrets) and publishable keys with their origins (admin). */
export const teamKeyRoutes: FastifyPluginAsync<{
  deps: AccountKeysDeps;
  requireMember: RequireMember;
}> = async (instance, { deps, requireMember }) => {
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
        response: { 200: z.array(accountApiKeySchema), ...memberErrors },
      },
    },
    async (request) => (await listAccountApiKeys(deps, request.member!)).map(presentApiKey),
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
        response: { 200: accountApiKeySchema, ...memberErrors, 404: errorSchema },
      },
    },
    async (request) =>
      presentApiKey(
        await revokeAccountKey(deps, request.member!, keyId(request.params.id, 'api_key_not_found')),
      ),
  );

  app.get(
    '/v1/console/publishable-keys',
    {
      ...requireMember('admin'),
      schema: {
        tags: ['console'],
        summary: "The account's publishable keys, each with the API key it belongs to (admin)",
        security,
        response: { 200: z.array(accountPublishableKeySchema), ...memberErrors },
      },
    },
    async (request) => (await listAccountPublishableKeys(deps, request.member!)).map(present),
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
          ...memberErrors,
          404: errorSchema,
          422: validationErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const row = await createAccountPublishableKey(deps, request.member!, {
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
          ...memberErrors,
          404: errorSchema,
          422: validationErrorSchema,
        },
      },
    },
    async (request) =>
      present(
        await setAccountPublishableKeyOrigins(
          deps,
          request.member!,
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
        response: { 200: accountPublishableKeySchema, ...memberErrors, 404: errorSchema },
      },
    },
    async (request) =>
      present(await revokeAccountPublishableKey(deps, request.member!, publishableKeyId(request.params.id))),
  );
};
