import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { ComponentStatus } from '../container.js';
import type { StoredBarcode } from '../core/checks.js';
import {
  checkDocument,
  type DocumentCheckDetail,
  type ServerBarcodeDecode,
} from '../core/documents/check-document.js';
import type { CheckPorts, Identity } from '../use-cases/ports.js';
import { createBarcodeReader } from './barcode/barcode-reader.js';
import { decideFaceDedupe, faceIdentityOf } from '../core/faces/face-dedupe.js';
import { similarityFromDistance } from '../core/faces/face-similarity.js';
import { runFaceChecks } from '../core/faces/run-face-checks.js';
import type { FaceEngine } from '../core/faces/face-engine.js';
import type { FaceStore } from './db/face-store.js';
import { extractVideoFrames, probeFfmpeg } from './media/video-frames.js';
import { createFaceEngine } from './ml/face-engine.js';
import type { SanctionsProvider } from './sanctions-source/sanctions-provider.js';

export type FaceTemplateOutcome =
  | { status: 'ok'; template: number[] }
  | { status: 'no_single_face' }
  | { status: 'unavailable'; error: string };

export type CheckComponents = {
  ports: CheckPorts;
  /** One face's template from an image (the operator blocklist stores templates, never images). */
  faceTemplate(image: Buffer): Promise<FaceTemplateOutcome>;
  status(): Promise<Record<string, ComponentStatus>>;
  close(): Promise<void>;
};

/**
 * Server decode budget. Measured on 120 degraded phone-like photos: p50 47 ms, p99 520 ms under load
 * (BENCHMARKS.md); a photo with no barcode at all takes up to ~0.9 s to search exhaustively.
 */
const BARCODE_TIMEOUT_MS = 2_000;

/** Per image, queue wait included: a verification sends the portrait and 8 frames at once. */
const FACE_IMAGE_TIMEOUT_MS = 10_000;

export function serverDecodeOf(barcode: StoredBarcode): ServerBarcodeDecode {
  if (barcode.server_status === 'ok' && barcode.server_text !== null)
    return { status: 'ok', text: barcode.server_text };
  if (barcode.server_status === 'unavailable')
    return { status: 'unavailable', error: barcode.server_error ?? 'decoder unavailable' };
  return { status: 'not_found' };
}

/**
 * Builds the check ports from the components that could be loaded. A component that is missing or
 * failed to load answers `unavailable`, so decisions stay honest (capped at review), never invented.
 */
export type ComponentPaths = { barcodeWasmPath?: string; faceModelDir?: string; ffmpegPath?: string };

export async function createCheckPorts(
  config: Config,
  logger: Logger,
  paths: ComponentPaths,
  stores: { faces: FaceStore; sanctions: SanctionsProvider },
): Promise<CheckComponents> {
  const unavailable = (component: string) => ({
    status: 'unavailable' as const,
    error: `${component} is not available`,
  });

  const barcodeReader = createBarcodeReader({
    threads: config.barcodeThreads,
    timeoutMs: BARCODE_TIMEOUT_MS,
    ...(paths.barcodeWasmPath ? { wasmPath: paths.barcodeWasmPath } : {}),
  });
  let barcodeStatus: ComponentStatus = { status: 'degraded', detail: 'warming up' };
  let closing = false;
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

  let videoStatus: ComponentStatus = { status: 'degraded', detail: 'checking ffmpeg' };
  void probeFfmpeg(paths.ffmpegPath).then((probe) => {
    videoStatus = probe.ok
      ? { status: 'ok', detail: `ffmpeg ${probe.version}` }
      : {
          status: 'degraded',
          detail: `ffmpeg cannot run (${probe.error}): video selfies answer 503, frames work`,
        };
    if (!probe.ok && !closing)
      logger.error({ error: probe.error }, 'ffmpeg cannot run: video selfies are unavailable');
  });

  const faceEngine: FaceEngine | null = config.mlDisabled
    ? null
    : createFaceEngine({
        threads: config.mlThreads,
        timeoutMs: FACE_IMAGE_TIMEOUT_MS,
        ...(paths.faceModelDir ? { modelDir: paths.faceModelDir } : {}),
      });
  let faceStatus: ComponentStatus = faceEngine
    ? { status: 'degraded', detail: 'loading models' }
    : { status: 'unavailable', detail: 'ML_DISABLED' };
  void faceEngine?.ready().then((ready) => {
    faceStatus = ready.ok
      ? { status: 'ok', detail: ready.models.map((m) => `${m.name}@${m.version}`).join(', ') }
      : { status: 'unavailable', detail: `face models failed to load: ${ready.error}` };
    if (!ready.ok)
      logger.error(
        { error: ready.error },
        'face models failed to load: face match and liveness are unavailable',
      );
  });

  const ports: CheckPorts = {
    async decodeBarcode(image) {
      const outcome = await barcodeReader.decode(image);
      if (outcome.status === 'ok') return { status: 'ok', text: outcome.text };
      if (outcome.status === 'not_found') return { status: 'not_found' };
      return { status: 'unavailable', error: outcome.error };
    },
    checkDocument(barcode, today) {
      const result = checkDocument({
        server: serverDecodeOf(barcode),
        browserBarcode: barcode.browser_text,
        today,
      });
      const parsed = (result.detail as DocumentCheckDetail).identity;
      const identity: Identity | null = parsed
        ? {
            firstName: parsed.firstName,
            middleName: parsed.middleName,
            lastName: parsed.lastName,
            dob: parsed.dob,
          }
        : null;
      return { result, identity };
    },
    async checkFaces({ portrait, frames }) {
      if (!faceEngine)
        return {
          faceMatch: unavailable('face model (ML_DISABLED)'),
          liveness: unavailable('liveness model (ML_DISABLED)'),
          template: null,
        };
      if (!portrait) {
        return {
          faceMatch: { status: 'ok', similarity: null, detail: { reason: 'no_document_front' } },
          liveness: (
            await runFaceChecks({ engine: faceEngine, portrait: frames[0] ?? Buffer.alloc(0), frames })
          ).liveness,
          template: null,
        };
      }
      // Models still loading (just after start) are waited for, within the submit's time budget,
      // rather than charged to each image's own timeout.
      await faceEngine.ready();
      const { faceMatch, liveness, template } = await runFaceChecks({ engine: faceEngine, portrait, frames });
      return { faceMatch, liveness, template };
    },
    async searchDuplicates({ verificationId, apiKeyId, template, identity }) {
      if (!template) {
        // No single face in the selfie: a result of the input (face match already says so), not an outage.
        return {
          status: 'ok',
          reason: 'no_matches',
          detail: { searched: false, skipped_because: 'no_selfie_template' },
        };
      }
      const [nearest, listed] = await Promise.all([
        stores.faces.nearest(template, verificationId),
        stores.faces.nearestListed(template),
      ]);
      const result = decideFaceDedupe({
        nearest: nearest
          ? {
              verificationId: nearest.verificationId,
              similarity: similarityFromDistance(nearest.distance),
              identity: nearest.identity,
            }
          : null,
        listed: listed
          ? { entryId: String(listed.id), similarity: similarityFromDistance(listed.distance) }
          : null,
        current: faceIdentityOf(identity),
      });
      // The nearest verification's id is shown only to the key that owns it (SPEC 5.1 rule 6).
      const detailNearest = result.detail.nearest as Record<string, unknown> | undefined;
      if (detailNearest && nearest && nearest.apiKeyId !== apiKeyId) delete detailNearest.verificationId;
      return {
        ...result,
        detail: { ...result.detail, search: stores.faces.vectorSearch ? 'hnsw' : 'exact' },
      };
    },
    async screenSanctions(identity) {
      // No name to screen (the barcode gave none) means screening could not run: never a silent pass.
      if (!identity?.lastName && !identity?.firstName)
        return unavailable('sanctions screening (no name on the licence barcode)');
      const result = stores.sanctions.screenLicenceHolder({
        firstName: identity.firstName,
        middleName: identity.middleName,
        lastName: identity.lastName,
        dob: identity.dob,
      });
      if (!result) return unavailable('sanctions list (none loaded)');
      return {
        status: 'ok',
        outcome: result.outcome,
        score: result.score,
        detail: { list_version: result.list_version, matches: result.matches },
      };
    },
    async extractVideoFrames(video, maxFrames) {
      const result = await extractVideoFrames(video, {
        maxFrames,
        ...(paths.ffmpegPath ? { ffmpegPath: paths.ffmpegPath } : {}),
      });
      if (result.ok) return { ok: true, frames: result.frames };
      if (result.reason === 'unavailable') logger.error({ error: result.message }, 'ffmpeg could not run');
      else logger.info({ reason: result.reason, detail: result.detail }, 'selfie video refused');
      return {
        ok: false,
        fault: result.reason === 'unavailable' ? 'server' : 'upload',
        reason: result.message,
      };
    },
  };
  return {
    ports,
    async faceTemplate(image) {
      if (!faceEngine) return { status: 'unavailable', error: 'ML_DISABLED' };
      const analysis = await faceEngine.analyze(image);
      if (!analysis.ok)
        return analysis.reason === 'unavailable'
          ? { status: 'unavailable', error: analysis.error }
          : { status: 'no_single_face' };
      const [face, ...others] = analysis.faces;
      return face && others.length === 0
        ? { status: 'ok', template: face.descriptor }
        : { status: 'no_single_face' };
    },
    status: async () => ({
      barcode_decoder: barcodeStatus,
      face_models: faceStatus,
      video_decoder: videoStatus,
      face_search: stores.faces.vectorSearch
        ? { status: 'ok', detail: 'pgvector HNSW' }
        : {
            status: 'degraded',
            detail: 'pgvector is not installed: exact search (correct, but scans every template)',
          },
    }),
    close: async () => {
      closing = true;
      await barcodeReader.close();
      await faceEngine?.close();
    },
  };
}
