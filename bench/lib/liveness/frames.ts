import sharp from 'sharp';
import { seededRandom } from '../../../test/helpers/seeded-random.js';
import { seedOf } from '../face-eval/render.js';
import { type Action, type ActionAmount, type Pose, faceWarp } from './actions.js';
import { meshedPhoto } from './mesh.js';
import { type Point2, type RawRgb, fillPolygon, paintLine, warpTriangles } from './warp.js';

export const between = (random: () => number, low: number, high: number) => low + (high - low) * random();
export const intBetween = (random: () => number, low: number, high: number) =>
  Math.round(between(random, low, high));

export type FrameOptions = {
  seed: number;
  /** Multiplies the action's amplitude: 1 is the nominal action, 0 a neutral face, 0.5 half-way. */
  strength?: number;
  /** Frame width; by default 480–1280 px from the seed. */
  widthPx?: number;
  /** Frame shape, 4:3 or 3:4; by default from the seed. A sequence keeps one camera's shape. */
  orientation?: Orientation;
};

export type Orientation = 'landscape' | 'portrait';

/**
 * How far the head and face move for `pose` at `strength`, the nominal amplitude drawn from the
 * seed: yaw 15–25°, pitch 12–20°, eyes 90–100 % closed, mouth corners out 12–18 % of the mouth
 * width, jaw down 10–14 % of the face height. Every frame, neutral ones too, also carries the
 * small involuntary head movement of a person holding still: yaw and pitch ±2°, roll ±3°.
 */
function actionAmount(pose: Pose, strength: number, random: () => number): ActionAmount {
  const amount: ActionAmount = {
    yawDeg: between(random, -2, 2),
    pitchDeg: between(random, -2, 2),
    rollDeg: between(random, -3, 3),
    blink: 0,
    smile: 0,
    mouthOpen: 0,
  };
  const nominal: Record<Action, () => void> = {
    turn_left: () => (amount.yawDeg += strength * between(random, 15, 25)),
    turn_right: () => (amount.yawDeg -= strength * between(random, 15, 25)),
    look_up: () => (amount.pitchDeg += strength * between(random, 12, 20)),
    look_down: () => (amount.pitchDeg -= strength * between(random, 12, 20)),
    smile: () => (amount.smile = strength * between(random, 0.12, 0.18)),
    blink: () => (amount.blink = Math.min(1, strength * between(random, 0.9, 1))),
    open_mouth: () => (amount.mouthOpen = strength * between(random, 0.1, 0.14)),
  };
  if (pose !== 'neutral') nominal[pose]();
  return amount;
}

/** The photo with its face warped to `amount`, at the photo's own size, and where the face is now. */
async function warpedPhoto(photo: Buffer, amount: ActionAmount): Promise<{ image: RawRgb; face: Point2 }> {
  const mesh = await meshedPhoto(photo);
  const warp = faceWarp(mesh.points, mesh.triangles, amount);
  const image = warpTriangles(
    { data: mesh.rgb, width: mesh.width, height: mesh.height },
    warp.source,
    warp.target,
    warp.triangles,
  );
  if (warp.mouthOpening) fillPolygon(image, warp.mouthOpening, [48, 18, 20]);
  for (const line of warp.lashes?.lines ?? [])
    paintLine(
      image,
      line,
      warp.lashes!.thickness,
      [28, 22, 20],
      Math.min(1, (amount.blink - 0.5) * 2) * 0.85,
    );
  const mesh2d = warp.target.slice(0, mesh.points.length);
  const face: Point2 = [
    mesh2d.reduce((sum, p) => sum + p[0], 0) / mesh2d.length,
    mesh2d.reduce((sum, p) => sum + p[1], 0) / mesh2d.length,
  ];
  return { image, face };
}

/**
 * A phone or webcam frame of a raw image: landscape 4:3 or portrait 3:4 by seed, `widthPx` wide
 * (480–1280 by seed), the image cropped to that shape at 85–100 % zoom around `subject` (the
 * face: a selfie keeps it in view; by default the image centre), shifted up to 5 %,
 * exposure gain 0.82–1.18 with a slight colour cast, sensor noise σ 1–4 grey levels, JPEG 70–92.
 */
export async function cameraFrame(
  image: RawRgb,
  random: () => number,
  camera: { widthPx?: number; orientation?: Orientation } = {},
  subject: Point2 = [image.width / 2, image.height / 2],
): Promise<Buffer> {
  const width = intBetween(random, 480, 1280);
  const portrait = random() < 0.5 ? 'portrait' : 'landscape';
  // Drawn whether or not given, so the rest of the frame's choices do not depend on the options.
  const frameWidth = camera.widthPx ?? width;
  const height = Math.round(
    (camera.orientation ?? portrait) === 'portrait' ? (frameWidth * 4) / 3 : (frameWidth * 3) / 4,
  );
  const aspect = frameWidth / height;
  const zoom = between(random, 0.85, 1);
  let cropWidth = image.width * zoom;
  let cropHeight = cropWidth / aspect;
  if (cropHeight > image.height * zoom) {
    cropHeight = image.height * zoom;
    cropWidth = cropHeight * aspect;
  }
  const left = subject[0] - cropWidth / 2 + between(random, -0.05, 0.05) * cropWidth;
  const top = subject[1] - cropHeight / 2 + between(random, -0.05, 0.05) * cropHeight;
  const region = {
    left: Math.max(0, Math.min(image.width - Math.round(cropWidth), Math.round(left))),
    top: Math.max(0, Math.min(image.height - Math.round(cropHeight), Math.round(top))),
    width: Math.round(cropWidth),
    height: Math.round(cropHeight),
  };
  const { data, info } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: 3 },
  })
    .extract(region)
    .resize(frameWidth, height)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const gain = between(random, 0.82, 1.18);
  const cast = [between(random, 0.95, 1.05), 1, between(random, 0.95, 1.05)];
  const sigma = between(random, 1, 4);
  // Noise from a table of a prime length (not a multiple of a row), drawn afresh per frame: as
  // good as per-pixel draws for a camera's grain and several times faster on a 1280-px frame.
  // Each value is a sum of two uniforms: bell-shaped, σ 0.41 before scaling.
  const noise = seededRandom(Math.floor(random() * 2 ** 32));
  const grain = Float32Array.from({ length: NOISE_TABLE }, () => (noise() + noise() - 1) * (sigma / 0.41));
  const start = Math.floor(noise() * NOISE_TABLE);
  const gains = [gain * cast[0]!, gain * cast[1]!, gain * cast[2]!];
  for (let i = 0; i < data.length; i++)
    data[i] = Math.max(
      0,
      Math.min(255, Math.round(data[i]! * gains[i % 3]! + grain[(start + i) % NOISE_TABLE]!)),
    );
  return sharp(data, { raw: info })
    .jpeg({ quality: intBetween(random, 70, 92) })
    .toBuffer();
}

/** The noise table's length: a prime, so its repeats do not line up with rows or channels. */
const NOISE_TABLE = 65521;

/** One camera frame of the photo's person holding `pose` (JPEG); the same seed gives the same bytes. */
export async function renderActionFrame(photo: Buffer, pose: Pose, options: FrameOptions): Promise<Buffer> {
  const amount = actionAmount(pose, options.strength ?? 1, seededRandom(options.seed));
  // Its own stream, so a seed frames every pose with the same camera settings.
  const camera = seededRandom(seedOf(`camera:${options.seed}`));
  const { image, face } = await warpedPhoto(photo, amount);
  return cameraFrame(image, camera, options, face);
}
