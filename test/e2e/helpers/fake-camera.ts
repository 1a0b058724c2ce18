import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bwipjs from 'bwip-js';
import sharp from 'sharp';

/**
 * Camera pictures for Chromium's fake capture device (`--use-file-for-fake-video-capture`), which plays
 * a Y4M file in a loop. The cards are drawn here (no real document, no face from the test data), so
 * screenshots made with them can be published.
 */

export const FRAME_WIDTH = 1280;
export const FRAME_HEIGHT = 720;

/** An AAMVA-shaped payload with obviously fictitious data. */
export const SAMPLE_AAMVA =
  '@\n\x1e\rANSI 636014090002DL00410278ZC03190008DLDAQD1234562\nDCSSAMPLE\nDDEN\nDACJANE\nDDFN\nDADQUINN\nDDGN\nDCAC\nDCBNONE\nDCDNONE\nDBD20240115\nDBB19900512\nDBA20340512\nDBC2\nDAU065 IN\nDAYBRO\nDAG123 MAIN STREET\nDAISACRAMENTO\nDAJCA\nDAK958110000  \nDCF00/00/0000NNNAN/ANFD\nDCGUSA\nDDAF\nDDB20200101\nDDK1\r\nZCZCAN\nZCBN\r';

/** One RGB picture as a 4:2:0 Y4M frame body (BT.601 full range, as `C420jpeg` declares). */
function yuv420(rgb: Buffer, width: number, height: number): Buffer {
  const ySize = width * height;
  const cw = width / 2;
  const ch = height / 2;
  const frame = Buffer.alloc(ySize + 2 * cw * ch);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      frame[y * width + x] = Math.round(0.299 * rgb[i]! + 0.587 * rgb[i + 1]! + 0.114 * rgb[i + 2]!);
    }
  }
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const i = ((2 * y + dy) * width + 2 * x + dx) * 3;
        r += rgb[i]!;
        g += rgb[i + 1]!;
        b += rgb[i + 2]!;
      }
      r /= 4;
      g /= 4;
      b /= 4;
      const u = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
      const v = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
      frame[ySize + y * cw + x] = Math.max(0, Math.min(255, Math.round(u)));
      frame[ySize + cw * ch + y * cw + x] = Math.max(0, Math.min(255, Math.round(v)));
    }
  }
  return frame;
}

/**
 * Writes RGB pictures as a Y4M video at `fps`, each picture held for `framesEach` frames, which
 * Chromium loops. One picture is a still camera; several make a camera that shows them in turn.
 */
export function writeY4m(
  file: string,
  pictures: readonly Buffer[],
  width: number,
  height: number,
  options: { fps?: number; framesEach?: number } = {},
): void {
  const fps = options.fps ?? 30;
  const frameHeader = Buffer.from('FRAME\n');
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`)];
  for (const rgb of pictures) {
    const frame = yuv420(rgb, width, height);
    for (let i = 0; i < (options.framesEach ?? 1); i++) parts.push(frameHeader, frame);
  }
  fs.writeFileSync(file, Buffer.concat(parts));
}

type Image = ReturnType<typeof sharp>;

const CARD_WIDTH = 1000;
const CARD_HEIGHT = Math.round(CARD_WIDTH / 1.586);

function onTable(card: Buffer): Image {
  return sharp({
    create: { width: FRAME_WIDTH, height: FRAME_HEIGHT, channels: 3, background: { r: 62, g: 58, b: 54 } },
  }).composite([
    { input: card, left: (FRAME_WIDTH - CARD_WIDTH) / 2, top: Math.round((FRAME_HEIGHT - CARD_HEIGHT) / 2) },
  ]);
}

async function rgbOf(image: Image): Promise<Buffer> {
  return image.removeAlpha().raw().toBuffer();
}

export async function cardFrontFrame(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#d9e8f7"/><stop offset="1" stop-color="#9fc3e6"/></linearGradient></defs>
  <rect width="100%" height="100%" rx="36" fill="url(#g)"/>
  <rect width="100%" height="96" rx="36" fill="#1d4f91"/><rect y="60" width="100%" height="36" fill="#1d4f91"/>
  <text x="40" y="64" font-family="sans-serif" font-size="44" font-weight="700" fill="#fff">SAMPLE STATE · DRIVER LICENSE</text>
  <rect x="48" y="140" width="260" height="330" rx="12" fill="#c8d3de"/>
  <circle cx="178" cy="255" r="70" fill="#8a9aab"/><rect x="88" y="340" width="180" height="130" rx="70" fill="#8a9aab"/>
  <g font-family="sans-serif" fill="#14233a">
    <text x="350" y="180" font-size="30">DL D1234562</text>
    <text x="350" y="240" font-size="40" font-weight="700">SAMPLE</text>
    <text x="350" y="290" font-size="40" font-weight="700">JANE QUINN</text>
    <text x="350" y="350" font-size="28">DOB 05/12/1990   EXP 05/12/2034</text>
    <text x="350" y="400" font-size="28">123 MAIN STREET, SACRAMENTO CA</text>
    <text x="350" y="450" font-size="28">SEX F   HGT 5-05   EYES BRO</text>
  </g></svg>`;
  return rgbOf(onTable(await sharp(Buffer.from(svg)).png().toBuffer()));
}

export async function cardBackFrame(payload = SAMPLE_AAMVA): Promise<Buffer> {
  const barcode = await bwipjs.toBuffer({
    bcid: 'pdf417',
    text: payload,
    scale: 3,
    columns: 12,
    eclevel: 5,
    rowmult: 3,
  } as bwipjs.RenderOptions);
  const target = Math.round(CARD_WIDTH * 0.84);
  const scaled = await sharp(barcode).resize({ width: target, kernel: 'nearest' }).png().toBuffer();
  const { height = 0 } = await sharp(scaled).metadata();
  const card = await sharp({
    create: { width: CARD_WIDTH, height: CARD_HEIGHT, channels: 3, background: '#f4f4f0' },
  })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="80"><text x="40" y="54" font-family="sans-serif" font-size="30" fill="#555">SAMPLE STATE · NOT A REAL DOCUMENT</text></svg>`,
        ),
        left: 0,
        top: 0,
      },
      {
        input: scaled,
        left: Math.round((CARD_WIDTH - target) / 2),
        top: Math.max(90, Math.round((CARD_HEIGHT - height) / 2)),
      },
    ])
    .png()
    .toBuffer();
  return rgbOf(onTable(card));
}

/** Writes the picture to a temporary image file, as a user would pick it from their photos. */
export async function framePhoto(name: string, rgb: Buffer, format: 'png' | 'jpeg'): Promise<string> {
  const file = path.join(os.tmpdir(), `idv-photo-${process.pid}-${name}.${format === 'png' ? 'png' : 'jpg'}`);
  await sharp(rgb, { raw: { width: FRAME_WIDTH, height: FRAME_HEIGHT, channels: 3 } })
    .toFormat(format)
    .toFile(file);
  return file;
}

/** Writes the picture to a temporary Y4M and returns the Chromium flag that plays it as the camera. */
export function fakeCameraArg(name: string, rgb: Buffer): string {
  const file = path.join(os.tmpdir(), `idv-fake-camera-${process.pid}-${name}.y4m`);
  writeY4m(file, [rgb], FRAME_WIDTH, FRAME_HEIGHT);
  return `--use-file-for-fake-video-capture=${file}`;
}

/**
 * Writes the pictures (raw RGB of `size`) to a temporary Y4M in which each is shown for
 * `secondsEach`, and returns the Chromium flag that loops it as the camera.
 */
export function fakeVideoArg(
  name: string,
  pictures: readonly Buffer[],
  size: { width: number; height: number; fps?: number; secondsEach?: number },
): string {
  const file = path.join(os.tmpdir(), `idv-fake-camera-${process.pid}-${name}.y4m`);
  const fps = size.fps ?? 30;
  writeY4m(file, pictures, size.width, size.height, {
    fps,
    framesEach: Math.max(1, Math.round(fps * (size.secondsEach ?? 1))),
  });
  return `--use-file-for-fake-video-capture=${file}`;
}
