import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  readAccountRetention,
  setAccountRetention,
  type AccountRetentionChangeDeps,
  type AccountRetentionView,
} from '../../use-cases/accounts/account-retention.js';
import type { RequireMember } from '../member-session.js';
import { guardErrors, validationErrorSchema } from '../schemas.js';

const security = [{ consoleSession: [] }];

const periods = z.object({
  media_days: z.number().int(),
  pii_days: z.number().int(),
  template_days: z.number().int(),
});
const ownDays = z.number().int().min(1).max(36_500).nullable();

const retentionSchema = z.object({
  account: z.object({ media_days: ownDays, pii_days: ownDays, template_days: ownDays }),
  applied: periods,
  deployment: periods,
});

const present = (view: AccountRetentionView): z.infer<typeof retentionSchema> => ({
  account: {
    media_days: view.own.mediaDays,
    pii_days: view.own.piiDays,
    template_days: view.own.templateDays,
  },
  applied: {
    media_days: view.applied.mediaDays,
    pii_days: view.applied.piiDays,
    template_days: view.applied.templateDays,
  },
  deployment: {
    media_days: view.deployment.mediaDays,
    pii_days: view.deployment.piiDays,
    template_days: view.deployment.templateDays,
  },
});

/** The account's settings in the console (admin): retention. */
export const consoleSettingsRoutes: FastifyPluginAsync<{
  retention: AccountRetentionChangeDeps;
  requireMember: RequireMember;
}> = async (instance, { retention, requireMember }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/v1/console/retention',
    {
      ...requireMember('admin'),
      schema: {
        tags: ['console'],
        summary:
          "The account's retention periods in days (null: the deployment's), those applied, and the deployment's, which are the ceiling (admin)",
        security,
        response: { 200: retentionSchema, ...guardErrors },
      },
    },
    async (request) => present(await readAccountRetention(retention, request.member!)),
  );

  app.put(
    '/v1/console/retention',
    {
      ...requireMember('admin'),
      schema: {
        tags: ['console'],
        summary:
          "Set the account's retention periods in days (admin): each at most the deployment's; null keeps the deployment's",
        security,
        body: z.object({ media_days: ownDays, pii_days: ownDays, template_days: ownDays }),
        response: { 200: retentionSchema, ...guardErrors, 422: validationErrorSchema },
      },
    },
    async (request) =>
      present(
        await setAccountRetention(retention, request.member!, {
          mediaDays: request.body.media_days,
          piiDays: request.body.pii_days,
          templateDays: request.body.template_days,
        }),
      ),
  );
};
