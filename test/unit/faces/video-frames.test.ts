import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractVideoFrames } from '../../../src/adapters/media/video-frames.js';
import { faceImage } from './face-fixtures.js';

const SOURCES = [1, 2, 3, 4].map((i) => `cc0_same_person/lisa_lisa${i}.jpg`);
const WIDTH = 320;
const HEIGHT = 400;
const FPS = 10;
const SECONDS_PER_IMAGE = 1;

let workDir: string;
let sourceThumbs: Buffer[];
let webm: Buffer;

/** A slideshow of the 4 lisa photos, 1 s each at 10 fps (40 frames), made with the ffmpeg binary kept for test clips. */
function makeVideo(codecArgs: string[], output: string): Buffer {
  const inputs = SOURCES.flatMap((_, i) => [
    '-loop',
    '1',
    '-t',
    String(SECONDS_PER_IMAGE),
    '-framerate',
    String(FPS),
    '-i',
    path.join(workDir, `src-${i}.png`),
  ]);
  const concat = `${SOURCES.map((_, i) => `[${i}:v]`).join('')}concat=n=${SOURCES.length}:v=1:a=0,format=yuv420p[v]`;
  const run = spawnSync(
    ffmpegInstaller.path,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      ...inputs,
      '-filter_complex',
      concat,
      '-map',
      '[v]',
      '-r',
      String(FPS),
      ...codecArgs,
      output,
    ],
    { encoding: 'buffer', maxBuffer: 64 * 2 ** 20 },
  );
  if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr.toString()}`);
  return output === 'pipe:1' ? run.stdout : fs.readFileSync(output);
}

async function thumb(image: Buffer): Promise<Buffer> {
  return sharp(image).resize(16, 20, { fit: 'fill' }).greyscale().raw().toBuffer();
}

function meanAbsDiff(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

/** Which slideshow photo each extracted frame shows. */
async function sourceOfEachFrame(frames: Buffer[]): Promise<number[]> {
  return Promise.all(
    frames.map(async (frame) => {
      const t = await thumb(frame);
      const diffs = sourceThumbs.map((s) => meanAbsDiff(t, s));
      return diffs.indexOf(Math.min(...diffs));
    }),
  );
}

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'video-frames-test-'));
  const sized = await Promise.all(
    SOURCES.map((source) =>
      sharp(faceImage(source)).rotate().resize(WIDTH, HEIGHT, { fit: 'cover' }).png().toBuffer(),
    ),
  );
  sized.forEach((png, i) => fs.writeFileSync(path.join(workDir, `src-${i}.png`), png));
  sourceThumbs = await Promise.all(sized.map(thumb));
  webm = makeVideo(['-c:v', 'libvpx', '-b:v', '1M'], path.join(workDir, 'clip.webm'));
});

afterAll(() => {
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe('extractVideoFrames (@napi-rs/webcodecs in a child process)', () => {
  it('takes 8 frames evenly from a VP8 WebM, two from each second', async () => {
    const result = await extractVideoFrames(webm);
    expect(result).toMatchObject({ ok: true, container: 'webm', totalFrames: 40 });
    if (!result.ok) return;
    expect(result.frames).toHaveLength(8);
    const meta = await sharp(result.frames[0]!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', WIDTH, HEIGHT]);
    expect(await sourceOfEachFrame(result.frames)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
  });

  it('reads a streamed WebM without duration or cues, as MediaRecorder writes it', async () => {
    const video = makeVideo(['-c:v', 'libvpx', '-b:v', '1M', '-f', 'webm'], 'pipe:1');
    const result = await extractVideoFrames(video);
    expect(result).toMatchObject({ ok: true, totalFrames: 40 });
    if (result.ok) expect(await sourceOfEachFrame(result.frames)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
  });

  it.each([
    ['an H.264 MP4', ['-c:v', 'libx264', '-preset', 'veryfast'], 'clip.mp4', 'mp4'],
    ['an H.264 MOV', ['-c:v', 'libx264', '-preset', 'veryfast'], 'clip.mov', 'mp4'],
    ['a VP9 WebM', ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-b:v', '1M'], 'vp9.webm', 'webm'],
    // Quarter size: the old binary's libaom takes 15 CPU seconds for the full-size slideshow.
    [
      'an AV1 WebM',
      ['-s', '160x200', '-c:v', 'libaom-av1', '-cpu-used', '8', '-strict', 'experimental'],
      'av1.webm',
      'webm',
    ],
  ])('takes 8 frames evenly from %s', async (_name, codecArgs, file, container) => {
    const video = makeVideo(codecArgs, path.join(workDir, file));
    const result = await extractVideoFrames(video);
    expect(result).toMatchObject({ ok: true, container, totalFrames: 40 });
    if (result.ok) expect(await sourceOfEachFrame(result.frames)).toEqual([0, 0, 1, 1, 2, 2, 3, 3]);
  });

  it('returns every frame of a clip shorter than 8 frames, and honours maxFrames', async () => {
    const video = makeVideo(['-c:v', 'libvpx', '-frames:v', '3'], path.join(workDir, 'short.webm'));
    const short = await extractVideoFrames(video);
    expect(short).toMatchObject({ ok: true, totalFrames: 3 });
    if (short.ok) expect(short.frames).toHaveLength(3);
    const few = await extractVideoFrames(webm, { maxFrames: 2 });
    if (few.ok) expect(await sourceOfEachFrame(few.frames)).toEqual([1, 3]);
  });

  it('reads only the first maxDurationSeconds of the clip', async () => {
    const firstHalf = await extractVideoFrames(webm, { maxDurationSeconds: 2 });
    expect(firstHalf).toMatchObject({ ok: true, totalFrames: 20 });
    if (firstHalf.ok) expect(await sourceOfEachFrame(firstHalf.frames)).toEqual([0, 0, 0, 0, 1, 1, 1, 1]);
  });

  it('rejects bytes that are neither WebM nor MP4 (an image, text) as unreadable', async () => {
    expect(await extractVideoFrames(faceImage('cc0_same_person/lisa_lisa1.jpg'))).toEqual({
      ok: false,
      reason: 'unreadable',
      message: 'the file is not a WebM or MP4 video that can be decoded',
    });
    expect(await extractVideoFrames(Buffer.from('hello'))).toMatchObject({ ok: false, reason: 'unreadable' });
  });

  it("reports a corrupt WebM as unreadable with fixed text, keeping the decoder's reason for the log", async () => {
    const corrupt = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(200, 0x07)]);
    const result = await extractVideoFrames(corrupt);
    expect(result).toMatchObject({
      ok: false,
      reason: 'unreadable',
      message: 'the file is not a WebM or MP4 video that can be decoded',
    });
    if (!result.ok) {
      expect(result.detail).toMatch(/Invalid data found/);
      expect(result.detail).not.toContain(os.tmpdir());
    }
  });

  it('reports a WebM cut off before its first frame as having no video frames', async () => {
    const firstCluster = webm.indexOf(Buffer.from([0x1f, 0x43, 0xb6, 0x75]));
    expect(firstCluster).toBeGreaterThan(0);
    expect(await extractVideoFrames(webm.subarray(0, firstCluster + 8))).toMatchObject({
      ok: false,
      reason: 'no_video_frames',
    });
  });

  it('kills the decoding process at the time limit', async () => {
    expect(await extractVideoFrames(webm, { timeoutMs: 1 })).toMatchObject({ ok: false, reason: 'timeout' });
  });

  it("reports a decoder that cannot start as unavailable (a server fault, not the upload's)", async () => {
    expect(await extractVideoFrames(webm, { nodePath: path.join(workDir, 'no-node') })).toMatchObject({
      ok: false,
      reason: 'unavailable',
    });
  });
});
