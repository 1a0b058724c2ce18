import {
  createVerificationSealer,
  generateVerificationKey,
  type DataSealer,
  type KeyWrapper,
} from '../../core/webhooks/secret-box.js';
import type { VerificationKeys, WrappedKeyStore } from '../../ports/verification-keys.js';

/**
 * Unwrapped keys kept in memory, so the read path does not read a file and run AES for each row:
 * 32 bytes each, at most this many (about 1 MB). Destroy drops an entry before the stored key goes.
 */
const CACHED_KEYS = 10_000;

/**
 * Verification keys over a store of wrapped ones: made at random, wrapped under DATA_ENCRYPTION_KEY
 * (`wrapper`), unwrapped on first use and cached. `legacy` opens what releases before per-verification
 * keys sealed with DATA_ENCRYPTION_KEY directly.
 */
export function createVerificationKeys(
  store: WrappedKeyStore,
  wrapper: KeyWrapper,
  legacy?: DataSealer,
): VerificationKeys {
  const cache = new Map<string, Buffer>();
  const remember = (verificationId: string, key: Buffer) => {
    cache.delete(verificationId);
    cache.set(verificationId, key);
    if (cache.size > CACHED_KEYS) cache.delete(cache.keys().next().value!);
    return key;
  };
  const find = async (verificationId: string): Promise<Buffer | null> => {
    const cached = cache.get(verificationId);
    if (cached) return remember(verificationId, cached);
    const wrapped = await store.get(verificationId);
    return wrapped ? remember(verificationId, wrapper.unwrap(verificationId, wrapped)) : null;
  };
  return {
    async sealerFor(verificationId) {
      let key = await find(verificationId);
      if (!key) {
        const kept = await store.putIfAbsent(
          verificationId,
          wrapper.wrap(verificationId, generateVerificationKey()),
        );
        key = remember(verificationId, wrapper.unwrap(verificationId, kept));
      }
      return createVerificationSealer(verificationId, key, legacy);
    },
    async openerFor(verificationId) {
      return createVerificationSealer(verificationId, await find(verificationId), legacy);
    },
    async destroy(verificationIds) {
      for (const id of verificationIds) cache.delete(id);
      await store.remove(verificationIds);
    },
    heldBy: () => store.ids(),
  };
}
