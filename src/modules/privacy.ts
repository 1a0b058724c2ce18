import type { Platform } from '../platform.js';
import {
  MEDIA_SWEEP_MIN_AGE_MS,
  sweepMediaObjects,
  type MediaSweepResult,
} from '../use-cases/sweep-media-objects.js';
import { retentionSweepTask } from '../worker/retention-sweeper.js';
import type { Module } from './module.js';

const MEDIA_SWEEP_INTERVAL_MS = 6 * 3_600_000;

/**
 * Deletes stored objects no media row names (MEDIA_STORE=s3 or files; a no-op otherwise). Workers run it every
 * 6 h; the CLI runs it on demand.
 */
export function sweepMedia(platform: Platform): Promise<MediaSweepResult> {
  const { mediaObjects, stores, clock } = platform;
  return mediaObjects
    ? sweepMediaObjects(
        { objects: mediaObjects, referenced: (keys) => stores.media.referencedStorageKeys(keys) },
        new Date(clock.now().getTime() - MEDIA_SWEEP_MIN_AGE_MS),
      )
    : Promise.resolve({ scanned: 0, deleted: 0 });
}

/** Data past its retention (docs/privacy.md) and orphaned media objects, swept by the worker role. */
export function privacyModule(platform: Platform) {
  const { clock, metrics, logger, stores } = platform;
  const retention = retentionSweepTask(
    {
      store: stores.retention,
      media: stores.media,
      keys: platform.verificationKeys,
      clock,
      metrics,
      changed: (ids) => stores.verifications.forget(ids),
    },
    platform.config.retention,
    metrics,
    logger,
  );
  return {
    /** One retention sweep now; null when another instance holds its lease. Workers run it every 15 min. */
    sweepRetention: () => retention.runOnce(),
    sweepMedia: () => sweepMedia(platform),
    tasks: [
      retention,
      ...(platform.mediaObjects
        ? [
            {
              name: 'media object sweep',
              intervalMs: MEDIA_SWEEP_INTERVAL_MS,
              run: async () => {
                const swept = await sweepMedia(platform);
                if (swept.deleted > 0) logger.info(swept, 'deleted media objects no row refers to');
              },
            },
          ]
        : []),
    ],
  } satisfies Module & Record<string, unknown>;
}
