/*
 * Over 400 lines on purpose: the composition root names every adapter and wires each port once;
 * readiness (readiness.ts), background loops (worker/) and all logic live elsewhere.
 */
import type { Logger } from 'pino';
import { pgliteDir, type Config } from './config.js';
import { systemClock, type Clock } from './core/time.js';
import { createHandoffStore } from './adapters/db/handoff-store.js';
import { createDataSealer, createSecretBox, parseSecretKey } from './core/webhooks/secret-box.js';
import { faceTemplateOf, type FaceTemplateOutcome } from './checks/face-check.js';
import { loadCheckEngines, type ComponentPaths } from './adapters/check-engines.js';
import { createApiKeyStore } from './adapters/db/api-key-store.js';
import { API_KEY_CHANGES_CHANNEL, createCachedApiKeyStore } from './adapters/db/api-key-cache.js';
import { openDatabase, type DatabaseHandle } from './adapters/db/database.js';
import { createFaceStore } from './adapters/db/face-store.js';
import { templateEngineOf } from './adapters/ml/model-files.js';
import { createLivenessChallengeStore } from './adapters/db/liveness-challenge-store.js';
import { createMediaStore } from './adapters/db/media-store.js';
import { migrate, pendingMigrations } from './adapters/db/migrator.js';
import { createPublishableKeyStore } from './adapters/db/publishable-key-store.js';
import { createRetentionStore } from './adapters/db/retention-store.js';
import { createSignalStore } from './adapters/db/signal-store.js';
import { createTransactor } from './adapters/db/transactor.js';
import { createUsageStore } from './adapters/db/usage-store.js';
import {
  createCachedVerificationStore,
  VERIFICATION_CHANGES_CHANNEL,
} from './adapters/db/verification-cache.js';
import { createVerificationChanges } from './adapters/db/verification-changes.js';
import { createVerificationStore } from './adapters/db/verification-store.js';
import { createWebhookStore, WEBHOOK_WORK_CHANNEL } from './adapters/db/webhook-store.js';
import { createWebhookHostPolicy } from './adapters/http-client/ssrf-guard.js';
import { createWebhookHttpClient } from './adapters/http-client/webhook-http-client.js';
import { listenForNotifications } from './adapters/jobs/pg-listener.js';
import { loadOrCreateLocalSecret } from './adapters/local-secret.js';
import { createAccessLog, createLogger } from './adapters/logger.js';
import { createS3MediaStore } from './adapters/media/object-store.js';
import { createMetrics } from './adapters/metrics.js';
import { createPostgresRateLimiter } from './adapters/rate-limit/postgres-rate-limiter.js';
import { createRedisRateLimiter } from './adapters/rate-limit/redis-rate-limiter.js';
import { createScreeningLists, type ScreeningLists } from './adapters/sanctions-source/screening-lists.js';
import {
  createAuthGuard,
  createKeyThrottle,
  type AuthGuard,
  type ThrottleInstance,
} from './abuse/abuse-guards.js';
import { createHeavyWork, withQueuedVideoDecoding, type HeavyWork } from './adapters/heavy-work.js';
import { createTestSamples } from './adapters/test-samples/test-samples.js';
import type { TestSamples } from './use-cases/ports/test-samples.js';
import { componentProbes, readinessReport, type ReadinessReport } from './readiness.js';
import type { ApiKeyStore } from './use-cases/ports/api-key-store.js';
import type { CheckEngines } from './use-cases/ports/check-engines.js';
import type { FaceStore } from './use-cases/ports/face-store.js';
import type { HandoffStore } from './use-cases/ports/handoff-store.js';
import type { Metrics } from './use-cases/ports/metrics.js';
import type { AccessLog } from './use-cases/ports/access-log.js';
import type { PublishableKeyStore } from './use-cases/ports/publishable-key-store.js';
import type { RateLimiter } from './use-cases/ports/rate-limiter.js';
import type { SignalStore } from './use-cases/ports/signal-store.js';
import type { MediaStore, Transactor, VerificationStore } from './use-cases/ports/verification-store.js';
import type { WebhookStore } from './use-cases/ports/webhooks.js';
import {
  MEDIA_SWEEP_MIN_AGE_MS,
  sweepMediaObjects,
  type MediaSweepResult,
} from './use-cases/sweep-media-objects.js';
import type { VerificationDeps } from './use-cases/verifications/deps.js';
import { startBackgroundTasks, type BackgroundTask } from './worker/background.js';
import { createWebhookDeliveryWorker } from './worker/webhook-delivery-worker.js';
import { createCheckQueue } from './adapters/db/check-queue.js';
import { decideCheckJob } from './use-cases/verifications/decide-check-job.js';
import { startCheckQueueService, type CheckQueueService } from './worker/check-queue-service.js';
import { checkJobLeaseMs } from './worker/check-worker.js';
import { retentionSweepTask } from './worker/retention-sweeper.js';
import type { RetentionSweepResult } from './use-cases/sweep-retention.js';

export type Container = {
  config: Config;
  clock: Clock;
  logger: Logger;
  /** One line per request, written by the HTTP layer (src/http/app.ts). */
  accessLog: AccessLog;
  database: DatabaseHandle;
  metrics: Metrics;
  stores: {
    apiKeys: ApiKeyStore & { cachedEntries(): number };
    verifications: VerificationStore & { cachedEntries(): number };
    media: MediaStore;
    publishableKeys: PublishableKeyStore;
    signals: SignalStore;
    faces: FaceStore;
    webhooks: WebhookStore;
    handoffs: HandoffStore;
  };
  /** Runs writes in one transaction (the use cases' unit of work). */
  transact: Transactor;
  checkEngines: CheckEngines;
  /** What the verification use cases run on. */
  verificationDeps: VerificationDeps;
  /** The check queue: this process's worker (null in ROLE=api) and its /readyz probe. */
  checks: CheckQueueService;
  webhooks: {
    /** Wakes this process's delivery worker (after a manual retry); a no-op where none runs. */
    kick(): void;
    /** SSRF guard at endpoint creation: null when the URL's host may be targeted, else why not. */
    checkHost(hostname: string): Promise<string | null>;
  };
  /** One face's template from an image, for the operator blocklist. */
  faceTemplate(image: Buffer): Promise<FaceTemplateOutcome>;
  /** Key for presigned media links (MEDIA_SIGNING_KEY, or one generated into DATA_DIR). */
  mediaSigningKey: string;
  /** Called after a decision commits: nudges the webhook worker instead of waiting for its poll. */
  notifyDecided(): void;
  authGuard: AuthGuard;
  keyThrottle: ThrottleInstance;
  /** Bounded queues for video decoding and image-heavy requests: full means 503 with Retry-After. */
  heavyWork: HeavyWork;
  /** Test mode's sample images for the hosted flow (docs/testing.md). */
  testSamples: TestSamples;
  /** The sanctions lists: OFAC (the /v1/screen/ofac routes, always) and the enabled others; null answers while OFAC is not loaded. */
  sanctions: ScreeningLists;
  /** Shared rate limits (Redis when REDIS_URL is set, else the database): free tier, throttle, guard. */
  rateLimiter: RateLimiter;
  readiness(): Promise<ReadinessReport>;
  /** Starts the background loops of this process's role (job workers, sweeps, list refresh); returns their stop. */
  startBackground(): Promise<() => Promise<void>>;
  /** Deletes bucket objects no media row names (MEDIA_STORE=s3; a no-op otherwise). Workers run it every 6 h. */
  sweepMedia(): Promise<MediaSweepResult>;
  /** One retention sweep now (docs/privacy.md); null when another instance holds its lease. Workers run it every 15 min. */
  sweepRetention(): Promise<RetentionSweepResult | null>;
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
    dataDir: pgliteDir(config.dataDir),
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
  if (!config.dataEncryptionKey) {
    logger.warn(
      'DATA_ENCRYPTION_KEY is unset: images and personal data are encrypted with a key generated into DATA_DIR/data-encryption.key (in memory for memory://); multi-instance deployments must set DATA_ENCRYPTION_KEY, the same on every instance',
    );
  }
  const sealer = createDataSealer(
    parseSecretKey(
      config.dataEncryptionKey ?? loadOrCreateLocalSecret(config.dataDir, 'data-encryption').key,
    ),
    config.dataEncryptionKeysPrevious.map(parseSecretKey),
  );
  const mediaObjects = config.mediaStore.kind === 's3' ? createS3MediaStore(config.mediaStore) : undefined;
  if (mediaObjects) {
    closers.push(async () => mediaObjects.close());
    logger.info({ location: mediaObjects.location }, 'media are stored in an S3-compatible bucket');
  }
  const keyChanges = await database.changes(API_KEY_CHANGES_CHANNEL, logger);
  closers.push(() => keyChanges.stop());
  const verificationChanges = await database.changes(VERIFICATION_CHANGES_CHANNEL, logger);
  closers.push(() => verificationChanges.stop());
  const cacheOptions = { clock, maxAgeMs: READ_CACHE_MAX_AGE_MS };
  const verifications = createCachedVerificationStore(createVerificationStore(database.db, sealer), {
    ...cacheOptions,
    maxEntries: CACHED_VERIFICATIONS,
    feed: verificationChanges,
  });
  const vectorSearch = await database.hasVector();
  const templateEngine = templateEngineOf(config.faceRecognizerModel);
  const stores = {
    apiKeys: createCachedApiKeyStore(createApiKeyStore(database.db), {
      ...cacheOptions,
      maxEntries: CACHED_API_KEYS,
      feed: keyChanges,
    }),
    verifications,
    media: createMediaStore(database.db, {
      objects: mediaObjects,
      sealer,
      onCleanupError: (error: unknown, keys: string[]) =>
        logger.warn({ err: error, objects: keys.length }, 'could not delete superseded media objects'),
    }),
    publishableKeys: createPublishableKeyStore(database.db),
    signals: createSignalStore(database.db),
    webhooks: createWebhookStore(database.db, webhookSecrets),
    faces: createFaceStore(database.db, vectorSearch, sealer, templateEngine),
    handoffs: createHandoffStore(database.db),
  };
  const changes = createVerificationChanges(verificationChanges, {
    maxWaiters: config.decisionWaitMaxClients,
  });
  const transact = createTransactor(database.db, {
    vectorSearch,
    sealer,
    templateEngine,
    onCommitted: (ids) => {
      verifications.forget(ids);
      changes.changed(ids);
    },
  });
  metrics.addGauge('decision_waiters', 'Requests waiting for a verification to be decided (?wait=)', () =>
    changes.waiting(),
  );
  metrics.addGauge('api_key_cache_entries', 'API keys and key lists held by the read cache', () =>
    stores.apiKeys.cachedEntries(),
  );
  metrics.addGauge('verification_cache_entries', 'Finished verifications held by the read cache', () =>
    stores.verifications.cachedEntries(),
  );

  const sanctions = createScreeningLists({
    source: config.sanctionsList,
    enabledLists: config.screeningLists,
    listSources: config.screeningListSources,
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
  const loadedEngines = loadCheckEngines(config, logger, options.componentPaths ?? {});
  closers.push(() => loadedEngines.close());
  const heavyWork = createHeavyWork(config, metrics);
  const checkEngines = withQueuedVideoDecoding(loadedEngines, heavyWork.video);

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
  const notifyDecided = () => webhookWorker.kick();

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
  closers.push(() => keyThrottle.close());

  const sweepMedia = (): Promise<MediaSweepResult> =>
    mediaObjects
      ? sweepMediaObjects(
          { objects: mediaObjects, referenced: (keys) => stores.media.referencedStorageKeys(keys) },
          new Date(clock.now().getTime() - MEDIA_SWEEP_MIN_AGE_MS),
        )
      : Promise.resolve({ scanned: 0, deleted: 0 });

  const retentionSweep = retentionSweepTask(
    {
      store: createRetentionStore(database.db),
      media: stores.media,
      clock,
      metrics,
      changed: (ids) => verifications.forget(ids),
    },
    config.retention,
    metrics,
    logger,
  );

  const backgroundTasks: BackgroundTask[] = [
    retentionSweep,
    {
      name: 'expiry sweep',
      intervalMs: EXPIRY_SWEEP_INTERVAL_MS,
      run: () => verifications.expireDue(clock.now()),
    },
    {
      name: 'unlinked signals prune',
      intervalMs: SIGNALS_PRUNE_INTERVAL_MS,
      run: () =>
        stores.signals.pruneUnlinked(new Date(clock.now().getTime() - UNLINKED_SIGNALS_RETENTION_MS)),
    },
    ...(mediaObjects
      ? [
          {
            name: 'media object sweep',
            intervalMs: MEDIA_SWEEP_INTERVAL_MS,
            run: async () => {
              const swept = await sweepMedia();
              if (swept.deleted > 0) logger.info(swept, 'deleted media objects no row refers to');
            },
          },
        ]
      : []),
  ];

  const checkTimeoutMs = config.checkTimeoutMs;
  const checkQueue = await createCheckQueue(database.db, (channel) => database.changes(channel, logger));
  const verificationDeps: VerificationDeps = {
    verifications,
    media: stores.media,
    usage: createUsageStore(database.db),
    signals: stores.signals,
    challenges: createLivenessChallengeStore(database.db),
    transact,
    changes,
    checks: { engines: checkEngines, faces: stores.faces, sanctions, metrics, checkTimeoutMs },
    imageWork: heavyWork.image,
    clock,
    metrics,
    onDecided: notifyDecided,
    checkQueue,
    admission: {
      maxWaitMs: config.checkQueueMaxWaitMs,
      resultWaitMs: config.checkQueueMaxWaitMs + 2 * checkJobLeaseMs(checkTimeoutMs),
    },
  };
  const checks = await startCheckQueueService({
    queue: checkQueue,
    runsChecks: config.role !== 'api',
    run: (job) => decideCheckJob(verificationDeps, job),
    concurrency: config.checkWorkerConcurrency,
    warmUp: checkEngines.faceEngine?.ready() ?? Promise.resolve(),
    checkTimeoutMs,
    metrics,
    logger,
  });
  closers.push(async () => {
    await checks.stop();
    await checkQueue.close();
  });
  backgroundTasks.push(checks.pruneTask);
  return {
    config,
    clock,
    logger,
    accessLog: createAccessLog(logger),
    database,
    metrics,
    stores,
    transact,
    checkEngines,
    verificationDeps,
    checks,
    authGuard,
    keyThrottle,
    heavyWork,
    testSamples: createTestSamples(),
    rateLimiter,
    sanctions,
    faceTemplate: (image) => faceTemplateOf(checkEngines.faceEngine, image),
    mediaSigningKey: config.mediaSigningKey ?? loadOrCreateLocalSecret(config.dataDir, 'media-signing').key,
    webhooks: {
      kick: () => webhookWorker.kick(),
      checkHost: createWebhookHostPolicy({ allowInsecure: config.webhookAllowInsecure }),
    },
    notifyDecided,
    readiness: () =>
      readinessReport([
        ...componentProbes({
          database: {
            engine: database.engine,
            ping: () => database.ping(),
            pending: () => pendingMigrations(database),
          },
          rateLimiter,
          mediaObjects,
          engines: () => loadedEngines.status(),
          vectorSearch,
          sanctionsLists: () => sanctions.listStats(),
        }),
        () => checks.probe(),
      ]),
    sweepMedia,
    sweepRetention: () => retentionSweep.runOnce(),
    async startBackground() {
      if (config.role === 'api') return async () => {};
      webhookWorker.start();
      const stopTasks = startBackgroundTasks(backgroundTasks, logger);
      return async () => {
        await stopTasks();
        await webhookWorker.stop();
      };
    },
    async close() {
      for (const close of closers.reverse()) await close();
    },
  };
}
