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

/**
 * Lines go to stdout, or to `destination`. Stdout is written asynchronously: lines logged while a
 * write is under way go out together in the next one, instead of one blocking write per line (at a
 * few thousand requests a second the access lines' writes were over a tenth of the process's time).
 * pino flushes what is left when the process exits; only a kill that allows no exit (SIGKILL, OOM)
 * can lose the last few milliseconds of lines.
 */
export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      base: { service: 'idv' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    (destination as pino.DestinationStream | undefined) ?? pino.destination({ dest: 1, sync: false }),
  );
}
