/**
 * How sharp a photo of a card is, before it is sent: a blurred front is the commonest reason its
 * printed fields cannot be read and compared with the barcode, and the capture is where it can still
 * be taken again.
 */

/**
 * The card is measured at this width: blur matters relative to the print, and the card fills the
 * guide (camera) or most of the photo (a chosen file), so a fixed width makes one threshold fit
 * every camera.
 */
export const SHARPNESS_WIDTH_PX = 640;

/**
 * Below this the front is called blurred (BENCHMARKS.md, "Front sharpness at capture"). Of 1,200
 * photographed fronts in the sharp conditions the least measured 1.49; of blurred ones, every forged
 * front whose forged birth date or number the reading missed measured under 1.25 (14 of 240 in two
 * draws). 1.3 calls about four in five blurred fronts blurred and leaves a margin below the sharp
 * ones for cameras softer than these renders.
 */
export const BLURRED_BELOW = 1.3;

/**
 * Fine detail against coarse, along the blurrier axis: four times the energy of differences between
 * neighbouring pixels over that of differences two pixels apart. A sharp edge puts its whole step
 * between two neighbours (2), an edge spread over several pixels shares it out (1), so the measure
 * does not depend on the print's contrast or on how much of it there is; a motion blur spreads edges
 * along one axis only, hence the blurrier one. A picture without detail measures 0.
 */
export function sharpness(luma: ArrayLike<number>, width: number, height: number): number {
  let horizontalNear = 0;
  let horizontalFar = 0;
  let verticalNear = 0;
  let verticalFar = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const here = luma[i]!;
      if (x + 2 < width) {
        horizontalNear += (luma[i + 1]! - here) ** 2;
        horizontalFar += (luma[i + 2]! - here) ** 2;
      }
      if (y + 2 < height) {
        verticalNear += (luma[i + width]! - here) ** 2;
        verticalFar += (luma[i + 2 * width]! - here) ** 2;
      }
    }
  }
  if (horizontalFar === 0 || verticalFar === 0) return 0;
  return Math.min((4 * horizontalNear) / horizontalFar, (4 * verticalNear) / verticalFar);
}

/** The luminance (BT.601) of RGBA pixels, as a canvas gives them. */
export function lumaOf(rgba: ArrayLike<number>, pixels: number): Float32Array {
  const luma = new Float32Array(pixels);
  for (let p = 0; p < pixels; p++)
    luma[p] = 0.299 * rgba[4 * p]! + 0.587 * rgba[4 * p + 1]! + 0.114 * rgba[4 * p + 2]!;
  return luma;
}
