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

export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      base: { service: 'idv' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination as pino.DestinationStream | undefined,
  );
}
