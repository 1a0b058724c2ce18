import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import {
  ARCFACE_TEMPLATE_112,
  applySimilarity,
  fitSimilarity,
  invertSimilarity,
  similarityScale,
  type Point,
  type Similarity,
} from '../../core/faces/five-points.js';

/** A decoded RGB image, 3 bytes a pixel, rows top to bottom. */
export type RawImage = { data: Buffer; width: number; height: number };

/** One face as YuNet finds it, in the pixels of the image it was given. */
export type YunetFace = {
  box: { x: number; y: number; width: number; height: number };
  score: number;
  points: [number, number][];
};

/**
 * The longest side YuNet is given: larger images are shrunk to it, smaller ones are not enlarged. The
 * model takes any input whose sides are multiples of 32 (its coarsest stride), so an image is padded
 * only up to the next multiple, not letterboxed into a square: a 640×480 selfie frame costs three
 * quarters of a 640×640 input, a 240×300 ID photo a fifth.
 */
export const YUNET_SIDE_PX = 640;
const YUNET_SIDE_STEP = 32;
const YUNET_STRIDES = [8, 16, 32] as const;

/**
 * Detector confidence below which a box is not a face. 0.7 on the realistic set (research notes in
 * docs/faces.md) finds every card portrait and selfie face without a false box on card artwork.
 */
export const MIN_FACE_SCORE = 0.7;
const NMS_IOU = 0.3;

/** The recognizer's input side, and the ImageNet normalisation the MobileFaceNet was trained with. */
const RECOGNIZER_SIDE_PX = 112;
const MEAN = [0.485, 0.456, 0.406] as const;
const STD = [0.229, 0.224, 0.225] as const;

/**
 * One intra-op thread per session: the pool runs one image per worker thread, and a second thread
 * per session doubled the CPU for no gain in wall time on 2 cores (research notes in docs/faces.md).
 */
const SESSION_OPTIONS: ort.InferenceSession.SessionOptions = {
  intraOpNumThreads: 1,
  interOpNumThreads: 1,
  executionMode: 'sequential',
  graphOptimizationLevel: 'all',
  // Errors only: the mesh model's converter left unused initializers, which the runtime reports as
  // a warning on stderr each time a worker opens it.
  logSeverityLevel: 3,
};

/**
 * `variableShapes`: the runtime's memory pattern caches an allocation plan per input shape and keeps
 * it, which for a model fed a new shape on every call (the OCR recognizer's line widths) holds memory
 * for no reuse (measured: the OCR worker at 326 MB against 379 MB after 30 fronts without it).
 */
export async function openSession(
  file: string,
  options: { variableShapes?: boolean } = {},
): Promise<ort.InferenceSession> {
  return ort.InferenceSession.create(file, {
    ...SESSION_OPTIONS,
    ...(options.variableShapes ? { enableMemPattern: false } : {}),
  });
}

export const onnxRuntimeVersion = (): string => ort.env.versions.common;

function iou(a: YunetFace['box'], b: YunetFace['box']): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (a.width * a.height + b.width * b.height - inter);
}

/** The detector's input buffer of the last call, reused by the next (see detectFaces). */
let spareDetectorInput: Float32Array | null = null;

const paddedSide = (side: number) => Math.max(1, Math.ceil(side / YUNET_SIDE_STEP)) * YUNET_SIDE_STEP;

/**
 * YuNet on an image: shrunk to fit 640×640 when larger (never enlarged), padded at the right and
 * bottom to multiples of 32, fed as BGR 0..255. Boxes and points come back in the given image's pixels.
 */
export async function detectFaces(
  session: ort.InferenceSession,
  image: RawImage,
  maxFaces: number,
): Promise<YunetFace[]> {
  const scale = Math.min(1, YUNET_SIDE_PX / image.width, YUNET_SIDE_PX / image.height);
  let pixels = image;
  if (scale < 1) {
    const { data, info } = await sharp(image.data, {
      raw: { width: image.width, height: image.height, channels: 3 },
    })
      .resize({
        width: Math.max(1, Math.round(image.width * scale)),
        height: Math.max(1, Math.round(image.height * scale)),
        fit: 'fill',
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
    pixels = { data, width: info.width, height: info.height };
  }
  const width = paddedSide(pixels.width);
  const height = paddedSide(pixels.height);
  const plane = width * height;
  // A fresh 4.9 MB input per call cost more than filling it (the pages are mapped and zeroed anew):
  // one buffer of the largest input is kept for the next call, and a call made while it is in use
  // allocates its own.
  const buffer = spareDetectorInput ?? new Float32Array(3 * YUNET_SIDE_PX * YUNET_SIDE_PX);
  spareDetectorInput = null;
  const input = buffer.subarray(0, 3 * plane);
  // BGR planes, row by row with running offsets, the padding right of and below the image zeroed.
  const source = pixels.data;
  for (let y = 0; y < height; y++) {
    const rowStart = y * width;
    const end = y < pixels.height ? rowStart + pixels.width : rowStart;
    let from = y * pixels.width * 3;
    for (let to = rowStart; to < end; to++, from += 3) {
      input[to] = source[from + 2]!;
      input[plane + to] = source[from + 1]!;
      input[2 * plane + to] = source[from]!;
    }
    if (end < rowStart + width)
      for (const offset of [0, plane, 2 * plane]) input.fill(0, offset + end, offset + rowStart + width);
  }
  let outputs: ort.InferenceSession.OnnxValueMapType;
  try {
    outputs = await session.run({ input: new ort.Tensor('float32', input, [1, 3, height, width]) });
  } finally {
    spareDetectorInput = buffer;
  }
  const sx = image.width / pixels.width;
  const sy = image.height / pixels.height;
  const found: YunetFace[] = [];
  for (const stride of YUNET_STRIDES) {
    const cls = outputs[`cls_${stride}`]!.data as Float32Array;
    const obj = outputs[`obj_${stride}`]!.data as Float32Array;
    const bbox = outputs[`bbox_${stride}`]!.data as Float32Array;
    const kps = outputs[`kps_${stride}`]!.data as Float32Array;
    const cols = width / stride;
    for (let i = 0; i < cls.length; i++) {
      const score = Math.sqrt(Math.min(1, Math.max(0, cls[i]!)) * Math.min(1, Math.max(0, obj[i]!)));
      if (score < MIN_FACE_SCORE) continue;
      const col = i % cols;
      const row = Math.floor(i / cols);
      const cx = (col + bbox[i * 4]!) * stride;
      const cy = (row + bbox[i * 4 + 1]!) * stride;
      const w = Math.exp(bbox[i * 4 + 2]!) * stride;
      const h = Math.exp(bbox[i * 4 + 3]!) * stride;
      const points: [number, number][] = [];
      for (let k = 0; k < 5; k++)
        points.push([
          (kps[i * 10 + 2 * k]! + col) * stride * sx,
          (kps[i * 10 + 2 * k + 1]! + row) * stride * sy,
        ]);
      found.push({
        box: { x: (cx - w / 2) * sx, y: (cy - h / 2) * sy, width: w * sx, height: h * sy },
        score,
        points,
      });
    }
  }
  for (const tensor of Object.values(outputs)) tensor.dispose();
  found.sort((a, b) => b.score - a.score);
  const kept: YunetFace[] = [];
  for (const face of found) {
    if (kept.some((other) => iou(other.box, face.box) > NMS_IOU)) continue;
    kept.push(face);
    if (kept.length >= maxFaces) break;
  }
  return kept;
}

/**
 * The face warped onto the 112×112 template by the least-squares similarity of its five points, as
 * RGB bytes (bilinear; outside the image reads black). A face larger than the template is first
 * box-averaged by the whole factor it is larger by, so the warp does not alias.
 */
export function alignFace(image: RawImage, points: readonly Point[]): RawImage {
  const side = RECOGNIZER_SIDE_PX;
  const toCrop = fitSimilarity(points, ARCFACE_TEMPLATE_112);
  const shrink = Math.max(1, Math.floor(1 / similarityScale(toCrop)));
  let source = image;
  let offsetX = 0;
  let offsetY = 0;
  if (shrink > 1) {
    // Only the region the crop covers, with a margin for the bilinear neighbours.
    const back = invertSimilarity(toCrop);
    const corners = [
      applySimilarity(back, [0, 0]),
      applySimilarity(back, [side, 0]),
      applySimilarity(back, [0, side]),
      applySimilarity(back, [side, side]),
    ];
    const left = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[0]))) - shrink);
    const top = Math.max(0, Math.floor(Math.min(...corners.map((c) => c[1]))) - shrink);
    const right = Math.min(image.width, Math.ceil(Math.max(...corners.map((c) => c[0]))) + shrink);
    const bottom = Math.min(image.height, Math.ceil(Math.max(...corners.map((c) => c[1]))) + shrink);
    const width = Math.floor((right - left) / shrink);
    const height = Math.floor((bottom - top) / shrink);
    if (width >= 2 && height >= 2) {
      const data = boxAverage(image, left, top, width, height, shrink);
      source = { data, width, height };
      offsetX = left;
      offsetY = top;
    }
  }
  const k = source === image ? 1 : shrink;
  const local = points.map(
    ([x, y]) => [(x - offsetX) / k - (k - 1) / (2 * k), (y - offsetY) / k - (k - 1) / (2 * k)] as const,
  );
  return warpSimilarity(source, invertSimilarity(fitSimilarity(local, ARCFACE_TEMPLATE_112)), side);
}

/**
 * A `side`×`side` RGB image whose pixel (u, v) is read (bilinear, black outside) from `image` at
 * `back`(u, v), pixel centres to pixel centres.
 */
export function warpSimilarity(image: RawImage, back: Similarity, side: number): RawImage {
  const out = Buffer.alloc(side * side * 3);
  const { width, height, data } = image;
  const stride = width * 3;
  for (let v = 0; v < side; v++) {
    const rowX = back.b * (v + 0.5);
    const rowY = back.a * (v + 0.5);
    for (let u = 0, o = v * side * 3; u < side; u++, o += 3) {
      const x = back.a * (u + 0.5) - rowX + back.tx - 0.5;
      const y = back.b * (u + 0.5) + rowY + back.ty - 0.5;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const fx = x - x0;
      const fy = y - y0;
      if (x0 < 0 || y0 < 0 || x0 + 1 >= width || y0 + 1 >= height) {
        for (let c = 0; c < 3; c++) {
          const at = (xx: number, yy: number) =>
            xx < 0 || yy < 0 || xx >= width || yy >= height ? 0 : data[(yy * width + xx) * 3 + c]!;
          out[o + c] = Math.round(
            (at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx) * (1 - fy) +
              (at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx) * fy,
          );
        }
        continue;
      }
      const i00 = y0 * stride + x0 * 3;
      const i01 = i00 + stride;
      const w00 = (1 - fx) * (1 - fy);
      const w10 = fx * (1 - fy);
      const w01 = (1 - fx) * fy;
      const w11 = fx * fy;
      // The weights sum to 1, so each value is within 0..255 and adding 0.5 then truncating rounds it.
      out[o] = data[i00]! * w00 + data[i00 + 3]! * w10 + data[i01]! * w01 + data[i01 + 3]! * w11 + 0.5;
      out[o + 1] =
        data[i00 + 1]! * w00 + data[i00 + 4]! * w10 + data[i01 + 1]! * w01 + data[i01 + 4]! * w11 + 0.5;
      out[o + 2] =
        data[i00 + 2]! * w00 + data[i00 + 5]! * w10 + data[i01 + 2]! * w01 + data[i01 + 5]! * w11 + 0.5;
    }
  }
  return { data: out, width: side, height: side };
}

/**
 * The `width`×`height` RGB image whose pixel is the mean of the `shrink`×`shrink` block of `image`
 * starting at (left + x × shrink, top + y × shrink), rounded. Rows are summed in a running total
 * per output value, so the source is read once, in order.
 */
function boxAverage(
  image: RawImage,
  left: number,
  top: number,
  width: number,
  height: number,
  shrink: number,
): Buffer {
  const data = Buffer.alloc(width * height * 3);
  const sums = new Uint32Array(width * 3);
  const source = image.data;
  const half = (shrink * shrink) >> 1;
  const area = shrink * shrink;
  for (let y = 0; y < height; y++) {
    sums.fill(0);
    for (let dy = 0; dy < shrink; dy++) {
      let i = ((top + y * shrink + dy) * image.width + left) * 3;
      for (let x = 0; x < width; x++) {
        let r = 0;
        let g = 0;
        let b = 0;
        for (let dx = 0; dx < shrink; dx++, i += 3) {
          r += source[i]!;
          g += source[i + 1]!;
          b += source[i + 2]!;
        }
        sums[x * 3] = sums[x * 3]! + r;
        sums[x * 3 + 1] = sums[x * 3 + 1]! + g;
        sums[x * 3 + 2] = sums[x * 3 + 2]! + b;
      }
    }
    for (let k = 0, o = y * width * 3; k < width * 3; k++, o++)
      data[o] = Math.floor((sums[k]! + half) / area);
  }
  return data;
}

/** Variance of the Laplacian of the aligned crop's grey levels (0–255): low = blurred. */
export function sharpnessOf(crop: RawImage): number {
  const { width, height, data } = crop;
  const grey = new Float32Array(width * height);
  for (let i = 0; i < grey.length; i++)
    grey[i] = 0.299 * data[i * 3]! + 0.587 * data[i * 3 + 1]! + 0.114 * data[i * 3 + 2]!;
  let sum = 0;
  let sumSq = 0;
  let n = 0;
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const r = grey[i - 1]! + grey[i + 1]! + grey[i - width]! + grey[i + width]! - 4 * grey[i]!;
      sum += r;
      sumSq += r * r;
      n++;
    }
  return n > 0 ? sumSq / n - (sum / n) ** 2 : 0;
}

/**
 * The recognizer's embedding of an aligned crop, L2-normalised so that Euclidean distance between
 * two embeddings is √(2 × cosine distance). Any recognizer with a [1, 3, 112, 112] input
 * (RGB, /255, ImageNet mean and deviation) and one embedding output fits.
 */
export async function embedFace(session: ort.InferenceSession, crop: RawImage): Promise<number[]> {
  const plane = crop.width * crop.height;
  const input = new Float32Array(3 * plane);
  for (let i = 0; i < plane; i++)
    for (let c = 0; c < 3; c++) input[c * plane + i] = (crop.data[i * 3 + c]! / 255 - MEAN[c]!) / STD[c]!;
  const inputName = session.inputNames[0]!;
  const outputs = await session.run({
    [inputName]: new ort.Tensor('float32', input, [1, 3, crop.height, crop.width]),
  });
  const output = outputs[session.outputNames[0]!]!;
  const vector = Array.from(output.data as Float32Array);
  for (const tensor of Object.values(outputs)) tensor.dispose();
  const norm = Math.hypot(...vector);
  return norm > 0 ? vector.map((v) => v / norm) : vector;
}
