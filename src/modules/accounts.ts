import { createAuthGuard, createKeyThrottle } from '../abuse/abuse-guards.js';
import { faceTemplateOf } from '../checks/face-check.js';
import { createApiKeyAuth } from '../http/auth.js';
import { faceBlocklistRoutes } from '../http/routes/face-blocklist.js';
import { accountRoutes } from '../http/routes/accounts.js';
import type { MerchantAccountDeps } from '../use-cases/accounts/merchant-accounts.js';
import { keyRoutes } from '../http/routes/keys.js';
import { publishableKeyRoutes } from '../http/routes/publishable-keys.js';
import type { Platform } from '../platform.js';
import type { ApiKeyDeps } from '../use-cases/accounts/api-keys.js';
import { flowFrameAncestors, type PublishableKeyDeps } from '../use-cases/accounts/publishable-keys.js';
import type { Module } from './module.js';

/**
 * API keys and who may use them: the key hook every keyed route runs (with the failure guard and the
 * per-key throttle), the key and publishable-key routes, and the operator's face blocklist.
 */
export function accountsModule(platform: Platform) {
  const { config, clock, logger, metrics, rateLimiter, stores } = platform;
  const authGuard = createAuthGuard({
    limiter: rateLimiter,
    logger,
    metrics,
    failureLimit: config.authFailureLimit,
    windowSeconds: config.authFailureWindowSeconds,
    failureDelayMs: config.authFailureDelayMs,
  });
  const keyThrottle = createKeyThrottle({
    limiter: rateLimiter,
    clock,
    logger,
    metrics,
    perMinute: config.keyRateLimitPerMinute,
  });
  const requireScope = createApiKeyAuth({
    apiKeys: stores.apiKeys,
    clock,
    apiKeyPrefix: config.apiKeyPrefix,
    failures: authGuard,
    throttle: keyThrottle,
    warn: (error, message) => logger.warn({ err: error }, message),
  });
  const merchantAccountDeps: MerchantAccountDeps = {
    accounts: stores.accounts,
    apiKeys: stores.apiKeys,
    members: stores.members,
    audit: stores.accountAudit,
    clock,
    apiKeyPrefix: config.apiKeyPrefix,
    consoleUrl: `${config.publicBaseUrl}/console`,
  };
  metrics.addGauge('api_key_cache_entries', 'API keys and key lists held by the read cache', () =>
    stores.apiKeys.cachedEntries(),
  );
  const apiKeyDeps: ApiKeyDeps = {
    apiKeys: stores.apiKeys,
    clock,
    apiKeyPrefix: config.apiKeyPrefix,
    audit: stores.accountAudit,
    verificationsChanged: (ids) => stores.verifications.forget(ids),
  };
  const publishableKeyDeps: PublishableKeyDeps = {
    publishableKeys: stores.publishableKeys,
    apiKeys: stores.apiKeys,
    clock,
    audit: stores.accountAudit,
  };
  return {
    requireScope,
    keyThrottle,
    merchantAccountDeps,
    /** The key use cases, which the console's routes call too (with a member as the actor). */
    apiKeyDeps,
    publishableKeyDeps,
    /** Who may frame a load of the hosted flow, from the publishable key in its address. */
    flowFrameAncestors: (publishableKey: string | undefined) =>
      flowFrameAncestors(publishableKeyDeps, publishableKey),
    async routes(app) {
      await app.register(keyRoutes, { deps: apiKeyDeps, requireScope });
      await app.register(publishableKeyRoutes, { deps: publishableKeyDeps, requireScope });
      await app.register(accountRoutes, { deps: merchantAccountDeps, requireScope });
      await app.register(faceBlocklistRoutes, {
        deps: {
          faces: stores.faces,
          clock,
          faceTemplate: (image) => faceTemplateOf(platform.checkEngines.faceEngine, image),
          imageWork: platform.heavyWork.image,
        },
        requireScope,
      });
    },
    close: () => keyThrottle.close(),
  } satisfies Module & Record<string, unknown>;
}
