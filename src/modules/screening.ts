import type { RequireScope } from '../http/route-context.js';
import { screeningMonitorRoutes } from '../http/routes/screening-monitors.js';
import { screeningRoutes } from '../http/routes/screening.js';
import type { Platform } from '../platform.js';
import type { RecordedDelta } from '../ports/screening-watch.js';
import {
  expireMonitors,
  recordListVersions,
  rescreenPendingDeltas,
  type ScreeningWatchDeps,
} from '../use-cases/screening-watch.js';
import type { Module } from './module.js';

/** How often a worker looks for a new list version to record and a delta to re-screen. */
const WATCH_INTERVAL_MS = 5_000;
const MONITOR_EXPIRY_INTERVAL_MS = 3_600_000;

function deltaDetail(delta: RecordedDelta): string {
  const counts = `+${delta.counts.added}/~${delta.counts.changed}/-${delta.counts.removed}`;
  const rescreen =
    delta.rescreenedAt === null
      ? 're-screen pending'
      : `re-screened ${delta.subjectsScreened} in ${delta.rescreenMs} ms, ${delta.matchesFound} new matches`;
  return `${delta.toVersion}${delta.baseline ? ' (baseline)' : ''}: ${counts} at ${delta.createdAt.toISOString()}; ${rescreen}`;
}

/**
 * Name and wallet screening against the sanctions lists (/v1/screen/*; the lists load in the
 * platform), and the watch kept after the decision: each new list version's delta re-screens the
 * retained verifications and the merchants' monitors (/v1/screening/monitors).
 */
export function screeningModule(
  platform: Platform,
  wiring: { requireScope: RequireScope; onEvents: () => void },
) {
  const { clock, sanctions, stores, logger, config } = platform;
  platform.metrics.addGauge(
    'sanctions_list_age_seconds',
    'Seconds since the loaded sanctions list was loaded',
    () => {
      const loadedAt = sanctions.stats().loaded_at;
      return loadedAt ? (clock.now().getTime() - Date.parse(loadedAt)) / 1000 : null;
    },
  );
  const watch: ScreeningWatchDeps = {
    store: stores.screeningWatch,
    lists: () => sanctions.heldLists(),
    clock,
    retentionPiiDays: config.retention.piiDays,
  };
  const monitors = {
    store: stores.screeningWatch,
    clock,
    maxMonitorsPerAccount: config.screeningMonitorsMax,
  };
  let latest: RecordedDelta[] = [];
  platform.metrics.addGauge(
    'screening_rescreen_pending',
    'List deltas recorded and not yet re-screened (as of the last look)',
    () => latest.filter((d) => d.rescreenedAt === null).length,
  );

  /** Records new list versions and re-screens what they changed; exported for the tests and the CLI. */
  async function keepWatch() {
    const recorded = await recordListVersions(watch);
    for (const delta of recorded)
      logger.info(
        {
          list: delta.listId,
          fromVersion: delta.fromVersion,
          toVersion: delta.toVersion,
          baseline: delta.baseline,
          ...delta.counts,
        },
        'sanctions list delta recorded',
      );
    const done = await rescreenPendingDeltas(watch);
    for (const outcome of done) {
      platform.metrics.listDeltaRescreened(outcome.delta.listId, {
        ...outcome.delta.counts,
        subjects: outcome.subjectsScreened,
        matches: outcome.matchesFound,
        matchesRemoved: outcome.matchesRemoved,
        seconds: outcome.rescreenMs / 1000,
      });
      logger.info(
        {
          list: outcome.delta.listId,
          toVersion: outcome.delta.toVersion,
          subjects: outcome.subjectsScreened,
          matches: outcome.matchesFound,
          removed: outcome.matchesRemoved,
          ms: Math.round(outcome.rescreenMs),
        },
        're-screened on a list delta',
      );
    }
    if (done.some((o) => o.matchesFound + o.matchesRemoved > 0)) wiring.onEvents();
    latest = await stores.screeningWatch.latestDeltas();
    return done;
  }

  return {
    keepWatch,
    watch,
    async routes(app) {
      await app.register(screeningRoutes, {
        deps: { sanctions, rateLimiter: platform.rateLimiter, metrics: platform.metrics },
        requireScope: wiring.requireScope,
      });
      await app.register(screeningMonitorRoutes, { deps: monitors, requireScope: wiring.requireScope });
    },
    tasks: [
      { name: 'screening watch', intervalMs: WATCH_INTERVAL_MS, run: keepWatch },
      {
        name: 'monitor expiry',
        intervalMs: MONITOR_EXPIRY_INTERVAL_MS,
        run: async () => {
          const expired = await expireMonitors(watch);
          if (expired > 0) logger.info({ expired }, 'deleted monitors past the personal-data retention');
        },
      },
    ],
    probes: [
      async () => {
        latest = await stores.screeningWatch.latestDeltas();
        return Object.fromEntries(
          latest.map((delta) => [
            `screening_watch_${delta.listId}`,
            { status: 'ok' as const, detail: deltaDetail(delta) },
          ]),
        );
      },
    ],
  } satisfies Module & Record<string, unknown>;
}
