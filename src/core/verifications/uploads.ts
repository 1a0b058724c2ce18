/**
 * Decoding of uploaded media (PROTOCOL.md: raw base64 or `data:` URLs; JPEG, PNG or WebP images;
 * WebM or MP4 video). The bytes are checked by decoding them and reading their signature, never by
 * trusting a declared type.
 */
export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';
export type VideoType = 'video/webm' | 'video/mp4';

export type Decoded<T extends string> =
  { ok: true; bytes: Buffer; contentType: T } | { ok: false; reason: string };

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
  if (!BASE64.test(payload) && !BASE64URL.test(payload)) return { error: 'not valid base64' };
  if (BASE64.test(payload) && payload.includes('=') && payload.length % 4 !== 0)
    return { error: 'not valid base64' };
  const bytes = Buffer.from(payload, BASE64.test(payload) ? 'base64' : 'base64url');
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
  return { ok: true, bytes: decoded.bytes, contentType };
}

export function decodeVideo(input: string): Decoded<VideoType> {
  const decoded = decodeBase64(input);
  if ('error' in decoded) return { ok: false, reason: decoded.error };
  const contentType = sniffVideo(decoded.bytes);
  if (!contentType) return { ok: false, reason: 'the bytes are not a WebM or MP4 video' };
  return { ok: true, bytes: decoded.bytes, contentType };
}
