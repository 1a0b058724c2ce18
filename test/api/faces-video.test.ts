import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, settledComponent, type TestContext } from '../helpers/test-app.js';
import { renderPdf417 } from '../helpers/barcode-images.js';
import { toB64 } from '../helpers/images.js';
import { syntheticRecords } from '../unit/documents/aamva-data.js';
import { buildSequence, faceImage, noFaceImage } from '../unit/faces/face-fixtures.js';

/** A valid, unexpired licence (QUENTIN LEWIS). */
const LICENCE = syntheticRecords().find((r) => r.id === 'aamva-syn-00000')!.payload;
const WIDTH = 480;
const HEIGHT = 600;
/** 8 camera-like stills at 4 per second, written out at 12 fps: 24 video frames over 2 s. */
const STILLS_PER_SECOND = 4;
const OUTPUT_FPS = 12;

let t: TestContext;
let workDir: string;

/** A clip like the hosted flow's 2 s recording, from numbered stills, with the bundled ffmpeg. */
function encodeClip(stillPattern: string, codecArgs: string[], output: string): Buffer {
  const run = spawnSync(
    ffmpegInstaller.path,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-framerate', String(STILLS_PER_SECOND), '-i', stillPattern],
      ...['-vf', 'format=yuv420p', '-r', String(OUTPUT_FPS)],
      ...codecArgs,
      output,
    ],
    { encoding: 'buffer' },
  );
  if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr.toString()}`);
  return fs.readFileSync(output);
}

async function startVerification() {
  const created = (
    await t.app.inject({
      method: 'POST',
      url: '/v1/verifications',
      headers: { 'x-api-key': t.rootKey },
      payload: { external_ref: 'video-selfie' },
    })
  ).json();
  const call = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { 'x-client-token': created.client_token }, payload });
  expect((await call('/v1/session/consent', { consent: true })).statusCode).toBe(200);
  const front = await call('/v1/session/document', {
    side: 'front',
    image_b64: toB64(faceImage('derived/idportrait_034.jpg')),
  });
  expect(front.statusCode).toBe(200);
  const back = await renderPdf417(LICENCE, { scale: 3 });
  expect((await call('/v1/session/document', { side: 'back', image_b64: toB64(back) })).statusCode).toBe(200);
  const state = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/v1/session/state',
        headers: { 'x-client-token': created.client_token },
      })
    ).json();
  return { id: created.id as string, call, state };
}

async function storedFrames(verificationId: string): Promise<Buffer[]> {
  return t.platform.stores.media.load(verificationId, 'selfie_frame');
}

async function verificationOf(id: string) {
  return (
    await t.app.inject({ method: 'GET', url: `/v1/verifications/${id}`, headers: { 'x-api-key': t.rootKey } })
  ).json();
}

describe('selfie video through the HTTP API (PGlite)', () => {
  let webm: Buffer;
  let mp4: Buffer;
  let shortWebm: Buffer;
  let noFaceWebm: Buffer;

  beforeAll(async () => {
    t = await createTestApp('pglite', { ml: true });
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faces-video-test-'));
    const writeStills = async (prefix: string, stills: Buffer[]) => {
      await Promise.all(
        stills.map(async (still, i) =>
          fs.writeFileSync(
            path.join(workDir, `${prefix}-${String(i).padStart(2, '0')}.png`),
            await sharp(still).resize(WIDTH, HEIGHT, { fit: 'cover' }).png().toBuffer(),
          ),
        ),
      );
      return path.join(workDir, `${prefix}-%02d.png`);
    };
    const faces = await writeStills(
      'face',
      await buildSequence([
        faceImage('london/london_034_neutral.jpg'),
        faceImage('london/london_034_smiling.jpg'),
      ]),
    );
    const vp8 = ['-c:v', 'libvpx', '-b:v', '1M'];
    webm = encodeClip(faces, vp8, path.join(workDir, 'selfie.webm'));
    mp4 = encodeClip(faces, ['-c:v', 'libx264', '-preset', 'veryfast'], path.join(workDir, 'selfie.mp4'));
    shortWebm = encodeClip(faces, [...vp8, '-frames:v', '3'], path.join(workDir, 'short.webm'));
    const noFaces = await writeStills('empty', await buildSequence([await noFaceImage()]));
    noFaceWebm = encodeClip(noFaces, vp8, path.join(workDir, 'no-face.webm'));
  });

  afterAll(async () => {
    await t.close();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('reports the video decoder and its version in /readyz', async () => {
    const decoder = await settledComponent(t, 'video_decoder');
    expect(decoder).toEqual({
      status: 'ok',
      detail: expect.stringMatching(/^@napi-rs\/webcodecs \d+\.\d+\.\d+$/),
    });
  });

  it.each([
    ['WebM (VP8)', () => webm],
    ['MP4 (H.264)', () => mp4],
  ])(
    'stores 8 JPEG frames from a 2 s %s selfie, and submit checks the face on them',
    async (_container, video) => {
      const { id, call } = await startVerification();
      const uploaded = await call('/v1/session/selfie', { video_b64: toB64(video()) });
      expect(uploaded.statusCode).toBe(200);
      expect(uploaded.json().steps.selfie).toBe('done');

      const frames = await storedFrames(id);
      expect(frames).toHaveLength(8);
      const sizes = await Promise.all(frames.map(async (f) => sharp(f).metadata()));
      expect(sizes.map((m) => [m.format, m.width, m.height])).toEqual(
        Array.from({ length: 8 }, () => ['jpeg', WIDTH, HEIGHT]),
      );

      expect((await call('/v1/session/submit', {})).statusCode).toBe(200);
      const v = await verificationOf(id);
      expect(v.status).toBe('decided');
      expect(v.doc_checks.liveness).toMatchObject({ frames: 8, frames_used: 8 });
      expect(v.checks.face_match.similarity).toBeGreaterThanOrEqual(0.6);
      expect(v.decision_reasons).not.toContain('face_match_below_threshold');
    },
  );

  it('stores every frame of a clip shorter than 8 frames', async () => {
    const { id, call } = await startVerification();
    expect((await call('/v1/session/selfie', { video_b64: toB64(shortWebm) })).statusCode).toBe(200);
    expect(await storedFrames(id)).toHaveLength(3);
  });

  it('decides a video without a face: no face match, and duplicate search reported as not searched', async () => {
    const { id, call } = await startVerification();
    expect((await call('/v1/session/selfie', { video_b64: toB64(noFaceWebm) })).statusCode).toBe(200);
    expect(await storedFrames(id)).toHaveLength(8);
    expect((await call('/v1/session/submit', {})).statusCode).toBe(200);
    const v = await verificationOf(id);
    expect(v.doc_checks.face_match.reason).toBe('no_single_face_in_selfie');
    expect(v.decision_reasons).toContain('face_match_below_threshold');
    expect(v.checks.face_dedupe.reason).toBe('no_matches');
    expect(v.doc_checks.face_dedupe.searched).toBe(false);
  });

  it('answers 422 "video could not be read…" for a corrupt WebM and for bytes that are no video, storing nothing', async () => {
    const { id, call, state } = await startVerification();
    const corrupt = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(200, 0x07)]);
    const truncated = webm.subarray(0, 64);
    for (const bytes of [
      corrupt,
      truncated,
      Buffer.from('not a video at all'),
      faceImage('london/london_034_neutral.jpg'),
    ]) {
      const res = await call('/v1/session/selfie', { video_b64: toB64(bytes) });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail).toMatch(/^video could not be read/);
      expect(res.json().detail).not.toContain(os.tmpdir());
      expect(res.json().detail).not.toMatch(/moov|matroska|Invalid data|\[/);
    }
    expect(await storedFrames(id)).toEqual([]);
    expect((await state()).steps.selfie).toBe('pending');
  });

  it('answers a fixed 422 that names no demuxer, decoder or path of the decoder', async () => {
    const { call } = await startVerification();
    const noMoov = Buffer.concat([
      Buffer.from('\0\0\0\x18ftypisom\0\0\x02\0isomiso2', 'latin1'),
      Buffer.alloc(300, 7),
    ]);
    const res = await call('/v1/session/selfie', { video_b64: toB64(noMoov) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      detail: 'video could not be read: the file is not a WebM or MP4 video that can be decoded',
    });
  });

  it('refuses a Matroska file carrying PNG frames (a non-camera decoder) with a clear 422', async () => {
    const { id, call } = await startVerification();
    const pngMkv = encodeClip(
      path.join(workDir, 'face-%02d.png'),
      ['-c:v', 'png', '-f', 'matroska'],
      path.join(workDir, 'png-frames.mkv'),
    );
    const res = await call('/v1/session/selfie', { video_b64: toB64(pngMkv) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      detail: 'video could not be read: unsupported video codec: send WebM (VP8, VP9 or AV1) or MP4 (H.264)',
    });
    expect(await storedFrames(id)).toEqual([]);
  });

  it('refuses frames larger than 1080p before decoding them', async () => {
    const { call } = await startVerification();
    const run = spawnSync(
      ffmpegInstaller.path,
      [
        ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=2560x1440:rate=4'],
        ...['-t', '1', '-c:v', 'libvpx', path.join(workDir, 'large.webm')],
      ],
      { encoding: 'buffer' },
    );
    expect(run.status, run.stderr.toString()).toBe(0);
    const res = await call('/v1/session/selfie', {
      video_b64: toB64(fs.readFileSync(path.join(workDir, 'large.webm'))),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: 'video could not be read: video frames are larger than 1920×1080' });
  });
});

describe('selfie video when the decoder cannot run (PGlite)', () => {
  beforeAll(async () => {
    t = await createTestApp('pglite', { componentPaths: { videoDecoderNodePath: '/nonexistent/node' } });
  });
  afterAll(async () => t.close());

  it('answers 503 (a server fault, not the upload’s), stores nothing, and frames_b64 still works', async () => {
    const { id, call, state } = await startVerification();
    const webmHeader = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(200, 0x07)]);
    const res = await call('/v1/session/selfie', { video_b64: toB64(webmHeader) });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      detail: 'video processing is unavailable; send frames_b64 instead, or try again shortly',
    });
    expect(await storedFrames(id)).toEqual([]);
    expect((await state()).steps.selfie).toBe('pending');

    const frames = [faceImage('london/london_034_neutral.jpg'), faceImage('london/london_034_smiling.jpg')];
    expect((await call('/v1/session/selfie', { frames_b64: frames.map(toB64) })).statusCode).toBe(200);
    expect(await storedFrames(id)).toHaveLength(2);

    const decoder = await settledComponent(t, 'video_decoder');
    expect(decoder.status).toBe('degraded');
    expect(decoder.detail).toMatch(
      /^video decoder cannot run \(.*ENOENT.*\): video selfies answer 503, frames work$/,
    );
  });
});
