import type { Logger } from 'pino';
import type { Clock } from '../../core/time.js';
import type { VerificationKeys } from '../../ports/verification-keys.js';
import { createApiKeyStore } from './api-key-store.js';
import { API_KEY_CHANGES_CHANNEL, createCachedApiKeyStore } from './api-key-cache.js';
import type { DatabaseHandle } from './database.js';
import { createCachedVerificationStore, VERIFICATION_CHANGES_CHANNEL } from './verification-cache.js';
import { createVerificationStore } from './verification-store.js';

/**
 * API keys and finished verifications are served from memory (read-cache.ts). Changes evict at once
 * through trigger notifications; the age bound covers one missed on a connection that died silently.
 * Entry bounds keep memory flat: a key row is under 1 KB, a verification's detail with its checks and
 * audit log typically 5–20 KB, so at most ~10 MB and ~20 MB.
 */
const READ_CACHE = { maxAgeMs: 10_000, apiKeys: 10_000, verifications: 1_000 };

/** The two cached stores with their change feeds; `verificationFeed` also wakes decision waiters. */
export async function openReadCaches(
  database: DatabaseHandle,
  options: { keys: VerificationKeys; clock: Clock; logger: Logger },
) {
  const keyChanges = await database.changes(API_KEY_CHANGES_CHANNEL, options.logger);
  const verificationFeed = await database.changes(VERIFICATION_CHANGES_CHANNEL, options.logger);
  const cache = { clock: options.clock, maxAgeMs: READ_CACHE.maxAgeMs };
  return {
    apiKeys: createCachedApiKeyStore(createApiKeyStore(database.db), {
      ...cache,
      maxEntries: READ_CACHE.apiKeys,
      feed: keyChanges,
    }),
    verifications: createCachedVerificationStore(createVerificationStore(database.db, options.keys), {
      ...cache,
      maxEntries: READ_CACHE.verifications,
      feed: verificationFeed,
    }),
    verificationFeed,
    async stop() {
      await verificationFeed.stop();
      await keyChanges.stop();
    },
  };
}
