import fs from 'node:fs';
import sharp from 'sharp';
import { sharedDataPath } from '../../helpers/shared-data.js';

/** Test images of `shared/data/faces`, named by their path inside that folder. */
/** The 16 London people whose neutral photo the liveness tests and benchmarks build sequences from. */
export const LONDON_IDS = [
  '025',
  '062',
  '030',
  '034',
  '006',
  '038',
  '001',
  '002',
  '042',
  '043',
  '005',
  '024',
  '008',
  '037',
  '004',
  '012',
] as const;

export function faceImage(relativePath: string): Buffer {
  return fs.readFileSync(sharedDataPath('faces', relativePath));
}

/** Rows of one of the face CSVs (simple ones: no quoted commas in the columns read here). */
export function faceCsv(name: 'pairs.csv' | 'liveness.csv' | 'images.csv'): string[][] {
  const lines = fs.readFileSync(sharedDataPath('faces', name), 'utf8').trim().split(/\r?\n/);
  return lines.slice(1).map((line) => line.split(',').map((cell) => cell.trim()));
}

export type ImageRow = { image: string; personId: string };

/** Image path and person id of every image (images.csv). */
export function imageRows(): ImageRow[] {
  return faceCsv('images.csv').map((cells) => ({ image: cells[0]!, personId: cells[1]! }));
}

/**
 * One camera frame of a still source: a deterministic small shift (±3 %), crop scale (90–96 %),
 * rotation (up to ±2.8°), brightness (±4 %) and JPEG quality (75–89) per index, as a hand-held photo
 * or a re-encoded replay would vary between frames.
 */
export async function jitteredFrame(source: Buffer, index: number): Promise<Buffer> {
  const { data, info } = await sharp(source)
    .rotate()
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const scale = 0.9 + 0.02 * (index % 4);
  const cropWidth = Math.round(width * scale);
  const cropHeight = Math.round(height * scale);
  const dx = Math.round(width * 0.03 * ((index % 3) - 1));
  const dy = Math.round(height * 0.03 * ((Math.floor(index / 3) % 3) - 1));
  const left = Math.max(0, Math.min(width - cropWidth, Math.round((width - cropWidth) / 2) + dx));
  const top = Math.max(0, Math.min(height - cropHeight, Math.round((height - cropHeight) / 2) + dy));
  return sharp(data, { raw: info })
    .extract({ left, top, width: cropWidth, height: cropHeight })
    .rotate((index - 3.5) * 0.8, { background: '#808080' })
    .modulate({ brightness: 1 + 0.04 * ((index % 3) - 1) })
    .jpeg({ quality: 75 + index * 2 })
    .toBuffer();
}

/** 8 frames cycling through the sources (source[i % n]), each jittered as a camera frame. */
export async function buildSequence(sources: readonly Buffer[], frameCount = 8): Promise<Buffer[]> {
  return Promise.all(
    Array.from({ length: frameCount }, (_, i) => jitteredFrame(sources[i % sources.length]!, i)),
  );
}

/** Two portraits side by side on one canvas. */
export async function twoFaceImage(left: Buffer, right: Buffer): Promise<Buffer> {
  const [a, b] = await Promise.all(
    [left, right].map((image) => sharp(image).rotate().resize(400, 400, { fit: 'cover' }).toBuffer()),
  );
  return sharp({ create: { width: 880, height: 480, channels: 3, background: '#d0d0d0' } })
    .composite([
      { input: a!, left: 20, top: 40 },
      { input: b!, left: 460, top: 40 },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A photo-like image without a face: a blurred crop of a London backdrop corner plus a gradient. */
export async function noFaceImage(): Promise<Buffer> {
  const backdrop = await sharp(faceImage('london/london_001_neutral.jpg'))
    .extract({ left: 0, top: 0, width: 160, height: 160 })
    .resize(640, 480)
    .blur(3)
    .toBuffer();
  return sharp(backdrop).jpeg({ quality: 90 }).toBuffer();
}
