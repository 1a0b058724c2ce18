import type { Logger } from 'pino';
import type { CheckWorker } from './worker/check-worker.js';

/** Of the grace period, kept back for closing the database and pools once the checks are drained. */
const CLOSE_MARGIN_MS = 2_000;

/**
 * SIGTERM within a bound: new connections are refused at once; requests in flight and this process's
 * check jobs finish side by side; jobs still running near the end of `graceMs` go back to the queue
 * for another worker (instead of waiting out their lease); then background loops stop and everything
 * closes. Past `graceMs` the process exits anyway, with status 1. Returns the signal handler.
 */
export function gracefulShutdown(parts: {
  logger: Logger;
  graceMs: number;
  closeHttp(): Promise<void>;
  checkWorker: CheckWorker | null;
  stopBackground(): Promise<void>;
  close(): Promise<void>;
}): (signal: string) => Promise<void> {
  const { logger, graceMs } = parts;
  let stopping = false;
  return async (signal) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, graceMs }, 'shutting down: finishing requests and check jobs in flight');
    const force = setTimeout(() => {
      logger.error('shutdown grace period expired; exiting');
      process.exit(1);
    }, graceMs);
    force.unref();
    try {
      await Promise.all([
        parts.closeHttp(),
        parts.checkWorker?.stop({ releaseAfterMs: Math.max(0, graceMs - CLOSE_MARGIN_MS) }),
      ]);
      await parts.stopBackground();
      await parts.close();
      logger.info('shut down');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
}
