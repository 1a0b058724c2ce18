import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditActorOf } from '../../core/actor.js';
import { isoWithoutZone } from '../../core/time.js';
import type { ReadinessReport } from '../../readiness.js';
import {
  createMerchantAccount,
  listMerchantAccounts,
  type MerchantAccountDeps,
} from '../../use-cases/accounts/merchant-accounts.js';
import type { RequireMember } from '../member-session.js';
import { noStore } from '../security-headers.js';
import { guardErrors, validationErrorSchema } from '../schemas.js';
import { accountSchema, firstAdminInvitationSchema, presentFirstAdmin } from './accounts.js';
import { componentSchema } from './health.js';

const security = [{ consoleSession: [] }];

/**
 * The operator's console pages (docs/self-hosting.md "The operator's console"): every account with its
 * usage, as `GET /v1/accounts` answers an `operator` key, and the deployment's health with the
 * components `/readyz` shows a METRICS_TOKEN holder. Only a member the host's CLI invited as operator.
 */
export const operatorConsoleRoutes: FastifyPluginAsync<{
  deps: MerchantAccountDeps;
  readiness: () => Promise<ReadinessReport>;
  requireMember: RequireMember;
}> = async (instance, { deps, readiness, requireMember }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const operatorOnly = requireMember('viewer', { operator: true });

  app.get(
    '/v1/console/operator/accounts',
    {
      ...operatorOnly,
      schema: {
        tags: ['console'],
        summary: 'Every merchant account with its live API keys and verification counts (operator members)',
        security,
        response: {
          200: z.array(
            accountSchema.extend({ live_api_keys: z.number().int(), verifications: z.number().int() }),
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

  app.post(
    '/v1/console/operator/accounts',
    {
      ...operatorOnly,
      onRequest: [operatorOnly.onRequest, noStore],
      schema: {
        tags: ['console'],
        summary:
          "Open a merchant account and invite its first admin (operator members); the invitation link is returned once. The admin mints the account's API keys in the console.",
        security,
        body: z.object({
          name: z.string().trim().min(1).max(200),
          admin_email: z.email().max(320),
        }),
        response: {
          201: accountSchema.extend({ first_admin_invitation: firstAdminInvitationSchema }),
          422: validationErrorSchema,
          ...guardErrors,
        },
      },
    },
    async (request, reply) => {
      const opened = await createMerchantAccount(deps, {
        name: request.body.name,
        withKey: false,
        firstAdminEmail: request.body.admin_email,
        actor: auditActorOf(request.actor!),
      });
      return reply.status(201).send({
        id: opened.account.id,
        name: opened.account.name,
        created_at: isoWithoutZone(opened.account.created_at)!,
        first_admin_invitation: presentFirstAdmin(opened.firstAdmin)!,
      });
    },
  );

  app.get(
    '/v1/console/operator/health',
    {
      ...operatorOnly,
      schema: {
        tags: ['console'],
        summary: "The deployment's readiness with every component, as /readyz reports it (operator members)",
        security,
        response: {
          200: z.object({
            status: z.enum(['ready', 'degraded', 'not_ready']),
            components: z.record(z.string(), componentSchema),
          }),
          ...guardErrors,
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return readiness();
    },
  );
};
