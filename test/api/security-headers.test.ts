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

  it('answers the bare address with a page that links the docs, the console and health, under the deny-all CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    for (const href of ['/docs', '/openapi.json', '/console', '/healthz', '/readyz'])
      expect(res.body).toContain(`href="${href}"`);
    expect(res.body).not.toMatch(/<script|<style|style=/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
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

  it('frames each load of the flow by the origins of the publishable key in its address only', async () => {
    const frameAncestors = async (query = '') =>
      /frame-ancestors ([^;]+)$/.exec(
        String(
          (await t.app.inject({ method: 'GET', url: `/flow${query}` })).headers['content-security-policy'],
        ),
      )?.[1];
    // A page that names no key is framed by no one: the flow runs framed only for a key it can check.
    expect(await frameAncestors()).toBe("'none'");
    const create = (allowed_origins: unknown, key = t.rootKey) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/publishable-keys',
        headers: { 'x-api-key': key },
        payload: { label: 'shop', allowed_origins },
      });
    for (const bad of [
      ['https://shop.example.com/path'],
      ['http://shop.example.com'],
      ['https://*.example.com'],
      ['https://shop.example.com; script-src *'],
    ]) {
      const res = await create(bad);
      expect(res.statusCode, bad[0]).toBe(422);
      expect(res.json().detail[0].loc).toEqual(['body', 'allowed_origins', 0]);
    }
    const shop = await create(['https://shop.example.com', 'http://localhost:3000']);
    expect(shop.statusCode).toBe(201);
    expect(shop.json().allowed_origins).toEqual(['https://shop.example.com', 'http://localhost:3000']);
    const open = await create([]);
    const other = await create(['https://other.example.net']);
    const pk = (created: typeof shop) => `?pk=${created.json().publishable_key as string}`;
    expect(await frameAncestors(pk(shop))).toBe('https://shop.example.com http://localhost:3000');
    expect(await frameAncestors(pk(other))).toBe('https://other.example.net');
    // A live key without origins is framed by no one, nor is an unknown key; a test-mode key without
    // origins keeps the deployment's default, for trying an integration (the launch check still applies).
    expect(await frameAncestors(pk(open))).toBe("'none'");
    expect(await frameAncestors('?pk=pk_not_a_live_key')).toBe("'none'");
    const testKey = await t.app.inject({
      method: 'POST',
      url: '/v1/keys',
      headers: { 'x-api-key': t.rootKey },
      payload: { label: 'trying out', scopes: ['*'], mode: 'test' },
    });
    expect(testKey.statusCode, testKey.body).toBe(201);
    expect(await frameAncestors(pk(await create([], testKey.json().api_key as string)))).toBe('*');
    const revoked = await t.app.inject({
      method: 'POST',
      url: `/v1/publishable-keys/${shop.json().id}/revoke`,
      headers: { 'x-api-key': t.rootKey },
    });
    expect(revoked.statusCode).toBe(200);
    expect(await frameAncestors(pk(shop))).toBe("'none'");
  });

  it('keeps another merchant’s flow header as it is when one merchant lists 1,000 origins', async () => {
    const merchant = async (label: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/keys',
          headers: { 'x-api-key': t.rootKey },
          payload: { label, scopes: ['keys:write', 'keys:read'] },
        })
      ).json().api_key as string;
    const [bloater, neighbour] = [await merchant('bloater'), await merchant('neighbour')];
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/v1/publishable-keys',
      headers: { 'x-api-key': neighbour },
      payload: { label: 'neighbour', allowed_origins: ['https://neighbour.example.org'] },
    });
    const load = () =>
      t.app.inject({ method: 'GET', url: `/flow?pk=${theirs.json().publishable_key as string}` });
    const before = (await load()).headers['content-security-policy'];
    for (let k = 0; k < 50; k++) {
      const origins = Array.from(
        { length: 20 },
        (_, i) => `https://${'x'.repeat(150)}-${k}-${i}.bloat.example.com`,
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/publishable-keys',
        headers: { 'x-api-key': bloater },
        payload: { label: `bloat ${k}`, allowed_origins: origins },
      });
      expect(res.statusCode).toBe(201);
    }
    const after = await load();
    expect(after.statusCode).toBe(200);
    expect(after.headers['content-security-policy']).toBe(before);
    expect(String(after.headers['content-security-policy'])).toMatch(
      /frame-ancestors https:\/\/neighbour\.example\.org$/,
    );
  });
});
