import { openImage } from './image-decode.js';

/** 16 × 16 horizontal brightness gradients: 256 bits per frame. */
const HASH_SIDE = 16;

/**
 * A frame's difference hash (dHash): the frame shrunk to 17 × 16 grey pixels, one bit per pair of
 * horizontal neighbours (1 when the left one is brighter). Re-encoding, resizing or a slight change
 * of brightness flips few bits; another capture of the same scene flips many (test/unit/faces/
 * frame-hash.test.ts measures both). Null for an image that cannot be decoded.
 */
export async function frameHash(image: Buffer): Promise<string | null> {
  try {
    const pixels = await openImage(image)
      .rotate()
      .greyscale()
      .resize(HASH_SIDE + 1, HASH_SIDE, { fit: 'fill', kernel: 'cubic' })
      .raw()
      .toBuffer();
    let bits = '';
    for (let y = 0; y < HASH_SIDE; y++)
      for (let x = 0; x < HASH_SIDE; x++) {
        const row = y * (HASH_SIDE + 1);
        bits += pixels[row + x]! > pixels[row + x + 1]! ? '1' : '0';
      }
    return bits;
  } catch {
    return null;
  }
}
