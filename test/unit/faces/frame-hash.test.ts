import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { frameHash } from '../../../src/adapters/media/frame-hash.js';
import { REPLAYED_FRAME_MAX_BITS } from '../../../src/core/faces/challenge.js';
import { faceImage, jitteredFrame } from './face-fixtures.js';

const hamming = (a: string, b: string) => [...a].filter((bit, i) => bit !== b[i]).length;
const PEOPLE = ['001', '030', '034', '062'];

/**
 * The replay check's operating point: a frame sent again (re-encoded, resized, brightened) must stay
 * within REPLAYED_FRAME_MAX_BITS of itself, and other frames of the same person must not come close.
 * Measured here: re-sends differ by 0–12 bits of 256; distinct camera frames of one photo by 35 or
 * more, and the same person neutral vs smiling by 34–50.
 */
describe('frame hashes for replay detection', () => {
  it('gives 256 bits, the same for the same bytes, and null for what is not an image', async () => {
    const frame = await jitteredFrame(faceImage('london/london_001_neutral.jpg'), 0);
    const hash = await frameHash(frame);
    expect(hash).toMatch(/^[01]{256}$/);
    expect(await frameHash(Buffer.from(frame))).toBe(hash);
    expect(await frameHash(Buffer.from('not an image'))).toBeNull();
  });

  it('keeps a frame sent again within the threshold, and other frames far outside it', async () => {
    const resent: number[] = [];
    const distinct: number[] = [];
    for (const id of PEOPLE) {
      const photo = faceImage(`london/london_${id}_neutral.jpg`);
      const frames = await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map((i) => jitteredFrame(photo, i)));
      const hashes = (await Promise.all(frames.map(frameHash))) as string[];
      for (const [i, frame] of frames.slice(0, 3).entries()) {
        const variants = await Promise.all([
          sharp(frame).jpeg({ quality: 55 }).toBuffer(),
          sharp(frame).resize({ width: 480 }).jpeg({ quality: 80 }).toBuffer(),
          sharp(frame).modulate({ brightness: 1.05 }).jpeg({ quality: 85 }).toBuffer(),
          sharp(frame).resize({ width: 1280 }).png().toBuffer(),
        ]);
        for (const variant of variants) resent.push(hamming(hashes[i]!, (await frameHash(variant))!));
      }
      for (let i = 0; i < hashes.length; i++)
        for (let j = i + 1; j < hashes.length; j++) distinct.push(hamming(hashes[i]!, hashes[j]!));
      const smiling = await jitteredFrame(faceImage(`london/london_${id}_smiling.jpg`), 0);
      distinct.push(hamming(hashes[0]!, (await frameHash(smiling))!));
    }
    expect(Math.max(...resent)).toBeLessThanOrEqual(REPLAYED_FRAME_MAX_BITS);
    expect(Math.min(...distinct)).toBeGreaterThan(REPLAYED_FRAME_MAX_BITS);
  }, 60_000);
});
