import type { RequireScope } from '../http/route-context.js';
import { mediaRoutes } from '../http/routes/media.js';
import { verificationRoutes } from '../http/routes/verifications.js';
import type { Platform } from '../platform.js';
import type { VerificationDeps } from '../use-cases/verifications/deps.js';
import { checkJobLeaseMs } from '../worker/check-worker.js';
import type { Module } from './module.js';

/** How often open verifications past expires_at are marked expired (reads also expire them on the spot). */
const EXPIRY_SWEEP_INTERVAL_MS = 60_000;

/**
 * The verification resource: what its use cases run on (shared with capture and the check queue),
 * the merchant routes (create, read, review, redact, client tokens, media links), and the expiry sweep.
 */
export function verificationsModule(
  platform: Platform,
  wiring: { requireScope: RequireScope; onDecided(): void },
) {
  const { config, clock, metrics, stores } = platform;
  const deps: VerificationDeps = {
    verifications: stores.verifications,
    accounts: stores.accounts,
    media: stores.media,
    usage: stores.usage,
    signals: stores.signals,
    challenges: stores.challenges,
    transact: platform.transact,
    keys: platform.verificationKeys,
    changes: platform.changes,
    checks: {
      engines: platform.checkEngines,
      faces: stores.faces,
      sanctions: platform.sanctions,
      metrics,
      checkTimeoutMs: config.checkTimeoutMs,
    },
    imageWork: platform.heavyWork.image,
    clock,
    metrics,
    onDecided: wiring.onDecided,
    checkQueue: platform.checkQueue,
    admission: {
      maxWaitMs: config.checkQueueMaxWaitMs,
      // The queue wait, then one more run of the job after a worker lost its lease.
      resultWaitMs: config.checkQueueMaxWaitMs + 2 * checkJobLeaseMs(config.checkTimeoutMs),
    },
  };
  metrics.addGauge('decision_waiters', 'Requests waiting for a verification to be decided (?wait=)', () =>
    platform.changes.waiting(),
  );
  metrics.addGauge('verification_cache_entries', 'Finished verifications held by the read cache', () =>
    stores.verifications.cachedEntries(),
  );
  const mediaLinkDeps = { ...deps, signingKey: platform.mediaSigningKey };
  return {
    deps,
    async routes(app) {
      await app.register(verificationRoutes, {
        deps,
        mediaLinkDeps,
        urls: { hostedFlowUrl: config.hostedFlowUrl, publicBaseUrl: config.publicBaseUrl },
        requireScope: wiring.requireScope,
        allowInsecure: config.webhookAllowInsecure,
      });
      await app.register(mediaRoutes, { deps: mediaLinkDeps });
    },
    tasks: [
      {
        name: 'expiry sweep',
        intervalMs: EXPIRY_SWEEP_INTERVAL_MS,
        run: () => stores.verifications.expireDue(clock.now()),
      },
    ],
  } satisfies Module & Record<string, unknown>;
}
