/**
 * Piecewise-affine image warp on raw RGB pixels: each destination triangle is filled by sampling
 * the matching source triangle through the affine map between the two (bilinear). Triangles are
 * drawn in the order given, so a caller can paint far ones first and let near ones cover them.
 */

export type RawRgb = { data: Buffer; width: number; height: number };
export type Point2 = readonly [number, number];

/**
 * Calls `visit` for every pixel of the image whose centre lies in triangle a-b-c, with the
 * barycentric weights of that centre (for a, b, c). Degenerate triangles cover nothing.
 */
function rasterize(
  width: number,
  height: number,
  a: Point2,
  b: Point2,
  c: Point2,
  visit: (x: number, y: number, wa: number, wb: number, wc: number) => void,
): void {
  const area = (b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]);
  if (Math.abs(area) < 1e-6) return;
  const minX = Math.max(0, Math.floor(Math.min(a[0], b[0], c[0])));
  const maxX = Math.min(width - 1, Math.ceil(Math.max(a[0], b[0], c[0])));
  const minY = Math.max(0, Math.floor(Math.min(a[1], b[1], c[1])));
  const maxY = Math.min(height - 1, Math.ceil(Math.max(a[1], b[1], c[1])));
  for (let y = minY; y <= maxY; y++) {
    const py = y + 0.5;
    for (let x = minX; x <= maxX; x++) {
      const px = x + 0.5;
      const wb = ((px - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (py - a[1])) / area;
      const wc = ((b[0] - a[0]) * (py - a[1]) - (px - a[0]) * (b[1] - a[1])) / area;
      const wa = 1 - wb - wc;
      // A small tolerance so the shared edges of neighbouring triangles leave no unpainted seam.
      if (wa < -1e-4 || wb < -1e-4 || wc < -1e-4) continue;
      visit(x, y, wa, wb, wc);
    }
  }
}

/**
 * A copy of `canvas` (by default the source itself) with every listed triangle drawn from
 * `sourcePoints` in `source` to `targetPoints` in the canvas.
 */
export function warpTriangles(
  source: RawRgb,
  sourcePoints: readonly Point2[],
  targetPoints: readonly Point2[],
  triangles: ReadonlyArray<readonly [number, number, number]>,
  canvas: RawRgb = source,
): RawRgb {
  const out: RawRgb = { data: Buffer.from(canvas.data), width: canvas.width, height: canvas.height };
  const { data: src, width: sw, height: sh } = source;
  const dst = out.data;
  for (const [a, b, c] of triangles) {
    const s0 = sourcePoints[a]!;
    const s1 = sourcePoints[b]!;
    const s2 = sourcePoints[c]!;
    rasterize(
      out.width,
      out.height,
      targetPoints[a]!,
      targetPoints[b]!,
      targetPoints[c]!,
      (x, y, w0, w1, w2) => {
        const sx = Math.min(sw - 1.001, Math.max(0, w0 * s0[0] + w1 * s1[0] + w2 * s2[0] - 0.5));
        const sy = Math.min(sh - 1.001, Math.max(0, w0 * s0[1] + w1 * s1[1] + w2 * s2[1] - 0.5));
        const ix = Math.floor(sx);
        const iy = Math.floor(sy);
        const fx = sx - ix;
        const fy = sy - iy;
        const i00 = (iy * sw + ix) * 3;
        const i01 = i00 + sw * 3;
        const o = (y * out.width + x) * 3;
        for (let ch = 0; ch < 3; ch++) {
          const top = src[i00 + ch]! + (src[i00 + 3 + ch]! - src[i00 + ch]!) * fx;
          const bottom = src[i01 + ch]! + (src[i01 + 3 + ch]! - src[i01 + ch]!) * fx;
          dst[o + ch] = Math.round(top + (bottom - top) * fy);
        }
      },
    );
  }
  return out;
}

function blend(image: RawRgb, x: number, y: number, colour: readonly number[], opacity: number): void {
  const o = (y * image.width + x) * 3;
  for (let ch = 0; ch < 3; ch++)
    image.data[o + ch] = Math.round(image.data[o + ch]! * (1 - opacity) + colour[ch]! * opacity);
}

/**
 * Fills a polygon that is star-shaped around its centroid (a mouth opening) with `colour`, darker
 * towards the middle as the inside of a mouth is, and only partly over the rim so the lips' edge
 * stays soft.
 */
export function fillPolygon(
  image: RawRgb,
  polygon: readonly Point2[],
  colour: [number, number, number],
): void {
  const centre: Point2 = [
    polygon.reduce((sum, p) => sum + p[0], 0) / polygon.length,
    polygon.reduce((sum, p) => sum + p[1], 0) / polygon.length,
  ];
  polygon.forEach((a, i) => {
    const b = polygon[(i + 1) % polygon.length]!;
    // The centre's weight is 1 in the middle and 0 on the lips.
    rasterize(image.width, image.height, centre, a, b, (x, y, inner) => {
      const shade = 1 - 0.35 * inner;
      blend(
        image,
        x,
        y,
        colour.map((v) => v * shade),
        Math.min(1, inner * 6 + 0.25),
      );
    });
  });
}

/** Paints a polyline `thickness` pixels wide in `colour` at `opacity` (a closed eye's lash line). */
export function paintLine(
  image: RawRgb,
  line: readonly Point2[],
  thickness: number,
  colour: [number, number, number],
  opacity: number,
): void {
  // Each pixel once, so where two segments overlap it is not painted darker.
  const painted = new Set<number>();
  const paint = (x: number, y: number) => {
    if (painted.has(y * image.width + x)) return;
    painted.add(y * image.width + x);
    blend(image, x, y, colour, opacity);
  };
  for (let i = 0; i + 1 < line.length; i++) {
    const a = line[i]!;
    const b = line[i + 1]!;
    const length = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (length < 1e-6) continue;
    const nx = (-(b[1] - a[1]) / length) * (thickness / 2);
    const ny = ((b[0] - a[0]) / length) * (thickness / 2);
    const corners: Point2[] = [
      [a[0] + nx, a[1] + ny],
      [b[0] + nx, b[1] + ny],
      [b[0] - nx, b[1] - ny],
      [a[0] - nx, a[1] - ny],
    ];
    rasterize(image.width, image.height, corners[0]!, corners[1]!, corners[2]!, paint);
    rasterize(image.width, image.height, corners[0]!, corners[2]!, corners[3]!, paint);
  }
}
