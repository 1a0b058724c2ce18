import { createAnonymousLimit, createMemberAuth, sessionCookieFor } from '../http/member-session.js';
import { consoleReviewRoutes } from '../http/routes/console-review.js';
import { consoleTeamRoutes } from '../http/routes/console-team.js';
import { consoleSsoRoutes } from '../http/routes/console-sso.js';
import { consoleWebhookRoutes } from '../http/routes/console-webhooks.js';
import { consoleSettingsRoutes } from '../http/routes/console-settings.js';
import { consoleKeyRoutes } from '../http/routes/console-keys.js';
import type { ApiKeyDeps } from '../use-cases/accounts/api-keys.js';
import type { PublishableKeyDeps } from '../use-cases/accounts/publishable-keys.js';
import type { WebhookEndpointDeps } from '../use-cases/accounts/webhook-endpoints.js';
import type { VerificationDeps } from '../use-cases/verifications/deps.js';
import type { Platform } from '../platform.js';
import type { TeamDeps } from '../use-cases/members/team.js';
import type { Module } from './module.js';

/**
 * People (docs/review.md "Teams"): members of merchant accounts with roles, invitations by link,
 * passkey sign-in and console sessions. The console is served from PUBLIC_BASE_URL, which is the
 * WebAuthn relying party and the only origin a session's state-changing request may come from.
 */
export function membersModule(
  platform: Platform,
  wiring: {
    verifications: VerificationDeps;
    webhooks: Omit<WebhookEndpointDeps, 'logRefusal'>;
    apiKeys: ApiKeyDeps;
    publishableKeys: PublishableKeyDeps;
  },
) {
  const { config, clock, stores } = platform;
  const deps: TeamDeps = {
    members: stores.members,
    passkeys: platform.passkeys,
    clock,
    consoleUrl: `${config.publicBaseUrl}/console`,
  };
  const cookie = sessionCookieFor(config.publicBaseUrl);
  const requireMember = createMemberAuth(deps, cookie);
  const limitAnonymous = createAnonymousLimit({
    limit: config.consoleAnonymousLimit,
    rateLimiter: platform.rateLimiter,
    metrics: platform.metrics,
    onLimiterError: (error) =>
      platform.logger.warn({ err: error }, 'could not count a console call; it was let through'),
  });
  return {
    deps,
    requireMember,
    async routes(app) {
      // Every member route's hook sets these (src/http/member-session.ts).
      app.decorateRequest('member', null);
      app.decorateRequest('memberSessionId', null);
      await app.register(consoleTeamRoutes, { deps, requireMember, limitAnonymous, cookie });
      await app.register(consoleSsoRoutes, {
        deps: {
          sso: stores.sso,
          oidc: platform.oidc,
          logRefusal: (reason) => platform.logger.info({ reason }, 'single sign-on issuer refused'),
          members: stores.members,
          clock,
          audit: stores.accountAudit,
          redirectUri: `${config.publicBaseUrl}/v1/console/sso/callback`,
        },
        requireMember,
        limitAnonymous,
        cookie,
      });
      await app.register(consoleWebhookRoutes, {
        deps: wiring.webhooks,
        allowInsecure: config.webhookAllowInsecure,
        requireMember,
      });
      await app.register(consoleKeyRoutes, {
        keys: wiring.apiKeys,
        deps: wiring.publishableKeys,
        requireMember,
      });
      await app.register(consoleSettingsRoutes, {
        retention: {
          retention: stores.retention,
          accounts: stores.accounts,
          policy: config.retention,
          audit: stores.accountAudit,
          clock,
        },
        branding: {
          branding: stores.branding,
          accounts: stores.accounts,
          audit: stores.accountAudit,
          clock,
          encodeLogo: platform.encodeLogo,
        },
        requireMember,
      });
      await app.register(consoleReviewRoutes, {
        deps: {
          ...wiring.verifications,
          accounts: stores.accounts,
          members: stores.members,
          mediaLinks: { ...wiring.verifications, signingKey: platform.mediaSigningKey },
        },
        publicBaseUrl: config.publicBaseUrl,
        requireMember,
      });
    },
  } satisfies Module & Record<string, unknown>;
}
