import type { ApiKey, ApiKeyStore } from '../../ports/api-key-store.js';
import { createReadCache, type ReadCacheOptions } from './read-cache.js';

/** The channel the api_keys trigger (migrations/0005) notifies on. */
export const API_KEY_CHANGES_CHANNEL = 'api_key_changes';

/**
 * The API-key store with authentication's lookup by digest and the key list served from memory.
 * Only keys that exist are cached, so a new key works at once. Writes through this store empty the
 * cache in process before they return; every other writer (another instance, the CLI, psql) is
 * covered by the trigger's notification, which leaves out `last_used_at` (migrations/0005).
 */
export function createCachedApiKeyStore(
  store: ApiKeyStore,
  options: Omit<ReadCacheOptions, 'keyOfChange'>,
): ApiKeyStore & { cachedEntries(): number } {
  const cache = createReadCache<ApiKey | ApiKey[] | undefined>(options);

  return {
    ...store,

    async findByHash(keyHash) {
      return (await cache.get(`hash:${keyHash}`, () => store.findByHash(keyHash), Boolean)) as
        ApiKey | undefined;
    },

    async listOwned(ownerId) {
      return (await cache.get(
        `owner:${ownerId}`,
        () => store.listOwned(ownerId),
        () => true,
      )) as ApiKey[];
    },

    async insert(input) {
      const row = await store.insert(input);
      cache.forgetAll();
      return row;
    },

    // Written at most once a minute per key and instance, so emptying the cache here costs little
    // and keeps this instance's list exact; other instances' lists may lag by up to maxAgeMs.
    async touchLastUsed(id, at) {
      await store.touchLastUsed(id, at);
      cache.forgetAll();
    },

    async roll(input) {
      const rolled = await store.roll(input);
      cache.forgetAll();
      return rolled;
    },

    async revoke(id, at) {
      const row = await store.revoke(id, at);
      cache.forgetAll();
      return row;
    },

    cachedEntries: () => cache.size(),
  };
}
