import * as ort from 'onnxruntime-node';
import { type CtcLattice, LATTICE_SYMBOLS } from '../../core/documents/ctc-lattice.js';
import type { OcrLine } from '../../core/documents/front-fields.js';
import type { OcrModels } from './ocr-models.js';

/**
 * Text lines on a photographed card with PaddleOCR's models: the detector's probability map is
 * thresholded into connected regions (DB post-processing: a region's mean probability gates it, its
 * oriented rectangle is grown back by the unclip ratio, since the model marks shrunk text kernels),
 * each region is cut out of the photo along its own orientation (so a tilted card reads as level
 * lines) and the recognizer reads it with greedy CTC decoding.
 */

export type RgbImage = { data: Uint8Array; width: number; height: number };

/** PaddleOCR's DB defaults: pixel threshold, region score threshold. */
const PIXEL_THRESHOLD = 0.3;
const BOX_THRESHOLD = 0.6;
/**
 * How far a region is grown back around its kernel: 2.0, not the 1.6 this reader first used. On the
 * blurred fronts of three draws more fields were read right at 2.0 (last names 86 % to 89 %) and
 * genuine fronts flagged fell from 4 to 1 in 600, for 5 % less CPU (docs/research/documents-history.md, "Figures").
 */
const UNCLIP_RATIO = 2.0;
/** Regions shorter than this (detector pixels) are specks, not text. */
const MIN_REGION_SIDE = 3;
/**
 * Lines shorter than this (pixels of the image read) are not read: at the 1280 px the worker reads a
 * front at, its smallest printed line measured 14 px and value text is 20–30 px, so these are specks or
 * a pattern, never a field.
 */
const MIN_LINE_HEIGHT = 10;
/**
 * At most this many regions of one image are read, the largest first. A licence front has about 15
 * lines; a crafted one (a dense grid of short words) made the detector find 146, and since the
 * recognizer runs once per region on the pool's one thread, each such image held it for seconds.
 */
export const MAX_REGIONS_READ = 64;
/**
 * The recognizer's input columns one image may use in all (each line is 48 px high and up to 320 wide,
 * and its cost grows with its width). Real fronts used 1,500–2,100; this is four times that, so only a
 * crafted image reaches it, and lines past it are left unread.
 */
export const MAX_RECOGNIZER_COLUMNS = 8192;
const REC_HEIGHT = 48;
const REC_MAX_WIDTH = 320;
/** ImageNet normalisation, channels in BGR order as PaddleOCR feeds them (OpenCV decoding). */
const DET_MEAN = [0.406, 0.456, 0.485];
const DET_STD = [0.225, 0.224, 0.229];

export type Region = {
  cx: number;
  cy: number;
  ux: number;
  uy: number;
  halfLength: number;
  halfHeight: number;
};

/** Per channel (BGR order), every byte's normalised value: the detector's input is filled by lookup. */
const DET_LUT = (() => {
  const lut = new Float32Array(3 * 256);
  for (let c = 0; c < 3; c++)
    for (let v = 0; v < 256; v++) lut[c * 256 + v] = (v / 255 - DET_MEAN[c]!) / DET_STD[c]!;
  return lut;
})();

function detectorInput(image: RgbImage, side: number): { tensor: ort.Tensor; scale: number } {
  const scale = Math.min(1, side / Math.max(image.width, image.height));
  const w = Math.max(32, Math.round((image.width * scale) / 32) * 32);
  const h = Math.max(32, Math.round((image.height * scale) / 32) * 32);
  const sx = image.width / w;
  const sy = image.height / h;
  const plane = w * h;
  const out = new Float32Array(3 * plane);
  const data = image.data;
  const srcX = new Int32Array(w);
  for (let x = 0; x < w; x++) srcX[x] = Math.min(image.width - 1, Math.floor((x + 0.5) * sx)) * 3;
  for (let y = 0; y < h; y++) {
    const row = Math.min(image.height - 1, Math.floor((y + 0.5) * sy)) * image.width * 3;
    let i = y * w;
    for (let x = 0; x < w; x++, i++) {
      const p = row + srcX[x]!;
      // BGR planes
      out[i] = DET_LUT[data[p + 2]!]!;
      out[plane + i] = DET_LUT[256 + data[p + 1]!]!;
      out[2 * plane + i] = DET_LUT[512 + data[p]!]!;
    }
  }
  return { tensor: new ort.Tensor('float32', out, [1, 3, h, w]), scale: w / image.width };
}

/** Connected regions of the thresholded map, each as an oriented rectangle from its pixels' moments. */
function regionsOf(prob: Float32Array, w: number, h: number): Region[] {
  const seen = new Uint8Array(w * h);
  const stack: number[] = [];
  const regions: Region[] = [];
  for (let start = 0; start < w * h; start++) {
    if (seen[start] || prob[start]! < PIXEL_THRESHOLD) continue;
    seen[start] = 1;
    stack.push(start);
    let n = 0;
    let sum = 0;
    let sx = 0;
    let sy = 0;
    let sxx = 0;
    let syy = 0;
    let sxy = 0;
    const pixels: number[] = [];
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % w;
      const y = (i - x) / w;
      pixels.push(i);
      n++;
      sum += prob[i]!;
      sx += x;
      sy += y;
      sxx += x * x;
      syy += y * y;
      sxy += x * y;
      // The four neighbours, in the order left, right, up, down.
      if (x > 0 && !seen[i - 1] && prob[i - 1]! >= PIXEL_THRESHOLD) {
        seen[i - 1] = 1;
        stack.push(i - 1);
      }
      if (x < w - 1 && !seen[i + 1] && prob[i + 1]! >= PIXEL_THRESHOLD) {
        seen[i + 1] = 1;
        stack.push(i + 1);
      }
      if (y > 0 && !seen[i - w] && prob[i - w]! >= PIXEL_THRESHOLD) {
        seen[i - w] = 1;
        stack.push(i - w);
      }
      if (y < h - 1 && !seen[i + w] && prob[i + w]! >= PIXEL_THRESHOLD) {
        seen[i + w] = 1;
        stack.push(i + w);
      }
    }
    if (n < MIN_REGION_SIDE * MIN_REGION_SIDE || sum / n < BOX_THRESHOLD) continue;
    const cx = sx / n;
    const cy = sy / n;
    const vxx = sxx / n - cx * cx;
    const vyy = syy / n - cy * cy;
    const vxy = sxy / n - cx * cy;
    let angle = 0.5 * Math.atan2(2 * vxy, vxx - vyy);
    // Text runs along the longer axis; a line is never read upright from more than 45° of tilt.
    if (Math.abs(angle) > Math.PI / 4) angle -= Math.sign(angle) * (Math.PI / 2);
    const ux = Math.cos(angle);
    const uy = Math.sin(angle);
    let minU = Infinity;
    let maxU = -Infinity;
    let minV = Infinity;
    let maxV = -Infinity;
    for (const i of pixels) {
      const x = (i % w) - cx;
      const y = Math.floor(i / w) - cy;
      const u = x * ux + y * uy;
      const v = -x * uy + y * ux;
      minU = Math.min(minU, u);
      maxU = Math.max(maxU, u);
      minV = Math.min(minV, v);
      maxV = Math.max(maxV, v);
    }
    const length = maxU - minU + 1;
    const height = maxV - minV + 1;
    if (Math.min(length, height) < MIN_REGION_SIDE) continue;
    const grow = (UNCLIP_RATIO * length * height) / (2 * (length + height));
    const mid = { u: (minU + maxU) / 2, v: (minV + maxV) / 2 };
    regions.push({
      cx: cx + mid.u * ux - mid.v * uy,
      cy: cy + mid.u * uy + mid.v * ux,
      ux,
      uy,
      halfLength: length / 2 + grow,
      halfHeight: height / 2 + grow,
    });
  }
  return regions;
}

/** The region cut out of the photo along its orientation, as the recognizer's normalised BGR input. */
function recognizerCrop(image: RgbImage, r: Region, width: number): Float32Array {
  const plane = REC_HEIGHT * width;
  const out = new Float32Array(3 * plane);
  const stepU = (2 * r.halfLength) / width;
  const stepV = (2 * r.halfHeight) / REC_HEIGHT;
  const data = image.data;
  for (let row = 0; row < REC_HEIGHT; row++) {
    const v = -r.halfHeight + (row + 0.5) * stepV;
    for (let col = 0; col < width; col++) {
      const u = -r.halfLength + (col + 0.5) * stepU;
      const x = Math.min(image.width - 1.001, Math.max(0, r.cx + u * r.ux - v * r.uy));
      const y = Math.min(image.height - 1.001, Math.max(0, r.cy + u * r.uy + v * r.ux));
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const fx = x - x0;
      const fy = y - y0;
      const p00 = (y0 * image.width + x0) * 3;
      const p01 = p00 + 3;
      const p10 = p00 + image.width * 3;
      const p11 = p10 + 3;
      const i = row * width + col;
      const gx = 1 - fx;
      const gy = 1 - fy;
      // BGR planes
      out[i] =
        ((data[p00 + 2]! * gx + data[p01 + 2]! * fx) * gy +
          (data[p10 + 2]! * gx + data[p11 + 2]! * fx) * fy) /
          127.5 -
        1;
      out[plane + i] =
        ((data[p00 + 1]! * gx + data[p01 + 1]! * fx) * gy +
          (data[p10 + 1]! * gx + data[p11 + 1]! * fx) * fy) /
          127.5 -
        1;
      out[2 * plane + i] =
        ((data[p00]! * gx + data[p01]! * fx) * gy + (data[p10]! * gx + data[p11]! * fx) * fy) / 127.5 - 1;
    }
  }
  return out;
}

/**
 * Whether a region's print is lighter than its background, as a card's title on its coloured band
 * is: the median of a grid of samples (the background, since print covers less of a text box than
 * the paper does) lies in the darkest third of the range between the darkest and lightest tenths.
 * Dark print measures 0.56 and more on that scale, light print on the band 0.21 and less (40 fronts,
 * five conditions), so 0.35 separates them.
 */
export function lightOnDark(image: RgbImage, r: Region): boolean {
  const COLUMNS = 32;
  const ROWS = 8;
  const samples = new Float32Array(COLUMNS * ROWS);
  const data = image.data;
  let n = 0;
  for (let row = 0; row < ROWS; row++) {
    const v = -r.halfHeight + ((row + 0.5) * 2 * r.halfHeight) / ROWS;
    for (let col = 0; col < COLUMNS; col++) {
      const u = -r.halfLength + ((col + 0.5) * 2 * r.halfLength) / COLUMNS;
      const x = Math.min(image.width - 1, Math.max(0, Math.round(r.cx + u * r.ux - v * r.uy)));
      const y = Math.min(image.height - 1, Math.max(0, Math.round(r.cy + u * r.uy + v * r.ux)));
      const p = (y * image.width + x) * 3;
      samples[n++] = 0.299 * data[p]! + 0.587 * data[p + 1]! + 0.114 * data[p + 2]!;
    }
  }
  samples.sort();
  const dark = samples[Math.floor(0.1 * n)]!;
  const light = samples[Math.floor(0.9 * n)]!;
  return samples[Math.floor(n / 2)]! - dark < 0.35 * (light - dark);
}

/**
 * Greedy CTC: best class per step, repeats collapsed, blanks dropped. Each kept character's
 * probability is its peak over the steps that emit it (one value per UTF-16 unit of the text): its
 * first step, where the blank still competes, measured 0.61 for a `5` read right at 1.00 a step
 * later. The line's confidence is the least sure character's.
 */
export function ctcDecode(probs: Float32Array, steps: number, classes: number, alphabet: string[]) {
  let text = '';
  const characterConfidences: number[] = [];
  let runLength = 0;
  let previous = -1;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    let bestP = -1;
    const base = t * classes;
    for (let k = 0; k < classes; k++) {
      const p = probs[base + k]!;
      if (p > bestP) {
        bestP = p;
        best = k;
      }
    }
    if (best !== 0 && best !== previous) {
      const character = alphabet[best] ?? '';
      text += character;
      for (let i = 0; i < character.length; i++) characterConfidences.push(bestP);
      runLength = character.length;
    } else if (best !== 0) {
      // The same character held over several steps: its peak is its confidence.
      for (let i = characterConfidences.length - runLength; i < characterConfidences.length; i++)
        characterConfidences[i] = Math.max(characterConfidences[i]!, bestP);
    }
    previous = best;
  }
  const confidence = characterConfidences.reduce((least, p) => Math.min(least, p), 1);
  return { text, characterConfidences, confidence: text === '' ? 0 : confidence };
}

/**
 * Per alphabet, the recognizer's classes that fold to a lattice symbol (accents dropped, upper case,
 * full-width forms as their ASCII ones), as pairs of class index and lattice column. Not the
 * screening's `foldText`: it romanises Greek and Cyrillic by sound (`З` as Z, `β` as V), while the
 * recognizer confuses characters by shape.
 */
const latticeClasses = new WeakMap<string[], Int32Array>();

function latticeClassesOf(alphabet: string[]): Int32Array {
  let pairs = latticeClasses.get(alphabet);
  if (!pairs) {
    const found: number[] = [];
    alphabet.forEach((character, k) => {
      if (k === 0) return;
      const folded = character.normalize('NFKD').replace(/\p{M}/gu, '').toUpperCase();
      const column = folded.length === 1 ? LATTICE_SYMBOLS.indexOf(folded) : -1;
      if (column >= 0) found.push(k, 1 + column);
    });
    pairs = Int32Array.from(found);
    latticeClasses.set(alphabet, pairs);
  }
  return pairs;
}

/** The recognizer's output kept for the symbols dates and numbers are printed with (ctc-lattice.ts). */
export function latticeOf(
  probs: Float32Array,
  steps: number,
  classes: number,
  alphabet: string[],
): CtcLattice {
  const pairs = latticeClassesOf(alphabet);
  const width = 1 + LATTICE_SYMBOLS.length;
  const out = new Float32Array(steps * width);
  for (let t = 0; t < steps; t++) {
    const base = t * classes;
    const row = t * width;
    out[row] = probs[base]!;
    for (let i = 0; i < pairs.length; i += 2) out[row + pairs[i + 1]!]! += probs[base + pairs[i]!]!;
  }
  return { steps, probs: out };
}

export type ReadTextOptions = {
  /** Longer side of the detector's input, in pixels. */
  detectorSide: number;
  /**
   * Asked after each line read, with the lines so far: true when they hold everything wanted, and the
   * lines below are left unread. Lines are read top to bottom, so what is found does not depend on
   * what stopped the reading.
   */
  enough?: (lines: OcrLine[]) => boolean;
  /**
   * A `performance.now()` time past which no further line is read (checked between lines, since a
   * running recognizer call cannot be stopped): the lines read so far are the answer.
   */
  deadline?: number;
};

/** A detected text region in the photo, with its centre in the level reading frame. */
export type LevelRegion = { region: Region; x: number; y: number };

/**
 * The photo's text regions, in reading geometry: positions are turned by the regions' median angle,
 * so rows and columns of a tilted card come out level. The largest MAX_REGIONS_READ regions at least
 * MIN_LINE_HEIGHT tall, top to bottom in that frame.
 */
export async function detectRegions(
  models: OcrModels,
  image: RgbImage,
  detectorSide: number,
): Promise<LevelRegion[]> {
  const { tensor, scale } = detectorInput(image, detectorSide);
  const [, , h, w] = tensor.dims as [number, number, number, number];
  const detected = await models.detector.run({ [models.detector.inputNames[0]!]: tensor });
  const map = detected[models.detector.outputNames[0]!]!.data as Float32Array;
  const found = regionsOf(map, w, h);
  if (found.length === 0) return [];
  const angles = found.map((r) => Math.atan2(r.uy, r.ux)).sort((a, b) => a - b);
  const median = angles[Math.floor(angles.length / 2)]!;
  const cos = Math.cos(-median);
  const sin = Math.sin(-median);
  return found
    .map((r) => ({
      ...r,
      cx: r.cx / scale,
      cy: r.cy / scale,
      halfLength: r.halfLength / scale,
      halfHeight: r.halfHeight / scale,
    }))
    .filter((r) => 2 * r.halfHeight >= MIN_LINE_HEIGHT)
    .sort((a, b) => b.halfLength * b.halfHeight - a.halfLength * a.halfHeight)
    .slice(0, MAX_REGIONS_READ)
    .map((r) => ({ region: r, x: r.cx * cos - r.cy * sin, y: r.cx * sin + r.cy * cos }))
    .sort((a, b) => a.y - b.y || a.x - b.x);
}

/** The recognizer's input columns for a region at most `maxWidth` wide, its aspect kept. */
export const recognizerWidth = (r: Region, maxWidth = REC_MAX_WIDTH) =>
  Math.min(maxWidth, Math.max(16, Math.ceil((REC_HEIGHT * r.halfLength) / Math.max(1, r.halfHeight))));

/** The recognizer's per-step class probabilities on a region read `width` columns wide. */
export async function recognize(
  models: OcrModels,
  image: RgbImage,
  r: Region,
  width: number,
): Promise<{ probs: Float32Array; steps: number; classes: number }> {
  const input = new ort.Tensor('float32', recognizerCrop(image, r, width), [1, 3, REC_HEIGHT, width]);
  const out = await models.recognizer.run({ [models.recognizer.inputNames[0]!]: input });
  const probs = out[models.recognizer.outputNames[0]!]!;
  const [, steps, classes] = probs.dims as [number, number, number];
  return { probs: probs.data as Float32Array, steps, classes };
}

/**
 * The card's text lines, in reading geometry (detectRegions), read top to bottom within the budgets
 * above: the largest MAX_REGIONS_READ regions, MAX_RECOGNIZER_COLUMNS in all, and the caller's
 * deadline. `skip` leaves regions another reader took (a passport's machine-readable zone).
 */
export async function readTextLines(
  models: OcrModels,
  image: RgbImage,
  options: ReadTextOptions & { regions?: LevelRegion[]; skip?: ReadonlySet<LevelRegion> },
): Promise<OcrLine[]> {
  const regions = options.regions ?? (await detectRegions(models, image, options.detectorSide));
  const lines: OcrLine[] = [];
  let columnsLeft = MAX_RECOGNIZER_COLUMNS;
  for (const level of regions) {
    const { region: r, x, y } = level;
    if (options.skip?.has(level)) continue;
    if (options.deadline !== undefined && performance.now() >= options.deadline) break;
    // Fields are printed dark on the card's light body; light print on a dark band is its title or
    // a banner, never a field, and a title is a card's widest line (the recognizer's cost grows with
    // width).
    if (lightOnDark(image, r)) continue;
    const width = recognizerWidth(r);
    if (width > columnsLeft) break;
    columnsLeft -= width;
    const { probs: data, steps, classes } = await recognize(models, image, r, width);
    const { text, characterConfidences, confidence } = ctcDecode(data, steps, classes, models.alphabet);
    if (text.trim() === '') continue;
    lines.push({
      text,
      confidence,
      characterConfidences,
      lattice: latticeOf(data, steps, classes, models.alphabet),
      cx: x,
      cy: y,
      width: 2 * r.halfLength,
      height: 2 * r.halfHeight,
    });
    if (options.enough?.(lines)) break;
  }
  return lines;
}
