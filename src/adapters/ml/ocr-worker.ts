import { workerData } from 'node:worker_threads';
import { runBelowMainThread } from '../worker-script.js';
import { type OcrLine, frontComplete, readFrontFields } from '../../core/documents/front-fields.js';
import type { ModelInfo } from '../../core/faces/face-engine.js';
import { openImage } from '../media/image-decode.js';
import { loadOcrModels, type OcrModels } from './ocr-models.js';
import { readVisualZone } from '../../core/documents/mrz/visual-zone.js';
import type { MrzResult, VisualZoneFields } from '../../core/documents/mrz/types.js';
import { readZone } from './mrz-text.js';
import { type RgbImage, detectRegions, readTextLines } from './ocr-text.js';

export type OcrWorkerData = { modelDir?: string };

export type OcrWorkerTask =
  | { kind: 'status' }
  /** `country` orders the front's dates; with it, reading stops once every field is found. */
  | { kind: 'read'; image: Uint8Array; country?: string | null }
  /**
   * A passport data page or identity card side: its machine-readable zone, and the visual zone on
   * `visualZone` (a card's other side) or on the same image. `today` (ISO) gives two-digit years
   * their century.
   */
  | { kind: 'mrz'; image: Uint8Array; visualZone?: Uint8Array; today: string };

export type OcrWorkerResult =
  | {
      ok: true;
      lines: OcrLine[];
      models: ModelInfo[];
      durationMs: number;
      /** For an `mrz` task: the zone read (null when none was found) and the visual zone's fields. */
      zone?: { mrz: MrzResult; visualZone: VisualZoneFields } | null;
    }
  | { ok: false; reason: 'invalid_image' | 'unavailable'; error: string; models: ModelInfo[] };

/**
 * The photo is read at up to 1280 px on its longer side (a card's value text is then 20–30 px tall,
 * what the recognizer reads at its 48 px), and the detector sees it at 640 px: the detector's cost
 * grows with its input's area, and at 640 px it still finds the 2-mm label text of a card filling
 * 85 % of the photo (BENCHMARKS.md, "Licence front reading").
 */
const READ_SIDE_PX = 1280;
const DETECTOR_SIDE_PX = 640;
/**
 * Lines are read for at most this long per front (a real one takes under a second on a shared 2-core
 * host), well inside the pool's deadline, so a slow or crafted front frees the thread on its own.
 */
const READ_BUDGET_MS = 10_000;

type Loading = { ok: true; models: OcrModels } | { ok: false; error: string };

runBelowMainThread();

/** Through the decode budget (openImage): never past the pixel limit. */
async function decoded(bytes: Uint8Array): Promise<RgbImage> {
  const { data, info } = await openImage(bytes)
    .rotate()
    .resize({ width: READ_SIDE_PX, height: READ_SIDE_PX, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * A data page's or card side's zone and visual zone, one detector pass per image: the zone's rows are
 * read first, and the visual zone's lines are the rest (a card's other side, when given, instead),
 * within the same budget as a licence front.
 */
async function readDocumentZones(
  models: OcrModels,
  image: RgbImage,
  visualSide: RgbImage | null,
  today: string,
  started: number,
): Promise<OcrWorkerResult> {
  const deadline = started + READ_BUDGET_MS;
  try {
    const regions = await detectRegions(models, image, DETECTOR_SIDE_PX);
    const zone = await readZone(models, image, regions, today, deadline);
    if (!zone)
      return {
        ok: true,
        lines: [],
        zone: null,
        models: models.versions,
        durationMs: performance.now() - started,
      };
    const lines = visualSide
      ? await readTextLines(models, visualSide, { detectorSide: DETECTOR_SIDE_PX, deadline })
      : await readTextLines(models, image, {
          detectorSide: DETECTOR_SIDE_PX,
          deadline,
          regions,
          skip: zone.used,
        });
    return {
      ok: true,
      lines,
      zone: { mrz: zone.mrz, visualZone: readVisualZone(lines) },
      models: models.versions,
      durationMs: performance.now() - started,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      reason: 'unavailable',
      error: `text recognition failed: ${message}`,
      models: models.versions,
    };
  }
}

const options = (workerData ?? {}) as OcrWorkerData;

// Loaded once when the pool starts the worker; every task awaits the same promise.
const loading: Promise<Loading> = loadOcrModels(options.modelDir).then(
  (models) => ({ ok: true, models }),
  (error: unknown) => ({ ok: false, error: error instanceof Error ? error.message : String(error) }),
);

export default async function runOcrTask(task: OcrWorkerTask): Promise<OcrWorkerResult> {
  const state = await loading;
  if (!state.ok) return { ok: false, reason: 'unavailable', error: state.error, models: [] };
  const { models } = state;
  if (task.kind === 'status') return { ok: true, lines: [], models: models.versions, durationMs: 0 };
  const started = performance.now();
  let image: RgbImage;
  let visualZone: RgbImage | null = null;
  try {
    image = await decoded(task.image);
    if (task.kind === 'mrz' && task.visualZone) visualZone = await decoded(task.visualZone);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, reason: 'invalid_image', error: message, models: models.versions };
  }
  if (task.kind === 'mrz') return readDocumentZones(models, image, visualZone, task.today, started);
  try {
    const { country } = task;
    const lines = await readTextLines(models, image, {
      detectorSide: DETECTOR_SIDE_PX,
      deadline: started + READ_BUDGET_MS,
      // The title, issue date and sex printed below the last field need not be read (~15 % of a front's CPU).
      enough:
        country === undefined
          ? undefined
          : (read) => frontComplete(readFrontFields(read, country, { datesByOrder: false })),
    });
    return { ok: true, lines, models: models.versions, durationMs: performance.now() - started };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      reason: 'unavailable',
      error: `text recognition failed: ${message}`,
      models: models.versions,
    };
  }
}
