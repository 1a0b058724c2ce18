import type { FastifyReply } from 'fastify';
import type { Logger } from 'pino';
import { isInMemory, type Config } from './config.js';
import { systemClock, type Clock } from './core/time.js';
import { createApiKeyStore } from './adapters/db/api-key-store.js';
import { openDatabase, type DatabaseHandle } from './adapters/db/database.js';
import { migrate, pendingMigrations } from './adapters/db/migrator.js';
import { createLogger } from './adapters/logger.js';
import { createMetrics, type Metrics } from './adapters/metrics.js';
import { createSignalStore } from './adapters/db/signal-store.js';
import { createIpBlockStore } from './adapters/rate-limit/ip-block-store.js';
import { createPostgresRateLimiter } from './adapters/rate-limit/postgres-rate-limiter.js';
import type { RateLimiter } from './adapters/rate-limit/rate-limiter.js';
import { createRedisRateLimiter } from './adapters/rate-limit/redis-rate-limiter.js';
import { createAuthGuard, createKeyThrottle } from './http/abuse.js';
import { loadOrCreateLocalSecret } from './adapters/local-secret.js';
import { createPublishableKeyStore } from './adapters/db/publishable-key-store.js';
import { createVerificationStore } from './adapters/db/verification-store.js';
import { createCheckPorts, type CheckComponents, type ComponentPaths } from './adapters/checks.js';
import {
  createSanctionsProvider,
  type SanctionsProvider,
} from './adapters/sanctions-source/sanctions-provider.js';
import { createFaceStore } from './adapters/db/face-store.js';
import { createHandoffStore } from './adapters/db/handoff-store.js';
import type { CheckPorts } from './use-cases/ports.js';
import { createSecretBox, parseSecretKey } from './core/webhooks/secret-box.js';
import { createWebhookStore, WEBHOOK_WORK_CHANNEL } from './adapters/db/webhook-store.js';
import { createWebhookHostPolicy } from './adapters/http-client/ssrf-guard.js';
import { createWebhookHttpClient } from './adapters/http-client/webhook-http-client.js';
import { listenForNotifications } from './adapters/jobs/pg-listener.js';
import { createS3MediaStore } from './adapters/media/object-store.js';
import {
  MEDIA_SWEEP_MIN_AGE_MS,
  sweepMediaObjects,
  type MediaSweepResult,
} from './use-cases/sweep-media-objects.js';
import { API_KEY_CHANGES_CHANNEL, createCachedApiKeyStore } from './adapters/db/api-key-cache.js';
import {
  createCachedVerificationStore,
  VERIFICATION_CHANGES_CHANNEL,
} from './adapters/db/verification-cache.js';
import { createWebhookDeliveryWorker } from './worker/webhook-delivery-worker.js';

export type ComponentStatus = { status: 'ok' | 'degraded' | 'unavailable'; detail?: string };

export type ReadinessReport = {
  status: 'ready' | 'degraded' | 'not_ready';
  components: Record<string, ComponentStatus>;
};

/** Brute-force guard on API-key authentication, per client IP. */
export type AuthGuard = {
  blockedForSeconds(ip: string): Promise<number>;
  recordFailure(ip: string): Promise<void>;
};

/** Per-key abuse throttle; throws a 429 ApiError (with Retry-After) when the key's budget is spent. */
export type KeyThrottle = {
  consume(keyId: number, reply: FastifyReply): Promise<void>;
  /** Folds this instance's counted requests into the shared bucket now (it also happens once a second). */
  sync(): Promise<void>;
};

export type Container = {
  config: Config;
  clock: Clock;
  logger: Logger;
  database: DatabaseHandle;
  metrics: Metrics;
  stores: {
    apiKeys: ReturnType<typeof createCachedApiKeyStore>;
    verifications: ReturnType<typeof createCachedVerificationStore>;
    publishableKeys: ReturnType<typeof createPublishableKeyStore>;
    signals: ReturnType<typeof createSignalStore>;
    faces: ReturnType<typeof createFaceStore>;
    webhooks: ReturnType<typeof createWebhookStore>;
    handoffs: ReturnType<typeof createHandoffStore>;
  };
  webhooks: {
    /** Wakes this process's delivery worker (after a manual retry); a no-op where none runs. */
    kick(): void;
    /** SSRF guard at endpoint creation: null when the URL's host may be targeted, else why not. */
    checkHost(hostname: string): Promise<string | null>;
  };
  /** The check ports of the submit flow; a component that is missing or failed to load answers `unavailable`. */
  checks: CheckPorts;
  /** One face's template from an image, for the operator blocklist. */
  faceTemplate: CheckComponents['faceTemplate'];
  /** Key for presigned media links (MEDIA_SIGNING_KEY, or one generated into DATA_DIR). */
  mediaSigningKey: string;
  /** Called after a decision commits: nudges the webhook worker instead of waiting for its poll. */
  notifyDecided(): void;
  authGuard: AuthGuard;
  keyThrottle: KeyThrottle;
  /** The OFAC list: screening answers null while no list is loaded (screening is then unavailable). */
  sanctions: SanctionsProvider;
  /** Shared rate limits (Redis when REDIS_URL is set, else the database): free tier, throttle, guard. */
  rateLimiter: RateLimiter;
  readiness(): Promise<ReadinessReport>;
  /** Starts the background loops of this process's role (job workers, sweeps, list refresh); returns their stop. */
  startBackground(): Promise<() => Promise<void>>;
  /** Deletes bucket objects no media row names (MEDIA_STORE=s3; a no-op otherwise). Workers run it every 6 h. */
  sweepMedia(): Promise<MediaSweepResult>;
  close(): Promise<void>;
};

export type ContainerOptions = {
  clock?: Clock;
  logger?: Logger;
  /** Skip applying migrations at start (the `migrate` CLI and tests of the migrator). */
  skipMigrations?: boolean;
  /** Do not load the sanctions list in the background (the CLI refreshes it explicitly). */
  skipSanctions?: boolean;
  /** Where components load their files from; tests point one at a broken path to prove degraded mode for real. */
  componentPaths?: ComponentPaths;
};

/** How often open verifications past expires_at are marked expired (reads also expire them on the spot). */
const EXPIRY_SWEEP_INTERVAL_MS = 60_000;

/**
 * Signals not linked to any verification (no or invalid client token) serve no check; the endpoint
 * has no rate cap (SPEC 8), so they are kept only this long.
 */
const UNLINKED_SIGNALS_RETENTION_MS = 7 * 86_400_000;
const SIGNALS_PRUNE_INTERVAL_MS = 3_600_000;
const MEDIA_SWEEP_INTERVAL_MS = 6 * 3_600_000;

function startInterval(
  intervalMs: number,
  task: () => Promise<unknown>,
  logger: Logger,
  name: string,
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = task()
      .catch((error: unknown) => logger.error({ err: error }, `${name} failed`))
      .finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/**
 * API keys and finished verifications are served from memory (adapters/db/read-cache.ts). Changes
 * evict at once through trigger notifications; the age bound covers one missed on a connection that
 * died silently. Entry bounds keep memory flat: a key row is under 1 KB, a verification's detail with
 * its checks and audit log typically 5–20 KB, so at most ~10 MB and ~20 MB.
 */
const READ_CACHE_MAX_AGE_MS = 10_000;
const CACHED_API_KEYS = 10_000;
const CACHED_VERIFICATIONS = 1_000;

/** Composition root: the only place that names concrete adapters. close() releases them in reverse order. */
export async function createContainer(config: Config, options: ContainerOptions = {}): Promise<Container> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const clock = options.clock ?? systemClock;
  const closers: Array<() => Promise<void>> = [];

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: isInMemory(config.dataDir) ? 'memory://' : `${config.dataDir}/pglite`,
  });
  closers.push(() => database.close());
  try {
    if (!options.skipMigrations) {
      const { applied } = await migrate(database);
      if (applied.length > 0) logger.info({ applied }, 'migrations applied');
    }
  } catch (error) {
    await database.close();
    throw error;
  }

  const metrics = createMetrics();
  if (!config.webhookSecretKey) {
    logger.warn(
      'WEBHOOK_SECRET_KEY is unset: webhook secrets are encrypted with a key generated into DATA_DIR/webhook-secret.key (in memory for memory://); multi-instance deployments must set WEBHOOK_SECRET_KEY, the same on every instance',
    );
  }
  const webhookSecrets = createSecretBox(
    parseSecretKey(config.webhookSecretKey ?? loadOrCreateLocalSecret(config.dataDir, 'webhook-secret').key),
    config.webhookSecretKeysPrevious.map(parseSecretKey),
  );
  const mediaObjects = config.mediaStore.kind === 's3' ? createS3MediaStore(config.mediaStore) : undefined;
  if (mediaObjects) {
    closers.push(async () => mediaObjects.close());
    logger.info({ location: mediaObjects.location }, 'media are stored in an S3-compatible bucket');
  }
  const mediaStoreOptions = {
    objects: mediaObjects,
    onCleanupError: (error: unknown, keys: string[]) =>
      logger.warn({ err: error, objects: keys.length }, 'could not delete superseded media objects'),
  };
  const sweepMedia = (): Promise<MediaSweepResult> =>
    mediaObjects
      ? sweepMediaObjects(
          { objects: mediaObjects, referenced: (keys) => stores.verifications.referencedStorageKeys(keys) },
          new Date(clock.now().getTime() - MEDIA_SWEEP_MIN_AGE_MS),
        )
      : Promise.resolve({ scanned: 0, deleted: 0 });
  const keyChanges = await database.changes(API_KEY_CHANGES_CHANNEL, logger);
  closers.push(() => keyChanges.stop());
  const verificationChanges = await database.changes(VERIFICATION_CHANGES_CHANNEL, logger);
  closers.push(() => verificationChanges.stop());
  const stores = {
    apiKeys: createCachedApiKeyStore(createApiKeyStore(database.db), {
      clock,
      maxAgeMs: READ_CACHE_MAX_AGE_MS,
      maxEntries: CACHED_API_KEYS,
      feed: keyChanges,
    }),
    verifications: createCachedVerificationStore(createVerificationStore(database.db, mediaStoreOptions), {
      clock,
      maxAgeMs: READ_CACHE_MAX_AGE_MS,
      maxEntries: CACHED_VERIFICATIONS,
      feed: verificationChanges,
    }),
    publishableKeys: createPublishableKeyStore(database.db),
    signals: createSignalStore(database.db),
    webhooks: createWebhookStore(database.db, webhookSecrets),
    faces: createFaceStore(database.db, await database.hasVector()),
    handoffs: createHandoffStore(database.db),
  };
  metrics.addGauge('api_key_cache_entries', 'API keys and key lists held by the read cache', () =>
    stores.apiKeys.cachedEntries(),
  );
  metrics.addGauge('verification_cache_entries', 'Finished verifications held by the read cache', () =>
    stores.verifications.cachedEntries(),
  );

  const mediaSigningKey =
    config.mediaSigningKey ?? loadOrCreateLocalSecret(config.dataDir, 'media-signing').key;
  const sanctions = createSanctionsProvider({
    source: config.sanctionsList,
    dataDir: config.dataDir,
    refreshIntervalMs: config.sanctionsRefreshMs,
    logger,
    now: () => clock.now(),
  });
  if (!options.skipSanctions) sanctions.start();
  closers.push(() => sanctions.stop());
  metrics.addGauge('sanctions_list_age_seconds', 'Seconds since the loaded sanctions list was loaded', () => {
    const loadedAt = sanctions.stats().loaded_at;
    return loadedAt ? (clock.now().getTime() - Date.parse(loadedAt)) / 1000 : null;
  });
  const checkComponents = await createCheckPorts(config, logger, options.componentPaths ?? {}, {
    faces: stores.faces,
    sanctions,
  });
  closers.push(() => checkComponents.close());
  const decidedListeners: Array<() => void> = [];
  const webhookWorker = createWebhookDeliveryWorker({
    store: stores.webhooks,
    client: createWebhookHttpClient({
      timeoutMs: config.webhookTimeoutMs,
      allowInsecure: config.webhookAllowInsecure,
    }),
    metrics,
    logger,
    timeoutMs: config.webhookTimeoutMs,
    listen: config.databaseUrl
      ? (onWork) => listenForNotifications(config.databaseUrl!, WEBHOOK_WORK_CHANNEL, onWork, logger)
      : undefined,
  });
  decidedListeners.push(() => webhookWorker.kick());

  const rateLimiter: RateLimiter = config.redisUrl
    ? createRedisRateLimiter({
        url: config.redisUrl,
        keyPrefix: config.redisKeyPrefix,
        clock,
        onError: (error) => logger.warn({ err: error }, 'redis (rate limits) error'),
      })
    : createPostgresRateLimiter(database.db, {
        clock,
        onPruneError: (error) => logger.warn({ err: error }, 'could not prune rate-limit rows'),
      });
  closers.push(() => rateLimiter.close());
  const authGuard = await createAuthGuard({
    limiter: rateLimiter,
    blocks: createIpBlockStore(database.db),
    clock,
    logger,
    metrics,
    failureLimit: config.authFailureLimit,
    windowSeconds: config.authFailureWindowSeconds,
    blockSeconds: config.authBlockSeconds,
    failureDelayMs: config.authFailureDelayMs,
  });
  closers.push(() => authGuard.close());
  const keyThrottle = createKeyThrottle({
    limiter: rateLimiter,
    clock,
    logger,
    metrics,
    perMinute: config.keyRateLimitPerMinute,
  });
  closers.push(() => keyThrottle.close());

  return {
    config,
    clock,
    logger,
    database,
    metrics,
    stores,
    authGuard,
    keyThrottle,
    rateLimiter,
    checks: checkComponents.ports,
    sanctions,
    faceTemplate: (image) => checkComponents.faceTemplate(image),
    mediaSigningKey,
    webhooks: {
      kick: () => webhookWorker.kick(),
      checkHost: createWebhookHostPolicy({ allowInsecure: config.webhookAllowInsecure }),
    },
    notifyDecided() {
      for (const listener of decidedListeners) listener();
    },
    async readiness() {
      const components: Record<string, ComponentStatus> = {};
      const reachable = await database.ping();
      components.database = reachable
        ? { status: 'ok', detail: database.engine }
        : { status: 'unavailable', detail: `${database.engine} unreachable` };
      if (reachable) {
        const pending = await pendingMigrations(database);
        components.migrations =
          pending.length === 0
            ? { status: 'ok' }
            : { status: 'unavailable', detail: `pending: ${pending.join(', ')}` };
      }
      if (rateLimiter.backend === 'redis') {
        components.rate_limiter = (await rateLimiter.ping())
          ? { status: 'ok', detail: 'redis' }
          : { status: 'degraded', detail: 'redis unreachable: rate limits are not enforced' };
      }
      if (mediaObjects) {
        const bucket = await mediaObjects.check();
        components.media_store = bucket.ok
          ? { status: 'ok', detail: mediaObjects.location }
          : { status: 'unavailable', detail: `${mediaObjects.location} unreachable (${bucket.error})` };
      } else {
        components.media_store = { status: 'ok', detail: 'database' };
      }
      Object.assign(components, await checkComponents.status());
      const list = sanctions.stats();
      components.sanctions_list =
        list.status === 'ready'
          ? list.last_refresh?.outcome === 'failed'
            ? {
                status: 'degraded',
                detail: `serving ${list.list_version}; last refresh failed: ${list.last_refresh.error}`,
              }
            : { status: 'ok', detail: list.list_version ?? 'loaded' }
          : {
              status: list.status === 'loading' ? 'degraded' : 'unavailable',
              detail: list.last_refresh?.error ?? 'loading',
            };
      const values = Object.values(components);
      const critical = ['database', 'migrations'];
      const notReady = critical.some((name) => components[name]?.status !== 'ok');
      return {
        status: notReady ? 'not_ready' : values.some((c) => c.status !== 'ok') ? 'degraded' : 'ready',
        components,
      };
    },
    sweepMedia,
    async startBackground() {
      const stops: Array<() => Promise<void>> = [];
      if (config.role !== 'api') {
        webhookWorker.start();
        stops.push(() => webhookWorker.stop());
        stops.push(
          startInterval(
            EXPIRY_SWEEP_INTERVAL_MS,
            () => stores.verifications.expireDue(clock.now()),
            logger,
            'expiry sweep',
          ),
        );
        if (mediaObjects) {
          stops.push(
            startInterval(
              MEDIA_SWEEP_INTERVAL_MS,
              async () => {
                const swept = await sweepMedia();
                if (swept.deleted > 0) logger.info(swept, 'deleted media objects no row refers to');
              },
              logger,
              'media object sweep',
            ),
          );
        }
        stops.push(
          startInterval(
            SIGNALS_PRUNE_INTERVAL_MS,
            () =>
              stores.signals.pruneUnlinked(new Date(clock.now().getTime() - UNLINKED_SIGNALS_RETENTION_MS)),
            logger,
            'unlinked signals prune',
          ),
        );
      }
      return async () => {
        for (const stop of stops.reverse()) await stop();
      };
    },
    async close() {
      for (const close of closers.reverse()) await close();
    },
  };
}
