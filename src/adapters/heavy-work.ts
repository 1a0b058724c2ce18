import type { Config } from '../config.js';
import { ApiError } from '../core/errors.js';
import type { CheckEngines } from '../ports/check-engines.js';
import type { Metrics } from '../ports/metrics.js';
import type { WorkQueue } from '../ports/work-queue.js';
import { createWorkQueue } from './work-queue.js';

/**
 * Retry-After when a queue is full: about one queue's worth of work. A hosted-flow selfie clip
 * (3 s, 640×480) decodes in about 1 s here, a 30 s 1080p60 clip in 9–10 s (security review, finding 5);
 * a document read or a submit with the face models takes 1–3 s.
 */
const VIDEO_RETRY_AFTER_SECONDS = 10;
const IMAGE_RETRY_AFTER_SECONDS = 5;

export type HeavyWork = {
  /** Video decoding processes (selfie videos). */
  video: WorkQueue;
  /** Requests that decode images and run the barcode reader or the face models. */
  image: WorkQueue;
};

export function createHeavyWork(config: Config, metrics: Metrics): HeavyWork {
  const video = createWorkQueue(
    config.videoDecode,
    () =>
      new ApiError(
        'video_processing_busy',
        {},
        { headers: { 'retry-after': String(VIDEO_RETRY_AFTER_SECONDS) } },
      ),
  );
  const image = createWorkQueue(
    config.imageWork,
    () =>
      new ApiError(
        'image_processing_busy',
        {},
        { headers: { 'retry-after': String(IMAGE_RETRY_AFTER_SECONDS) } },
      ),
  );
  for (const [name, queue] of Object.entries({ video, image })) {
    metrics.addGauge(`${name}_work_active`, `${name} work running now`, () => queue.depth().active);
    metrics.addGauge(`${name}_work_waiting`, `${name} work waiting for a slot`, () => queue.depth().waiting);
  }
  return { video, image };
}

/** The check engines with every video decode going through the video queue (the decoder itself is unchanged). */
export function withQueuedVideoDecoding(engines: CheckEngines, video: WorkQueue): CheckEngines {
  return {
    faceEngine: engines.faceEngine,
    frontReader: engines.frontReader,
    mrzReader: engines.mrzReader,
    decodeBarcode: (image) => engines.decodeBarcode(image),
    extractVideoFrames: (bytes, maxFrames) => video.run(() => engines.extractVideoFrames(bytes, maxFrames)),
    frameHash: (image) => engines.frameHash(image),
    inspectImage: (image) => engines.inspectImage(image),
  };
}
