import { isOpen } from '../../core/verifications/status.js';
import { createReadCache, type ReadCacheOptions } from './read-cache.js';
import type { VerificationDetail, VerificationStore } from './verification-store.js';

/** The channel the verifications and verification_audit triggers (migrations/0005) notify on, with the id. */
export const VERIFICATION_CHANGES_CHANNEL = 'verification_changes';

/**
 * The verification store with the merchant's detail view of a finished verification (decided or
 * expired) served from memory. An open verification is always read from the database, so a status
 * change is never served late to a merchant polling for the decision; a finished one changes rarely
 * (a newly minted client token adds to its audit log) and each change evicts it: in process when
 * written through this store, and on every instance through the trigger's notification.
 */
export function createCachedVerificationStore(
  store: VerificationStore,
  options: Omit<ReadCacheOptions, 'keyOfChange'>,
): VerificationStore & { cachedEntries(): number } {
  const cache = createReadCache<VerificationDetail | undefined>({ ...options, keyOfChange: (id) => id });
  const finished = (detail: VerificationDetail | undefined) =>
    detail !== undefined && !isOpen(detail.row.status);

  return {
    ...store,

    async findOwnedDetail(id, apiKeyId) {
      const detail = await cache.get(id, () => store.findOwnedDetail(id, apiKeyId), finished);
      // Cached by id alone: ownership is checked on every read, hit or miss.
      return detail && detail.row.api_key_id === apiKeyId ? detail : undefined;
    },

    async addToken(verificationId, tokenHash, now, expiresAt) {
      await store.addToken(verificationId, tokenHash, now, expiresAt);
      cache.forget(verificationId);
    },

    async expireDue(now, verificationId) {
      const expired = await store.expireDue(now, verificationId);
      if (verificationId) cache.forget(verificationId);
      return expired;
    },

    async recordConsent(...args: Parameters<VerificationStore['recordConsent']>) {
      await store.recordConsent(...args);
      cache.forget(args[0]);
    },

    async saveUploads(input) {
      const saved = await store.saveUploads(input);
      cache.forget(input.verificationId);
      return saved;
    },

    async decide(input) {
      const decided = await store.decide(input);
      cache.forget(input.verificationId);
      return decided;
    },

    cachedEntries: () => cache.size(),
  };
}
