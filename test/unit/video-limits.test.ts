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
        'echo "Segmentation fault in the decoder" >&2',
        'kill -SEGV $$',
      ].join('\n'),
      { mode: 0o700 },
    );
    const result = await extractVideoFrames(WEBM_MAGIC, { nodePath: fakeNode });
    expect(result).toEqual({
      ok: false,
      reason: 'unreadable',
      message: 'the file is not a WebM or MP4 video that can be decoded',
      detail: 'decoder exited (SIGSEGV): Segmentation fault in the decoder',
    });
    const seen = fs.readFileSync(record, 'utf8');
    expect(seen).toMatch(/^as=1572864 cpu=30 arenas=2 node_options=\[unset\] /);
    expect(seen).toContain('--max-old-space-size=128');
    expect(seen).toMatch(
      /video-decode-child\.mjs \{"container":"webm","maxFrames":8,"maxDurationSeconds":30\}/,
    );
  });
});
