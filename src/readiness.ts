import type { ListStats } from './ports/sanctions.js';
import type { MediaObjectStore } from './ports/media-objects.js';
import type { RateLimiter } from './ports/rate-limiter.js';

/** One component's state in /readyz. */
export type ComponentStatus = { status: 'ok' | 'degraded' | 'unavailable'; detail?: string };

export type ReadinessReport = {
  status: 'ready' | 'degraded' | 'not_ready';
  components: Record<string, ComponentStatus>;
};

/** Without these the service cannot answer at all; anything else missing only degrades it. */
const CRITICAL_COMPONENTS = ['database', 'migrations'];

/** Gathers every component's state: not ready when a critical one is down, degraded when any other is. */
export async function readinessReport(
  probes: Array<() => Promise<Record<string, ComponentStatus>>>,
): Promise<ReadinessReport> {
  const components: Record<string, ComponentStatus> = {};
  for (const probe of probes) Object.assign(components, await probe());
  const notReady = CRITICAL_COMPONENTS.some((name) => components[name]?.status !== 'ok');
  const degraded = Object.values(components).some((c) => c.status !== 'ok');
  return { status: notReady ? 'not_ready' : degraded ? 'degraded' : 'ready', components };
}

type Probe = () => Promise<Record<string, ComponentStatus>>;

/** The service's components as /readyz reports them, each from the part that knows its state. */
export function componentProbes(parts: {
  database: { engine: string; ping(): Promise<boolean>; pending(): Promise<string[]> };
  rateLimiter: Pick<RateLimiter, 'backend' | 'ping'>;
  mediaObjects: Pick<MediaObjectStore, 'check' | 'location'> | undefined;
  engines: () => Record<string, ComponentStatus>;
  vectorSearch: boolean;
  /** Every enabled list, OFAC first: each is one component (`sanctions_list`, `sanctions_list_un`…). */
  sanctionsLists: () => ListStats[];
}): Probe[] {
  const { database, rateLimiter, mediaObjects } = parts;
  return [
    async (): Promise<Record<string, ComponentStatus>> => {
      if (!(await database.ping()))
        return { database: { status: 'unavailable', detail: `${database.engine} unreachable` } };
      const pending = await database.pending();
      return {
        database: { status: 'ok', detail: database.engine },
        migrations:
          pending.length === 0
            ? { status: 'ok' }
            : { status: 'unavailable', detail: `pending: ${pending.join(', ')}` },
      };
    },
    async (): Promise<Record<string, ComponentStatus>> =>
      rateLimiter.backend === 'redis'
        ? {
            rate_limiter: (await rateLimiter.ping())
              ? { status: 'ok', detail: 'redis' }
              : { status: 'degraded', detail: 'redis unreachable: rate limits are not enforced' },
          }
        : {},
    async (): Promise<Record<string, ComponentStatus>> => {
      if (!mediaObjects) return { media_store: { status: 'ok', detail: 'database' } };
      const bucket = await mediaObjects.check();
      return {
        media_store: bucket.ok
          ? { status: 'ok', detail: mediaObjects.location }
          : { status: 'unavailable', detail: `${mediaObjects.location} unreachable (${bucket.error})` },
      };
    },
    async (): Promise<Record<string, ComponentStatus>> => ({
      ...parts.engines(),
      face_search: parts.vectorSearch
        ? { status: 'ok', detail: 'pgvector HNSW' }
        : {
            status: 'degraded',
            detail: 'pgvector is not installed: exact search (correct, but scans every template)',
          },
    }),
    async (): Promise<Record<string, ComponentStatus>> =>
      Object.fromEntries(
        parts
          .sanctionsLists()
          .map((list) => [
            list.id === 'ofac' ? 'sanctions_list' : `sanctions_list_${list.id}`,
            sanctionsListStatus(list),
          ]),
      ),
  ];
}

/**
 * One enabled list: ok while a loaded list is served; degraded while the first load runs or when the
 * last refresh failed (the previous list is still screened); unavailable when no list could be loaded,
 * so names are not screened against it.
 */
function sanctionsListStatus(list: ListStats): ComponentStatus {
  if (list.status !== 'ready')
    return {
      status: list.status === 'loading' ? 'degraded' : 'unavailable',
      detail: `${list.title}: ${list.status === 'loading' ? 'enabled, not loaded yet' : `not loaded (${list.last_refresh?.error ?? 'no source'})`}`,
    };
  if (list.last_refresh?.outcome === 'failed')
    return {
      status: 'degraded',
      detail: `${list.title}: serving ${list.list_version}; last refresh failed: ${list.last_refresh.error}`,
    };
  return { status: 'ok', detail: `${list.title}: ${list.list_version ?? 'loaded'}` };
}
