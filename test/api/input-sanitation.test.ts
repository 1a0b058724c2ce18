import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeUnstorableCharacters, findUnstorableText } from '../../src/core/text/storable-text.js';
import { plainJpeg, toB64 } from '../helpers/images.js';
import { SAMPLE_BARCODE } from '../helpers/session-flow.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';

const INVALID_CHARACTERS = 'must not contain NUL characters or unpaired UTF-16 surrogates';

describe('storable text', () => {
  it('escapes NUL and unpaired surrogates one character for one, and leaves pairs alone', () => {
    expect(escapeUnstorableCharacters('a\u0000b\ud800c\udc00😀')).toBe('a\u2400b\ufffdc\ufffd😀');
    expect(escapeUnstorableCharacters('plain')).toBe('plain');
    expect(findUnstorableText({ a: ['ok', 'x\u0000'], 'k\ud800': 1, b: { c: '😀' } })).toEqual([
      ['a', 1],
      ['k\ufffd'],
    ]);
  });
});

describe.each(engines)('input the database cannot store, on %s', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => t?.close());

  it('refuses NUL or an unpaired surrogate in external_ref with 422 and the field’s loc', async () => {
    for (const externalRef of ['a\u0000b', 'a\ud800b']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/verifications',
        headers: { 'x-api-key': t.rootKey },
        payload: { external_ref: externalRef },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        detail: [{ loc: ['body', 'external_ref'], msg: INVALID_CHARACTERS, type: 'invalid_characters' }],
      });
    }
  });

  it('keeps barcode text holding NUL, with NUL stored as U+2400 at the same position', async () => {
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/verifications',
        headers: { 'x-api-key': t.rootKey },
        payload: { external_ref: 'nul-barcode' },
      })
    ).json() as { id: string; client_token: string };
    const call = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { 'x-client-token': created.client_token }, payload });
    expect((await call('/v1/session/consent', { consent: true })).statusCode).toBe(200);
    const barcode = `${SAMPLE_BARCODE}\u0000\ud800`;
    const res = await call('/v1/session/document', {
      side: 'back',
      image_b64: toB64(await plainJpeg()),
      barcode,
    });
    expect(res.statusCode).toBe(200);
    const stored = await t.platform.stores.verifications.findById(created.id, t.clock.now());
    const browserText = (stored!.barcode as { browser_text: string }).browser_text;
    expect(browserText).toBe(`${SAMPLE_BARCODE}\u2400\ufffd`);
    expect(browserText).toHaveLength(barcode.length);
  });

  it('answers bodies nested deeper than 32 levels with 400 in the envelope, on signals too', async () => {
    for (const depth of [33, 5_000]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/signals/collect',
        headers: { 'content-type': 'application/json' },
        payload: `{"components":{"a":${'['.repeat(depth - 2)}${']'.repeat(depth - 2)}}}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: 'request body nests deeper than 32 levels' });
    }
    const fits = await t.app.inject({
      method: 'POST',
      url: '/v1/signals/collect',
      payload: `{"components":{"a":${'['.repeat(30)}${']'.repeat(30)}}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(fits.statusCode).toBe(200);
  });

  it('answers framework errors in the envelope: OPTIONS, other content types', async () => {
    const options = await t.app.inject({ method: 'OPTIONS', url: '/v1/keys' });
    expect(options.statusCode).toBe(404);
    expect(options.json()).toEqual({ detail: 'not found' });
    const bare = await t.app.inject({ method: 'OPTIONS', url: '/v1/session/state' });
    expect(bare.statusCode).toBe(204);
    const text = await t.app.inject({
      method: 'POST',
      url: '/v1/keys',
      headers: { 'x-api-key': t.rootKey, 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ detail: 'content type must be application/json' });
  });

  // Over a real socket: inject() normalises `..` away before routing, a client's raw request line does not.
  it('answers 404 to a path that climbs out of a static folder, never 500', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    for (const rawPath of [
      '/sdk/%2e%2e/%2e%2e/package.json',
      '/sdk/../../package.json',
      '/console/assets/../../src/main.ts',
      '/flow/assets/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    ]) {
      const answer = await new Promise<{ status: number | undefined; body: string }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: rawPath }, (res) => {
            let body = '';
            res.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
            res.on('end', () => resolve({ status: res.statusCode, body }));
          })
          .on('error', reject);
      });
      expect(answer.status, rawPath).toBe(404);
      expect(JSON.parse(answer.body)).toEqual({ detail: 'not found' });
    }
  });
});
