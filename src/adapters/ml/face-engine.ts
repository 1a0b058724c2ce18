import { Piscina } from 'piscina';
import { workerScript } from '../worker-script.js';
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
  /** Per image, queue wait included; a running task that times out costs its worker, which is restarted. */
  timeoutMs: number;
};

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

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
  const { filename, execArgv } = workerScript(import.meta.url, 'face-worker');
  const pool = new Piscina<FaceWorkerTask, FaceWorkerResult>({
    filename,
    minThreads: options.threads,
    maxThreads: options.threads,
    idleTimeout: Number.POSITIVE_INFINITY,
    workerData,
    execArgv,
  });
  let lastModels: ModelInfo[] = [];
  let closed = false;
  let poolError: string | null = null;
  // Piscina re-emits a worker's uncaught error on the pool; unheard, it would crash the process.
  pool.on('error', (error: unknown) => {
    poolError = messageOf(error);
  });

  /** The shape every analysis shares when the worker could not do it. */
  function failureOf(result: Extract<FaceWorkerResult, { ok: false }>) {
    const { reason, error, durationMs, models } = result;
    return { ok: false as const, reason, error, durationMs, models };
  }

  async function run(task: FaceWorkerTask): Promise<FaceWorkerResult> {
    const startedAt = performance.now();
    if (closed)
      return {
        ok: false,
        reason: 'unavailable',
        error: 'face engine is closed',
        models: lastModels,
        durationMs: 0,
      };
    try {
      const result = await pool.run(task, { signal: AbortSignal.timeout(options.timeoutMs) });
      if (result.models.length > 0) lastModels = result.models;
      return result;
    } catch (error) {
      const durationMs = performance.now() - startedAt;
      const timedOut =
        error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
      const message = timedOut
        ? `face analysis timed out after ${options.timeoutMs} ms`
        : `face engine failed: ${messageOf(error)}${poolError ? ` (worker error: ${poolError})` : ''}`;
      return { ok: false, reason: 'unavailable', error: message, models: lastModels, durationMs };
    }
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
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await pool.destroy();
    },
  };
}
