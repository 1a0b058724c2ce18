/**
 * Decoding of uploaded media (raw base64 or `data:` URLs; JPEG, PNG or WebP images;
 * WebM or MP4 video). The bytes are checked by decoding them and reading their signature, never by
 * trusting a declared type.
 */
import { imageSize } from 'image-size';
import { ApiError } from '../errors.js';

/**
 * Largest image accepted, in pixels (25 MP: width × height, read from the header before any decode).
 * Phone cameras save 12 MP (4032×3024) by default and the hosted flow uploads at most 2400 px a side (5.8 MP);
 * sharp's own default is 268 MP, at which a 776 KB PNG bomb of 16000×16000 took 4.2 s of CPU and
 * about 500 MB per decode. Every sharp decode in the service uses the same limit.
 */
export const MAX_INPUT_PIXELS = 25_000_000;

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';
export type VideoType = 'video/webm' | 'video/mp4';

export type Decoded<T extends string> =
  | { ok: true; bytes: Buffer; contentType: T }
  | { ok: false; reason: string; tooLarge?: { width: number; height: number } };

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

function stripDataUrl(input: string): { payload: string; declared: string | null } | null {
  if (!input.startsWith('data:')) return { payload: input, declared: null };
  const comma = input.indexOf(',');
  if (comma < 0) return null;
  const meta = input.slice(5, comma);
  if (!meta.endsWith(';base64')) return null;
  return { payload: input.slice(comma + 1), declared: meta.slice(0, -';base64'.length).toLowerCase() };
}

function decodeBase64(input: string): { bytes: Buffer; declared: string | null } | { error: string } {
  const stripped = stripDataUrl(input.trim());
  if (!stripped) return { error: 'data URL must be base64-encoded' };
  const payload = stripped.payload.replace(/\s+/g, '');
  if (payload.length === 0) return { error: 'empty' };
  // Each test scans the whole payload (a megabyte for a phone photo), so each runs at most once.
  const standard = BASE64.test(payload);
  if (!standard && !BASE64URL.test(payload)) return { error: 'not valid base64' };
  if (standard && payload.includes('=') && payload.length % 4 !== 0) return { error: 'not valid base64' };
  const bytes = Buffer.from(payload, standard ? 'base64' : 'base64url');
  return { bytes, declared: stripped.declared };
}

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  return signature.every((b, i) => bytes[offset + i] === b);
}

export function sniffImage(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'image/webp';
  return null;
}

export function sniffVideo(bytes: Uint8Array): VideoType | null {
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return 'video/webm';
  if (startsWith(bytes, [0x66, 0x74, 0x79, 0x70], 4)) return 'video/mp4';
  return null;
}

export function decodeImage(input: string): Decoded<ImageType> {
  const decoded = decodeBase64(input);
  if ('error' in decoded) return { ok: false, reason: decoded.error };
  const contentType = sniffImage(decoded.bytes);
  if (!contentType) return { ok: false, reason: 'the bytes are not a JPEG, PNG or WebP image' };
  const dimensions = headerDimensions(decoded.bytes);
  if (dimensions && dimensions.width * dimensions.height > MAX_INPUT_PIXELS) {
    return { ok: false, reason: 'too many pixels', tooLarge: dimensions };
  }
  return { ok: true, bytes: decoded.bytes, contentType };
}

/** From the header alone (no pixel is decoded); null when unreadable, which the decoder then reports. */
function headerDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  try {
    const { width, height } = imageSize(bytes);
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

/** An uploaded image or the 422 that explains why not (invalid base64, not an image, too many pixels). */
export function requireDecodedImage(input: string): { bytes: Buffer; contentType: ImageType } {
  const decoded = decodeImage(input);
  if (decoded.ok) return decoded;
  if (decoded.tooLarge) {
    throw new ApiError('image_too_large', { ...decoded.tooLarge, max: MAX_INPUT_PIXELS / 1_000_000 });
  }
  throw new ApiError('invalid_base64_image', { reason: decoded.reason });
}

export function decodeVideo(input: string): Decoded<VideoType> {
  const decoded = decodeBase64(input);
  if ('error' in decoded) return { ok: false, reason: decoded.error };
  const contentType = sniffVideo(decoded.bytes);
  if (!contentType) return { ok: false, reason: 'the bytes are not a WebM or MP4 video' };
  return { ok: true, bytes: decoded.bytes, contentType };
}
