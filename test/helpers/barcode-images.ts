import fs from 'node:fs';
import bwipjs from 'bwip-js';
import sharp, { type Sharp } from 'sharp';
import { sharedDataPath } from './shared-data.js';
import { seededRandom } from './seeded-random.js';

/**
 * PDF417 test images: clean renders of AAMVA payloads and a deterministic "phone photo" degradation
 * (tilt, perspective, card background, glare, blur, low resolution, noise, JPEG 40). The decoder
 * tests and bench/barcode-decode.bench.ts share this, so the measured read rate is over the same set.
 */

export type Pdf417RenderOptions = {
  /** Pixels per module. */
  scale?: number;
  columns?: number;
  /** Each row is this many modules tall; 3 is the PDF417 default and typical of licence cards. */
  rowMultiplier?: number;
  paddingPx?: number;
};

export async function renderPdf417(payload: string, options: Pdf417RenderOptions = {}): Promise<Buffer> {
  const renderOptions = {
    bcid: 'pdf417',
    text: payload,
    scale: options.scale ?? 4,
    padding: options.paddingPx ?? 16,
    columns: options.columns ?? 12,
    eclevel: 5,
    rowmult: options.rowMultiplier ?? 3,
    backgroundcolor: 'FFFFFF',
  };
  return bwipjs.toBuffer(renderOptions as bwipjs.RenderOptions);
}

type ModuleMatrix = { pixs: number[]; pixx: number; pixy: number };

/**
 * The symbol's module matrix without any PNG round trip. bwip-js gives one entry per symbol row in
 * `pixs` but the height in modules (rows × rowmult) in `pixy`, so rows are repeated here.
 */
function moduleMatrix(payload: string): ModuleMatrix {
  const options = { bcid: 'pdf417', text: payload, columns: 12, eclevel: 5, rowmult: 3 } as bwipjs.RawOptions;
  const [matrix] = bwipjs.raw(options) as ModuleMatrix[];
  if (!matrix) throw new Error('bwip-js returned no PDF417 matrix');
  const rows = matrix.pixs.length / matrix.pixx;
  const repeat = matrix.pixy / rows;
  const pixs: number[] = [];
  for (let y = 0; y < matrix.pixy; y++) {
    const row = Math.floor(y / repeat) * matrix.pixx;
    for (let x = 0; x < matrix.pixx; x++) pixs.push(matrix.pixs[row + x] ?? 0);
  }
  return { pixs, pixx: matrix.pixx, pixy: matrix.pixy };
}

/** Per output pixel, the modules it overlaps and by how much (module size ≥ 1 px: at most two). */
function coverage(pixels: number, modulePx: number): [number, number, number, number][] {
  const out: [number, number, number, number][] = [];
  for (let p = 0; p < pixels; p++) {
    const from = p / modulePx;
    const to = (p + 1) / modulePx;
    const i = Math.floor(from);
    const j = Math.floor(to - 1e-9);
    out.push(i === j ? [i, 1, j, 0] : [i, (i + 1 - from) / (to - from), j, (to - j) / (to - from)]);
  }
  return out;
}

/** Renders the symbol in grey at a fractional module size with area-weighted anti-aliasing. */
function renderSymbol(
  matrix: ModuleMatrix,
  modulePx: number,
): { data: Buffer; width: number; height: number } {
  const width = Math.round(matrix.pixx * modulePx);
  const height = Math.round(matrix.pixy * modulePx);
  const columns = coverage(width, modulePx);
  const rows = coverage(height, modulePx);
  const dark = (x: number, y: number): number =>
    x < matrix.pixx && y < matrix.pixy ? (matrix.pixs[y * matrix.pixx + x] ?? 0) : 0;
  const data = Buffer.alloc(width * height);
  for (let y = 0; y < height; y++) {
    const [r0, wr0, r1, wr1] = rows[y]!;
    for (let x = 0; x < width; x++) {
      const [c0, wc0, c1, wc1] = columns[x]!;
      const ink =
        wr0 * (wc0 * dark(c0, r0) + wc1 * dark(c1, r0)) + wr1 * (wc0 * dark(c0, r1) + wc1 * dark(c1, r1));
      data[y * width + x] = Math.round(255 * (1 - ink));
    }
  }
  return { data, width, height };
}

export type Degradation = {
  /** Signed in-plane tilt. */
  angleDeg: number;
  /** Width of the symbol (bars only) in the final image. */
  symbolWidthPx: number;
  /** Gaussian blur applied at the final resolution. */
  blurSigma: number;
  jpegQuality: number;
  /** Uniform per-channel noise of ± this many grey levels. */
  noiseAmplitude: number;
  /** `card`: pasted on a licence-back-like card lying on a darker table. */
  background: 'plain' | 'card';
  /** Largest corner displacement of the perspective warp, as a fraction of the image size. */
  perspective: number;
  glare: boolean;
};

/**
 * The degradation of sample `index`: tilt up to 20° either way, symbol 600-900 px wide (about
 * 2.2-3.3 px per module for 12 columns), blur, ±16 noise, JPEG 40; two thirds on a card with
 * perspective, a third of those with glare.
 */
export function degradationFor(index: number, seed = 1): Degradation {
  const random = seededRandom(seed * 7919 + index * 104729);
  const angle = random() * 20;
  const sign = random() < 0.5 ? -1 : 1;
  const card = index % 3 !== 0;
  return {
    angleDeg: Math.round(sign * angle * 10) / 10,
    symbolWidthPx: Math.round(600 + random() * 300),
    blurSigma: Math.round((0.3 + random() * 0.7) * 100) / 100,
    jpegQuality: 40,
    noiseAmplitude: 16,
    background: card ? 'card' : 'plain',
    perspective: card ? Math.round(random() * 0.04 * 1000) / 1000 : 0,
    glare: card && index % 9 === 1,
  };
}

type Raw = { data: Buffer; width: number; height: number; channels: 3 };

async function toRaw(image: Sharp): Promise<Raw> {
  const { data, info } = await image
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

function fromRaw(raw: Raw): Sharp {
  return sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } });
}

function cardSvg(
  width: number,
  height: number,
  cardWidth: number,
  cardHeight: number,
  random: () => number,
): string {
  const x0 = (width - cardWidth) / 2;
  const y0 = (height - cardHeight) / 2;
  const lines: string[] = [];
  for (let i = 0; i < 5; i++) {
    const lineWidth = cardWidth * (0.25 + random() * 0.45);
    lines.push(
      `<rect x="${x0 + cardWidth * 0.06}" y="${y0 + cardHeight * (0.06 + i * 0.045)}" width="${lineWidth}" height="${cardHeight * 0.022}" fill="#3a3a3a" opacity="0.8"/>`,
    );
  }
  const waves: string[] = [];
  for (let i = 0; i < 14; i++) {
    const y = y0 + (cardHeight * i) / 14;
    waves.push(
      `<path d="M ${x0} ${y} q ${cardWidth / 8} ${cardHeight / 20} ${cardWidth / 4} 0 t ${cardWidth / 4} 0 t ${cardWidth / 4} 0 t ${cardWidth / 4} 0" stroke="#9fb6c9" stroke-width="1.5" fill="none" opacity="0.5"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e9eef2"/><stop offset="1" stop-color="#d6e0e8"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="#5b4a3c"/>
  <rect x="${x0}" y="${y0}" width="${cardWidth}" height="${cardHeight}" rx="${cardWidth * 0.04}" fill="url(#g)"/>
  ${waves.join('\n')}
  ${lines.join('\n')}
</svg>`;
}

function glareSvg(width: number, height: number, random: () => number): Buffer {
  const cx = width * (0.4 + random() * 0.2);
  const cy = height * (0.45 + random() * 0.15);
  const r = Math.min(width, height) * (0.15 + random() * 0.1);
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><radialGradient id="r"><stop offset="0" stop-color="#ffffff" stop-opacity="0.75"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient></defs>
  <ellipse cx="${cx}" cy="${cy}" rx="${r * 1.6}" ry="${r}" fill="url(#r)"/>
</svg>`);
}

/** Solves the 8 unknowns of the homography that maps `from[i]` onto `to[i]`. */
function homography(from: [number, number][], to: [number, number][]): number[] {
  const rows: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    rows.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let col = 0; col < 8; col++) {
    let pivot = col;
    for (let r = col + 1; r < 8; r++) if (Math.abs(rows[r]![col]!) > Math.abs(rows[pivot]![col]!)) pivot = r;
    [rows[col], rows[pivot]] = [rows[pivot]!, rows[col]!];
    const p = rows[col]!;
    for (let r = 0; r < 8; r++) {
      if (r === col) continue;
      const f = rows[r]![col]! / p[col]!;
      for (let c = col; c < 9; c++) rows[r]![c]! -= f * p[c]!;
    }
  }
  return rows.map((r, i) => r[8]! / r[i]!);
}

function warpPerspective(raw: Raw, strength: number, random: () => number, fill: number[]): Raw {
  const { width: w, height: h } = raw;
  const jitter = (): number => (random() * 2 - 1) * strength;
  const corners: [number, number][] = [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ];
  const moved = corners.map(([x, y]) => [x + jitter() * w, y + jitter() * h] as [number, number]);
  // Inverse map: for each output pixel find its source through the homography moved -> corners.
  const m = homography(moved, corners);
  const out = Buffer.alloc(raw.data.length);
  const src = raw.data;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const d = m[6]! * x + m[7]! * y + 1;
      const sx = (m[0]! * x + m[1]! * y + m[2]!) / d;
      const sy = (m[3]! * x + m[4]! * y + m[5]!) / d;
      const o = (y * w + x) * 3;
      if (sx < 0 || sy < 0 || sx >= w - 1 || sy >= h - 1) {
        out[o] = fill[0]!;
        out[o + 1] = fill[1]!;
        out[o + 2] = fill[2]!;
        continue;
      }
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const i00 = (y0 * w + x0) * 3;
      const i10 = i00 + 3;
      const i01 = i00 + w * 3;
      const i11 = i01 + 3;
      for (let c = 0; c < 3; c++) {
        const top = src[i00 + c]! * (1 - fx) + src[i10 + c]! * fx;
        const bottom = src[i01 + c]! * (1 - fx) + src[i11 + c]! * fx;
        out[o + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  }
  return { ...raw, data: out };
}

function addNoise(raw: Raw, amplitude: number, random: () => number): Raw {
  const out = Buffer.alloc(raw.data.length);
  for (let i = 0; i < raw.data.length; i++) {
    const v = raw.data[i]! + Math.round((random() * 2 - 1) * amplitude);
    out[i] = v < 0 ? 0 : v > 255 ? 255 : v;
  }
  return { ...raw, data: out };
}

/**
 * Renders `payload` as PDF417 (12 columns, error correction level 5, rows 3 modules tall, like
 * licence cards) and degrades it into a JPEG phone-photo stand-in.
 */
export async function degradeBarcode(
  payload: string,
  degradation: Degradation,
  seed: number,
): Promise<Buffer> {
  const random = seededRandom(seed);
  const matrix = moduleMatrix(payload);
  // Draw at 1.5x the final scale (at most 4 px per module): the final resize smooths the warp and
  // rotation, and drawing from the module matrix avoids bwip-js's PNG encode (about 190 ms a symbol).
  const finalModulePx = degradation.symbolWidthPx / matrix.pixx;
  const modulePx = Math.min(4, finalModulePx * 1.5);
  const scale = finalModulePx / modulePx;
  const drawn = renderSymbol(matrix, modulePx);
  const symbolWidth = drawn.width;
  const symbol = await sharp(drawn.data, { raw: { width: drawn.width, height: drawn.height, channels: 1 } })
    .toColourspace('srgb')
    .png({ compressionLevel: 0 })
    .toBuffer();
  const quiet = Math.round(symbolWidth * 0.06);

  let raw: Raw;
  let fill: number[];
  if (degradation.background === 'card') {
    const cardWidth = Math.round(symbolWidth * 1.22);
    const cardHeight = Math.round(cardWidth * 0.63);
    const width = Math.round(cardWidth * 1.3);
    const height = Math.round(cardHeight * 1.35);
    const svg = cardSvg(width, height, cardWidth, cardHeight, random);
    const left = Math.round((width - symbolWidth) / 2);
    const top = Math.round((height - cardHeight) / 2 + cardHeight * 0.34);
    raw = await toRaw(sharp(Buffer.from(svg)).composite([{ input: symbol, left, top, blend: 'multiply' }]));
    fill = [91, 74, 60];
  } else {
    raw = await toRaw(
      sharp(symbol).extend({ top: quiet, bottom: quiet, left: quiet, right: quiet, background: '#ffffff' }),
    );
    fill = [255, 255, 255];
  }
  if (degradation.perspective > 0) raw = warpPerspective(raw, degradation.perspective, random, fill);

  let image = fromRaw(raw).rotate(degradation.angleDeg, {
    background: { r: fill[0]!, g: fill[1]!, b: fill[2]! },
  });
  if (degradation.glare) {
    const rotated = await image.png({ compressionLevel: 0 }).toBuffer({ resolveWithObject: true });
    image = sharp(rotated.data).composite([
      { input: glareSvg(rotated.info.width, rotated.info.height, random) },
    ]);
  }
  const rotated = await toRaw(image);
  let small = await toRaw(
    fromRaw(rotated)
      .resize(Math.round(rotated.width * scale), Math.round(rotated.height * scale), {
        kernel: 'lanczos3',
      })
      .blur(degradation.blurSigma >= 0.3 ? degradation.blurSigma : false),
  );
  small = addNoise(small, degradation.noiseAmplitude, random);
  return fromRaw(small).jpeg({ quality: degradation.jpegQuality }).toBuffer();
}

export type DegradedSample = { payload: string; image: Buffer; degradation: Degradation };

/** One degraded JPEG per payload, reproducible from the seed. */
export async function degradedBarcodeSet(payloads: string[], seed = 1): Promise<DegradedSample[]> {
  const samples: DegradedSample[] = [];
  for (const [index, payload] of payloads.entries()) {
    const degradation = degradationFor(index, seed);
    const image = await degradeBarcode(payload, degradation, seed * 31 + index);
    samples.push({ payload, image, degradation });
  }
  return samples;
}

/**
 * Payloads for the degraded set: the first `count` parseable records of synthetic-dev.jsonl that are
 * plain ASCII (as on issued cards), so every version and many jurisdictions are represented.
 */
export function degradedSetPayloads(count: number): string[] {
  return fs
    .readFileSync(sharedDataPath('aamva', 'synthetic-dev.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { payload: string; expected: { parse_ok: boolean } })
    .filter((r) => r.expected.parse_ok && !/[^\p{ASCII}]/u.test(r.payload))
    .slice(0, count)
    .map((r) => r.payload);
}
