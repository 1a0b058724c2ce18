import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  readAccountRetention,
  setAccountRetention,
  type AccountRetentionChangeDeps,
  type AccountRetentionView,
} from '../../use-cases/accounts/account-retention.js';
import {
  readAccountBranding,
  setAccountBranding,
  setAccountLogo,
  type BrandingChangeDeps,
} from '../../use-cases/accounts/account-branding.js';
import type { AccountBranding } from '../../ports/branding.js';
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

const brandingSchema = z.object({
  display_name: z.string().nullable(),
  colour: z.string().nullable(),
  support_url: z.string().nullable(),
  privacy_url: z.string().nullable(),
  has_logo: z.boolean(),
});

const presentBranding = (b: AccountBranding): z.infer<typeof brandingSchema> => ({
  display_name: b.displayName,
  colour: b.colour,
  support_url: b.supportUrl,
  privacy_url: b.privacyUrl,
  has_logo: b.hasLogo,
});

/** Bounded here only to keep the body small; the use case refuses a logo over its byte limit by name. */
const logoString = z.string().min(1).max(1_000_000);

/** The account's settings in the console (admin): retention and the hosted flow's branding. */
export const consoleSettingsRoutes: FastifyPluginAsync<{
  retention: AccountRetentionChangeDeps;
  branding: BrandingChangeDeps;
  requireMember: RequireMember;
}> = async (instance, { retention, branding, requireMember }) => {
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

  app.get(
    '/v1/console/branding',
    {
      ...requireMember('admin'),
      schema: {
        tags: ['console'],
        summary:
          "What the hosted flow shows the account's end users: name, colour, links, whether a logo is set (admin)",
        security,
        response: { 200: brandingSchema, ...guardErrors },
      },
    },
    async (request) => presentBranding(await readAccountBranding(branding, request.member!)),
  );

  app.put(
    '/v1/console/branding',
    {
      ...requireMember('admin'),
      schema: {
        tags: ['console'],
        summary:
          "Set the hosted flow's display name, brand colour (#rrggbb, at least 4.5:1 against white) and https support and privacy links (admin); null removes one; the logo is kept",
        security,
        body: z.object({
          display_name: z.string().max(200).nullable(),
          colour: z.string().max(20).nullable(),
          support_url: z.string().max(2048).nullable(),
          privacy_url: z.string().max(2048).nullable(),
        }),
        response: { 200: brandingSchema, ...guardErrors, 422: validationErrorSchema },
      },
    },
    async (request) =>
      presentBranding(
        await setAccountBranding(branding, request.member!, {
          displayName: request.body.display_name,
          colour: request.body.colour,
          supportUrl: request.body.support_url,
          privacyUrl: request.body.privacy_url,
        }),
      ),
  );

  app.put(
    '/v1/console/branding/logo',
    {
      ...requireMember('admin'),
      schema: {
        tags: ['console'],
        summary:
          "Set the hosted flow's logo (admin): a PNG, JPEG or WebP of at most 100 KB, base64 or a data URL, stored re-encoded at most 256×256; null removes it",
        security,
        body: z.object({ logo_b64: logoString.nullable() }),
        response: { 200: brandingSchema, ...guardErrors, 422: validationErrorSchema },
      },
    },
    async (request) =>
      presentBranding(await setAccountLogo(branding, request.member!, request.body.logo_b64)),
  );
};
