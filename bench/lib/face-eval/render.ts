import sharp from 'sharp';
import { seededRandom } from '../../../test/helpers/seeded-random.js';

/**
 * Deterministic renderings of the face test photos as they reach the service: the portrait printed
 * on a licence front and photographed, and the selfie as a phone's frames. Every random choice
 * comes from a seeded generator, so a seed gives the same bytes on every run.
 */

/** A seed from a string (image name + condition), so each rendering has its own stream. */
export function seedOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

const between = (random: () => number, low: number, high: number) => low + (high - low) * random();
const intBetween = (random: () => number, low: number, high: number) =>
  Math.round(between(random, low, high));

export const CARD_CONDITIONS = ['clean', 'tilt', 'blur', 'glare_cast', 'small_jpeg'] as const;
export type CardCondition = (typeof CARD_CONDITIONS)[number];

/** ID-1 card aspect ratio (85.60 × 53.98 mm). */
const CARD_ASPECT = 85.6 / 53.98;

/** The photo cut to the 4:5 head-and-shoulders frame a licence prints, face kept in view. */
async function portraitCut(photo: Buffer, height: number): Promise<Buffer> {
  return sharp(photo)
    .rotate()
    .resize({
      width: Math.round(height * 0.8),
      height,
      fit: 'cover',
      position: sharp.strategy.attention,
    })
    .toBuffer();
}

function cardArtwork(width: number, height: number, random: () => number): string {
  const hue = intBetween(random, 0, 360);
  const header = Math.round(height * 0.16);
  const lines: string[] = [];
  const textLeft = Math.round(width * 0.42);
  for (let i = 0; i < 7; i++) {
    const y = Math.round(height * (0.28 + i * 0.085));
    const labelWidth = Math.round(width * between(random, 0.06, 0.1));
    const valueWidth = Math.round(width * between(random, 0.15, 0.42));
    lines.push(
      `<rect x="${textLeft}" y="${y}" width="${labelWidth}" height="${Math.round(height * 0.025)}" fill="#7a1f1f"/>`,
      `<rect x="${textLeft + labelWidth + 12}" y="${y - 4}" width="${valueWidth}" height="${Math.round(height * 0.04)}" fill="#1b1b1b"/>`,
    );
  }
  const waves = Array.from({ length: 14 }, (_, i) => {
    const y = Math.round(height * (0.2 + i * 0.06));
    return `<path d="M0 ${y} Q ${width / 4} ${y - 30} ${width / 2} ${y} T ${width} ${y}" stroke="hsl(${hue},45%,70%)" stroke-width="2" fill="none"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},40%,92%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},35%,84%)"/>
    </linearGradient></defs>
    <rect width="${width}" height="${height}" rx="${Math.round(height * 0.05)}" fill="url(#bg)"/>
    ${waves}
    <rect width="${width}" height="${header}" fill="hsl(${hue},55%,35%)"/>
    <rect x="${Math.round(width * 0.05)}" y="${Math.round(header * 0.3)}" width="${Math.round(width * 0.5)}" height="${Math.round(header * 0.4)}" fill="#ffffff" opacity="0.9"/>
    ${lines.join('')}
    <rect x="${textLeft}" y="${Math.round(height * 0.88)}" width="${Math.round(width * 0.3)}" height="${Math.round(height * 0.06)}" fill="#222" opacity="0.7"/>
  </svg>`;
}

function glareOverlay(width: number, height: number, random: () => number): Buffer {
  const cx = Math.round(width * between(random, 0.15, 0.6));
  const cy = Math.round(height * between(random, 0.25, 0.75));
  const rx = Math.round(width * between(random, 0.1, 0.22));
  const ry = Math.round(rx * between(random, 0.5, 0.9));
  const opacity = between(random, 0.7, 0.95).toFixed(2);
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><radialGradient id="g"><stop offset="0" stop-color="#fff" stop-opacity="${opacity}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
    <ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#g)"/></svg>`);
}

export type CardRendering = {
  image: Buffer;
  cardWidth: number;
  portraitHeight: number;
  condition: CardCondition;
};

/**
 * A licence front (1000–1600 px wide) with the photo as its portrait (180–400 px tall; 180–220 px
 * for `small_jpeg`), photographed under `condition`:
 * - `clean`: a flat, square-on capture, rotation within ±2°, JPEG 85–92;
 * - `tilt`: rotation 5–15° either way and a shear up to 0.12 standing in for perspective, JPEG 75–90;
 * - `blur`: defocus (Gaussian σ 1.2–2.4) or horizontal motion blur (7–13 px), JPEG 70–85;
 * - `glare_cast`: a glare patch over part of the card and a colour cast, JPEG 70–85;
 * - `small_jpeg`: the smallest portraits, JPEG 50–60.
 */
export async function renderCardFront(
  photo: Buffer,
  condition: CardCondition,
  seed: number,
): Promise<CardRendering> {
  const random = seededRandom(seed);
  const cardWidth =
    condition === 'small_jpeg' ? intBetween(random, 1000, 1100) : intBetween(random, 1000, 1600);
  const cardHeight = Math.round(cardWidth / CARD_ASPECT);
  const maxPortrait = Math.min(400, Math.round(cardHeight * 0.66));
  const portraitHeight =
    condition === 'small_jpeg' ? intBetween(random, 180, 220) : intBetween(random, 180, maxPortrait);
  const portrait = await portraitCut(photo, portraitHeight);
  const portraitLeft = Math.round(cardWidth * between(random, 0.04, 0.07));
  const portraitTop = Math.min(
    cardHeight - portraitHeight - 10,
    Math.round(cardHeight * 0.2 + between(random, 0, 0.05) * cardHeight),
  );
  const card = await sharp(Buffer.from(cardArtwork(cardWidth, cardHeight, random)))
    .composite([{ input: portrait, left: portraitLeft, top: portraitTop }])
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();

  const image = await photographCard(card, cardWidth, condition, random);
  return { image, cardWidth, portraitHeight, condition };
}

/**
 * A rendered card (PNG) as a phone photographs it on a desk under `condition` (see renderCardFront),
 * drawing from `random` so the caller's seed decides every choice. The licence-front evaluation set
 * (bench/lib/licence-front) photographs its cards with this too, under the same conditions.
 */
export async function photographCard(
  card: Buffer,
  cardWidth: number,
  condition: CardCondition,
  random: () => number,
): Promise<Buffer> {
  // The card lies on a desk: a margin of 3–8 % of background around it.
  const margin = Math.round(cardWidth * between(random, 0.03, 0.08));
  const desk = {
    r: intBetween(random, 60, 140),
    g: intBetween(random, 55, 120),
    b: intBetween(random, 45, 110),
  };
  let scene = sharp(card).extend({
    top: margin,
    bottom: margin,
    left: margin,
    right: margin,
    background: desk,
  });

  const sign = random() < 0.5 ? -1 : 1;
  if (condition === 'tilt') {
    const shear = between(random, 0.04, 0.12) * (random() < 0.5 ? -1 : 1);
    scene = sharp(await scene.png().toBuffer())
      .affine(
        [
          [1, shear],
          [0, 1 - Math.abs(shear) / 2],
        ],
        { background: desk },
      )
      .rotate(sign * between(random, 5, 15), { background: desk });
  } else {
    scene = sharp(await scene.png().toBuffer()).rotate(sign * between(random, 0, 2), { background: desk });
  }
  let quality = intBetween(random, 85, 92);
  if (condition === 'tilt') quality = intBetween(random, 75, 90);
  if (condition === 'blur') {
    quality = intBetween(random, 70, 85);
    if (random() < 0.5) scene = sharp(await scene.png().toBuffer()).blur(between(random, 1.2, 2.4));
    else {
      const length = intBetween(random, 3, 6) * 2 + 1;
      // sharp wants a kernel at least 3 rows high: only the middle row is non-zero.
      scene = sharp(await scene.png().toBuffer()).convolve({
        width: length,
        height: 3,
        kernel: Array.from({ length: length * 3 }, (_, i) => (i >= length && i < 2 * length ? 1 : 0)),
      });
    }
  }
  if (condition === 'glare_cast') {
    quality = intBetween(random, 70, 85);
    const flat = await scene.png().toBuffer();
    const { width = 0, height = 0 } = await sharp(flat).metadata();
    const cast = [between(random, 0.85, 1.15), between(random, 0.9, 1.1), between(random, 0.8, 1.15)];
    scene = sharp(
      await sharp(flat)
        .composite([{ input: glareOverlay(width, height, random), blend: 'screen' }])
        .png()
        .toBuffer(),
    ).linear(cast, [intBetween(random, -15, 15), 0, intBetween(random, -15, 15)]);
  }
  if (condition === 'small_jpeg') quality = intBetween(random, 50, 60);
  return scene.flatten({ background: desk }).jpeg({ quality }).toBuffer();
}

/**
 * One selfie frame as a phone gives it: 480–1280 px on the long side (portrait orientation), the
 * face near or far (the photo scaled to 55–110 % of the frame height over a blurred backdrop), head
 * turned up to ±15° (simulated by horizontal foreshortening and shear: a 2D picture cannot really
 * turn), rotation ±5°, brightness, contrast and white balance varied, JPEG 70–90.
 */
export async function renderSelfieFrame(photo: Buffer, seed: number): Promise<Buffer> {
  const random = seededRandom(seed);
  const frameHeight = intBetween(random, 480, 1280);
  const frameWidth = Math.round(frameHeight * 0.75);
  const source = await sharp(photo).rotate().removeAlpha().toBuffer();
  const backdrop = await sharp(source)
    .resize(frameWidth, frameHeight, { fit: 'cover' })
    .blur(25)
    .modulate({ brightness: 0.8 })
    .toBuffer();
  const yaw = (between(random, -15, 15) * Math.PI) / 180;
  const subjectHeight = Math.round(frameHeight * between(random, 0.55, 1.1));
  // Transparent corners, so the turned and rotated photo blends into the backdrop without a border.
  const clear = { r: 0, g: 0, b: 0, alpha: 0 };
  const turned = await sharp(source)
    .resize({ height: subjectHeight })
    .ensureAlpha()
    .affine(
      [
        [Math.cos(yaw), 0],
        [Math.sin(yaw) * 0.15, 1],
      ],
      { background: clear },
    )
    .png()
    .toBuffer();
  const subject = await sharp(turned)
    .rotate(between(random, -5, 5), { background: clear })
    .png()
    .toBuffer();
  const meta = await sharp(subject).metadata();
  const subjectWidth = meta.width ?? frameWidth;
  const placedHeight = meta.height ?? subjectHeight;
  // Centre the subject, then crop whatever overflows the frame (a near face fills it).
  const left = Math.round((frameWidth - subjectWidth) / 2 + between(random, -0.05, 0.05) * frameWidth);
  const top = Math.round((frameHeight - placedHeight) / 2 + between(random, -0.04, 0.06) * frameHeight);
  const cropLeft = Math.max(0, -left);
  const cropTop = Math.max(0, -top);
  const visible = await sharp(subject)
    .extract({
      left: cropLeft,
      top: cropTop,
      width: Math.min(subjectWidth - cropLeft, frameWidth - Math.max(0, left)),
      height: Math.min(placedHeight - cropTop, frameHeight - Math.max(0, top)),
    })
    .toBuffer();
  const gain = between(random, 0.7, 1.25);
  const warmth = between(random, -0.08, 0.08);
  const lit = await sharp(backdrop)
    .composite([{ input: visible, left: Math.max(0, left), top: Math.max(0, top) }])
    .png()
    .toBuffer();
  return sharp(lit)
    .removeAlpha()
    .linear([gain * (1 + warmth), gain, gain * (1 - warmth)], [intBetween(random, -10, 10), 0, 0])
    .jpeg({ quality: intBetween(random, 70, 90) })
    .toBuffer();
}
