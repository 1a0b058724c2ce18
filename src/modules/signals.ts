import { signalRoutes } from '../http/routes/signals.js';
import type { Platform } from '../platform.js';
import type { Module } from './module.js';

/**
 * Signals not linked to any verification (no or invalid client token) serve no check; the endpoint
 * has no rate cap per verification, so they are kept only this long.
 */
const UNLINKED_SIGNALS_RETENTION_MS = 7 * 86_400_000;
const SIGNALS_PRUNE_INTERVAL_MS = 3_600_000;

/** Device and behaviour signals the browser collects during capture, and the prune of unlinked ones. */
export function signalsModule(platform: Platform): Module {
  const { config, clock, stores } = platform;
  return {
    async routes(app) {
      await app.register(signalRoutes, {
        deps: {
          signals: stores.signals,
          rateLimiter: platform.rateLimiter,
          clock,
          maxBatchesPerVerification: config.signalsMaxBatchesPerVerification,
          maxUnlinkedPerAddressPerHour: config.signalsMaxUnlinkedPerAddressPerHour,
        },
      });
    },
    tasks: [
      {
        name: 'unlinked signals prune',
        intervalMs: SIGNALS_PRUNE_INTERVAL_MS,
        run: () =>
          stores.signals.pruneUnlinked(new Date(clock.now().getTime() - UNLINKED_SIGNALS_RETENTION_MS)),
      },
    ],
  };
}
