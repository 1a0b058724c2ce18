import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSize } from 'image-size';
import { loadGrey } from '../../src/adapters/barcode/decode-pipeline.js';
import { frameHash } from '../../src/adapters/media/frame-hash.js';
import { desyncJpeg, pngBomb } from '../helpers/image-bomb.js';
import { plainJpeg, toB64 } from '../helpers/images.js';
import { decidedVerification } from '../helpers/session-flow.js';
import { createTestApp, engines, type TestContext } from '../helpers/test-app.js';

const TOO_LARGE = {
  detail: 'image is too large: 16000x16000 pixels; at most 25 megapixels are accepted',
};

async function startSession(t: TestContext) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/verifications',
    headers: { 'x-api-key': t.rootKey },
    payload: { external_ref: 'resource-limits' },
  });
  expect(created.statusCode).toBe(201);
  const { id, client_token } = created.json() as { id: string; client_token: string };
  const call = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { 'x-client-token': client_token }, payload });
  expect((await call('/v1/session/consent', { consent: true })).statusCode).toBe(200);
  return { id, call };
}

describe.each(engines)('image bombs on %s', (engine) => {
  let t: TestContext;
  let bomb: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    bomb = toB64(await pngBomb());
  });
  afterAll(async () => t?.close());

  it('answers a 16000×16000 PNG with 422 “too large in pixels”, quickly, on the face and document paths', async () => {
    const session = await startSession(t);
    const jpeg = toB64(await plainJpeg());
    const attempts: Array<[string, object]> = [
      ['/v1/session/document', { side: 'front', image_b64: bomb }],
      ['/v1/session/document', { side: 'back', image_b64: bomb }],
      ['/v1/session/selfie', { frames_b64: [jpeg, bomb] }],
    ];
    for (const [url, payload] of attempts) {
      const started = performance.now();
      const res = await session.call(url, payload);
      const elapsedMs = performance.now() - started;
      expect(res.statusCode, url).toBe(422);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual(TOO_LARGE);
      // The header is read; no pixel is decoded (decoding it took 4.2 s of CPU in the review).
      expect(elapsedMs).toBeLessThan(1_000);
    }
    const blocklist = await t.app.inject({
      method: 'POST',
      url: '/v1/faces/blocklist',
      headers: { 'x-api-key': t.rootKey },
      payload: { label: 'bomb', image_b64: bomb },
    });
    expect(blocklist.statusCode).toBe(422);
    expect(blocklist.json()).toEqual(TOO_LARGE);
    // Nothing was stored, and the verification goes on normally afterwards.
    expect(await t.platform.stores.media.index(session.id)).toEqual([]);
  });

  it('refuses a JPEG whose header lies to a separate parser, by the decoder’s own reading, before storing it', async () => {
    const lying = await desyncJpeg(6000, 6000);
    expect(imageSize(lying)).toMatchObject({ width: 64, height: 64 });
    const session = await startSession(t);
    const jpeg = toB64(await plainJpeg());
    for (const [url, payload] of [
      ['/v1/session/document', { side: 'front', image_b64: toB64(lying) }],
      ['/v1/session/selfie', { frames_b64: [jpeg, toB64(lying), toB64(lying)] }],
    ] as const) {
      const res = await session.call(url, payload);
      expect(res.statusCode, url).toBe(422);
      expect(res.json()).toEqual({
        detail: 'image is too large: 6000x6000 pixels; at most 25 megapixels are accepted',
      });
    }
    expect(await t.platform.stores.media.index(session.id)).toEqual([]);
    // Bytes no decoder reads are refused as well, not stored to fail every check later.
    // (Not random bytes: those hold a decodable-looking frame header by chance now and then.)
    const noise = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200_000, 0x5a)]);
    const refused = await session.call('/v1/session/selfie', { frames_b64: [toB64(noise)] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ detail: 'invalid base64 image: the image cannot be decoded' });
  });

  it('decodes a lying JPEG that reached storage earlier within the pixel limit at check time', async () => {
    const lying = await desyncJpeg(6000, 6000);
    const before = process.memoryUsage().rss;
    const started = performance.now();
    expect(await frameHash(lying)).toBeNull();
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
  });

  it('limits every sharp decode to 25 MP as well (a second guard behind the upload check)', async () => {
    const started = performance.now();
    await expect(loadGrey(Buffer.from(bomb, 'base64'))).rejects.toThrow(/pixel limit/);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('parallel video uploads beyond the queue bound', () => {
  let t: TestContext;
  let workDir: string;
  let clip: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      env: { VIDEO_DECODE_CONCURRENCY: '1', VIDEO_DECODE_QUEUE: '1' },
    });
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'video-queue-'));
    const still = path.join(workDir, 'still.jpg');
    fs.writeFileSync(still, await plainJpeg(640, 480));
    const output = path.join(workDir, 'clip.mp4');
    const run = spawnSync(ffmpegInstaller.path, [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-loop', '1', '-i', still, '-t', '4', '-r', '30'],
      ...['-vf', 'format=yuv420p', '-c:v', 'libx264', '-preset', 'ultrafast', output],
    ]);
    if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr.toString()}`);
    clip = toB64(fs.readFileSync(output));
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('answers the uploads beyond one running and one waiting with 503 and Retry-After, and still decides other verifications', async () => {
    const sessions = await Promise.all(Array.from({ length: 5 }, () => startSession(t)));
    const [uploads, decided] = await Promise.all([
      Promise.all(sessions.map((s) => s.call('/v1/session/selfie', { video_b64: clip }))),
      decidedVerification(t),
    ]);
    const busy = uploads.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const res of busy) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['retry-after']).toBe('10');
      expect(res.json()).toEqual({
        detail:
          'video processing is busy; send frames_b64 instead, or retry after the number of seconds in Retry-After',
      });
    }
    expect(uploads.filter((r) => r.statusCode !== 503).map((r) => r.statusCode)).toEqual(
      Array(uploads.length - busy.length).fill(200),
    );
    const verification = await t.app.inject({
      method: 'GET',
      url: `/v1/verifications/${decided.id}`,
      headers: { 'x-api-key': t.rootKey },
    });
    expect(verification.json().status).toBe('decided');
    // Once the queue has drained, a refused upload succeeds on retry.
    const retried = await sessions[uploads.indexOf(busy[0]!)]!.call('/v1/session/selfie', {
      video_b64: clip,
    });
    expect(retried.statusCode).toBe(200);
    expect(t.platform.heavyWork.video.depth()).toEqual({ active: 0, waiting: 0 });
  });
});
