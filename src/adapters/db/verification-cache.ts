import { isOpen } from '../../core/verifications/status.js';
import type { VerificationDetail } from '../../core/verifications/verification.js';
import type { VerificationStore } from '../../use-cases/ports/verification-store.js';
import { createReadCache, type ReadCacheOptions } from './read-cache.js';

/** The channel the verifications and verification_audit triggers (migrations/0005) notify on, with the id. */
export const VERIFICATION_CHANGES_CHANNEL = 'verification_changes';

/**
 * The verification store with the merchant's detail view of a finished verification (decided or
 * expired) served from memory. An open verification is always read from the database, so a status
 * change is never served late to a merchant polling for the decision; a finished one changes rarely
 * (a newly minted client token adds to its audit log) and each change evicts it: in process through
 * `forget` (the transactor calls it after every commit), and on every instance through the trigger's
 * notification.
 */
export function createCachedVerificationStore(
  store: VerificationStore,
  options: Omit<ReadCacheOptions, 'keyOfChange'>,
): VerificationStore & { forget(verificationIds: Iterable<string>): void; cachedEntries(): number } {
  const cache = createReadCache<VerificationDetail | undefined>({ ...options, keyOfChange: (id) => id });
  const finished = (detail: VerificationDetail | undefined) =>
    detail !== undefined && !isOpen(detail.verification.status);

  return {
    ...store,

    async findOwnedDetail(id, apiKeyId, now) {
      const detail = await cache.get(id, () => store.findOwnedDetail(id, apiKeyId, now), finished);
      // Cached by id alone: ownership is checked on every read, hit or miss.
      return detail && detail.verification.api_key_id === apiKeyId ? detail : undefined;
    },

    forget(verificationIds) {
      for (const id of verificationIds) cache.forget(id);
    },

    cachedEntries: () => cache.size(),
  };
}
