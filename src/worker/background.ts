import type { Logger } from 'pino';

/**
 * Runs `task` every `intervalMs`, never two at once (a slow run skips the next tick). Failures are
 * logged and the schedule goes on. The returned stop waits for a run in progress.
 */
export function startInterval(
  intervalMs: number,
  task: () => Promise<unknown>,
  logger: Logger,
  name: string,
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = task()
      .catch((error: unknown) => logger.error({ err: error }, `${name} failed`))
      .finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

export type BackgroundTask = { name: string; intervalMs: number; run: () => Promise<unknown> };

/** Starts the worker role's periodic tasks; returns one stop for all of them. */
export function startBackgroundTasks(tasks: BackgroundTask[], logger: Logger): () => Promise<void> {
  const stops = tasks.map((task) => startInterval(task.intervalMs, task.run, logger, task.name));
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
