import sharp from 'sharp';
import { seededRandom } from '../../../test/helpers/seeded-random.js';
import { type CardCondition, photographCard } from '../face-eval/render.js';

/**
 * Licence fronts for the front-reading evaluation: the barcode's own data printed in the layouts US
 * and Canadian licences use, then photographed with the face set's degradations (photographCard).
 * Every random choice comes from the seed, so a seed gives the same bytes on every run.
 */

export type FrontData = {
  lastName: string;
  firstName: string;
  middleName: string | null;
  /** ISO dates. */
  dob: string;
  expiry: string | null;
  issueDate: string | null;
  licenseNumber: string;
  jurisdiction: string;
  country: 'USA' | 'CAN';
  sex: string | null;
};

export const FRONT_LAYOUTS = ['us_numbered', 'us_labelled', 'ca_bilingual', 'qc_french'] as const;
export type FrontLayout = (typeof FRONT_LAYOUTS)[number];

const FONTS = ['DejaVu Sans', 'Liberation Sans', 'DejaVu Sans Condensed', 'Liberation Sans Narrow'];
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

const CARD_ASPECT = 85.6 / 53.98;

const between = (random: () => number, low: number, high: number) => low + (high - low) * random();
const intBetween = (random: () => number, low: number, high: number) =>
  Math.round(between(random, low, high));
const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

function usDate(iso: string | null, separator: string): string {
  if (!iso) return '';
  const [y, m, d] = iso.split('-');
  return `${m}${separator}${d}${separator}${y}`;
}

function caDate(iso: string | null, style: 'numeric' | 'month'): string {
  if (!iso) return '';
  const [y, m, d] = iso.split('-');
  return style === 'numeric' ? `${y}/${m}/${d}` : `${y}-${MONTHS[Number(m) - 1]}-${d}`;
}

type TextItem = { text: string; x: number; y: number; size: number; kind: 'label' | 'value' };

/** Where each field goes, in card fractions, for one layout: labels small and coloured, values large. */
function layoutItems(data: FrontData, layout: FrontLayout, random: () => number): TextItem[] {
  const given = [data.firstName, data.middleName].filter(Boolean).join(' ');
  const left = between(random, 0.36, 0.4);
  const items: TextItem[] = [];
  const label = (text: string, x: number, y: number) =>
    items.push({ text, x, y, size: 0.032, kind: 'label' });
  const value = (text: string, x: number, y: number, size = 0.048) =>
    items.push({ text, x, y, size, kind: 'value' });
  switch (layout) {
    case 'us_numbered': {
      const sep = pick(random, ['/', '-']);
      label('4d DLN', left, 0.27);
      value(data.licenseNumber, left + 0.12, 0.27);
      label('1', left, 0.36);
      value(data.lastName, left + 0.04, 0.36);
      label('2', left, 0.44);
      value(given, left + 0.04, 0.44);
      label('3 DOB', left, 0.56);
      value(usDate(data.dob, sep), left + 0.1, 0.56);
      label('4b EXP', left, 0.65);
      value(usDate(data.expiry, sep), left + 0.12, 0.65);
      label('4a ISS', left, 0.74);
      value(usDate(data.issueDate, sep), left + 0.12, 0.74, 0.038);
      label('15 SEX', left + 0.36, 0.74);
      value(data.sex ?? '', left + 0.49, 0.74, 0.038);
      break;
    }
    case 'us_labelled': {
      const sep = pick(random, ['/', '-']);
      label('DL NO.', left, 0.27);
      value(data.licenseNumber, left + 0.11, 0.27);
      label('LN', left, 0.37);
      value(data.lastName, left + 0.06, 0.37);
      label('FN', left, 0.46);
      value(given, left + 0.06, 0.46);
      label('DOB', left, 0.57);
      value(usDate(data.dob, sep), left + 0.08, 0.57);
      label('EXP', left + 0.33, 0.57);
      value(usDate(data.expiry, sep), left + 0.41, 0.57, 0.04);
      label('ISS', left, 0.67);
      value(usDate(data.issueDate, sep), left + 0.08, 0.67, 0.038);
      label('SEX', left + 0.33, 0.67);
      value(data.sex ?? '', left + 0.41, 0.67, 0.038);
      break;
    }
    case 'ca_bilingual': {
      const style = pick(random, ['numeric', 'month'] as const);
      label('NUMBER/NUMÉRO', left, 0.25);
      value(data.licenseNumber, left, 0.32);
      label('NAME/NOM', left, 0.41);
      value(`${data.lastName},`, left, 0.48);
      value(given, left, 0.55);
      label('DOB/DDN', left, 0.65);
      value(caDate(data.dob, style), left + 0.15, 0.65, 0.042);
      label('EXP/EXP', left, 0.73);
      value(caDate(data.expiry, style), left + 0.15, 0.73, 0.042);
      label('SEX/SEXE', left + 0.42, 0.65);
      value(data.sex ?? '', left + 0.56, 0.65, 0.042);
      break;
    }
    case 'qc_french': {
      label('NOM', left, 0.27);
      value(data.lastName, left + 0.1, 0.27);
      label('PRÉNOM', left, 0.36);
      value(given, left + 0.13, 0.36);
      label('NO DE PERMIS', left, 0.46);
      value(data.licenseNumber, left + 0.2, 0.46, 0.042);
      label('DATE DE NAISSANCE', left, 0.56);
      value(caDate(data.dob, 'numeric').replaceAll('/', '-'), left + 0.27, 0.56, 0.042);
      label('EXPIRATION', left, 0.65);
      value(caDate(data.expiry, 'numeric').replaceAll('/', '-'), left + 0.18, 0.65, 0.042);
      label('SEXE', left, 0.74);
      value(data.sex ?? '', left + 0.09, 0.74, 0.042);
      break;
    }
  }
  return items;
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function frontArtwork(
  data: FrontData,
  layout: FrontLayout,
  width: number,
  height: number,
  random: () => number,
): string {
  const hue = intBetween(random, 0, 360);
  const font = pick(random, FONTS);
  const header = Math.round(height * 0.16);
  const jurisdictionTitle =
    data.country === 'CAN'
      ? `${data.jurisdiction} DRIVER'S LICENCE / PERMIS DE CONDUIRE`
      : `${data.jurisdiction} DRIVER LICENSE`;
  const waves = Array.from({ length: 14 }, (_, i) => {
    const y = Math.round(height * (0.2 + i * 0.06));
    return `<path d="M0 ${y} Q ${width / 4} ${y - 30} ${width / 2} ${y} T ${width} ${y}" stroke="hsl(${hue},45%,75%)" stroke-width="2" fill="none"/>`;
  }).join('');
  const text = layoutItems(data, layout, random)
    .filter((item) => item.text !== '')
    .map((item) => {
      const size = Math.round(height * item.size);
      const fill = item.kind === 'label' ? '#8a1c1c' : '#111111';
      const weight = item.kind === 'value' ? 'bold' : 'normal';
      return `<text x="${Math.round(width * item.x)}" y="${Math.round(height * item.y)}" font-family="${font}" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeXml(item.text)}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},40%,93%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},35%,86%)"/>
    </linearGradient></defs>
    <rect width="${width}" height="${height}" rx="${Math.round(height * 0.05)}" fill="url(#bg)"/>
    ${waves}
    <rect width="${width}" height="${header}" fill="hsl(${hue},55%,32%)"/>
    <text x="${Math.round(width * 0.05)}" y="${Math.round(header * 0.65)}" font-family="${font}" font-size="${Math.round(header * 0.38)}" font-weight="bold" fill="#ffffff">${escapeXml(jurisdictionTitle)}</text>
    ${text}
  </svg>`;
}

/** A head-and-shoulders silhouette where the portrait goes, when no photo is given. */
function silhouette(width: number, height: number): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="#b8c4cc"/>
    <circle cx="${width / 2}" cy="${height * 0.38}" r="${width * 0.24}" fill="#6d7a84"/>
    <ellipse cx="${width / 2}" cy="${height}" rx="${width * 0.45}" ry="${height * 0.32}" fill="#6d7a84"/></svg>`);
}

export type FrontRendering = { image: Buffer; layout: FrontLayout; condition: CardCondition };

/** The layouts a jurisdiction's cards use. */
export const layoutsFor = (country: 'USA' | 'CAN'): FrontLayout[] =>
  country === 'CAN' ? ['ca_bilingual', 'qc_french'] : ['us_numbered', 'us_labelled'];

/**
 * A licence front printing `data` in `layout` (1000–1600 px wide; 1000–1100 for `small_jpeg`), with
 * `photo` (or a silhouette) as its portrait, photographed under `condition`.
 */
export async function renderLicenceFront(
  data: FrontData,
  layout: FrontLayout,
  condition: CardCondition,
  seed: number,
  photo?: Buffer,
): Promise<FrontRendering> {
  const random = seededRandom(seed);
  const cardWidth =
    condition === 'small_jpeg' ? intBetween(random, 1000, 1100) : intBetween(random, 1000, 1600);
  const cardHeight = Math.round(cardWidth / CARD_ASPECT);
  const portraitHeight = Math.round(cardHeight * 0.55);
  const portraitWidth = Math.round(portraitHeight * 0.8);
  const portrait = photo
    ? await sharp(photo)
        .rotate()
        .resize({
          width: portraitWidth,
          height: portraitHeight,
          fit: 'cover',
          position: sharp.strategy.attention,
        })
        .toBuffer()
    : await sharp(silhouette(portraitWidth, portraitHeight)).png().toBuffer();
  const card = await sharp(Buffer.from(frontArtwork(data, layout, cardWidth, cardHeight, random)))
    .composite([{ input: portrait, left: Math.round(cardWidth * 0.04), top: Math.round(cardHeight * 0.24) }])
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
  return { image: await photographCard(card, cardWidth, condition, random), layout, condition };
}
