import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../helpers/test-app.js';

/**
 * CORS (src/http/cors.ts): only the hosted flow's browser routes answer other origins, and only the
 * flow's and the service's own; every other route stays same-origin.
 */
describe('CORS', () => {
  let t: TestContext;
  let clientToken: string;
  const flowOrigin = 'https://flow.example.com';
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { HOSTED_FLOW_URL: `${flowOrigin}/idv` } });
    const created = await t.app.inject({
      method: 'POST',
      url: '/v1/verifications',
      headers: { 'x-api-key': t.rootKey },
      payload: { external_ref: 'cors' },
    });
    clientToken = created.json().client_token;
  });
  afterAll(async () => t.close());

  const preflight = (url: string, origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-client-token',
      },
    });

  it('answers a preflight on the browser routes before the client token is checked', async () => {
    for (const url of [
      '/v1/session/state',
      '/v1/session/document',
      '/v1/signals/collect',
      '/v1/signals/collect?x=1',
    ]) {
      const res = await preflight(url, flowOrigin);
      expect(res.statusCode, url).toBe(204);
      expect(res.body).toBe('');
      expect(res.headers).toMatchObject({
        'access-control-allow-origin': flowOrigin,
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': 'content-type, x-client-token, authorization, x-request-id',
        'access-control-expose-headers': 'x-request-id, retry-after',
        'access-control-max-age': '600',
        'content-length': '0',
        vary: 'Origin',
      });
    }
    const own = await preflight('/v1/session/state', 'http://127.0.0.1:8080');
    expect(own.headers['access-control-allow-origin']).toBe('http://127.0.0.1:8080');
  });

  it('names no origin but the flow and the service itself', async () => {
    const foreign = await preflight('/v1/session/state', 'https://evil.example');
    expect(foreign.statusCode).toBe(204);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/session/state',
      headers: { 'x-client-token': clientToken, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('lets the flow read a session answer and its X-Request-Id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/session/state',
      headers: { 'x-client-token': clientToken, origin: flowOrigin },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe(flowOrigin);
    expect(res.headers['access-control-expose-headers']).toBe('x-request-id, retry-after');
  });

  it('keeps every other route same-origin: no CORS headers, OPTIONS is an unknown route', async () => {
    const get = await t.app.inject({
      method: 'GET',
      url: '/v1/keys',
      headers: { 'x-api-key': t.rootKey, origin: flowOrigin },
    });
    expect(get.statusCode).toBe(200);
    expect(Object.keys(get.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    for (const url of ['/v1/keys', '/v1/signals/collected', '/nowhere']) {
      const res = await preflight(url, flowOrigin);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'not found' });
      expect(Object.keys(res.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    }
  });
});
