import zlib from 'node:zlib';
import fc from 'fast-check';
import sharp from 'sharp';
import type { Response } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOADS_PER_VERIFICATION } from '../../src/use-cases/verifications/upload-admission.js';
import { desyncJpeg } from '../helpers/image-bomb.js';
import { createTestApp, type TestContext } from '../helpers/test-app.js';

/**
 * Images whose headers lie about what follows (sizes, chunk lengths, checksums, scan layout), in the
 * three formats uploads take: progressive JPEG, PNG and WebP. Each goes through the three upload
 * routes (document front, document back with its barcode decoder, selfie frames). The invariant:
 * never a 5xx, every refusal in the error envelope, and the process does not balloon.
 */
let t: TestContext;
let sent = 0;
let clientHeaders: Record<string, string> = {};
let uploadsOnToken = 0;

const UPLOAD_ROUTES = [
  { url: '/v1/session/document', body: (b64: string) => ({ side: 'front', image_b64: b64 }) },
  { url: '/v1/session/document', body: (b64: string) => ({ side: 'back', image_b64: b64 }) },
  { url: '/v1/session/selfie', body: (b64: string) => ({ frames_b64: [b64] }) },
] as const;

async function newSession(): Promise<void> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/v1/verifications',
    headers: { 'x-api-key': t.rootKey },
    payload: { external_ref: 'image-header-fuzz' },
  });
  clientHeaders = { 'x-client-token': (created.json() as { client_token: string }).client_token };
  await t.app.inject({
    method: 'POST',
    url: '/v1/session/consent',
    headers: clientHeaders,
    payload: { consent: true },
  });
  uploadsOnToken = 0;
}

function assertEnvelope(res: Response, what: string): void {
  const context = `${what} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
  expect(res.statusCode, context).toBeLessThan(500);
  if (res.statusCode < 400) return;
  expect(res.headers['content-type'], context).toMatch(/^application\/json/);
  const body = res.json() as Record<string, unknown>;
  expect(Object.keys(body), context).toEqual(['detail']);
}

/** Sends `image` through every upload route, on a fresh verification whenever the upload bound nears. */
async function uploadEverywhere(image: Buffer, what: string): Promise<void> {
  const b64 = image.toString('base64');
  for (const route of UPLOAD_ROUTES) {
    if (uploadsOnToken >= UPLOADS_PER_VERIFICATION.max) await newSession();
    uploadsOnToken += 1;
    sent += 1;
    const res = await t.app.inject({
      method: 'POST',
      url: route.url,
      headers: clientHeaders,
      payload: route.body(b64),
    });
    assertEnvelope(res, `${what} ${route.url}`);
  }
}

function pngChunk(type: string, data: Buffer, crc?: number): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc ?? zlib.crc32(body));
  return Buffer.concat([length, body, checksum]);
}

/** A PNG whose IHDR claims `width`×`height` over the pixel rows of a 16×16 image. */
function forgedIhdrPng(width: number, height: number, options: { badCrc?: boolean } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9); // colour type 2: RGB
  const rows = Buffer.alloc((16 * 3 + 1) * 16, 0x7f);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header, options.badCrc ? 0xdeadbeef : undefined),
    pngChunk('IDAT', zlib.deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Writes a big-endian 16-bit size into every frame header (SOF0–SOF2) of a JPEG. */
function jpegWithFrameSize(jpeg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpeg);
  for (let i = 2; i < out.length - 9; i++) {
    if (out[i] === 0xff && out[i + 1]! >= 0xc0 && out[i + 1]! <= 0xc2) {
      out.writeUInt16BE(height, i + 5);
      out.writeUInt16BE(width, i + 7);
    }
  }
  return out;
}

/** A WebP whose VP8X canvas (24-bit sizes minus one) claims `width`×`height` over a small VP8 image. */
function webpWithCanvas(webp: Buffer, width: number, height: number): Buffer {
  const imageChunks = webp.subarray(12);
  const vp8x = Buffer.alloc(18);
  vp8x.write('VP8X', 0, 'ascii');
  vp8x.writeUInt32LE(10, 4);
  vp8x.writeUIntLE(width - 1, 12, 3);
  vp8x.writeUIntLE(height - 1, 15, 3);
  const riff = Buffer.alloc(12);
  riff.write('RIFF', 0, 'ascii');
  riff.writeUInt32LE(4 + vp8x.length + imageChunks.length, 4);
  riff.write('WEBP', 8, 'ascii');
  return Buffer.concat([riff, vp8x, imageChunks]);
}

let progressiveJpeg: Buffer;
let png: Buffer;
let webp: Buffer;
let lossless: Buffer;

beforeAll(async () => {
  t = await createTestApp('pglite');
  await newSession();
  const picture = sharp({
    create: { width: 96, height: 72, channels: 3, background: { r: 30, g: 140, b: 90 } },
  });
  progressiveJpeg = await picture.clone().jpeg({ progressive: true, quality: 70 }).toBuffer();
  png = await picture.clone().png().toBuffer();
  webp = await picture.clone().webp({ quality: 60 }).toBuffer();
  lossless = await picture.clone().webp({ lossless: true }).toBuffer();
}, 120_000);

afterAll(async () => {
  console.log(`image-header fuzz: ${sent} uploads`);
  await t?.close();
});

describe('uploads whose image headers lie', () => {
  it('answers each crafted lie in the envelope, without a 5xx or a memory surge', async () => {
    const rssBefore = process.memoryUsage().rss;
    const cases: Array<[string, Buffer]> = [
      ['progressive JPEG claiming 65,500 × 65,500', jpegWithFrameSize(progressiveJpeg, 65_500, 65_500)],
      ['progressive JPEG claiming 1 × 1', jpegWithFrameSize(progressiveJpeg, 1, 1)],
      ['progressive JPEG claiming 0 × 0', jpegWithFrameSize(progressiveJpeg, 0, 0)],
      ['progressive JPEG cut inside its scans', progressiveJpeg.subarray(0, progressiveJpeg.length >> 1)],
      ['JPEG whose APP1 desynchronises header parsers', await desyncJpeg(1200, 900)],
      ['PNG whose IHDR claims 60,000 × 60,000', forgedIhdrPng(60_000, 60_000)],
      ['PNG whose IHDR claims 2^31 - 1 a side', forgedIhdrPng(0x7fffffff, 0x7fffffff)],
      ['PNG whose IHDR claims 0 × 0', forgedIhdrPng(0, 0)],
      ['PNG whose IHDR checksum is wrong', forgedIhdrPng(16, 16, { badCrc: true })],
      ['PNG with its rows cut', png.subarray(0, png.length - 20)],
      ['WebP whose VP8X canvas claims 16,384 × 16,384', webpWithCanvas(webp, 16_384, 16_384)],
      ['WebP whose VP8X canvas claims 1 × 1', webpWithCanvas(webp, 1, 1)],
      ['lossless WebP whose VP8X canvas claims 16,384 × 16,384', webpWithCanvas(lossless, 16_384, 16_384)],
      [
        'WebP whose RIFF length lies',
        Buffer.concat([webp.subarray(0, 4), Buffer.from([0xff, 0xff, 0xff, 0x7f]), webp.subarray(8)]),
      ],
    ];
    for (const [what, image] of cases) await uploadEverywhere(image, what);
    const grownMb = (process.memoryUsage().rss - rssBefore) / 2 ** 20;
    expect(grownMb).toBeLessThan(100);
  }, 180_000);

  it('answers random corruptions of the first bytes of each format in the envelope', async () => {
    const formats = fc.constantFrom<[string, Buffer]>(
      ['progressive JPEG', progressiveJpeg],
      ['PNG', png],
      ['WebP', webp],
      ['lossless WebP', lossless],
    );
    const corruption = fc.array(
      fc.record({ at: fc.nat({ max: 63 }), byte: fc.integer({ min: 0, max: 255 }) }),
      { minLength: 1, maxLength: 6 },
    );
    await fc.assert(
      fc.asyncProperty(
        formats,
        corruption,
        fc.option(fc.nat(), { nil: undefined }),
        async ([name, image], edits, cut) => {
          const lying = Buffer.from(image);
          for (const { at, byte } of edits) lying[at % lying.length] = byte;
          const sent = cut === undefined ? lying : lying.subarray(0, 16 + (cut % lying.length));
          await uploadEverywhere(sent, `${name} with bytes ${JSON.stringify(edits)} cut at ${cut ?? 'none'}`);
        },
      ),
      { numRuns: 60 },
    );
  }, 300_000);
});
