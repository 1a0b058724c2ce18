import type { RequireScope } from '../http/route-context.js';
import { screeningRoutes } from '../http/routes/screening.js';
import type { Platform } from '../platform.js';
import type { Module } from './module.js';

/** Name and wallet screening against the sanctions lists (/v1/screen/*); the lists load in the platform. */
export function screeningModule(platform: Platform, wiring: { requireScope: RequireScope }): Module {
  const { clock, sanctions } = platform;
  platform.metrics.addGauge(
    'sanctions_list_age_seconds',
    'Seconds since the loaded sanctions list was loaded',
    () => {
      const loadedAt = sanctions.stats().loaded_at;
      return loadedAt ? (clock.now().getTime() - Date.parse(loadedAt)) / 1000 : null;
    },
  );
  return {
    async routes(app) {
      await app.register(screeningRoutes, {
        deps: { sanctions, rateLimiter: platform.rateLimiter, metrics: platform.metrics },
        requireScope: wiring.requireScope,
      });
    },
  };
}
