import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { FaceEngine } from '../core/faces/face-engine.js';
import type { ComponentStatus } from '../readiness.js';
import type { CheckEngines } from '../ports/check-engines.js';
import { createBarcodeReader } from './barcode/barcode-reader.js';
import { frameHash } from './media/frame-hash.js';
import { inspectImage } from './media/image-decode.js';
import { extractVideoFrames, probeVideoDecoder } from './media/video-frames.js';
import { createFaceEngine } from './ml/face-engine.js';
import { createOcrEngine } from './ml/ocr-engine.js';

/**
 * Server decode budget. Measured on 120 degraded phone-like photos: p50 47 ms, p99 520 ms under load
 * (BENCHMARKS.md); a photo with no barcode at all takes up to ~0.9 s to search exhaustively.
 */
const BARCODE_TIMEOUT_MS = 2_000;

/**
 * Per image, queue wait and model loading included: it only guards against a stuck task, since each
 * check has its own budget (CHECK_TIMEOUT_MS) and the check queue bounds the images waiting for the
 * threads (CHECK_WORKER_CONCURRENCY jobs of 9 images). Loading the models took 8.6 s at a load average
 * of 31 on 2 cores, so 10 s failed the load of a worker starting under load; 30 s does not.
 */
const FACE_IMAGE_TIMEOUT_MS = 30_000;

/** Per front, queue wait and model loading included: a guard against a stuck task, as for the faces. */
const FRONT_READ_TIMEOUT_MS = 30_000;

/** Where components load their files from; tests point one at a broken path to prove degraded mode for real. */
export type ComponentPaths = {
  barcodeWasmPath?: string;
  faceModelDir?: string;
  ocrModelDir?: string;
  videoDecoderNodePath?: string;
};

/** The check engines with each one's state for /readyz, and the close that ends their threads. */
export type LoadedCheckEngines = CheckEngines & {
  status(): Record<string, ComponentStatus>;
  close(): Promise<void>;
};

/**
 * Loads the engines the checks run on (barcode reader, face models, OCR models, video decoder) in the background and
 * reports each one's state for /readyz. One that is missing or failed to load answers `unavailable`.
 */
export function loadCheckEngines(config: Config, logger: Logger, paths: ComponentPaths): LoadedCheckEngines {
  let closing = false;

  const barcodeReader = createBarcodeReader({
    threads: config.barcodeThreads,
    timeoutMs: BARCODE_TIMEOUT_MS,
    ...(paths.barcodeWasmPath ? { wasmPath: paths.barcodeWasmPath } : {}),
  });
  let barcodeStatus: ComponentStatus = { status: 'degraded', detail: 'warming up' };
  void barcodeReader.warmUp().then((result) => {
    // Closing during warm-up ends the worker: not a failure worth reporting.
    if (closing) return;
    barcodeStatus =
      result.status === 'ok'
        ? { status: 'ok' }
        : {
            status: 'degraded',
            detail: `server decode unavailable (${result.error}); browser barcode strings are used`,
          };
    if (result.status !== 'ok') logger.warn({ error: result.error }, 'barcode decoder failed to load');
  });

  let videoStatus: ComponentStatus = { status: 'degraded', detail: 'checking video decoder' };
  void probeVideoDecoder(paths.videoDecoderNodePath).then((probe) => {
    videoStatus = probe.ok
      ? { status: 'ok', detail: `@napi-rs/webcodecs ${probe.version}` }
      : {
          status: 'degraded',
          detail: `video decoder cannot run (${probe.error}): video selfies answer 503, frames work`,
        };
    if (!probe.ok && !closing)
      logger.error({ error: probe.error }, 'video decoder cannot run: video selfies are unavailable');
  });

  // ROLE=api never loads the models: the check workers run the face checks.
  const apiOnly = config.role === 'api';
  const faceEngine: FaceEngine | null =
    config.mlDisabled || apiOnly
      ? null
      : createFaceEngine({
          threads: config.mlThreads,
          timeoutMs: FACE_IMAGE_TIMEOUT_MS,
          ...(paths.faceModelDir ? { modelDir: paths.faceModelDir } : {}),
          ...(config.faceRecognizerModel ? { recognizer: config.faceRecognizerModel } : {}),
        });
  let faceStatus: ComponentStatus = faceEngine
    ? { status: 'degraded', detail: 'loading models' }
    : apiOnly && !config.mlDisabled
      ? { status: 'ok', detail: 'not loaded in ROLE=api: the check workers run the face checks' }
      : { status: 'unavailable', detail: 'ML_DISABLED' };
  void faceEngine?.ready().then((ready) => {
    faceStatus = ready.ok
      ? { status: 'ok', detail: ready.models.map((m) => `${m.name}@${m.version}`).join(', ') }
      : { status: 'unavailable', detail: `face models failed to load: ${ready.error}` };
    if (ready.ok) logger.info({ models: faceStatus.detail }, 'face models loaded');
    else
      logger.error(
        { error: ready.error },
        'face models failed to load: face match and liveness are unavailable',
      );
  });

  const frontReader =
    config.mlDisabled || apiOnly
      ? null
      : createOcrEngine({
          timeoutMs: FRONT_READ_TIMEOUT_MS,
          ...(paths.ocrModelDir ? { modelDir: paths.ocrModelDir } : {}),
        });
  let ocrStatus: ComponentStatus = frontReader
    ? { status: 'degraded', detail: 'loading models' }
    : apiOnly && !config.mlDisabled
      ? { status: 'ok', detail: 'not loaded in ROLE=api: the check workers read the fronts' }
      : { status: 'unavailable', detail: 'ML_DISABLED' };
  void frontReader?.ready().then((ready) => {
    ocrStatus = ready.ok
      ? { status: 'ok', detail: ready.models.map((m) => `${m.name}@${m.version}`).join(', ') }
      : { status: 'unavailable', detail: `OCR models failed to load: ${ready.error}` };
    if (ready.ok) logger.info({ models: ocrStatus.detail }, 'OCR models loaded');
    else
      logger.error(
        { error: ready.error },
        'OCR models failed to load: licence fronts are not read (document_front_unavailable)',
      );
  });

  return {
    faceEngine,
    frontReader,
    // The same engine and worker: a zone is read within the front's OCR budgets, on its thread.
    mrzReader: frontReader,
    async decodeBarcode(image) {
      const outcome = await barcodeReader.decode(image);
      if (outcome.status === 'ok') return { status: 'ok', text: outcome.text };
      if (outcome.status === 'not_found') return { status: 'not_found' };
      return { status: 'unavailable', error: outcome.error };
    },
    async extractVideoFrames(video, maxFrames) {
      const result = await extractVideoFrames(video, {
        maxFrames,
        ...(paths.videoDecoderNodePath ? { nodePath: paths.videoDecoderNodePath } : {}),
      });
      if (result.ok) return { ok: true, frames: result.frames };
      if (result.reason === 'unavailable')
        logger.error({ error: result.message }, 'video decoder could not run');
      else logger.info({ reason: result.reason, detail: result.detail }, 'selfie video refused');
      return {
        ok: false,
        fault: result.reason === 'unavailable' ? 'server' : 'upload',
        reason: result.message,
      };
    },
    frameHash,
    inspectImage,
    status: () => ({
      barcode_decoder: barcodeStatus,
      face_models: faceStatus,
      ocr_models: ocrStatus,
      video_decoder: videoStatus,
    }),
    async close() {
      closing = true;
      await barcodeReader.close();
      await faceEngine?.close();
      await frontReader?.close();
    },
  };
}
