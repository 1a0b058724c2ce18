import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createSecretBox,
  generateWebhookSecret,
  parseSecretKey,
} from '../../../src/core/webhooks/secret-box.js';

describe('webhook secret encryption at rest', () => {
  const key = crypto.randomBytes(32);

  it('generates whsec_ secrets of 32 random bytes', () => {
    const secrets = new Set(Array.from({ length: 50 }, generateWebhookSecret));
    expect(secrets.size).toBe(50);
    for (const s of secrets) {
      expect(s).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(s.slice(6), 'base64url')).toHaveLength(32);
    }
  });

  it('seals with AES-256-GCM under a fresh IV and opens again; the sealed form holds no plaintext', () => {
    const box = createSecretBox(key);
    const secret = generateWebhookSecret();
    const a = box.seal(secret);
    const b = box.seal(secret);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(a).not.toContain(secret.slice(6));
    expect(box.open(a)).toBe(secret);
    expect(box.open(b)).toBe(secret);
  });

  it('refuses a tampered ciphertext, a wrong key and unknown formats', () => {
    const box = createSecretBox(key);
    const sealed = box.seal('whsec_abc');
    const parts = sealed.split('.');
    const ct = Buffer.from(parts[3]!, 'base64url');
    ct[0] = ct[0]! ^ 1;
    const tampered = [...parts.slice(0, 3), ct.toString('base64url')].join('.');
    expect(() => box.open(tampered)).toThrow();
    expect(() => createSecretBox(crypto.randomBytes(32)).open(sealed)).toThrow();
    expect(() => box.open('v2.' + parts.slice(1).join('.'))).toThrow(/unknown format/);
    expect(() => box.open('whsec_abc')).toThrow(/unknown format/);
  });

  it('reads WEBHOOK_SECRET_KEY as 43 base64url or 64 hex characters', () => {
    expect(parseSecretKey(key.toString('base64url')).equals(key)).toBe(true);
    expect(parseSecretKey(key.toString('hex')).equals(key)).toBe(true);
    for (const bad of ['', 'short', key.toString('base64'), key.toString('hex').slice(2)]) {
      expect(() => parseSecretKey(bad)).toThrow(/32 bytes/);
    }
  });
});

describe('webhook secret key rotation', () => {
  const oldKey = crypto.randomBytes(32);
  const newKey = crypto.randomBytes(32);

  it('opens secrets sealed with a previous key, and seals only with the current one', () => {
    const secret = generateWebhookSecret();
    const sealedOld = createSecretBox(oldKey).seal(secret);
    const rotating = createSecretBox(newKey, [oldKey]);
    expect(rotating.open(sealedOld)).toBe(secret);
    const resealed = rotating.seal(secret);
    expect(createSecretBox(newKey).open(resealed)).toBe(secret);
    expect(() => createSecretBox(oldKey).open(resealed)).toThrow();
  });

  it('refuses a secret no configured key opens, naming the settings to check', () => {
    const sealedOld = createSecretBox(oldKey).seal(generateWebhookSecret());
    expect(() => createSecretBox(newKey).open(sealedOld)).toThrow(
      'sealed webhook secret does not open with WEBHOOK_SECRET_KEY or a previous key',
    );
  });
});
