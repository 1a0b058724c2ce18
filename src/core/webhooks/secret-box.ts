import crypto from 'node:crypto';

const SECRET_PREFIX = 'whsec_';
const FORMAT_VERSION = 'v1';
const IV_BYTES = 12;
/** Domain separation: a ciphertext made for another purpose under the same key never opens here. */
const ASSOCIATED_DATA = Buffer.from('webhook-endpoint-secret', 'utf8');

/** An endpoint's signing secret: 32 random bytes, shown once at creation. */
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
    throw new Error('the key must be 32 bytes as base64url (43 characters) or hex (64 characters)');
  }
  return key;
}

export type SecretBox = { seal(plaintext: string): string; open(sealed: string): string };

/** The service's one AES-256-GCM: a fresh 96-bit IV per message, `purpose` bound in as associated data. */
function gcmSeal(
  key: Buffer,
  purpose: Buffer,
  plaintext: Buffer,
): { iv: Buffer; tag: Buffer; ciphertext: Buffer } {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(purpose);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), ciphertext };
}

/** Opens what gcmSeal made; throws when the key, the purpose or any byte differs (GCM's tag). */
function gcmOpen(key: Buffer, purpose: Buffer, iv: Buffer, tag: Buffer, ciphertext: Buffer): Buffer {
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(purpose);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
}

const assertKeys = (keys: Buffer[]) => {
  if (keys.some((k) => k.length !== 32)) throw new Error('AES-256-GCM needs a 32-byte key');
};

/**
 * AES-256-GCM with a fresh 96-bit IV per secret: the database holds `v1.<iv>.<tag>.<ciphertext>`,
 * so a dump of it reveals no endpoint secret without the key from configuration. Sealing always uses
 * `key`; opening also tries `previousKeys` (during a key rotation), and GCM's tag tells which key fits.
 */
export function createSecretBox(key: Buffer, previousKeys: Buffer[] = []): SecretBox {
  assertKeys([key, ...previousKeys]);
  return {
    seal(plaintext) {
      const { iv, tag, ciphertext } = gcmSeal(key, ASSOCIATED_DATA, Buffer.from(plaintext, 'utf8'));
      return [FORMAT_VERSION, ...[iv, tag, ciphertext].map((part) => part.toString('base64url'))].join('.');
    },
    open(sealed) {
      const [version, iv, tag, ciphertext, ...rest] = sealed.split('.');
      if (version !== FORMAT_VERSION || !iv || !tag || ciphertext === undefined || rest.length > 0) {
        throw new Error('sealed webhook secret has an unknown format');
      }
      const parts = [iv, tag, ciphertext].map((part) => Buffer.from(part, 'base64url')) as [
        Buffer,
        Buffer,
        Buffer,
      ];
      for (const candidate of [key, ...previousKeys]) {
        try {
          return gcmOpen(candidate, ASSOCIATED_DATA, ...parts).toString('utf8');
        } catch {
          // Sealed with another key (or altered): GCM's tag refuses it; try the next key.
        }
      }
      throw new Error('sealed webhook secret does not open with WEBHOOK_SECRET_KEY or a previous key');
    },
  };
}

/** Encryption at rest of personal data (DATA_ENCRYPTION_KEY, docs/privacy.md): text fields and media bytes. */
export type DataSealer = {
  /** `d1.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts). */
  sealText(plaintext: string): string;
  openText(sealed: string): string;
  /** `IDV1` + key id (4 bytes) + iv + tag + ciphertext. */
  sealBytes(plaintext: Buffer): Buffer;
  /** Opens sealed bytes; bytes stored before encryption was introduced come back as they are. */
  openBytes(stored: Buffer): Buffer;
  /** Whether a stored value is sealed (text or bytes). */
  isSealed(stored: string | Buffer): boolean;
};

const DATA_TEXT_VERSION = 'd1';
/** No image format starts with these bytes, so a sealed blob is never mistaken for a plain one. */
const DATA_BYTES_MAGIC = Buffer.from('IDV1', 'ascii');
const KEY_ID_BYTES = 4;
const TAG_BYTES = 16;
const DATA_PURPOSE = Buffer.from('personal-data-at-rest', 'utf8');

/** A key's id, stored with every ciphertext: the first 4 bytes of its SHA-256 (not enough to learn anything). */
export function dataKeyId(key: Buffer): Buffer {
  return crypto.createHash('sha256').update(key).digest().subarray(0, KEY_ID_BYTES);
}

/**
 * Seals with `key`; opens with whichever of `key` and `previousKeys` the stored key id names, so a
 * rotation only adds the new key and keeps the old ones readable until nothing sealed with them is left.
 */
export function createDataSealer(key: Buffer, previousKeys: Buffer[] = []): DataSealer {
  assertKeys([key, ...previousKeys]);
  const currentId = dataKeyId(key);
  const byId = new Map([key, ...previousKeys].reverse().map((k) => [dataKeyId(k).toString('hex'), k]));
  const isSealed = (stored: string | Buffer) =>
    typeof stored === 'string'
      ? stored.startsWith(`${DATA_TEXT_VERSION}.`)
      : stored.subarray(0, DATA_BYTES_MAGIC.length).equals(DATA_BYTES_MAGIC);
  const keyFor = (id: Buffer) => {
    const found = byId.get(id.toString('hex'));
    if (!found)
      throw new Error(`personal data sealed with key ${id.toString('hex')}, which is not configured`);
    return found;
  };
  return {
    sealText(plaintext) {
      const { iv, tag, ciphertext } = gcmSeal(key, DATA_PURPOSE, Buffer.from(plaintext, 'utf8'));
      return [
        DATA_TEXT_VERSION,
        ...[currentId, iv, tag, ciphertext].map((p) => p.toString('base64url')),
      ].join('.');
    },
    openText(sealed) {
      const [version, ...parts] = sealed.split('.');
      if (version !== DATA_TEXT_VERSION || parts.length !== 4)
        throw new Error('sealed data has an unknown format');
      const [id, iv, tag, ciphertext] = parts.map((p) => Buffer.from(p, 'base64url')) as [
        Buffer,
        Buffer,
        Buffer,
        Buffer,
      ];
      return gcmOpen(keyFor(id), DATA_PURPOSE, iv, tag, ciphertext).toString('utf8');
    },
    sealBytes(plaintext) {
      const { iv, tag, ciphertext } = gcmSeal(key, DATA_PURPOSE, plaintext);
      return Buffer.concat([DATA_BYTES_MAGIC, currentId, iv, tag, ciphertext]);
    },
    openBytes(stored) {
      if (!isSealed(stored)) return stored;
      let at = DATA_BYTES_MAGIC.length;
      const take = (n: number) => stored.subarray(at, (at += n));
      const id = take(KEY_ID_BYTES);
      const iv = take(IV_BYTES);
      const tag = take(TAG_BYTES);
      return gcmOpen(keyFor(id), DATA_PURPOSE, iv, tag, stored.subarray(at));
    },
    isSealed,
  };
}

/**
 * Thrown when a value was sealed with a verification's own key and that key is gone: the verification
 * was redacted (crypto-shredding), so the value reads as erased.
 */
export class ShreddedDataError extends Error {
  constructor(verificationId: string) {
    super(`the data key of verification ${verificationId} was destroyed`);
  }
}

const VERIFICATION_TEXT_VERSION = 'k1';
const VERIFICATION_BYTES_MAGIC = Buffer.from('IDK1', 'ascii');

/** A verification's own data key: 32 random bytes, made when the verification is. */
export function generateVerificationKey(): Buffer {
  return crypto.randomBytes(32);
}

/**
 * Seals one verification's personal data with its own key (`k1.<iv>.<tag>.<ciphertext>`, bytes `IDK1`
 * + iv + tag + ciphertext), the verification id bound in as associated data so a value moved to another
 * row does not open. Destroying the key (redaction) makes every copy unreadable, wherever it was left.
 * Opens what earlier releases wrote too: `d1.` values and `IDV1` bytes with `legacy` (DATA_ENCRYPTION_KEY),
 * plain bytes as they are. `key` null means destroyed (or never made): `k1` values throw ShreddedDataError.
 */
export function createVerificationSealer(
  verificationId: string,
  key: Buffer | null,
  legacy?: DataSealer,
): DataSealer {
  if (key) assertKeys([key]);
  const purpose = Buffer.from(`verification-data:${verificationId}`, 'utf8');
  const ownKey = () => {
    if (!key) throw new ShreddedDataError(verificationId);
    return key;
  };
  const fromLegacy = () => {
    if (!legacy) throw new Error('personal data is sealed, but no DATA_ENCRYPTION_KEY is configured here');
    return legacy;
  };
  const isOwn = (stored: string | Buffer) =>
    typeof stored === 'string'
      ? stored.startsWith(`${VERIFICATION_TEXT_VERSION}.`)
      : stored.subarray(0, VERIFICATION_BYTES_MAGIC.length).equals(VERIFICATION_BYTES_MAGIC);
  const isLegacy = (stored: string | Buffer) =>
    typeof stored === 'string'
      ? stored.startsWith(`${DATA_TEXT_VERSION}.`)
      : stored.subarray(0, DATA_BYTES_MAGIC.length).equals(DATA_BYTES_MAGIC);
  return {
    sealText(plaintext) {
      const { iv, tag, ciphertext } = gcmSeal(ownKey(), purpose, Buffer.from(plaintext, 'utf8'));
      return [VERIFICATION_TEXT_VERSION, ...[iv, tag, ciphertext].map((p) => p.toString('base64url'))].join(
        '.',
      );
    },
    openText(sealed) {
      if (isLegacy(sealed)) return fromLegacy().openText(sealed);
      const [version, ...parts] = sealed.split('.');
      if (version !== VERIFICATION_TEXT_VERSION || parts.length !== 3)
        throw new Error('sealed data has an unknown format');
      const [iv, tag, ciphertext] = parts.map((p) => Buffer.from(p, 'base64url')) as [Buffer, Buffer, Buffer];
      return gcmOpen(ownKey(), purpose, iv, tag, ciphertext).toString('utf8');
    },
    sealBytes(plaintext) {
      const { iv, tag, ciphertext } = gcmSeal(ownKey(), purpose, plaintext);
      return Buffer.concat([VERIFICATION_BYTES_MAGIC, iv, tag, ciphertext]);
    },
    openBytes(stored) {
      if (isLegacy(stored)) return fromLegacy().openBytes(stored);
      if (!isOwn(stored)) return stored;
      const at = VERIFICATION_BYTES_MAGIC.length;
      const iv = stored.subarray(at, at + IV_BYTES);
      const tag = stored.subarray(at + IV_BYTES, at + IV_BYTES + TAG_BYTES);
      return gcmOpen(ownKey(), purpose, iv, tag, stored.subarray(at + IV_BYTES + TAG_BYTES));
    },
    isSealed: (stored) => isOwn(stored) || isLegacy(stored),
  };
}

/** Wraps verification keys under DATA_ENCRYPTION_KEY for the key store. */
export type KeyWrapper = {
  /** `w1.<key id>.<iv>.<tag>.<ciphertext>`. */
  wrap(verificationId: string, key: Buffer): string;
  unwrap(verificationId: string, wrapped: string): Buffer;
};

const WRAPPED_VERSION = 'w1';

/**
 * The wrapping of verification keys: under `key`, opened with whichever of `key` and `previousKeys` the
 * stored key id names (a DATA_ENCRYPTION_KEY rotation keeps earlier keys until nothing they wrapped is left).
 */
export function createKeyWrapper(key: Buffer, previousKeys: Buffer[] = []): KeyWrapper {
  assertKeys([key, ...previousKeys]);
  const currentId = dataKeyId(key);
  const byId = new Map([key, ...previousKeys].reverse().map((k) => [dataKeyId(k).toString('hex'), k]));
  const purposeOf = (verificationId: string) => Buffer.from(`verification-key:${verificationId}`, 'utf8');
  return {
    wrap(verificationId, dataKey) {
      assertKeys([dataKey]);
      const { iv, tag, ciphertext } = gcmSeal(key, purposeOf(verificationId), dataKey);
      return [WRAPPED_VERSION, ...[currentId, iv, tag, ciphertext].map((p) => p.toString('base64url'))].join(
        '.',
      );
    },
    unwrap(verificationId, wrapped) {
      const [version, ...parts] = wrapped.trim().split('.');
      if (version !== WRAPPED_VERSION || parts.length !== 4)
        throw new Error('wrapped verification key has an unknown format');
      const [id, iv, tag, ciphertext] = parts.map((p) => Buffer.from(p, 'base64url')) as [
        Buffer,
        Buffer,
        Buffer,
        Buffer,
      ];
      const wrapping = byId.get(id.toString('hex'));
      if (!wrapping)
        throw new Error(`verification key wrapped with key ${id.toString('hex')}, which is not configured`);
      return gcmOpen(wrapping, purposeOf(verificationId), iv, tag, ciphertext);
    },
  };
}
