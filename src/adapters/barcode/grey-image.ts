/**
 * Small greyscale image operations for locating and straightening a PDF417 symbol before zxing
 * reads it. Plain typed-array loops: on the working sizes used here (up to about 1.5 MP) they cost
 * a few milliseconds each, far less than a round trip through sharp (a 1750x1200 sharp rotate took
 * 70 ms on this machine).
 */

export type GreyImage = { data: Uint8Array; width: number; height: number };

export type OrientedBox = { centreX: number; centreY: number; width: number; height: number };

/** Box-filter downscale by an integer factor (cheap anti-aliasing for the analysis image). */
export function downscale(image: GreyImage, factor: number): GreyImage {
  if (factor <= 1) return image;
  const width = Math.max(1, Math.floor(image.width / factor));
  const height = Math.max(1, Math.floor(image.height / factor));
  const data = new Uint8Array(width * height);
  const area = factor * factor;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let dy = 0; dy < factor; dy++) {
        const row = (y * factor + dy) * image.width + x * factor;
        for (let dx = 0; dx < factor; dx++) sum += image.data[row + dx]!;
      }
      data[y * width + x] = sum / area;
    }
  }
  return { data, width, height };
}

/**
 * Cuts out a tilted rectangle and straightens it in one pass, bilinear: output pixel (x, y) samples
 * the source at centre + (x' (cos a, sin a) + y' (-sin a, cos a)) / outputScale, with x', y'
 * measured from the output's centre; outside the source is white. Only the symbol's own area is
 * interpolated (rotating a whole 20°-tilted card photo cost about 20 ms here, and zxing then had to
 * search the larger picture too).
 */
export function extractRotated(
  image: GreyImage,
  box: OrientedBox,
  angleDeg: number,
  outputScale = 1,
): GreyImage {
  const a = (angleDeg * Math.PI) / 180;
  const cos = Math.cos(a) / outputScale;
  const sin = Math.sin(a) / outputScale;
  const width = Math.max(1, Math.round(box.width * outputScale));
  const height = Math.max(1, Math.round(box.height * outputScale));
  const { width: w, height: h, data: src } = image;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const dy = y - height / 2;
    let sx = box.centreX - (width / 2) * cos - dy * sin;
    let sy = box.centreY - (width / 2) * sin + dy * cos;
    let o = y * width;
    for (let x = 0; x < width; x++, sx += cos, sy += sin, o++) {
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 >= w - 1 || y0 >= h - 1) {
        data[o] = 255;
        continue;
      }
      const fx = sx - x0;
      const fy = sy - y0;
      const i = y0 * w + x0;
      const top = src[i]! + (src[i + 1]! - src[i]!) * fx;
      const bottom = src[i + w]! + (src[i + w + 1]! - src[i + w]!) * fx;
      data[o] = top + (bottom - top) * fy;
    }
  }
  return { data, width, height };
}
