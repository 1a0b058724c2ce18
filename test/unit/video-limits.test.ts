import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extractVideoFrames, parseVideoStream } from '../../src/adapters/media/video-frames.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-video-limits-'));
const WEBM_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0]);

describe('ffmpeg process limits', () => {
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('runs ffmpeg under address-space and CPU-time limits with the decoder and demuxer whitelists', async () => {
    const record = path.join(dir, 'seen.txt');
    const fakeFfmpeg = path.join(dir, 'ffmpeg');
    fs.writeFileSync(
      fakeFfmpeg,
      `#!/bin/sh\necho "as=$(ulimit -v) cpu=$(ulimit -t) args=$*" > ${record}\necho 'Invalid data found when processing input' >&2\nexit 1\n`,
      { mode: 0o700 },
    );
    const result = await extractVideoFrames(WEBM_MAGIC, { ffmpegPath: fakeFfmpeg });
    expect(result).toMatchObject({
      ok: false,
      reason: 'unreadable',
      message: 'the file is not a WebM or MP4 video that can be decoded',
      detail: 'Invalid data found when processing input',
    });
    const seen = fs.readFileSync(record, 'utf8');
    expect(seen).toMatch(/^as=786432 cpu=30 /);
    expect(seen).toContain('-protocol_whitelist file');
    expect(seen).toContain('-format_whitelist matroska,mov');
    expect(seen).toContain('-codec_whitelist h264,vp8,vp9,libvpx,libvpx-vp9,libdav1d,libaom-av1');
    expect(seen).toContain('-f matroska');
  });
});

describe('parseVideoStream', () => {
  it('reads the codec and size of the first video stream, not metadata lines', () => {
    const header = [
      "Input #0, matroska,webm, from 'video':",
      '  Metadata:',
      '    ENCODER         : Stream #0:0: Video: h264, 64x64,',
      '    Stream #0:0: Video: png (MPNG / 0x474E504D), none, 64x64, SAR 1:1 DAR 1:1, 5 fps (default)',
    ].join('\n');
    expect(parseVideoStream(header)).toEqual({ codec: 'png', width: 64, height: 64 });
    expect(
      parseVideoStream(
        '    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 320x240 [SAR 1:1 DAR 4:3], 12 fps',
      ),
    ).toEqual({ codec: 'h264', width: 320, height: 240 });
    expect(parseVideoStream('nothing here')).toBeNull();
  });
});
