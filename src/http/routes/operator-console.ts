import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isoWithoutZone } from '../../core/time.js';
import type { AccountStore } from '../../ports/account-store.js';
import type { ReadinessReport } from '../../readiness.js';
import { listMerchantAccounts } from '../../use-cases/accounts/merchant-accounts.js';
import type { RequireMember } from '../member-session.js';
import { guardErrors } from '../schemas.js';
import { accountSchema } from './accounts.js';
import { componentSchema } from './health.js';

const security = [{ consoleSession: [] }];

/**
 * The operator's console pages (docs/self-hosting.md "The operator's console"): every account with its
 * usage, as `GET /v1/accounts` answers an `operator` key, and the deployment's health with the
 * components `/readyz` shows a METRICS_TOKEN holder. Only a member the host's CLI invited as operator.
 */
export const operatorConsoleRoutes: FastifyPluginAsync<{
  accounts: AccountStore;
  readiness: () => Promise<ReadinessReport>;
  requireMember: RequireMember;
}> = async (instance, { accounts, readiness, requireMember }) => {
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
      (await listMerchantAccounts({ accounts })).map((a) => ({
        id: a.id,
        name: a.name,
        created_at: isoWithoutZone(a.created_at)!,
        live_api_keys: a.live_api_keys,
        verifications: a.verifications,
      })),
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
