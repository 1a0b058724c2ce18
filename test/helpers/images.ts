import fs from 'node:fs';
import sharp from 'sharp';
import { sharedDataPath } from './shared-data.js';

/** A small real JPEG (solid colour) for uploads whose content does not matter to the test. */
export async function plainJpeg(
  width = 64,
  height = 48,
  colour = { r: 200, g: 120, b: 40 },
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

export function faceImage(relativePath: string): Buffer {
  return fs.readFileSync(sharedDataPath('faces', relativePath));
}

export function toB64(bytes: Buffer): string {
  return bytes.toString('base64');
}

export function toDataUrl(bytes: Buffer, type = 'image/jpeg'): string {
  return `data:${type};base64,${bytes.toString('base64')}`;
}
