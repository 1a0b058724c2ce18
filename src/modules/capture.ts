import { handoffRoutes } from '../http/routes/handoff.js';
import { sessionRoutes } from '../http/routes/session.js';
import type { Platform } from '../platform.js';
import type { VerificationDeps } from '../use-cases/verifications/deps.js';
import { createUploadAdmission } from '../use-cases/verifications/upload-admission.js';
import { retentionOfKey } from '../use-cases/accounts/account-retention.js';
import { brandingOfKey, logoOfKey } from '../use-cases/accounts/account-branding.js';
import type { Module } from './module.js';

/**
 * The end user's side, behind the client token: session state, consent, document and selfie uploads,
 * the liveness challenge, submit, test-mode samples, and the desktop-to-phone handoff.
 */
export function captureModule(platform: Platform, wiring: { verifications: VerificationDeps }): Module {
  const { config, clock, stores } = platform;
  return {
    async routes(app) {
      await app.register(sessionRoutes, {
        deps: wiring.verifications,
        embeddingDeps: { publishableKeys: stores.publishableKeys },
        testSamples: platform.testSamples,
        retention: (apiKeyId) =>
          retentionOfKey(
            { retention: stores.retention, accounts: stores.accounts, policy: config.retention },
            apiKeyId,
          ),
        branding: {
          of: (apiKeyId) => brandingOfKey({ branding: stores.branding, accounts: stores.accounts }, apiKeyId),
          logo: (apiKeyId) => logoOfKey({ branding: stores.branding, accounts: stores.accounts }, apiKeyId),
        },
        uploads: createUploadAdmission({ rateLimiter: platform.rateLimiter }),
      });
      await app.register(handoffRoutes, {
        deps: {
          handoffs: stores.handoffs,
          findVerification: (id) => stores.verifications.findById(id, clock.now()),
          clock,
        },
        sessions: wiring.verifications,
        hostedFlowUrl: config.hostedFlowUrl,
      });
    },
  };
}
