import type { Clock } from '../../core/time.js';
import type { ApiKeyRow, ApiKeyStore } from './api-key-store.js';

/**
 * Where an instance learns that another instance changed a key. `connected` is false while that news
 * could be missed (before the first connection, after a lost one); the cache is bypassed meanwhile.
 */
export type KeyChangeFeed = {
  connected(): boolean;
  /** Registers the handler called for every change seen and on every (re)connection. */
  onChange(handler: () => void): void;
};

export type ApiKeyCacheOptions = {
  clock: Clock;
  /** A bound on staleness even if a change were missed; revocations normally arrive within milliseconds. */
  maxAgeMs: number;
  maxEntries: number;
  /** Present when other instances can revoke keys (PostgreSQL); absent when this process is the only writer (PGlite). */
  feed?: KeyChangeFeed;
};

/**
 * The API-key store with authentication's lookup by digest served from memory. Only keys that exist
 * are cached (an unknown digest always reaches the database, so a new key works at once). A revoke
 * evicts in process; the store's own notification (PostgreSQL) makes other instances evict on commit. Without a connected feed every lookup reads the database, as if uncached.
 */
export function createCachedApiKeyStore(
  store: ApiKeyStore,
  options: ApiKeyCacheOptions,
): ApiKeyStore & { cachedKeys(): number } {
  const entries = new Map<string, { row: ApiKeyRow; expiresAtMs: number }>();
  /** Bumped on every change, so a lookup that started before a revoke cannot cache the old row after it. */
  let generation = 0;
  const forgetAll = () => {
    generation += 1;
    entries.clear();
  };
  options.feed?.onChange(forgetAll);
  const usable = () => !options.feed || options.feed.connected();

  return {
    ...store,

    async findByHash(keyHash: string): Promise<ApiKeyRow | undefined> {
      const nowMs = options.clock.now().getTime();
      const hit = entries.get(keyHash);
      if (hit && hit.expiresAtMs > nowMs && usable()) return hit.row;
      if (hit) entries.delete(keyHash);
      const startedAt = generation;
      const row = await store.findByHash(keyHash);
      if (row && usable() && generation === startedAt) {
        if (entries.size >= options.maxEntries) {
          const oldest = entries.keys().next();
          if (!oldest.done) entries.delete(oldest.value);
        }
        entries.set(keyHash, { row, expiresAtMs: nowMs + options.maxAgeMs });
      }
      return row;
    },

    async revoke(id: number, at: Date): Promise<ApiKeyRow | undefined> {
      const revoked = await store.revoke(id, at);
      forgetAll();
      return revoked;
    },

    cachedKeys: () => entries.size,
  };
}
