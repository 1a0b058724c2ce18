/**
 * Draws the sample images test mode offers in the hosted flow instead of the camera
 * (src/adapters/test-samples/, docs/testing.md): a licence front, a licence back whose PDF417 holds
 * TEST_SAMPLE_BARCODE, and a selfie. They were made by `npx tsx test/helpers/make-test-samples.ts`;
 * run it again only to change them.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { renderPdf417 } from './barcode-images.js';

/** A Virginia AAMVA payload for a made-up person, valid until 2040 (the forced outcome decides, not this). */
export const TEST_SAMPLE_BARCODE =
  '@\n\x1e\rANSI 636014080102DL00410276ZC03170024DLDAQT12345678\nDCSSAMPLE\nDDEN\nDACJANE\nDDFN\nDADTESTMODE\nDDGN\nDCAC\nDCBNONE\nDCDNONE\nDBD01152024\nDBB01151990\nDBA01152040\nDBC2\nDAU065 in\nDAYBRO\nDAG1 TEST STREET\nDAIRICHMOND\nDAJVA\nDAK232690000  \nDCF0000000000000000000000\nDCGUSA\nDCK000000000\nDDAF\nDDB06062008\nDDJ06062037\r';

const outDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../src/adapters/test-samples');

const label = (text: string, y: number, size = 34) =>
  `<text x="50%" y="${y}" font-family="sans-serif" font-size="${size}" text-anchor="middle" fill="#1a237e">${text}</text>`;

async function main(): Promise<void> {
  const front = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="856" height="540">
    <rect width="856" height="540" rx="32" fill="#e3f2fd"/>
    <rect x="48" y="140" width="240" height="300" rx="12" fill="#90a4ae"/>
    <circle cx="168" cy="250" r="70" fill="#eceff1"/><rect x="88" y="330" width="160" height="110" rx="60" fill="#eceff1"/>
    ${label('SAMPLE LICENCE — TEST MODE', 80, 40)}
    <text x="330" y="220" font-family="sans-serif" font-size="30" fill="#263238">SAMPLE, JANE TESTMODE</text>
    <text x="330" y="280" font-family="sans-serif" font-size="26" fill="#263238">DOB 01/15/1990   EXP 01/15/2040</text>
    <text x="330" y="340" font-family="sans-serif" font-size="26" fill="#263238">DL T12345678</text>
  </svg>`);
  await sharp(front).jpeg({ quality: 85 }).toFile(path.join(outDir, 'document-front.jpg'));

  const symbol = await renderPdf417(TEST_SAMPLE_BARCODE, { scale: 3 });
  const meta = await sharp(symbol).metadata();
  const width = Math.max(856, (meta.width ?? 0) + 80);
  const height = (meta.height ?? 0) + 200;
  await sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="120">${label('SAMPLE LICENCE BACK — TEST MODE', 70)}</svg>`,
        ),
        top: 0,
        left: 0,
      },
      { input: symbol, top: 140, left: Math.round((width - (meta.width ?? 0)) / 2) },
    ])
    .png()
    .toFile(path.join(outDir, 'document-back.png'));

  const selfie = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="480" height="640">
    <rect width="480" height="640" fill="#cfd8dc"/>
    <circle cx="240" cy="260" r="130" fill="#ffe0b2"/>
    <circle cx="195" cy="235" r="14" fill="#37474f"/><circle cx="285" cy="235" r="14" fill="#37474f"/>
    <path d="M185 320 Q240 365 295 320" stroke="#37474f" stroke-width="10" fill="none"/>
    <rect x="110" y="420" width="260" height="220" rx="110" fill="#90a4ae"/>
    ${label('SAMPLE SELFIE — TEST MODE', 600, 26)}
  </svg>`);
  await sharp(selfie).jpeg({ quality: 85 }).toFile(path.join(outDir, 'selfie.jpg'));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) await main();
