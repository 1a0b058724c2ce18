import { pino, type Logger } from 'pino';
import type { AccessLog } from '../ports/access-log.js';

/**
 * Secrets, tokens, images and personal data never reach the logs. Request logging records method,
 * route pattern and status only; these paths are a second line of defence for anything logged by hand.
 */
export const REDACTED_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers["x-client-token"]',
  'req.headers.authorization',
  '*.api_key',
  '*.apiKey',
  '*.client_token',
  '*.clientToken',
  '*.token',
  '*.secret',
  '*.secretAccessKey',
  '*.credentials',
  '*.image_b64',
  '*.frames_b64',
  '*.video_b64',
  '*.barcode',
  '*.name',
  '*.first_name',
  '*.last_name',
  '*.dob',
  '*.address',
];

/** Lines are held until this much is waiting (in UTF-16 units, close to bytes for log lines)... */
const FLUSH_AT_LENGTH = 16 * 1024;
/** ...or this long after the first of them, so a quiet service's lines still show within a blink. */
export const FLUSH_AFTER_MS = 50;
/** pino's level for warn: warnings, errors and fatal lines are written at once, with what waits before them. */
const WRITE_AT_ONCE_FROM_LEVEL = 40;

/**
 * A pino destination that writes in batches: lines wait until 16 KiB have gathered or 50 ms have
 * passed, then leave in one write. A write per line cost a cached read some 15 µs of CPU; a write
 * per turn of the event loop (a handful of access lines at load) still meant thousands of small
 * writes a second, for the service and for a log collector reading them on the same machine.
 * Warnings and errors are written at once, so what explains a crash is out before it; `flush` writes
 * the rest (on exit). A SIGKILL loses at most the last 50 ms of info lines.
 */
export function batchedDestination(sink: { write(lines: string): unknown }) {
  let pending = '';
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const lines = pending;
    pending = '';
    if (lines) sink.write(lines);
  };
  const destination = {
    // pino sets lastLevel on a destination that asks for the metadata of each line.
    [Symbol.for('pino.metadata')]: true,
    lastLevel: 0,
    write(line: string) {
      pending += line;
      if (destination.lastLevel >= WRITE_AT_ONCE_FROM_LEVEL || pending.length >= FLUSH_AT_LENGTH) flush();
      else timer ??= setTimeout(flush, FLUSH_AFTER_MS).unref();
    },
    flush,
  };
  return destination;
}

let batchedStdout: pino.DestinationStream | undefined;

/**
 * Stdout, batched. The write stays synchronous, as pino's own stdout is, so a full pipe holds the
 * process back rather than lines piling up in memory. One per process, whatever the number of loggers.
 */
function stdout(): pino.DestinationStream {
  if (batchedStdout) return batchedStdout;
  const destination = batchedDestination(pino.destination({ dest: 1, sync: true }));
  process.once('exit', destination.flush);
  batchedStdout = destination;
  return destination;
}

/** JSON lines on stdout, or on `destination`. */
export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      base: { service: 'idv' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    (destination as pino.DestinationStream | undefined) ?? stdout(),
  );
}

const INFO_LEVEL = 30;

/**
 * Writes access lines, one per request, in the shape pino writes them for `logger.info(fields,
 * 'request')`, to the logger's destination and only when it logs at info. The line is put together
 * here rather than by pino: its fields are fixed and need no redaction pass or generic serialiser,
 * and the timestamp is formatted once per millisecond. In the service pino's formatting cost 2.6 µs a
 * line; with this and the batched stdout a cached read takes 30–33 µs of CPU instead of 35–38
 * (BENCHMARKS.md, hot reads). As pino does, a duration that is not a finite number is written as null.
 */
export function createAccessLog(logger: Logger): AccessLog {
  const destination = (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] as
    (pino.DestinationStream & { lastLevel?: number }) | undefined;
  const bindings = (logger as unknown as Record<symbol, string>)[pino.symbols.chindingsSym] ?? '';
  let isoMs = -1;
  let iso = '';
  return (line) => {
    if (!destination || logger.levelVal > INFO_LEVEL) return;
    const now = Date.now();
    if (now !== isoMs) {
      isoMs = now;
      iso = new Date(now).toISOString();
    }
    if ('lastLevel' in destination) destination.lastLevel = INFO_LEVEL;
    destination.write(
      `{"level":30,"time":"${iso}"${bindings},"reqId":${JSON.stringify(line.reqId)},"method":${JSON.stringify(line.method)},"route":${JSON.stringify(line.route)},"status":${line.status},"ms":${Number.isFinite(line.ms) ? line.ms : null},"msg":"request"}\n`,
    );
  };
}
