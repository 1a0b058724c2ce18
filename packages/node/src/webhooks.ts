import crypto from 'node:crypto';

/** The body of every webhook delivery. `id` is the same on every retry: use it to drop duplicates. */
export type WebhookEvent = {
  id: string;
  /** `verification.decided`, `verification.reviewed`, …: see the service's webhook guide. */
  event: string;
  created_at: string;
  verification_id: string | null;
  data: Record<string, unknown>;
};

export type WebhookFailure = 'malformed_header' | 'signature_mismatch' | 'timestamp_outside_tolerance';

export class WebhookVerificationError extends Error {
  constructor(readonly reason: WebhookFailure) {
    super(`webhook signature refused: ${reason.replaceAll('_', ' ')}`);
    this.name = 'WebhookVerificationError';
  }
}

/** Receivers should refuse deliveries signed further than this from their own clock (seconds). */
export const DEFAULT_TOLERANCE_SECONDS = 300;

function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name === 't') {
      if (!/^\d{1,12}$/.test(value) || timestamp !== null) return null;
      timestamp = Number(value);
    } else if (name === 'v1' && /^[0-9a-f]{64}$/.test(value)) {
      signatures.push(value);
    }
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/** The signature check's verdict, with the signed timestamp when the header had one. */
export type SignatureCheck =
  | { valid: true; timestampSeconds: number }
  | { valid: false; reason: WebhookFailure; timestampSeconds?: number };

/**
 * Checks a delivery's `X-Service-Signature` (`t=<unix>,v1=<hex>`: HMAC-SHA256 of `<t>.<raw body>` with
 * the endpoint secret) against the raw body exactly as received, in constant time, refusing timestamps
 * further than `toleranceSeconds` from now so a captured delivery cannot be replayed. Several `v1`
 * entries are accepted, so a sender may sign with an old and a new secret during a rotation.
 */
export function checkWebhookSignature(
  rawBody: string | Uint8Array,
  header: string | null | undefined,
  secret: string,
  options: { toleranceSeconds?: number; now?: Date } = {},
): SignatureCheck {
  const parsed = header ? parseSignatureHeader(header) : null;
  if (!parsed) return { valid: false, reason: 'malformed_header' };
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : Buffer.from(rawBody);
  const expected = crypto
    .createHmac('sha256', secret)
    .update(`${parsed.timestamp}.`, 'utf8')
    .update(body)
    .digest();
  let matched = false;
  for (const signature of parsed.signatures) {
    // Every candidate is compared, so the time taken does not tell which one matched.
    if (crypto.timingSafeEqual(Buffer.from(signature, 'hex'), expected)) matched = true;
  }
  const timestampSeconds = parsed.timestamp;
  if (!matched) return { valid: false, reason: 'signature_mismatch', timestampSeconds };
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(nowSeconds - timestampSeconds) > (options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS))
    return { valid: false, reason: 'timestamp_outside_tolerance', timestampSeconds };
  return { valid: true, timestampSeconds };
}

/**
 * `checkWebhookSignature`, then the parsed event; throws `WebhookVerificationError` when the check
 * fails. Pass the bytes before any JSON parsing: re-serialised JSON has another digest.
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  header: string | null | undefined,
  secret: string,
  options: { toleranceSeconds?: number; now?: Date } = {},
): WebhookEvent {
  const check = checkWebhookSignature(rawBody, header, secret, options);
  if (!check.valid) throw new WebhookVerificationError(check.reason);
  const body = typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8');
  return JSON.parse(body) as WebhookEvent;
}
