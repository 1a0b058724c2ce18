import crypto from 'node:crypto';

/** Opaque bearer credentials: random, shown once, stored only as their SHA-256 (see hashSecret). */
export function generateOpaqueToken(prefix: string, bytes = 32): string {
  return prefix + crypto.randomBytes(bytes).toString('base64url');
}

function mac(key: string, message: string): string {
  return crypto.createHmac('sha256', key).update(message).digest('base64url');
}

/** A self-contained signed link: whoever holds it may fetch `subject` until `expiresAtSeconds`. */
export function signLink(key: string, subject: string, expiresAtSeconds: number): string {
  return mac(key, `${subject}.${expiresAtSeconds}`);
}

export function verifyLink(
  key: string,
  subject: string,
  expiresAtSeconds: number,
  signature: string,
  nowSeconds: number,
): boolean {
  if (!Number.isSafeInteger(expiresAtSeconds) || nowSeconds >= expiresAtSeconds) return false;
  const expected = Buffer.from(mac(key, `${subject}.${expiresAtSeconds}`));
  const given = Buffer.from(signature);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
