import crypto from 'node:crypto';

/** How long a key's first answer is kept and replayed. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** Why an Idempotency-Key header is unusable, or null when it is fine: 1 to 255 printable ASCII characters. */
export function idempotencyKeyProblem(key: string): string | null {
  return key.length >= 1 && key.length <= IDEMPOTENCY_KEY_MAX_LENGTH && /^[\x21-\x7e]+$/.test(key)
    ? null
    : `Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters without spaces`;
}

/** JSON with object keys sorted, so two bodies that differ only in key order are the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** What makes two requests "the same": method, path with query, and the (validated) body. */
export function requestFingerprint(request: { method: string; url: string; body: unknown }): string {
  return crypto
    .createHash('sha256')
    .update(`${request.method} ${request.url}\n${canonicalJson(request.body)}`)
    .digest('hex');
}

/** The stored name of a key: its SHA-256, so the table never holds the key itself. */
export function idempotencyKeyHash(key: string): string {
  return crypto.createHash('sha256').update(key, 'utf8').digest('hex');
}

export type RecordedResponse = { statusCode: number; body: unknown };

const PURPOSE = Buffer.from('idempotent-response', 'utf8');

/**
 * The answer's key: HKDF over the API key and the Idempotency-Key, neither of which is stored, so the
 * table alone (a backup, a read replica) cannot reveal a first answer that carried a secret shown once
 * (an API key, a client token, a webhook secret); a retry with both opens it.
 */
function responseKey(apiKeySecret: string, idempotencyKey: string): Buffer {
  return Buffer.from(
    crypto.hkdfSync('sha256', `${apiKeySecret}\u0000${idempotencyKey}`, Buffer.alloc(0), PURPOSE, 32),
  );
}

/** AES-256-GCM with a fresh 96-bit IV: `iv.tag.ciphertext`, each base64url. */
export function sealResponse(
  response: RecordedResponse,
  secrets: { apiKeySecret: string; idempotencyKey: string },
): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv(
    'aes-256-gcm',
    responseKey(secrets.apiKeySecret, secrets.idempotencyKey),
    iv,
  );
  cipher.setAAD(PURPOSE);
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(response.body), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url')).join('.');
}

/** Opens what sealResponse made; throws when the secrets or any byte differ. */
export function openResponse(
  sealed: string,
  secrets: { apiKeySecret: string; idempotencyKey: string },
): unknown {
  const [iv, tag, ciphertext] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !ciphertext) throw new Error('malformed sealed response');
  const decipher = crypto.createDecipheriv(
    'aes-256-gcm',
    responseKey(secrets.apiKeySecret, secrets.idempotencyKey),
    iv,
  );
  decipher.setAAD(PURPOSE);
  decipher.setAuthTag(tag);
  return JSON.parse(Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8'));
}
