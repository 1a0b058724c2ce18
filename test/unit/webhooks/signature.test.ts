import crypto from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkWebhookSignature } from '../../../packages/node/src/index.js';
import { signWebhookPayload } from '../../../src/core/webhooks/signature.js';

const secret = 'whsec_' + 'k'.repeat(43);
const now = new Date('2026-11-01T12:00:00Z');
const t = Math.floor(now.getTime() / 1000);

describe('webhook signatures', () => {
  it('is lowercase hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint secret', () => {
    const body = '{"event":"verification.decided","verification_id":"x","data":{"score":1}}';
    const expected = crypto.createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    expect(signWebhookPayload(body, secret, t)).toBe(`t=${t},v1=${expected}`);
    expect(signWebhookPayload(Buffer.from(body), secret, t)).toBe(`t=${t},v1=${expected}`);
  });

  it('verifies the exact bytes, and no other serialisation of the same JSON', () => {
    const raw = Buffer.from('{"b":1,"a":"é"}', 'utf8');
    const header = signWebhookPayload(raw, secret, t);
    expect(checkWebhookSignature(raw, header, secret, { now })).toEqual({
      valid: true,
      timestampSeconds: t,
    });
    expect(checkWebhookSignature(raw.toString('utf8'), header, secret, { now }).valid).toBe(true);
    for (const other of ['{"a":"é","b":1}', '{ "b": 1, "a": "é" }', '{"b":1,"a":"\\u00e9"}']) {
      expect(checkWebhookSignature(other, header, secret, { now })).toEqual({
        valid: false,
        reason: 'signature_mismatch',
        timestampSeconds: t,
      });
    }
  });

  it('refuses timestamps outside the tolerance (300 s by default) in either direction', () => {
    const body = '{}';
    const at = (offsetSeconds: number) => signWebhookPayload(body, secret, t + offsetSeconds);
    expect(checkWebhookSignature(body, at(-300), secret, { now }).valid).toBe(true);
    expect(checkWebhookSignature(body, at(300), secret, { now }).valid).toBe(true);
    expect(checkWebhookSignature(body, at(-301), secret, { now })).toMatchObject({
      valid: false,
      reason: 'timestamp_outside_tolerance',
    });
    expect(checkWebhookSignature(body, at(301), secret, { now }).valid).toBe(false);
    expect(checkWebhookSignature(body, at(-301), secret, { now, toleranceSeconds: 600 }).valid).toBe(true);
  });

  it('rejects malformed headers and the wrong secret', () => {
    const body = '{}';
    const good = signWebhookPayload(body, secret, t);
    for (const header of [
      undefined,
      '',
      'v1=abc',
      `t=${t}`,
      `t=abc,v1=${'0'.repeat(64)}`,
      `t=${t},v1=${'0'.repeat(63)}`,
      good.toUpperCase(),
      `t=${t},t=${t},${good.split(',')[1]}`,
    ]) {
      expect(checkWebhookSignature(body, header, secret, { now })).toMatchObject({ valid: false });
    }
    expect(checkWebhookSignature(body, good, secret + 'x', { now })).toMatchObject({
      valid: false,
      reason: 'signature_mismatch',
    });
  });

  it('accepts a header carrying several v1 signatures when one matches (secret rotation)', () => {
    const body = '{"x":1}';
    const [, current] = signWebhookPayload(body, secret, t).split(',');
    const [, old] = signWebhookPayload(body, 'whsec_old', t).split(',');
    expect(checkWebhookSignature(body, `t=${t},${old},${current}`, secret, { now }).valid).toBe(true);
  });

  it('round-trips any body and detects any single-byte change', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 300 }), fc.nat(), (bytes, position) => {
        const raw = Buffer.from(bytes);
        const header = signWebhookPayload(raw, secret, t);
        expect(checkWebhookSignature(raw, header, secret, { now }).valid).toBe(true);
        const changed = Buffer.from(raw);
        const i = position % changed.length;
        changed[i] = (changed[i]! + 1) % 256;
        expect(checkWebhookSignature(changed, header, secret, { now }).valid).toBe(false);
      }),
    );
  });
});
