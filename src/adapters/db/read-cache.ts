import type { Clock } from '../../core/time.js';

/**
 * Change notifications from the database (migrations/0005 triggers). `connected()` is false while a
 * change could be missed (before the first connection, after a lost one). Handlers get the payload
 * of each notification, or null on a connection change: anything may have changed across a gap.
 */
export type ChangeFeed = {
  connected(): boolean;
  onChange(handler: (payload: string | null) => void): void;
};

export type ReadCacheOptions = {
  clock: Clock;
  /** A bound on staleness should a notification be missed; they normally arrive within milliseconds. */
  maxAgeMs: number;
  maxEntries: number;
  feed: ChangeFeed;
  /** Maps a notification payload to the cache key it invalidates; null (or no mapper) empties the cache. */
  keyOfChange?: (payload: string) => string | null;
};

export type ReadCache<V> = {
  /**
   * The cached value, or `load()`'s; the latter is kept only if `keep` accepts it. A cached value
   * that `stillValid` rejects (it went stale by time alone, with no change to notify) is reloaded.
   */
  get(
    key: string,
    load: () => Promise<V>,
    keep: (value: V) => boolean,
    stillValid?: (value: V) => boolean,
  ): Promise<V>;
  forget(key: string): void;
  forgetAll(): void;
  size(): number;
};

/**
 * A small read-through cache for hot, read-mostly rows, kept correct by the database's change feed.
 * While the feed is disconnected it neither serves nor keeps anything, so reads go to the database as
 * if uncached. A load that overlaps any invalidation is returned but not kept, so a value read just
 * before a change can never be cached after it.
 */
export function createReadCache<V>(options: ReadCacheOptions): ReadCache<V> {
  const entries = new Map<string, { value: V; expiresAtMs: number }>();
  let invalidations = 0;

  const forget = (key: string) => {
    invalidations += 1;
    entries.delete(key);
  };
  const forgetAll = () => {
    invalidations += 1;
    entries.clear();
  };
  options.feed.onChange((payload) => {
    const key = payload === null ? null : (options.keyOfChange?.(payload) ?? null);
    if (key === null) forgetAll();
    else forget(key);
  });

  return {
    async get(key, load, keep, stillValid) {
      const nowMs = options.clock.now().getTime();
      const usable = options.feed.connected();
      const hit = entries.get(key);
      if (hit && usable && hit.expiresAtMs > nowMs && (stillValid?.(hit.value) ?? true)) return hit.value;
      if (hit) entries.delete(key);
      const seen = invalidations;
      const value = await load();
      if (options.feed.connected() && seen === invalidations && keep(value)) {
        if (entries.size >= options.maxEntries) {
          const oldest = entries.keys().next();
          if (!oldest.done) entries.delete(oldest.value);
        }
        entries.set(key, { value, expiresAtMs: nowMs + options.maxAgeMs });
      }
      return value;
    },
    forget,
    forgetAll,
    size: () => entries.size,
  };
}
