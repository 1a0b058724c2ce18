import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extractVideoFrames } from '../../src/adapters/media/video-frames.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-video-limits-'));
const WEBM_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0]);

describe('video decoding process limits', () => {
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('runs the decoder under address-space, CPU-time and heap limits, with capped malloc arenas', async () => {
    const record = path.join(dir, 'seen.txt');
    const fakeNode = path.join(dir, 'node');
    fs.writeFileSync(
      fakeNode,
      [
        '#!/bin/sh',
        `echo "as=$(ulimit -v) cpu=$(ulimit -t) arenas=$MALLOC_ARENA_MAX node_options=[\${NODE_OPTIONS-unset}] args=$*" > ${record}`,
        `env >> ${record}`,
        'echo "Segmentation fault in the decoder" >&2',
        'kill -SEGV $$',
      ].join('\n'),
      { mode: 0o700 },
    );
    process.env.IDV_TEST_SECRET_SENTINEL = 'must-not-reach-the-decoder';
    const result = await extractVideoFrames(WEBM_MAGIC, { nodePath: fakeNode }).finally(
      () => delete process.env.IDV_TEST_SECRET_SENTINEL,
    );
    expect(result).toEqual({
      ok: false,
      reason: 'unreadable',
      message: 'the file is not a WebM or MP4 video that can be decoded',
      detail: 'decoder exited (SIGSEGV): Segmentation fault in the decoder',
    });
    const seen = fs.readFileSync(record, 'utf8');
    expect(seen).toMatch(/^as=1572864 cpu=30 arenas=2 node_options=\[unset\] /);
    // The decoder's environment is a PATH and the script's own two settings, nothing of the service's.
    expect(seen).not.toContain('must-not-reach-the-decoder');
    expect(seen).toContain('UV_THREADPOOL_SIZE=2');
    expect(seen).toContain('--max-old-space-size=128');
    expect(seen).toMatch(
      /video-decode-child\.mjs \{"container":"webm","maxFrames":8,"maxDurationSeconds":30\}/,
    );
  });

  it('runs the decoder as the unprivileged account when the service runs as root and that account can run it', async () => {
    const shared = fs.mkdtempSync(path.join(os.tmpdir(), 'idv-video-uid-'));
    fs.chmodSync(shared, 0o777);
    const record = path.join(shared, 'uid.txt');
    const fakeNode = path.join(shared, 'node');
    fs.writeFileSync(fakeNode, ['#!/bin/sh', `id -u > ${record}`, 'exit 1'].join('\n'), { mode: 0o755 });
    fs.chmodSync(fakeNode, 0o755);
    try {
      await extractVideoFrames(WEBM_MAGIC, { nodePath: fakeNode });
      const expected = process.getuid?.() === 0 ? '65534' : String(process.getuid?.());
      expect(fs.readFileSync(record, 'utf8').trim()).toBe(expected);
    } finally {
      fs.rmSync(shared, { recursive: true, force: true });
    }
  });
});
