import { workerScript } from '../worker-script.js';
import { createInferencePool } from './inference-pool.js';
import type {
  AnalyzeOptions,
  FaceAnalysis,
  FaceEngine,
  FaceEngineStatus,
  ModelInfo,
  PortraitAnalysis,
} from '../../core/faces/face-engine.js';
import type { FaceModelFiles } from './face-models.js';
import type { FaceWorkerData, FaceWorkerResult, FaceWorkerTask } from './face-worker.js';

export type FaceEngineOptions = FaceModelFiles & {
  /** Worker threads, each with its own sessions (one intra-op thread each) and face mesh. */
  threads: number;
  /** Per image, queue wait included; an analysis still running then ends on its thread, its result dropped. */
  timeoutMs: number;
};

/**
 * Face engine on a pool of worker threads, so inference never blocks the event loop. Every call
 * resolves (never rejects): a failure comes back as `ok: false` with a message, which the checks
 * turn into `unavailable`.
 */
export function createFaceEngine(options: FaceEngineOptions): FaceEngine {
  const workerData: FaceWorkerData = {
    ...(options.modelDir ? { modelDir: options.modelDir } : {}),
    ...(options.recognizer ? { recognizer: options.recognizer } : {}),
  };
  const pool = createInferencePool<FaceWorkerTask, FaceWorkerResult>({
    ...workerScript(import.meta.url, 'face-worker'),
    workerData,
    threads: options.threads,
    timeoutMs: options.timeoutMs,
  });
  let lastModels: ModelInfo[] = [];

  /** The shape every analysis shares when the worker could not do it. */
  function failureOf(result: Extract<FaceWorkerResult, { ok: false }>) {
    const { reason, error, durationMs, models } = result;
    return { ok: false as const, reason, error, durationMs, models };
  }

  async function run(task: FaceWorkerTask): Promise<FaceWorkerResult> {
    const startedAt = performance.now();
    const outcome = await pool.run(task);
    if (outcome.ok) {
      if (outcome.result.models.length > 0) lastModels = outcome.result.models;
      return outcome.result;
    }
    const error =
      outcome.reason === 'timed_out'
        ? `face analysis timed out after ${options.timeoutMs} ms`
        : outcome.reason === 'closed'
          ? 'face engine is closed'
          : `face engine failed: ${outcome.error}`;
    const durationMs = performance.now() - startedAt;
    return { ok: false, reason: 'unavailable', error, models: lastModels, durationMs };
  }

  return {
    async ready(): Promise<FaceEngineStatus> {
      const result = await run({ kind: 'status' });
      return result.ok ? { ok: true, models: result.models } : { ok: false, error: result.error };
    },
    async analyze(image: Uint8Array, analyzeOptions?: AnalyzeOptions): Promise<FaceAnalysis> {
      const result = await run({ kind: 'analyze', image, mesh: analyzeOptions?.mesh ?? false });
      if (result.ok)
        return { ok: true, faces: result.faces, durationMs: result.durationMs, models: result.models };
      return failureOf(result);
    },
    async analyzePortrait(image: Uint8Array): Promise<PortraitAnalysis> {
      const result = await run({ kind: 'portrait', image });
      if (result.ok)
        return {
          ok: true,
          cardFaces: result.cardFaces ?? [],
          portrait: result.portrait ?? null,
          problem: result.problem ?? null,
          durationMs: result.durationMs,
          models: result.models,
        };
      return failureOf(result);
    },
    close: () => pool.close(),
  };
}
