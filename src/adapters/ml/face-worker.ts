import { workerData } from 'node:worker_threads';
import { runBelowMainThread } from '../worker-script.js';
import type { AnalyzedFace, DetectedFace, ModelInfo, PortraitProblem } from '../../core/faces/face-engine.js';
import { loadFaceModels, type FaceModelFiles, type LoadedFaceModels } from './face-models.js';

export type FaceWorkerData = FaceModelFiles;

export type FaceWorkerTask =
  | { kind: 'status' }
  | { kind: 'analyze'; image: Uint8Array; mesh: boolean }
  | { kind: 'portrait'; image: Uint8Array };

export type FaceWorkerResult =
  | {
      ok: true;
      models: ModelInfo[];
      faces: AnalyzedFace[];
      /** Only for a `portrait` task: the faces on the card, the described portrait, or why there is none. */
      cardFaces?: DetectedFace[];
      portrait?: { face: AnalyzedFace; faceHeightPx: number } | null;
      problem?: PortraitProblem | null;
      durationMs: number;
    }
  | {
      ok: false;
      reason: 'invalid_image' | 'unavailable';
      error: string;
      models: ModelInfo[];
      durationMs: number;
    };

type Loading = { ok: true; models: LoadedFaceModels } | { ok: false; error: string };

runBelowMainThread();

const options = (workerData ?? {}) as FaceWorkerData;

// Loaded once per worker thread when the pool starts it; every task awaits the same promise.
const loading: Promise<Loading> = loadFaceModels(options).then(
  (models) => ({ ok: true, models }),
  (error: unknown) => ({ ok: false, error: error instanceof Error ? error.message : String(error) }),
);

export default async function runFaceTask(task: FaceWorkerTask): Promise<FaceWorkerResult> {
  const startedAt = performance.now();
  const state = await loading;
  if (!state.ok) return { ok: false, reason: 'unavailable', error: state.error, models: [], durationMs: 0 };
  const { models } = state.models;
  if (task.kind === 'status') return { ok: true, models, faces: [], durationMs: 0 };
  try {
    if (task.kind === 'portrait') {
      const outcome = await state.models.analyzePortrait(task.image);
      const durationMs = performance.now() - startedAt;
      if (!outcome.ok) return { ok: false, reason: outcome.kind, error: outcome.error, models, durationMs };
      const { cardFaces, portrait, problem } = outcome;
      return { ok: true, models, faces: [], cardFaces, portrait, problem, durationMs };
    }
    const outcome = await state.models.analyze(task.image, task.mesh);
    const durationMs = performance.now() - startedAt;
    if (!outcome.ok) return { ok: false, reason: outcome.kind, error: outcome.error, models, durationMs };
    return { ok: true, models, faces: outcome.faces, durationMs };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      reason: 'unavailable',
      error: `face inference failed: ${message}`,
      models,
      durationMs: performance.now() - startedAt,
    };
  }
}
