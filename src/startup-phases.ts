import type { Logger } from 'pino';
import type { ReadinessReport } from './readiness.js';

/**
 * Start-up says what it does: one log line per phase with its duration, so a slow start shows where
 * the time went instead of a silent minute. Durations of background phases (lists and models load
 * after the service listens) are counted from the process's start, as is "ready".
 */
export async function timedPhase<T>(logger: Logger, phase: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  logger.info({ phase, durationMs: Math.round(performance.now() - started) }, `start-up: ${phase} done`);
  return result;
}

/** Components that load in the background, by the /readyz component that reports them. */
const BACKGROUND_PHASES: Array<{ phase: string; matches: (component: string) => boolean }> = [
  { phase: 'sanctions lists', matches: (component) => component.startsWith('sanctions_list') },
  { phase: 'face models', matches: (component) => component === 'face_models' },
  { phase: 'OCR models', matches: (component) => component === 'ocr_models' },
  { phase: 'barcode decoder', matches: (component) => component === 'barcode_decoder' },
  { phase: 'video decoder', matches: (component) => component === 'video_decoder' },
];

/** Readiness details that mean "still loading" rather than a final state (check-engines.ts, readiness.ts). */
const LOADING = /warming up|loading models|checking video decoder|not loaded yet/;
const POLL_MS = 250;

/**
 * Watches readiness until every background phase has settled, logging each once with how long after
 * the process started it settled and how (ok, degraded, unavailable), then "ready" with the overall
 * status. Returns a stop for shutdown during start-up.
 */
export function reportBackgroundPhases(
  readiness: () => Promise<ReadinessReport>,
  logger: Logger,
): () => void {
  const pending = new Set(BACKGROUND_PHASES.map((p) => p.phase));
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const poll = async () => {
    const report = await readiness().catch(() => null);
    if (stopped) return;
    if (report) {
      for (const { phase, matches } of BACKGROUND_PHASES) {
        if (!pending.has(phase)) continue;
        const states = Object.entries(report.components).filter(([name]) => matches(name));
        if (states.some(([, state]) => LOADING.test(state.detail ?? ''))) continue;
        pending.delete(phase);
        if (states.length === 0) continue;
        logger.info(
          {
            phase,
            sinceStartMs: Math.round(performance.now()),
            components: Object.fromEntries(states.map(([name, state]) => [name, state.status])),
          },
          `start-up: ${phase} settled`,
        );
      }
      if (pending.size === 0) {
        logger.info(
          { status: report.status, sinceStartMs: Math.round(performance.now()) },
          'start-up: ready',
        );
        return;
      }
    }
    timer = setTimeout(() => void poll(), POLL_MS);
    timer.unref();
  };
  void poll();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/**
 * Printed once, on stdout outside the structured log, when this start created the root key: a first
 * start tells where the key file, the data and the docs are. The key itself is never printed.
 */
export function firstStartBanner(parts: {
  /** DATA_DIR/root-key, or null when DATA_DIR is in memory and the key could not be kept. */
  rootKeyFile: string | null;
  dataDir: string;
  engine: string;
  baseUrl: string;
}): string {
  const data = parts.engine === 'pglite' ? parts.dataDir : `${parts.dataDir} (keys only; data in PostgreSQL)`;
  const where = parts.rootKeyFile
    ? [
        '  It was written to a file only this user can read (mode 0600); the key is never printed:',
        '',
        `    cat ${parts.rootKeyFile}`,
        '',
        '  Keep it in your secret store, then delete the file.',
      ]
    : ['  The data directory is in memory, so the key was kept nowhere: set BOOTSTRAP_API_KEY to choose it.'];
  return [
    '',
    '  First start: no API key existed, so a root key (scopes ["*", "operator"]) was created.',
    ...where,
    '  Send it as the X-Api-Key header; create narrower keys with POST /v1/keys.',
    `  Data directory: ${data}`,
    `  API reference:  ${parts.baseUrl}/docs (OpenAPI: ${parts.baseUrl}/openapi.json; docs/api.md in the repository)`,
    '',
    '',
  ].join('\n');
}
