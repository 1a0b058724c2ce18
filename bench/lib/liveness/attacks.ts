import sharp, { type Sharp } from 'sharp';
import { seededRandom } from '../../../test/helpers/seeded-random.js';
import { jitteredFrame } from '../../../test/unit/faces/face-fixtures.js';
import { seedOf } from '../face-eval/render.js';
import { between, cameraFrame, intBetween } from './frames.js';
import { SEQUENCE_FRAMES } from './sequence.js';
import { type Point2, type RawRgb, warpTriangles } from './warp.js';

/**
 * Presentation attacks on a challenge, as 8 frames each. They carry no labels of their own: an
 * attacker's client labels its frames as the challenge asks, so callers pair them with
 * `challengeTimeline(actions, seed)`. None of them changes the expression of the face.
 */

/** The photo sent 8 times, each copy jittered as a camera frame (the fixture the liveness tests use). */
export function stillRepeated(photo: Buffer): Promise<Buffer[]> {
  return Promise.all(Array.from({ length: SEQUENCE_FRAMES }, (_, i) => jitteredFrame(photo, i)));
}

async function rawOf(image: Buffer | Sharp): Promise<RawRgb> {
  const { data, info } = await (Buffer.isBuffer(image) ? sharp(image) : image)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * A photo printed on paper: ink that cannot reach full black or white, a colour cast, a rotated
 * halftone dot screen (period 3–4.5 px at the print's 600-px width) and a paper border of 5–9 %.
 */
async function printOf(photo: Buffer, random: () => number): Promise<RawRgb> {
  const paper = {
    r: intBetween(random, 232, 250),
    g: intBetween(random, 228, 246),
    b: intBetween(random, 215, 238),
  };
  const gain = [between(random, 0.72, 0.85), between(random, 0.7, 0.82), between(random, 0.65, 0.8)];
  const image = await rawOf(
    sharp(photo)
      .rotate()
      .resize({ width: 600 })
      .linear(gain, [intBetween(random, 20, 35), intBetween(random, 20, 35), intBetween(random, 15, 35)]),
  );
  const period = between(random, 3, 4.5);
  const angle = between(random, 0.3, 0.9);
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++) {
      const u = (x * c + y * s) / period;
      const v = (-x * s + y * c) / period;
      const dot = 0.9 + 0.1 * Math.cos(2 * Math.PI * u) * Math.cos(2 * Math.PI * v);
      for (let ch = 0; ch < 3; ch++) {
        const i = (y * image.width + x) * 3 + ch;
        image.data[i] = Math.round(image.data[i]! * dot);
      }
    }
  const border = Math.round(image.width * between(random, 0.05, 0.09));
  return rawOf(
    sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } }).extend({
      top: border,
      bottom: border,
      left: border,
      right: border,
      background: paper,
    }),
  );
}

/**
 * The photo on a phone or tablet screen: raised blacks and a blue cast, a moiré (a fine rotated
 * line pattern the camera aliases), a glare patch, and a dark bezel of 4–8 %.
 */
async function screenOf(photo: Buffer, random: () => number): Promise<RawRgb> {
  const image = await rawOf(
    sharp(photo)
      .rotate()
      .resize(480, 640, { fit: 'cover' })
      .linear(
        [0.85, 0.88, 0.95],
        [intBetween(random, 14, 26), intBetween(random, 14, 26), intBetween(random, 22, 34)],
      ),
  );
  const period = between(random, 3.5, 6);
  const angle = between(random, -0.4, 0.4);
  const amplitude = between(random, 6, 12);
  const glare = {
    x: between(random, 0.2, 0.8) * image.width,
    y: between(random, 0.2, 0.8) * image.height,
    radius: between(random, 0.15, 0.3) * image.width,
    strength: between(random, 60, 120),
  };
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++) {
      const stripe = amplitude * Math.sin((2 * Math.PI * (x * c + y * s)) / period);
      const r2 = ((x - glare.x) ** 2 + (y - glare.y) ** 2) / glare.radius ** 2;
      const shine = glare.strength * Math.exp(-r2);
      for (let ch = 0; ch < 3; ch++) {
        const i = (y * image.width + x) * 3 + ch;
        image.data[i] = Math.max(0, Math.min(255, Math.round(image.data[i]! + stripe + shine)));
      }
    }
  const bezel = Math.round(image.width * between(random, 0.04, 0.08));
  const shade = intBetween(random, 12, 30);
  return rawOf(
    sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } }).extend({
      top: bezel * 2,
      bottom: bezel * 2,
      left: bezel,
      right: bezel,
      background: { r: shade, g: shade, b: shade },
    }),
  );
}

/** A plain indoor backdrop: a vertical gradient between two muted colours, blurred. */
async function backdrop(width: number, height: number, random: () => number): Promise<RawRgb> {
  const tone = () =>
    `rgb(${intBetween(random, 70, 190)},${intBetween(random, 70, 180)},${intBetween(random, 60, 170)})`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="${tone()}"/><stop offset="1" stop-color="${tone()}"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#g)"/></svg>`;
  return rawOf(sharp(Buffer.from(svg)).blur(8));
}

/** A flat object's pose in front of the camera: degrees, and its centre and size in frame fractions. */
type HeldPose = {
  yawDeg: number;
  pitchDeg: number;
  rollDeg: number;
  x: number;
  y: number;
  heightFraction: number;
};

/**
 * `object` drawn on `canvas` as a flat card held in `pose`, seen by a pinhole camera (focal length
 * 1.2 × the canvas width): a 12 × 12 grid of points projected in perspective, each cell warped
 * piecewise-affine.
 */
function placeFlat(object: RawRgb, canvas: RawRgb, pose: HeldPose): RawRgb {
  const grid = 12;
  const focal = 1.2 * canvas.width;
  const scale = (pose.heightFraction * canvas.height) / object.height;
  const distance = focal;
  const [yaw, pitch, roll] = [pose.yawDeg, pose.pitchDeg, pose.rollDeg].map((d) => (d * Math.PI) / 180) as [
    number,
    number,
    number,
  ];
  const source: Point2[] = [];
  const target: Point2[] = [];
  for (let j = 0; j <= grid; j++)
    for (let i = 0; i <= grid; i++) {
      const u = (i / grid) * object.width;
      const v = (j / grid) * object.height;
      source.push([u, v]);
      let x = (u - object.width / 2) * scale;
      let y = (v - object.height / 2) * scale;
      let z = 0;
      [x, y] = [x * Math.cos(roll) - y * Math.sin(roll), x * Math.sin(roll) + y * Math.cos(roll)];
      [x, z] = [x * Math.cos(yaw), -x * Math.sin(yaw)];
      [y, z] = [y * Math.cos(pitch) + z * Math.sin(pitch), -y * Math.sin(pitch) + z * Math.cos(pitch)];
      const depth = distance + z;
      target.push([
        pose.x * canvas.width + (focal * x) / depth,
        pose.y * canvas.height + (focal * y) / depth,
      ]);
    }
  const triangles: Array<[number, number, number]> = [];
  for (let j = 0; j < grid; j++)
    for (let i = 0; i < grid; i++) {
      const a = j * (grid + 1) + i;
      triangles.push([a, a + 1, a + grid + 2], [a, a + grid + 2, a + grid + 1]);
    }
  return warpTriangles(object, source, target, triangles, canvas);
}

/**
 * 8 frames of `object` held in front of a camera and moved: a base pose from the seed, then per
 * frame tilted up to ±20° about either axis (an attacker imitating head turns), rotated ±6°,
 * shifted ±6 % and moved nearer or farther (±10 %), each frame through `cameraFrame`.
 */
async function heldInHand(object: RawRgb, random: () => number): Promise<Buffer[]> {
  const width = intBetween(random, 480, 1280);
  const height = Math.round((width * 3) / 4);
  const canvas = await backdrop(width, height, random);
  const base: HeldPose = {
    yawDeg: between(random, -5, 5),
    pitchDeg: between(random, -5, 5),
    rollDeg: between(random, -4, 4),
    x: between(random, 0.45, 0.55),
    y: between(random, 0.45, 0.55),
    heightFraction: between(random, 0.75, 0.95),
  };
  const frames: Buffer[] = [];
  for (let i = 0; i < SEQUENCE_FRAMES; i++) {
    const pose: HeldPose = {
      yawDeg: base.yawDeg + between(random, -20, 20),
      pitchDeg: base.pitchDeg + between(random, -20, 20),
      rollDeg: base.rollDeg + between(random, -6, 6),
      x: base.x + between(random, -0.06, 0.06),
      y: base.y + between(random, -0.06, 0.06),
      heightFraction: base.heightFraction * between(random, 0.9, 1.1),
    };
    frames.push(
      await cameraFrame(placeFlat(object, canvas, pose), random, {
        widthPx: width,
        orientation: 'landscape',
      }),
    );
  }
  return frames;
}

/** A print of the photo moved in hand in front of the camera (perspective tilts, no expression change). */
export async function printedPhotoMoved(photo: Buffer, seed: number): Promise<Buffer[]> {
  const random = seededRandom(seedOf(`print:${seed}`));
  return heldInHand(await printOf(photo, random), random);
}

/** The photo shown on a screen (bezel, moiré, glare) moved in front of the camera. */
export async function screenReplay(photo: Buffer, seed: number): Promise<Buffer[]> {
  const random = seededRandom(seedOf(`screen:${seed}`));
  return heldInHand(await screenOf(photo, random), random);
}
