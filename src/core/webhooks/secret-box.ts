import crypto from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
const FORMAT_VERSION = 'v1';
const IV_BYTES = 12;
/** Domain separation: a ciphertext made for another purpose under the same key never opens here. */
const ASSOCIATED_DATA = Buffer.from('webhook-endpoint-secret', 'utf8');

/** An endpoint's signing secret: 32 random bytes, shown once at creation (SPEC 2.3). */
export function generateWebhookSecret(): string {
  return SECRET_PREFIX + crypto.randomBytes(32).toString('base64url');
}

/** WEBHOOK_SECRET_KEY: 32 bytes written as base64url (43 characters) or hex (64 characters). */
export function parseSecretKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : /^[A-Za-z0-9_-]{43}$/.test(trimmed)
      ? Buffer.from(trimmed, 'base64url')
      : null;
  if (!key || key.length !== 32) {
    throw new Error(
      'webhook secret key must be 32 bytes as base64url (43 characters) or hex (64 characters)',
    );
  }
  return key;
}

export type SecretBox = { seal(plaintext: string): string; open(sealed: string): string };

/**
 * AES-256-GCM with a fresh 96-bit IV per secret: the database holds `v1.<iv>.<tag>.<ciphertext>`,
 * so a dump of it reveals no endpoint secret without the key from configuration. Sealing always uses
 * `key`; opening also tries `previousKeys` (during a key rotation), and GCM's tag tells which key fits.
 */
export function createSecretBox(key: Buffer, previousKeys: Buffer[] = []): SecretBox {
  if ([key, ...previousKeys].some((k) => k.length !== 32)) throw new Error('AES-256-GCM needs a 32-byte key');
  const openWith = (candidate: Buffer, iv: string, tag: string, ciphertext: string): string => {
    const decipher = crypto.createDecipheriv('aes-256-gcm', candidate, Buffer.from(iv, 'base64url'));
    decipher.setAAD(ASSOCIATED_DATA);
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  };
  return {
    seal(plaintext) {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(ASSOCIATED_DATA);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [FORMAT_VERSION, iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
      if (version !== FORMAT_VERSION || !iv || !tag || ciphertext === undefined || rest.length > 0) {
        throw new Error('sealed webhook secret has an unknown format');
      }
      for (const candidate of [key, ...previousKeys]) {
        try {
          return openWith(candidate, iv, tag, ciphertext);
        } catch {
          // Sealed with another key (or altered): GCM's tag refuses it; try the next key.
        }
      }
      throw new Error('sealed webhook secret does not open with WEBHOOK_SECRET_KEY or a previous key');
    },
  };
}
