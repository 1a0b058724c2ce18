import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toB64 } from '../helpers/images.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';

/** A phone-sized photo that JPEG cannot shrink much (sensor noise): about 2 MB. */
async function heavyFrame(seed: number): Promise<Buffer> {
  return sharp({
    create: {
      width: 2000,
      height: 1500,
      channels: 3,
      background: { r: 100 + seed, g: 120, b: 140 },
      noise: { type: 'gaussian', mean: 128, sigma: 50 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/**
 * The security review's stall: on the embedded database one end user's 13 MB upload of undecodable
 * bytes held the only connection for 37 s while another merchant's read waited. Such bytes are now
 * refused before storage (resource-limits.test.ts); a valid upload of 12 MB, stored as files (the
 * default beside PGlite) or in the media table, leaves another merchant's reads answered meanwhile.
 */
describe.each(['files', 'database'] as const)(
  'a large upload on the embedded database (MEDIA_STORE=%s)',
  (store) => {
    let t: TestContext;
    let dataDir: string;
    let frames: string[];
    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-upload-isolation-'));
      t = await createTestApp('pglite', { env: { DATA_DIR: dataDir, MEDIA_STORE: store } });
      frames = [];
      for (let i = 0; i < 5; i++) frames.push(toB64(await heavyFrame(i)));
    });
    afterAll(async () => {
      await t?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    /** Another merchant's reads (a list is read from the database, a single verification may come from the read cache) while `upload` runs. */
    async function readsDuring(other: string, upload: () => Promise<{ statusCode: number; body: string }>) {
      let uploading = true;
      const running = upload().finally(() => (uploading = false));
      const latencies: number[] = [];
      while (uploading) {
        const started = performance.now();
        const read = await t.app.inject({
          method: 'GET',
          url: '/v1/verifications?limit=1',
          headers: { 'x-api-key': other },
        });
        latencies.push(performance.now() - started);
        expect(read.statusCode).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return { answer: await running, latencies, worst: Math.max(...latencies) };
    }

    it('does not hold another merchant’s read', async () => {
      const other = (
        await t.app.inject({
          method: 'POST',
          url: '/v1/keys',
          headers: { 'x-api-key': t.rootKey },
          payload: { label: 'other merchant', scopes: ['verifications:write', 'verifications:read'] },
        })
      ).json().api_key as string;
      await t.app.inject({
        method: 'POST',
        url: '/v1/verifications',
        headers: { 'x-api-key': other },
        payload: { external_ref: 'theirs' },
      });
      const mine = (
        await t.app.inject({
          method: 'POST',
          url: '/v1/verifications',
          headers: { 'x-api-key': t.rootKey },
          payload: { external_ref: 'large upload' },
        })
      ).json() as { client_token: string };
      const session = { 'x-client-token': mine.client_token };
      await t.app.inject({
        method: 'POST',
        url: '/v1/session/consent',
        headers: session,
        payload: { consent: true },
      });

      // 25 MB is over the body limit: refused from its Content-Length, before a byte of it is parsed.
      const oversized = JSON.stringify({ frames_b64: ['A'.repeat(25 * 1024 * 1024)] });
      const refused = await readsDuring(other, () =>
        t.app.inject({
          method: 'POST',
          url: '/v1/session/selfie',
          headers: { ...session, 'content-type': 'application/json' },
          payload: oversized,
        }),
      );
      expect(refused.answer.statusCode).toBe(413);
      // The test itself hands the 25 MB string to the in-process request (a copy on this event loop), and
      // CI runs another worker beside it: 108 ms was seen there. The failure this guards against holds
      // reads for the whole upload (seconds), so the bound is the same as the stored upload's.
      expect(refused.worst).toBeLessThan(250);

      // 12 MB within the limit is parsed, decoded and stored while the reads go on. Parsing the JSON body
      // holds the event loop for tens of milliseconds (more on a busy machine); the database is never
      // held for the upload's length (the review measured 36.5 s).
      const stored = await readsDuring(other, () =>
        t.app.inject({
          method: 'POST',
          url: '/v1/session/selfie',
          headers: session,
          payload: { frames_b64: frames },
        }),
      );
      expect(stored.answer.statusCode, stored.answer.body).toBe(200);
      expect(stored.latencies.length).toBeGreaterThanOrEqual(3);
      expect(stored.worst).toBeLessThan(250);
    });
  },
);
