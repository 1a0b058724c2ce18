/**
 * The infrastructure: one adapter per port, chosen from the settings. The only file that names concrete
 * adapters; what runs on them (routes, workers, periodic tasks, probes) lives in src/modules/.
 * close() releases everything in reverse order of opening.
 */
import { templateEngineOf } from './adapters/ml/model-files.js';
import { timedPhase } from './startup-phases.js';
import type { Logger } from 'pino';
import { pgliteDir, type Config } from './config.js';
import { systemClock, type Clock } from './core/time.js';
import {
  createDataSealer,
  createKeyWrapper,
  createSecretBox,
  parseSecretKey,
} from './core/webhooks/secret-box.js';
import { loadCheckEngines, type ComponentPaths } from './adapters/check-engines.js';
import { createCheckQueue } from './adapters/db/check-queue.js';
import { openDatabase } from './adapters/db/database.js';
import { createFaceStore } from './adapters/db/face-store.js';
import { createEventLog } from './adapters/db/event-log.js';
import { createHandoffStore } from './adapters/db/handoff-store.js';
import { createIdempotencyStore } from './adapters/db/idempotency-store.js';
import { createLivenessChallengeStore } from './adapters/db/liveness-challenge-store.js';
import { createMediaStore } from './adapters/db/media-store.js';
import { migrate, pendingMigrations } from './adapters/db/migrator.js';
import { createAccountStore } from './adapters/db/account-store.js';
import { createMemberStore } from './adapters/db/member-store.js';
import { createSsoStore } from './adapters/db/sso-store.js';
import { createPublishableKeyStore } from './adapters/db/publishable-key-store.js';
import { createRetentionStore } from './adapters/db/retention-store.js';
import { createSignalStore } from './adapters/db/signal-store.js';
import { createTransactor } from './adapters/db/transactor.js';
import { createUsageStore } from './adapters/db/usage-store.js';
import { createTableKeyStore } from './adapters/db/verification-key-table.js';
import { createVerificationChanges } from './adapters/db/verification-changes.js';
import { openReadCaches } from './adapters/db/read-caches.js';
import { createWebhookStore, WEBHOOK_WORK_CHANNEL } from './adapters/db/webhook-store.js';
import { createFileKeyStore, createMemoryKeyStore } from './adapters/keys/file-key-store.js';
import { createVerificationKeys } from './adapters/keys/verification-keys.js';
import { createHeavyWork, withQueuedVideoDecoding } from './adapters/heavy-work.js';
import { createWebhookHostPolicy } from './adapters/http-client/ssrf-guard.js';
import { createWebhookHttpClient } from './adapters/http-client/webhook-http-client.js';
import { listenForNotifications } from './adapters/jobs/pg-listener.js';
import { loadOrCreateLocalSecret } from './adapters/local-secret.js';
import { createAccessLog, createLogger } from './adapters/logger.js';
import { createFileMediaStore } from './adapters/media/file-store.js';
import { createS3MediaStore } from './adapters/media/object-store.js';
import { createMetrics } from './adapters/metrics.js';
import { createPostgresRateLimiter } from './adapters/rate-limit/postgres-rate-limiter.js';
import { createRedisRateLimiter } from './adapters/rate-limit/redis-rate-limiter.js';
import { createScreeningLists } from './adapters/sanctions-source/screening-lists.js';
import { createTestSamples } from './adapters/test-samples/test-samples.js';
import { componentProbes } from './readiness.js';

export type PlatformOptions = {
  clock?: Clock;
  logger?: Logger;
  /** Skip applying migrations at start (the `migrate` CLI and tests of the migrator). */
  skipMigrations?: boolean;
  /** Do not load the sanctions list in the background (the CLI refreshes it explicitly). */
  skipSanctions?: boolean;
  /** Where components load their files from; tests point one at a broken path to prove degraded mode for real. */
  componentPaths?: ComponentPaths;
  /** PGlite only: start from this dumped data directory (tests load one migrated snapshot). */
  initialData?: Blob | undefined;
};

export type Platform = Awaited<ReturnType<typeof createPlatform>>;

export async function createPlatform(config: Config, options: PlatformOptions = {}) {
  const logger = options.logger ?? createLogger(config.logLevel);
  const clock = options.clock ?? systemClock;
  const closers: Array<() => Promise<void>> = [];
  const database = await timedPhase(logger, 'database', () =>
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: pgliteDir(config.dataDir),
      initialData: options.initialData,
    }),
  );
  closers.push(() => database.close());
  try {
    const { applied } = options.skipMigrations
      ? { applied: [] }
      : await timedPhase(logger, 'migrations', () => migrate(database));
    if (applied.length > 0) logger.info({ applied }, 'migrations applied');
  } catch (error) {
    await database.close();
    throw error;
  }
  const metrics = createMetrics();
  const secretKey = (setting: 'WEBHOOK_SECRET_KEY' | 'DATA_ENCRYPTION_KEY', given: string | undefined) => {
    const file = setting === 'WEBHOOK_SECRET_KEY' ? 'webhook-secret' : 'data-encryption';
    if (!given)
      logger.warn(
        `${setting} is unset: ${setting === 'WEBHOOK_SECRET_KEY' ? 'webhook secrets' : 'images and personal data'} are encrypted with a key generated into DATA_DIR/${file}.key (in memory for memory://); multi-instance deployments must set ${setting}, the same on every instance`,
      );
    return parseSecretKey(given ?? loadOrCreateLocalSecret(config.dataDir, file).key);
  };
  const webhookSecrets = createSecretBox(
    secretKey('WEBHOOK_SECRET_KEY', config.webhookSecretKey),
    config.webhookSecretKeysPrevious.map(parseSecretKey),
  );
  const dataKey = secretKey('DATA_ENCRYPTION_KEY', config.dataEncryptionKey);
  const previousDataKeys = config.dataEncryptionKeysPrevious.map(parseSecretKey);
  const keyConfig = config.verificationKeys;
  const wrappedKeys =
    keyConfig.kind === 'database'
      ? createTableKeyStore(database.db)
      : keyConfig.kind === 'files'
        ? createFileKeyStore(keyConfig.dir)
        : createMemoryKeyStore();
  logger.info({ location: wrappedKeys.location }, 'verification keys');
  // Data sealed directly under DATA_ENCRYPTION_KEY by earlier releases still opens.
  const verificationKeys = createVerificationKeys(
    wrappedKeys,
    createKeyWrapper(dataKey, previousDataKeys),
    createDataSealer(dataKey, previousDataKeys),
  );
  const bucket = config.mediaStore.kind === 's3' ? createS3MediaStore(config.mediaStore) : undefined;
  if (bucket) closers.push(async () => bucket.close());
  const mediaObjects =
    bucket ?? (config.mediaStore.kind === 'files' ? createFileMediaStore(config.mediaStore.dir) : undefined);
  if (mediaObjects) logger.info({ location: mediaObjects.location }, 'media are stored outside the database');
  const { apiKeys, verifications, verificationFeed, stop } = await openReadCaches(database, {
    keys: verificationKeys,
    clock,
    logger,
  });
  closers.push(stop);
  const vectorSearch = await database.hasVector();
  const changes = createVerificationChanges(verificationFeed, { maxWaiters: config.decisionWaitMaxClients });
  // Templates of another recognizer never compare with this one's (migrations/0019).
  const templateEngine = templateEngineOf(config.faceRecognizerModel);
  const stores = {
    apiKeys,
    verifications,
    media: createMediaStore(database.db, {
      objects: mediaObjects,
      keys: verificationKeys,
      onCleanupError: (error: unknown, keys: string[]) =>
        logger.warn({ err: error, objects: keys.length }, 'could not delete superseded media objects'),
    }),
    publishableKeys: createPublishableKeyStore(database.db),
    accounts: createAccountStore(database.db),
    members: createMemberStore(database.db),
    // Providers' client secrets are sealed like webhook endpoint secrets (WEBHOOK_SECRET_KEY).
    sso: createSsoStore(database.db, webhookSecrets),
    signals: createSignalStore(database.db, verificationKeys),
    webhooks: createWebhookStore(database.db, webhookSecrets),
    faces: createFaceStore(database.db, vectorSearch, verificationKeys, templateEngine),
    handoffs: createHandoffStore(database.db, verificationKeys),
    usage: createUsageStore(database.db),
    challenges: createLivenessChallengeStore(database.db),
    retention: createRetentionStore(database.db),
    idempotency: createIdempotencyStore(database.db, database.inTransaction),
    events: createEventLog(database.db),
  };
  const transact = createTransactor(database.db, {
    vectorSearch,
    keys: verificationKeys,
    templateEngine,
    onCommitted: (ids) => {
      verifications.forget(ids);
      changes.changed(ids);
    },
  });
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
  const loadedEngines = loadCheckEngines(config, logger, options.componentPaths ?? {});
  closers.push(() => loadedEngines.close());
  const heavyWork = createHeavyWork(config, metrics);
  const rateLimiter = config.redisUrl
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
  const checkQueue = await createCheckQueue(
    database.db,
    (channel) => database.changes(channel, logger),
    verificationKeys,
  );
  closers.push(() => checkQueue.close());
  return {
    config,
    clock,
    logger,
    /** One line per request, written by the HTTP layer (src/http/app.ts). */
    accessLog: createAccessLog(logger),
    database,
    metrics,
    stores,
    /** Each verification's own data key: redaction and retention destroy it. */
    verificationKeys,
    /** Where those keys are kept, wrapped under DATA_ENCRYPTION_KEY. */
    verificationKeyStore: wrappedKeys,
    changes,
    /** Runs writes in one transaction (the use cases' unit of work). */
    transact,
    sanctions,
    checkEngines: withQueuedVideoDecoding(loadedEngines, heavyWork.video),
    /** Bounded queues for video decoding and image-heavy requests: full means 503 with Retry-After. */
    heavyWork,
    rateLimiter,
    checkQueue,
    /** Media objects for MEDIA_STORE=s3 or files; undefined when media live in the database. */
    mediaObjects,
    testSamples: createTestSamples(),
    /** Key for presigned media links (MEDIA_SIGNING_KEY, or one generated into DATA_DIR). */
    mediaSigningKey: config.mediaSigningKey ?? loadOrCreateLocalSecret(config.dataDir, 'media-signing').key,
    webhookClient: createWebhookHttpClient({
      timeoutMs: config.webhookTimeoutMs,
      allowInsecure: config.webhookAllowInsecure,
    }),
    /** SSRF guard at endpoint creation: null when the URL's host may be targeted, else why not. */
    webhookHostPolicy: createWebhookHostPolicy({ allowInsecure: config.webhookAllowInsecure }),
    /** Cross-process wake-ups of the webhook worker (PostgreSQL LISTEN); none on PGlite's one process. */
    listenForWebhookWork: config.databaseUrl
      ? (onWork: () => void) =>
          listenForNotifications(config.databaseUrl!, WEBHOOK_WORK_CHANNEL, onWork, logger)
      : undefined,
    /** The infrastructure's /readyz components; modules add their own. */
    probes: componentProbes({
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
    async close() {
      for (const close of closers.reverse()) await close();
    },
  };
}
