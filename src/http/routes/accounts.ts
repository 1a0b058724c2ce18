import { noStore } from '../security-headers.js';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OPERATOR_SCOPE } from '../../core/api-keys/api-key.js';
import { isoWithoutZone } from '../../core/time.js';
import {
  createMerchantAccount,
  listMerchantAccounts,
  type MerchantAccountDeps,
} from '../../use-cases/accounts/merchant-accounts.js';
import type { RequireScope } from '../route-context.js';
import { guardErrors } from '../schemas.js';

export const accountSchema = z.object({ id: z.number().int(), name: z.string(), created_at: z.string() });

/** Merchant accounts (docs/security.md "Accounts"): the operator's, `operator` scope only. */
export const accountRoutes: FastifyPluginAsync<{
  deps: MerchantAccountDeps;
  requireScope: RequireScope;
}> = async (instance, { deps, requireScope }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/v1/accounts',
    {
      config: { idempotent: true },
      onRequest: [requireScope(OPERATOR_SCOPE), noStore],
      schema: {
        tags: ['accounts'],
        summary:
          'Open a merchant account and create its first API key (scopes ["*"]; the plaintext key is returned once)',
        security: [{ apiKey: [] }],
        body: z.object({
          name: z.string().trim().min(1).max(200),
          key_label: z.string().trim().min(1).max(100).optional(),
        }),
        response: {
          201: accountSchema.extend({
            api_key: z.object({
              id: z.number().int(),
              label: z.string(),
              scopes: z.array(z.string()),
              api_key: z.string(),
            }),
          }),
          ...guardErrors,
        },
      },
    },
    async (request, reply) => {
      const { account, key, plaintext } = await createMerchantAccount(deps, {
        name: request.body.name,
        keyLabel: request.body.key_label,
      });
      return reply.status(201).send({
        id: account.id,
        name: account.name,
        created_at: isoWithoutZone(account.created_at)!,
        api_key: { id: key.id, label: key.label, scopes: key.scopes, api_key: plaintext },
      });
    },
  );

  app.get(
    '/v1/accounts',
    {
      onRequest: requireScope(OPERATOR_SCOPE),
      schema: {
        tags: ['accounts'],
        summary: 'List the merchant accounts with their live API keys and verification counts',
        security: [{ apiKey: [] }],
        response: {
          200: z.array(
            accountSchema.extend({
              live_api_keys: z.number().int(),
              verifications: z.number().int(),
            }),
          ),
          ...guardErrors,
        },
      },
    },
    async () =>
      (await listMerchantAccounts(deps)).map((a) => ({
        id: a.id,
        name: a.name,
        created_at: isoWithoutZone(a.created_at)!,
        live_api_keys: a.live_api_keys,
        verifications: a.verifications,
      })),
  );
};
