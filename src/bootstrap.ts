import {
  displayPrefix,
  generateApiKey,
  hashSecret,
  isWellFormedApiKey,
  OPERATOR_SCOPE,
} from './core/api-keys/api-key.js';
import type { Platform } from './platform.js';

/**
 * BOOTSTRAP_API_KEY is stored (hash only, scopes ["*", "operator"]) unless already
 * present; with no key at all in the database, one root key with the same scopes is created and
 * returned so start-up can print it once. These and CLI-made keys are the only holders of `operator`.
 */
const ROOT_SCOPES = ['*', OPERATOR_SCOPE];

export async function ensureBootstrapKeys(
  platform: Pick<Platform, 'config' | 'stores'>,
): Promise<{ createdRootKey: string | null }> {
  const { apiKeys } = platform.stores;
  const prefix = platform.config.apiKeyPrefix;
  const bootstrap = platform.config.bootstrapApiKey;
  if (bootstrap) {
    if (!isWellFormedApiKey(bootstrap, prefix)) {
      throw new Error(`BOOTSTRAP_API_KEY must be "${prefix}" followed by 43 base64url characters`);
    }
    const digest = hashSecret(bootstrap);
    if (!(await apiKeys.findByHash(digest))) {
      await apiKeys.insert({
        label: 'bootstrap',
        scopes: ROOT_SCOPES,
        keyHash: digest,
        keyPrefix: displayPrefix(bootstrap, prefix),
        ownerKeyId: null,
      });
    }
    return { createdRootKey: null };
  }
  if ((await apiKeys.count()) > 0) return { createdRootKey: null };
  const rootKey = generateApiKey(prefix);
  await apiKeys.insert({
    label: 'root',
    scopes: ROOT_SCOPES,
    keyHash: hashSecret(rootKey),
    keyPrefix: displayPrefix(rootKey, prefix),
    ownerKeyId: null,
  });
  return { createdRootKey: rootKey };
}
