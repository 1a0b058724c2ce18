import pLimit from 'p-limit';
import { Piscina } from 'piscina';

/**
 * Worker threads that run onnxruntime sessions, which must never be terminated while a session runs:
 * onnxruntime-node (1.30) then throws from its completion callback into the torn-down thread and the
 * whole process aborts ("terminate called after throwing an instance of 'Napi::Error'", SIGABRT).
 * piscina stops a running task that way, on its abort signal and on `destroy()`, so this pool uses
 * neither on a running task: it hands piscina a task only when a thread is free, answers a caller
 * whose deadline passes at once (`timed_out`), lets a task already running finish on its thread and
 * drops its result, and withdraws a task still waiting before it starts. A model task is bounded
 * (one image, its sizes capped before it gets here), so a thread is never held for long.
 */

export type InferencePoolOptions = {
  /** The worker script and its flags (workerScript). */
  filename: string;
  execArgv: string[];
  workerData: unknown;
  threads: number;
  /** Per task, waiting for a thread included. */
  timeoutMs: number;
};

export type InferenceRun<Result> =
  | { ok: true; result: Result }
  | { ok: false; reason: 'timed_out' }
  | { ok: false; reason: 'closed' }
  | { ok: false; reason: 'failed'; error: string };

export type InferencePool<Task, Result> = {
  run(task: Task): Promise<InferenceRun<Result>>;
  /** Refuses new tasks, withdraws the waiting ones, and resolves once the running ones have ended. */
  close(): Promise<void>;
};

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createInferencePool<Task, Result>(
  options: InferencePoolOptions,
): InferencePool<Task, Result> {
  const pool = new Piscina<Task, Result>({
    filename: options.filename,
    execArgv: options.execArgv,
    workerData: options.workerData,
    minThreads: options.threads,
    maxThreads: options.threads,
    idleTimeout: Number.POSITIVE_INFINITY,
  });
  const threads = pLimit(options.threads);
  const running = new Set<Promise<unknown>>();
  let closed = false;
  let poolError: string | null = null;
  // piscina re-emits a worker's uncaught error on the pool; unheard, it would crash the process.
  pool.on('error', (error: unknown) => {
    poolError = messageOf(error);
  });

  const closedRun: InferenceRun<Result> = { ok: false, reason: 'closed' };

  return {
    run(task) {
      if (closed) return Promise.resolve(closedRun);
      let answered = false;
      return new Promise<InferenceRun<Result>>((resolve) => {
        const answer = (outcome: InferenceRun<Result>) => {
          if (answered) return;
          answered = true;
          clearTimeout(deadline);
          resolve(outcome);
        };
        const deadline = setTimeout(() => answer({ ok: false, reason: 'timed_out' }), options.timeoutMs);
        void threads(async () => {
          if (answered) return;
          if (closed) return answer(closedRun);
          const work = pool.run(task);
          running.add(work);
          try {
            answer({ ok: true, result: await work });
          } catch (error) {
            const detail = poolError ? ` (worker error: ${poolError})` : '';
            answer({ ok: false, reason: 'failed', error: `${messageOf(error)}${detail}` });
          } finally {
            running.delete(work);
          }
        });
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([...running]);
      await pool.destroy();
    },
  };
}
