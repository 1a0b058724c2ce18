import crypto from 'node:crypto';

/** The header every delivery carries. */
export const SIGNATURE_HEADER = 'X-Service-Signature';

/** docs/webhooks.md recommends receivers accept timestamps at most this far from their own clock. */
export const DEFAULT_SIGNATURE_TOLERANCE_SECONDS = 300;

type RawBody = string | Uint8Array;

function digestHex(secret: string, timestampSeconds: number, rawBody: RawBody): string {
  return crypto
    .createHmac('sha256', secret)
    .update(`${timestampSeconds}.`, 'utf8')
    .update(typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody)
    .digest('hex');
}

/** `t=<unix>,v1=<hex>`: lowercase hex HMAC-SHA256 of `<t>.<raw body>` keyed with the endpoint secret. */
export function signWebhookPayload(rawBody: RawBody, secret: string, timestampSeconds: number): string {
  return `t=${timestampSeconds},v1=${digestHex(secret, timestampSeconds, rawBody)}`;
}

export type SignatureVerification =
  | { valid: true; timestampSeconds: number }
  | {
      valid: false;
      reason: 'malformed_header' | 'timestamp_outside_tolerance' | 'signature_mismatch';
      timestampSeconds?: number;
    };

/**
 * Parses `t=<unix>,v1=<hex>[,v1=<hex>…]`. Several v1 entries are accepted so a sender may sign with
 * an old and a new secret while a receiver rotates.
 */
function parseHeader(header: string): { timestampSeconds: number; signatures: string[] } | null {
  let timestampSeconds: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name === 't') {
      if (!/^\d{1,12}$/.test(value) || timestampSeconds !== null) return null;
      timestampSeconds = Number(value);
    } else if (name === 'v1' && /^[0-9a-f]{64}$/.test(value)) {
      signatures.push(value);
    }
  }
  return timestampSeconds === null || signatures.length === 0 ? null : { timestampSeconds, signatures };
}

/**
 * For receivers: checks an `X-Service-Signature` header against the raw bytes of the request body,
 * exactly as received (re-serialised JSON gives a different digest). Digests are compared in
 * constant time, and a timestamp further than `toleranceSeconds` from `now` is refused so a
 * captured delivery cannot be replayed later.
 */
export function verifyWebhookSignature(
  rawBody: RawBody,
  header: string | null | undefined,
  secret: string,
  options: { toleranceSeconds?: number; now?: Date } = {},
): SignatureVerification {
  const parsed = header ? parseHeader(header) : null;
  if (!parsed) return { valid: false, reason: 'malformed_header' };
  const { timestampSeconds, signatures } = parsed;
  const expected = Buffer.from(digestHex(secret, timestampSeconds, rawBody), 'hex');
  let matched = false;
  for (const signature of signatures) {
    // Every candidate is compared, so the time taken does not reveal which one matched.
    if (crypto.timingSafeEqual(Buffer.from(signature, 'hex'), expected)) matched = true;
  }
  if (!matched) return { valid: false, reason: 'signature_mismatch', timestampSeconds };
  const nowSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_SIGNATURE_TOLERANCE_SECONDS;
  if (Math.abs(nowSeconds - timestampSeconds) > tolerance) {
    return { valid: false, reason: 'timestamp_outside_tolerance', timestampSeconds };
  }
  return { valid: true, timestampSeconds };
}
