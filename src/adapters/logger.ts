import { pino, type Logger } from 'pino';

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

let stdoutByTurn: pino.DestinationStream | undefined;

/**
 * Stdout, written once per turn of the event loop: the lines logged during a turn (at load, the
 * access lines of the requests answered in it) leave together in one write, still within that turn.
 * One write per line was most of the cost of logging a request, some 15 µs of CPU on a cached read.
 * The write stays synchronous, as pino's own stdout is, so a full pipe holds the process back rather
 * than lines piling up in memory; what a turn left is written when the process exits. One per
 * process, whatever the number of loggers.
 */
function stdout(): pino.DestinationStream {
  if (stdoutByTurn) return stdoutByTurn;
  const fd = pino.destination({ dest: 1, sync: true });
  let pending = '';
  const flush = () => {
    const lines = pending;
    pending = '';
    fd.write(lines);
  };
  process.once('exit', () => {
    if (pending) flush();
  });
  stdoutByTurn = {
    write(line: string) {
      if (pending === '') setImmediate(flush);
      pending += line;
    },
  };
  return stdoutByTurn;
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
