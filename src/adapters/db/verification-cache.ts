import { isExpired } from '../../core/verifications/status.js';
import type { VerificationDetail } from '../../core/verifications/verification.js';
import type { VerificationStore } from '../../ports/verification-store.js';
import { createReadCache, type ReadCacheOptions } from './read-cache.js';

/** The channel the verifications and verification_audit triggers (migrations/0005) notify on, with the id. */
export const VERIFICATION_CHANGES_CHANNEL = 'verification_changes';

/**
 * The verification store with the merchant's detail view served from memory, open verifications
 * included (merchants poll those until they are decided). Every change evicts the entry: in process
 * through `forget`, which the transactor calls after each commit, before the writer answers; on every
 * instance through the triggers' notification (migrations/0005), which fires for any change to the
 * row or its audit log by any writer. While the notification feed is down nothing is served from
 * memory. The one change no notification announces is time: an open verification that reaches
 * expires_at is read from the database again, which expires it (expire-on-read).
 */
export function createCachedVerificationStore(
  store: VerificationStore,
  options: Omit<ReadCacheOptions, 'keyOfChange'>,
): VerificationStore & { forget(verificationIds: Iterable<string>): void; cachedEntries(): number } {
  const cache = createReadCache<VerificationDetail | undefined>({ ...options, keyOfChange: (id) => id });
  const found = (detail: VerificationDetail | undefined) => detail !== undefined;

  return {
    ...store,

    async findOwnedDetail(id, apiKeyId, now) {
      const detail = await cache.get(
        id,
        () => store.findOwnedDetail(id, apiKeyId, now),
        found,
        // Not expired by time alone.
        (cached) =>
          cached !== undefined && !isExpired(cached.verification.status, cached.verification.expires_at, now),
      );
      // Cached by id alone: ownership is checked on every read, hit or miss.
      return detail && detail.verification.api_key_id === apiKeyId ? detail : undefined;
    },

    forget(verificationIds) {
      for (const id of verificationIds) cache.forget(id);
    },

    cachedEntries: () => cache.size(),
  };
}
