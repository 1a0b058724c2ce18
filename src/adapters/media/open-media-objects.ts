import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { MediaObjectStore } from '../../ports/media-objects.js';
import { createFileMediaStore } from './file-store.js';
import { createS3MediaStore } from './object-store.js';

/**
 * Where images are kept outside the database (MEDIA_STORE=s3 or files), with what releases it;
 * undefined when they live in the database.
 */
export function openMediaObjects(
  config: Config,
  logger: Logger,
): { objects: MediaObjectStore; close(): void } | undefined {
  const { mediaStore } = config;
  if (mediaStore.kind === 'database') return undefined;
  const opened =
    mediaStore.kind === 's3'
      ? ((bucket) => ({ objects: bucket, close: () => bucket.close() }))(createS3MediaStore(mediaStore))
      : { objects: createFileMediaStore(mediaStore.dir), close: () => {} };
  logger.info({ location: opened.objects.location }, 'media are stored outside the database');
  return opened;
}
