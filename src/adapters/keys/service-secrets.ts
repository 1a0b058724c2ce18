import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import {
  createDataSealer,
  createKeyWrapper,
  createSecretBox,
  parseSecretKey,
} from '../../core/webhooks/secret-box.js';
import type { DatabaseHandle } from '../db/database.js';
import { createTableKeyStore } from '../db/verification-key-table.js';
import { loadOrCreateLocalSecret } from '../local-secret.js';
import { createFileKeyStore, createMemoryKeyStore } from './file-key-store.js';
import { createVerificationKeys } from './verification-keys.js';

/**
 * The service's secrets from the settings: the box that seals webhook endpoint secrets, each
 * verification's own data key (wrapped under DATA_ENCRYPTION_KEY, kept where VERIFICATION_KEY_STORE
 * says), and the key that signs media links. A secret that is not set is generated into DATA_DIR,
 * with a warning, since several instances must share it.
 */
export function openServiceSecrets(config: Config, database: DatabaseHandle, logger: Logger) {
  const secretKey = (setting: 'WEBHOOK_SECRET_KEY' | 'DATA_ENCRYPTION_KEY', given: string | undefined) => {
    const file = setting === 'WEBHOOK_SECRET_KEY' ? 'webhook-secret' : 'data-encryption';
    if (!given)
      logger.warn(
        `${setting} is unset: ${setting === 'WEBHOOK_SECRET_KEY' ? 'webhook secrets' : 'images and personal data'} are encrypted with a key generated into DATA_DIR/${file}.key (in memory for memory://); multi-instance deployments must set ${setting}, the same on every instance`,
      );
    return parseSecretKey(given ?? loadOrCreateLocalSecret(config.dataDir, file).key);
  };
  const webhookSecrets = createSecretBox(
    secretKey('WEBHOOK_SECRET_KEY', config.webhookSecretKey),
    config.webhookSecretKeysPrevious.map(parseSecretKey),
  );
  const dataKey = secretKey('DATA_ENCRYPTION_KEY', config.dataEncryptionKey);
  const previousDataKeys = config.dataEncryptionKeysPrevious.map(parseSecretKey);
  const keyConfig = config.verificationKeys;
  const wrappedKeys =
    keyConfig.kind === 'database'
      ? createTableKeyStore(database.db)
      : keyConfig.kind === 'files'
        ? createFileKeyStore(keyConfig.dir)
        : createMemoryKeyStore();
  logger.info({ location: wrappedKeys.location }, 'verification keys');
  return {
    webhookSecrets,
    // Data sealed directly under DATA_ENCRYPTION_KEY by earlier releases still opens.
    verificationKeys: createVerificationKeys(
      wrappedKeys,
      createKeyWrapper(dataKey, previousDataKeys),
      createDataSealer(dataKey, previousDataKeys),
    ),
    verificationKeyStore: wrappedKeys,
    mediaSigningKey: config.mediaSigningKey ?? loadOrCreateLocalSecret(config.dataDir, 'media-signing').key,
  };
}
