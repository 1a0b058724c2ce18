import { loadCheckEngines, type LoadedCheckEngines } from '../../src/adapters/check-engines.js';
import { createLogger } from '../../src/adapters/logger.js';
import type { Config } from '../../src/config.js';
import { lent } from './lent-databases.js';

/**
 * The loaded check engines of one test worker, lent to its test apps in turn, one set per
 * configuration that shapes them. Loading a set costs each app a barcode thread and its decoder
 * (0.24 s of CPU), a child process probing the video decoder (0.1 s), and with the face models their
 * threads and sessions (1.5 s); an app's checks do not change the engines they run on. An app that is
 * open while another is created gets a set of its own, lent again afterwards. A set with a component
 * that failed is closed instead of lent again.
 */
const idle = new Map<string, LoadedCheckEngines[]>();

/** The configuration loadCheckEngines reads. */
const shapeOf = (config: Config) =>
  JSON.stringify([
    config.role,
    config.mlDisabled,
    config.mlThreads,
    config.barcodeThreads,
    config.faceRecognizerModel ?? null,
  ]);

export function lendCheckEngines(config: Config): LoadedCheckEngines {
  const shape = shapeOf(config);
  const idleOfShape = idle.get(shape) ?? [];
  idle.set(shape, idleOfShape);
  const engines = idleOfShape.pop() ?? loadCheckEngines(config, createLogger('silent'), {});
  // Unless one of them failed.
  return lent(engines, idleOfShape, () => noneFailed(engines));
}

/** Start-up states that readiness reports while a component is still loading in the background. */
export const STARTING_UP_DETAILS = new Set(['warming up', 'loading models', 'checking video decoder']);

/** Every component loaded, still loading, or off by configuration. */
function noneFailed(engines: LoadedCheckEngines): boolean {
  return Object.values(engines.status()).every(
    ({ status, detail = '' }) =>
      status === 'ok' ||
      (status === 'degraded' && STARTING_UP_DETAILS.has(detail)) ||
      (status === 'unavailable' && detail === 'ML_DISABLED'),
  );
}
