import { eventRoutes } from '../http/routes/events.js';
import type { RequireScope } from '../http/route-context.js';
import type { Platform } from '../platform.js';
import { purgeOldEvents } from '../use-cases/events.js';
import type { Module } from './module.js';

const PURGE_INTERVAL_MS = 3_600_000;

/** The event log: GET /v1/events over the outbox's events, and the hourly purge of those past 30 days. */
export function eventsModule(platform: Platform, wiring: { requireScope: RequireScope }) {
  const { stores, clock, logger } = platform;
  const deps = { events: stores.events, clock };
  return {
    async routes(app) {
      await app.register(eventRoutes, { deps, requireScope: wiring.requireScope });
    },
    tasks: [
      {
        name: 'event log purge',
        intervalMs: PURGE_INTERVAL_MS,
        run: async () => {
          const purged = await purgeOldEvents(deps);
          if (purged > 0) logger.info({ purged }, 'deleted events past their 30 days');
        },
      },
    ],
  } satisfies Module & Record<string, unknown>;
}
