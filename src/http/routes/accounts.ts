import { noStore } from '../security-headers.js';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActorOf } from '../../core/actor.js';
import { OPERATOR_SCOPE } from '../../core/api-keys/api-key.js';
import { isoWithoutZone } from '../../core/time.js';
import {
  createMerchantAccount,
  listMerchantAccounts,
  type MerchantAccountDeps,
  type OpenedAccount,
} from '../../use-cases/accounts/merchant-accounts.js';
import type { RequireScope } from '../route-context.js';
import { guardErrors } from '../schemas.js';

export const accountSchema = z.object({ id: z.number().int(), name: z.string(), created_at: z.string() });

/** The first admin's invitation as the operator receives it: the link is shown this once. */
export const firstAdminInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.literal('admin'),
  expires_at: z.string(),
  url: z.string(),
});

export function presentFirstAdmin(
  opened: OpenedAccount['firstAdmin'],
): z.infer<typeof firstAdminInvitationSchema> | null {
  if (!opened) return null;
  return {
    id: Number(opened.invitation.id),
    email: opened.invitation.email,
    role: 'admin',
    expires_at: isoWithoutZone(opened.invitation.expires_at)!,
    url: opened.link,
  };
}

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
          'Open a merchant account with its first API key (scopes ["*"]; the plaintext key is returned once) and, given `first_admin_email`, its first admin\'s console invitation (the link is returned once)',
        security: [{ apiKey: [] }],
        body: z.object({
          name: z.string().trim().min(1).max(200),
          key_label: z.string().trim().min(1).max(100).optional(),
          first_admin_email: z.email().max(320).optional(),
        }),
        response: {
          201: accountSchema.extend({
            api_key: z.object({
              id: z.number().int(),
              label: z.string(),
              scopes: z.array(z.string()),
              api_key: z.string(),
            }),
            first_admin_invitation: firstAdminInvitationSchema.nullable(),
          }),
          ...guardErrors,
        },
      },
    },
    async (request, reply) => {
      const opened = await createMerchantAccount(deps, {
        name: request.body.name,
        keyLabel: request.body.key_label,
        firstAdminEmail: request.body.first_admin_email,
        actor: auditActorOf(request.actor!),
      });
      const { key, plaintext } = opened.key!;
      return reply.status(201).send({
        id: opened.account.id,
        name: opened.account.name,
        created_at: isoWithoutZone(opened.account.created_at)!,
        api_key: { id: key.id, label: key.label, scopes: key.scopes, api_key: plaintext },
        first_admin_invitation: presentFirstAdmin(opened.firstAdmin),
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
