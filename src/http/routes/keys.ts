import { noStore } from '../security-headers.js';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { KEY_MODES, SCOPES } from '../../core/api-keys/api-key.js';
import { isoWithoutZone } from '../../core/time.js';
import {
  createApiKey,
  listApiKeys,
  MAX_ROLL_GRACE_SECONDS,
  revokeApiKey,
  rollApiKey,
  type ApiKeyDeps,
} from '../../use-cases/accounts/api-keys.js';
import type { ApiKey } from '../../ports/api-key-store.js';
import type { RequireScope } from '../route-context.js';
import { unchanging } from '../serializer.js';
import { parseId } from '../validation.js';
import { errorSchema, guardErrors } from '../schemas.js';
import {
  mintedKeySchema,
  presentMintedKey,
  presentRolledKey,
  rolledKeySchema,
  rollKeyBody,
} from '../presenters/api-key.js';

const publicKeySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  scopes: z.array(z.string()),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  /** Beyond the base object: live or test (docs/testing.md), so a list tells the two apart. */
  mode: z.enum(KEY_MODES),
});

function toPublicKey(row: ApiKey): z.infer<typeof publicKeySchema> {
  return {
    id: row.id,
    label: row.label,
    scopes: row.scopes,
    created_at: isoWithoutZone(row.created_at)!,
    revoked_at: isoWithoutZone(row.revoked_at),
    last_used_at: isoWithoutZone(row.last_used_at),
    mode: row.mode,
  };
}

type PublicKeyList = Array<z.infer<typeof publicKeySchema>>;

/**
 * The API-key read cache hands out the same list to every read until a key changes (a change
 * replaces it): each list is presented, and its JSON written (`unchanging`), once, not once per
 * request. Entries go with their list.
 */
const presentedLists = new WeakMap<ApiKey[], PublicKeyList>();

function toPublicKeys(rows: ApiKey[]): PublicKeyList {
  let presented = presentedLists.get(rows);
  if (!presented) presentedLists.set(rows, (presented = unchanging(rows.map(toPublicKey))));
  return presented;
}

const createKeyBody = z.object({
  label: z.string().trim().min(1).max(100),
  scopes: z.array(z.enum(SCOPES)).min(1).max(SCOPES.length),
  /** docs/testing.md: the calling key's mode unless given; only a live key may create a test key. */
  mode: z.enum(KEY_MODES).optional(),
});

const keyIdParams = z.object({ key_id: z.string() });

export const keyRoutes: FastifyPluginAsync<{ deps: ApiKeyDeps; requireScope: RequireScope }> = async (
  instance,
  { deps, requireScope },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/v1/keys',
    {
      config: { idempotent: true },
      onRequest: [requireScope('keys:write'), noStore],
      schema: {
        tags: ['api keys'],
        summary:
          'Create an API key below the calling one, with scopes the caller holds (the plaintext key is returned once)',
        security: [{ apiKey: [] }],
        body: createKeyBody,
        response: {
          201: mintedKeySchema,
          ...guardErrors,
        },
      },
    },
    async (request, reply) => {
      return reply.status(201).send(presentMintedKey(await createApiKey(deps, request.actor!, request.body)));
    },
  );

  app.get(
    '/v1/keys',
    {
      onRequest: requireScope('keys:read'),
      schema: {
        tags: ['api keys'],
        summary: 'List the calling key and every key below it (those it created, and theirs)',
        security: [{ apiKey: [] }],
        response: { 200: z.array(publicKeySchema), ...guardErrors },
      },
    },
    async (request) => toPublicKeys(await listApiKeys(deps, request.actor!)),
  );

  app.post(
    '/v1/keys/:key_id/revoke',
    {
      config: { idempotent: true },
      onRequest: requireScope('keys:write'),
      schema: {
        tags: ['api keys'],
        summary: 'Revoke a key and every key below it (idempotent; effective immediately)',
        security: [{ apiKey: [] }],
        params: keyIdParams,
        response: { 200: publicKeySchema, ...guardErrors, 404: errorSchema },
      },
    },
    async (request) => {
      return toPublicKey(
        await revokeApiKey(deps, request.actor!, parseId(request.params.key_id, 'api_key_not_found')),
      );
    },
  );

  app.post(
    '/v1/keys/:key_id/roll',
    {
      config: { idempotent: true },
      onRequest: [requireScope('keys:write'), noStore],
      schema: {
        tags: ['api keys'],
        summary:
          'Roll a key: mint its successor (the plaintext is returned once), which takes over everything the key owns; the old key works until expires_at',
        description: `The successor has the key's label, scopes and mode and its place in the tree. The old key acts as the successor for \`expires_in_seconds\` (0 to ${MAX_ROLL_GRACE_SECONDS}, default one day), then stops working. Revoking the old key never revokes the successor.`,
        security: [{ apiKey: [] }],
        params: keyIdParams,
        body: rollKeyBody,
        response: { 201: rolledKeySchema, ...guardErrors, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const rolled = await rollApiKey(
        deps,
        request.actor!,
        parseId(request.params.key_id, 'api_key_not_found'),
        request.body?.expires_in_seconds,
      );
      return reply.status(201).send(presentRolledKey(rolled));
    },
  );
};
