import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOADS_PER_VERIFICATION } from '../../src/use-cases/verifications/upload-admission.js';
import { plainJpeg, toB64 } from '../helpers/images.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';

/** One client token cannot push a stream of uploads, nor several at once, through the decoders and the store. */
describe.each(engines)('upload limits per verification on %s', (engine) => {
  let t: TestContext;
  let jpeg: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    jpeg = toB64(await plainJpeg());
  });
  afterAll(async () => t?.close());

  async function session() {
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/v1/verifications',
        headers: { 'x-api-key': t.rootKey },
        payload: { external_ref: 'upload-limits' },
      })
    ).json() as { client_token: string };
    const headers = { 'x-client-token': created.client_token };
    await t.app.inject({ method: 'POST', url: '/v1/session/consent', headers, payload: { consent: true } });
    return (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers, payload });
  }

  it('refuses uploads past the bound in the window with 429 and Retry-After, other verifications unaffected', async () => {
    const call = await session();
    for (let upload = 0; upload < UPLOADS_PER_VERIFICATION.max; upload++) {
      const res = await call('/v1/session/document', { side: 'front', image_b64: jpeg });
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await call('/v1/session/selfie', { frames_b64: [jpeg] });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({
      detail:
        'this verification has sent 30 uploads in 10 minutes, the most it may; retry after the number of seconds in Retry-After',
    });
    const other = await session();
    expect((await other('/v1/session/document', { side: 'front', image_b64: jpeg })).statusCode).toBe(200);
  });

  it('takes one upload of a verification at a time', async () => {
    const call = await session();
    const frames = Array.from({ length: 8 }, () => jpeg);
    const answers = await Promise.all([
      call('/v1/session/selfie', { frames_b64: frames }),
      call('/v1/session/selfie', { frames_b64: frames }),
    ]);
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 429]);
    const busy = answers.find((res) => res.statusCode === 429)!;
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json()).toEqual({
      detail: 'another upload for this verification is in progress; retry when it has finished',
    });
    // Once the first has finished, the next is taken.
    expect((await call('/v1/session/selfie', { frames_b64: frames })).statusCode).toBe(200);
  });
});
