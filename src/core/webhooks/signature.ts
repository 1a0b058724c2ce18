import crypto from 'node:crypto';

/** The header every delivery carries. */
export const SIGNATURE_HEADER = 'X-Service-Signature';

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
