import type { Logger } from 'pino';
import type { SecretBox } from '../../core/webhooks/secret-box.js';
import type { MediaObjectStore } from '../../ports/media-objects.js';
import type { VerificationKeys } from '../../ports/verification-keys.js';
import { createAccountAudit } from './account-audit.js';
import { createAccountStore } from './account-store.js';
import { createBrandingStore } from './branding-store.js';
import type { DatabaseHandle } from './database.js';
import { createEventLog } from './event-log.js';
import { createFaceStore } from './face-store.js';
import { createHandoffStore } from './handoff-store.js';
import { createIdempotencyStore } from './idempotency-store.js';
import { createLivenessChallengeStore } from './liveness-challenge-store.js';
import { createMediaStore } from './media-store.js';
import { createMemberStore } from './member-store.js';
import { createPublishableKeyStore } from './publishable-key-store.js';
import type { openReadCaches } from './read-caches.js';
import { createRetentionStore } from './retention-store.js';
import { createScreeningWatchStore } from './screening-watch-store.js';
import { createSignalStore } from './signal-store.js';
import { createSsoStore } from './sso-store.js';
import { createUsageStore } from './usage-store.js';
import { createWebhookStore } from './webhook-store.js';

type ReadCaches = Awaited<ReturnType<typeof openReadCaches>>;

/** One store per port on the database; API keys and verifications read through their caches. */
export function createStores(
  database: DatabaseHandle,
  deps: {
    readCaches: Pick<ReadCaches, 'apiKeys' | 'verifications'>;
    verificationKeys: VerificationKeys;
    webhookSecrets: SecretBox;
    mediaObjects: MediaObjectStore | undefined;
    vectorSearch: boolean;
    /** Templates of another recognizer never compare with this one's (migrations/0019). */
    templateEngine: string;
    logger: Logger;
  },
) {
  const { db } = database;
  const { verificationKeys: keys, logger } = deps;
  return {
    apiKeys: deps.readCaches.apiKeys,
    verifications: deps.readCaches.verifications,
    media: createMediaStore(db, {
      objects: deps.mediaObjects,
      keys,
      onCleanupError: (error: unknown, objectKeys: string[]) =>
        logger.warn({ err: error, objects: objectKeys.length }, 'could not delete superseded media objects'),
    }),
    publishableKeys: createPublishableKeyStore(db),
    accounts: createAccountStore(db),
    members: createMemberStore(db),
    accountAudit: createAccountAudit(db, database.inTransaction),
    // Providers' client secrets are sealed like webhook endpoint secrets (WEBHOOK_SECRET_KEY).
    sso: createSsoStore(db, deps.webhookSecrets),
    signals: createSignalStore(db, keys),
    webhooks: createWebhookStore(db, deps.webhookSecrets),
    faces: createFaceStore(db, deps.vectorSearch, keys, deps.templateEngine),
    handoffs: createHandoffStore(db, keys),
    usage: createUsageStore(db),
    challenges: createLivenessChallengeStore(db),
    retention: createRetentionStore(db),
    branding: createBrandingStore(db),
    idempotency: createIdempotencyStore(db, database.inTransaction),
    events: createEventLog(db),
    screeningWatch: createScreeningWatchStore(db, keys),
  };
}
