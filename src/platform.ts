/**
 * The infrastructure: one adapter per port, chosen from the settings. The only file that names concrete
 * adapters; what runs on them (routes, workers, periodic tasks, probes) lives in src/modules/.
 * close() releases everything in reverse order of opening.
 */
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { systemClock, type Clock } from './core/time.js';
import { loadCheckEngines, type ComponentPaths, type LoadedCheckEngines } from './adapters/check-engines.js';
import { createCheckQueue } from './adapters/db/check-queue.js';
import { pendingMigrations } from './adapters/db/migrator.js';
import type { DatabaseHandle } from './adapters/db/database.js';
import { openServiceDatabase } from './adapters/db/service-database.js';
import { createTransactor } from './adapters/db/transactor.js';
import { templateEngineOf } from './adapters/ml/model-files.js';
import { openServiceSecrets } from './adapters/keys/service-secrets.js';
import { openRateLimiter } from './adapters/rate-limit/open-rate-limiter.js';
import { createVerificationChanges } from './adapters/db/verification-changes.js';
import { openReadCaches } from './adapters/db/read-caches.js';
import { createStores } from './adapters/db/stores.js';
import { createOidc } from './adapters/oidc.js';
import { createPasskeys } from './adapters/webauthn.js';
import { createHeavyWork, withQueuedVideoDecoding } from './adapters/heavy-work.js';
import { openWebhookTransport } from './adapters/http-client/webhook-transport.js';
import { createAccessLog, createLogger } from './adapters/logger.js';
import { encodeLogo } from './adapters/media/logo-image.js';
import { openMediaObjects } from './adapters/media/open-media-objects.js';
import { createMetrics } from './adapters/metrics.js';
import { screeningListsOf } from './adapters/sanctions-source/screening-lists.js';
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
  /**
   * An open database to use instead of opening DATABASE_URL's or DATA_DIR's, migrated like any other,
   * and check engines loaded beforehand: both closed with the platform (tests lend them to their apps).
   */
  database?: DatabaseHandle | undefined;
  checkEngines?: LoadedCheckEngines | undefined;
};

export type Platform = Awaited<ReturnType<typeof createPlatform>>;

export async function createPlatform(config: Config, options: PlatformOptions = {}) {
  const logger = options.logger ?? createLogger(config.logLevel);
  const clock = options.clock ?? systemClock;
  const closers: Array<() => Promise<void>> = [];
  const database = await openServiceDatabase(config, logger, options);
  closers.push(() => database.close());
  const metrics = createMetrics();
  metrics.addGauge(
    'database_queries',
    'Queries this process has sent through the query builder since it started (a count: its rate is the query rate)',
    () => database.queryCount(),
  );
  const { webhookSecrets, verificationKeys, verificationKeyStore, mediaSigningKey } = openServiceSecrets(
    config,
    database,
    logger,
  );
  const media = openMediaObjects(config, logger);
  if (media) closers.push(async () => media.close());
  const mediaObjects = media?.objects;
  const readCaches = await openReadCaches(database, { keys: verificationKeys, clock, logger });
  closers.push(readCaches.stop);
  const { verifications, verificationFeed } = readCaches;
  const vectorSearch = await database.hasVector();
  const changes = createVerificationChanges(verificationFeed, { maxWaiters: config.decisionWaitMaxClients });
  const templateEngine = templateEngineOf(config.faceRecognizerModel);
  const stores = createStores(database, {
    readCaches,
    verificationKeys,
    webhookSecrets,
    mediaObjects,
    vectorSearch,
    templateEngine,
    logger,
  });
  const transact = createTransactor(database.db, {
    vectorSearch,
    keys: verificationKeys,
    templateEngine,
    onCommitted: (ids) => {
      verifications.forget(ids);
      changes.changed(ids);
    },
  });
  const sanctions = screeningListsOf(config, logger, clock);
  if (!options.skipSanctions) sanctions.start();
  closers.push(() => sanctions.stop());
  const loadedEngines =
    options.checkEngines ?? loadCheckEngines(config, logger, options.componentPaths ?? {});
  closers.push(() => loadedEngines.close());
  const heavyWork = createHeavyWork(config, metrics);
  const rateLimiter = openRateLimiter(config, database, clock, logger);
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
    verificationKeyStore,
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
    /** Re-encodes an account's uploaded logo for the hosted flow (WebP, at most 256×256). */
    encodeLogo,
    /** The console's passkey ceremonies: PUBLIC_BASE_URL is the WebAuthn relying party. */
    passkeys: createPasskeys({ origin: config.publicBaseUrl, rpName: 'Identity verification console' }),
    /** Single sign-on's OpenID Connect client, whose discovery goes through the outbound address policy. */
    oidc: createOidc({
      allowInsecure: config.webhookAllowInsecure,
      onDiscoveryFailure: (accountId, reason) =>
        logger.warn({ account_id: accountId, reason }, 'single sign-on discovery failed'),
    }),
    /** Key for presigned media links (MEDIA_SIGNING_KEY, or one generated into DATA_DIR). */
    mediaSigningKey,
    ...openWebhookTransport(config, logger),
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
