import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/test-app.js';

describe('security headers', () => {
  let t: TestContext;
  let https: TestContext;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    https = await createTestApp('pglite', { env: { PUBLIC_BASE_URL: 'https://idv.example.com' } });
  });
  afterAll(async () => {
    await t.close();
    await https.close();
  });

  it('puts a deny-all CSP, nosniff, DENY framing and no-referrer on API answers, errors included', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/v1/keys', headers: { 'x-api-key': t.rootKey } }),
      await t.app.inject({ method: 'GET', url: '/v1/keys' }),
      await t.app.inject({ method: 'GET', url: '/no/such/route' }),
    ]) {
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'",
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends HSTS when the public address is https', async () => {
    const res = await https.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('keeps the hosted flow frameable by its own CSP, without X-Frame-Options', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/flow' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors [^;]+$/);
  });
});
