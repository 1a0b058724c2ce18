import { openImage } from '../media/image-decode.js';
import { downscale, extractRotated, type GreyImage, type OrientedBox } from './grey-image.js';
import { locateSymbols, type SymbolCandidate } from './locate.js';
import type { Pdf417Read } from './zxing.js';

/**
 * Reads a PDF417 from a photo of a licence back. zxing alone reads a symbol tilted by at most
 * 3-5°, so the image is analysed at about 640 px to find busy, consistently oriented patches
 * (locate.ts), and the best patch is cut out of the full-resolution image already straightened and
 * read; then at 1.6x, then the whole frame as zxing sees it (it turns by 90° and 180° itself), then
 * with the tilt corrected by ±0.75°, ±1.5° and ±3° (the estimate is within about 0.5°, zxing's
 * tolerance is not much wider on blurred symbols), then the other patches.
 */

export type PipelineOutcome =
  | { status: 'ok'; text: string; strategy: string }
  | { status: 'not_found'; attempts: number }
  | { status: 'budget_spent'; attempts: number };

/** Photos are reduced to this long side first: a licence barcode filling a third of it still has over 2 px per module. */
const maxSidePx = 2048;
const analysisSidePx = 640;
const maxCropSidePx = 1600;
/**
 * Enlarging helps zxing's binariser on blurred symbols of about 2 px per module (while tuning it
 * read 2 of the first 30 degraded images that the plain cut-out missed; 1 of 120 in the final set).
 */
const enlargeScale = 1.6;
const enlargeBelowSidePx = 1100;

export async function loadGrey(image: Buffer): Promise<GreyImage> {
  const { data, info } = await openImage(image)
    .rotate()
    .greyscale()
    .resize({ width: maxSidePx, height: maxSidePx, fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length / info.channels),
    width: info.width,
    height: info.height,
  };
}

/** Quiet zone added around the located patch: zxing needs white around the start and stop patterns. */
function withMargin(box: OrientedBox, factor: number): OrientedBox {
  const width = box.width * factor;
  const height = box.height * factor;
  return {
    centreX: box.centreX * factor,
    centreY: box.centreY * factor,
    width: width * 1.1 + 32,
    height: height * 1.2 + 32,
  };
}

type Attempt = { strategy: string; image: () => GreyImage };

function candidateAttempts(
  full: GreyImage,
  factor: number,
  candidate: SymbolCandidate,
  rank: number,
): Attempt[] {
  const box = withMargin(candidate.box, factor);
  const longSide = Math.max(box.width, box.height);
  // Big cut-outs are sampled at half resolution: the modules are large and zxing's cost grows with area.
  const baseScale = longSide > maxCropSidePx ? 0.5 : 1;
  const cut = (angleDeg: number, scale: number): GreyImage => extractRotated(full, box, angleDeg, scale);
  const label = (kind: string, delta: number): string =>
    `${kind}${rank > 0 ? `-candidate${rank + 1}` : ''}${delta === 0 ? '' : delta > 0 ? `+${delta}` : `${delta}`}`;
  const attempts: Attempt[] = [];
  for (const delta of [0, 0.75, -0.75, 1.5, -1.5, 3, -3]) {
    const angle = candidate.angleDeg + delta;
    attempts.push({ strategy: label('deskew', delta), image: () => cut(angle, baseScale) });
    if (longSide * baseScale < enlargeBelowSidePx) {
      attempts.push({
        strategy: label('deskew-enlarged', delta),
        image: () => cut(angle, baseScale * enlargeScale),
      });
    }
  }
  return attempts;
}

export async function decodePdf417Image(
  image: Buffer,
  read: Pdf417Read,
  deadlineMs: number,
  now: () => number = () => performance.now(),
): Promise<PipelineOutcome> {
  let full: GreyImage;
  try {
    full = await loadGrey(image);
  } catch {
    return { status: 'not_found', attempts: 0 };
  }
  const factor = Math.max(1, Math.round(Math.max(full.width, full.height) / analysisSidePx));
  const candidates = locateSymbols(downscale(full, factor));
  const attempts: Attempt[] = [];
  const [first, ...others] = candidates;
  const firstAttempts = first ? candidateAttempts(full, factor, first, 0) : [];
  attempts.push(...firstAttempts.slice(0, 2));
  attempts.push({ strategy: 'full-frame', image: () => full });
  attempts.push(...firstAttempts.slice(2));
  others.forEach((candidate, i) =>
    attempts.push(...candidateAttempts(full, factor, candidate, i + 1).slice(0, 2)),
  );

  let tried = 0;
  for (const attempt of attempts) {
    if (now() > deadlineMs) return { status: 'budget_spent', attempts: tried };
    const input = attempt.image();
    tried++;
    const text = read(input);
    if (text !== null) return { status: 'ok', text, strategy: attempt.strategy };
  }
  return { status: 'not_found', attempts: tried };
}
