import { CHALLENGE_ACTIONS, type ChallengeAction } from '../../../src/core/faces/challenge.js';
import type { Point3 } from './mesh.js';
import type { Point2 } from './warp.js';

/** The challenge actions (src/core/faces/challenge.ts); left and right are the user's own. */
export const ACTIONS = CHALLENGE_ACTIONS;
export type Action = ChallengeAction;
export type Pose = 'neutral' | Action;

/** MediaPipe face-oval landmarks, in order around the face. */
const FACE_OVAL = [
  10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148, 176, 149,
  150, 136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109,
];

/** Upper-lid landmark and the lower-lid one under it, both eyes. */
const LID_PAIRS: Array<[number, number]> = [
  [246, 7],
  [161, 163],
  [160, 144],
  [159, 145],
  [158, 153],
  [157, 154],
  [173, 155],
  [466, 249],
  [388, 390],
  [387, 373],
  [386, 374],
  [385, 380],
  [384, 381],
  [398, 382],
];

/** Each eye's closed-lid line, corner to corner along the upper lid. */
const LID_LINES = [
  [33, 246, 161, 160, 159, 158, 157, 173, 133],
  [263, 466, 388, 387, 386, 385, 384, 398, 362],
];

/** The skin fold above each upper-lid landmark (same order as LID_PAIRS): it follows the lid part way. */
const LID_CREASE = [247, 30, 29, 27, 28, 56, 190, 467, 260, 259, 257, 258, 286, 414];

/** The inner lips from corner (78) to corner (308): upper, then lower. */
const UPPER_INNER_LIP = [78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308];
const LOWER_INNER_LIP = [78, 95, 88, 178, 87, 14, 317, 402, 318, 324, 308];

/** The mouth opening as a polygon: the upper inner lip, then the lower one back. */
const INNER_LIPS = [...UPPER_INNER_LIP, ...LOWER_INNER_LIP.slice(1, -1).reverse()];

/**
 * MediaPipe's triangulation leaves the mouth opening out; bridging it makes whatever the source
 * shows between the lips move with them (otherwise it would stay put as a ghost of the old mouth).
 */
const MOUTH_BRIDGE: Array<[number, number, number]> = UPPER_INNER_LIP.slice(0, -1).flatMap((upper, k) => {
  const nextUpper = UPPER_INNER_LIP[k + 1]!;
  const lower = LOWER_INNER_LIP[k]!;
  const nextLower = LOWER_INNER_LIP[k + 1]!;
  return [
    [upper, nextUpper, nextLower],
    [upper, nextLower, lower],
  ] as Array<[number, number, number]>;
});

/** How far the head and face move in one frame (the nominal ranges are in frames.ts, actionAmount). */
export type ActionAmount = {
  /** Head rotation in degrees: yaw > 0 turns the face towards image right (the user's own left). */
  yawDeg: number;
  /** > 0 lifts the chin (the face looks up). */
  pitchDeg: number;
  rollDeg: number;
  /** 0..1 of the eye closed. */
  blink: number;
  /** Each mouth corner moves out by this fraction of the mouth width (and up by half of it). */
  smile: number;
  /** The lower lip and chin drop by this fraction of the face height. */
  mouthOpen: number;
};

/**
 * The warp of one frame: where the mesh points and the ring of scalp, ear and neck points around
 * them go, the triangles to draw in painting order, and the mouth opening to paint dark.
 */
export type FaceWarp = {
  source: Point2[];
  target: Point2[];
  triangles: Array<[number, number, number]>;
  mouthOpening: Point2[] | null;
  /** The closed eyes' lash lines, and how thick to paint them; null when the eyes are open. */
  lashes: { lines: Point2[][]; thickness: number } | null;
};

const distance2 = (a: readonly number[], b: readonly number[]) => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!);

/** The mesh moved by the expression parts of `amount` (eyes, mouth), before any head rotation. */
function expression(points: readonly Point3[], amount: ActionAmount): Point3[] {
  const moved = points.map((p) => [...p] as Point3);
  const faceHeight = distance2(points[10]!, points[152]!);
  if (amount.blink > 0) {
    LID_PAIRS.forEach(([upper, lower], i) => {
      const u = points[upper]!;
      const l = points[lower]!;
      // The lids meet 90 % of the way down: the upper lid does most of a blink.
      const meetY = u[1] + (l[1] - u[1]) * 0.9;
      const dy = (meetY - u[1]) * amount.blink;
      moved[upper]![1] = u[1] + dy;
      moved[lower]![1] = l[1] + (meetY - l[1]) * amount.blink;
      moved[LID_CREASE[i]!]![1] = points[LID_CREASE[i]!]![1] + dy * 0.4;
    });
  }
  if (amount.smile > 0) {
    const left = points[61]!;
    const right = points[291]!;
    const mouthWidth = distance2(left, right);
    const ux = (right[0] - left[0]) / mouthWidth;
    const uy = (right[1] - left[1]) / mouthWidth;
    const sigma = 0.35 * mouthWidth;
    for (const [corner, outward] of [
      [left, -1],
      [right, 1],
    ] as const) {
      // Out along the mouth's axis (u), and up at right angles to it, (uy, −ux), by half as much.
      const step = amount.smile * mouthWidth;
      const dx = outward * ux * step + 0.5 * uy * step;
      const dy = outward * uy * step - 0.5 * ux * step;
      points.forEach((p, i) => {
        // Only the corner's own half of the mouth and cheek follows it.
        const side = (p[0] - (left[0] + right[0]) / 2) * outward;
        if (side < 0) return;
        const w = Math.exp(-((distance2(p, corner) / sigma) ** 2));
        moved[i]![0] += dx * w;
        moved[i]![1] += dy * w;
      });
    }
  }
  if (amount.mouthOpen > 0) {
    const upperY = points[13]![1];
    const lowerY = points[14]![1];
    const cx = (points[61]![0] + points[291]![0]) / 2;
    const halfWidth = distance2(points[234]!, points[454]!) / 2;
    const drop = amount.mouthOpen * faceHeight;
    points.forEach((p, i) => {
      if (p[1] <= upperY) return;
      const wy = Math.min(1, (p[1] - upperY) / Math.max(1, lowerY - upperY));
      // The jaw hinges near the ears: the sides of the face move less than the chin.
      const off = Math.abs(p[0] - cx) / halfWidth;
      const wx = off < 0.55 ? 1 : Math.max(0, 1 - (off - 0.55) / 0.45);
      moved[i]![1] += drop * wy * wx;
    });
  }
  return moved;
}

/**
 * The warp for `amount` applied to a neutral photo's mesh: expression first, then the head
 * rotated about a pivot behind the face (a neck-and-ears axis), seen by an orthographic camera.
 * Two rings around the face oval carry the scalp, ears and neck: the inner ring follows the oval
 * half-way, the outer ring stays, so the background never moves.
 */
export function faceWarp(
  points: readonly Point3[],
  meshTriangles: readonly number[],
  amount: ActionAmount,
): FaceWarp {
  const moved = expression(points, amount);
  const left = points[234]!;
  const right = points[454]!;
  const faceWidth = distance2(left, right);
  const oval = FACE_OVAL.map((i) => points[i]!);
  const cx = oval.reduce((s, p) => s + p[0], 0) / oval.length;
  const cy = oval.reduce((s, p) => s + p[1], 0) / oval.length;
  const pivotZ = (left[2] + right[2]) / 2 + 0.15 * faceWidth;
  const yaw = (amount.yawDeg * Math.PI) / 180;
  const pitch = (amount.pitchDeg * Math.PI) / 180;
  const roll = (amount.rollDeg * Math.PI) / 180;
  const rotated = moved.map(([x0, y0, z0]): Point3 => {
    let x = x0 - cx;
    let y = y0 - cy;
    let z = z0 - pivotZ;
    // Yaw about the vertical axis: a point in front of the pivot (z < 0) moves by −z·sin(yaw), so yaw > 0 sends the nose to image right.
    [x, z] = [x * Math.cos(yaw) - z * Math.sin(yaw), x * Math.sin(yaw) + z * Math.cos(yaw)];
    // Pitch about the horizontal axis: pitch > 0 sends the nose up (towards −y).
    [y, z] = [y * Math.cos(pitch) + z * Math.sin(pitch), -y * Math.sin(pitch) + z * Math.cos(pitch)];
    // Roll in the image plane, clockwise on screen for roll > 0.
    [x, y] = [x * Math.cos(roll) - y * Math.sin(roll), x * Math.sin(roll) + y * Math.cos(roll)];
    return [x + cx, y + cy, z + pivotZ];
  });

  const source: Point2[] = points.map((p) => [p[0], p[1]]);
  const target: Point2[] = rotated.map((p) => [p[0], p[1]]);
  const inner = points.length;
  const outer = inner + oval.length;
  FACE_OVAL.forEach((index, k) => {
    const p = points[index]!;
    const t = rotated[index]!;
    // Scalp above the oval, ears at its sides, neck under it: the ring is wider at the top for hair.
    const spread = p[1] < cy ? 1.45 : 1.25;
    const ring: Point2 = [cx + (p[0] - cx) * spread, cy + (p[1] - cy) * spread];
    source[inner + k] = ring;
    target[inner + k] = [ring[0] + (t[0] - p[0]) * 0.5, ring[1] + (t[1] - p[1]) * 0.5];
    const far: Point2 = [cx + (p[0] - cx) * 2.1, cy + (p[1] - cy) * 2.1];
    source[outer + k] = far;
    target[outer + k] = far;
  });

  const triangles: Array<[number, number, number]> = [];
  for (let k = 0; k < oval.length; k++) {
    const next = (k + 1) % oval.length;
    const a = FACE_OVAL[k]!;
    const b = FACE_OVAL[next]!;
    triangles.push([outer + k, outer + next, inner + next], [outer + k, inner + next, inner + k]);
    triangles.push([inner + k, inner + next, b], [inner + k, b, a]);
  }
  // Far triangles first: where the turned face folds over itself, the nearer surface wins.
  const face = [...MOUTH_BRIDGE];
  for (let t = 0; t < meshTriangles.length; t += 3)
    face.push([meshTriangles[t]!, meshTriangles[t + 1]!, meshTriangles[t + 2]!]);
  const depthOf = ([a, b, c]: [number, number, number]) =>
    (rotated[a]![2] + rotated[b]![2] + rotated[c]![2]) / 3;
  face.sort((a, b) => depthOf(b) - depthOf(a));
  triangles.push(...face);

  const mouthOpening = amount.mouthOpen > 0 ? INNER_LIPS.map((i) => target[i]!) : null;
  // Closed lids show a line of lashes where they meet; from half-closed on it darkens. The lower
  // lid's landmarks sit a little inside the eye, so the line reaches just below the meeting line
  // and covers the sliver of eye white left there.
  const eyeWidth = distance2(points[33]!, points[133]!);
  const lashes =
    amount.blink > 0.5
      ? {
          lines: LID_LINES.map((line) =>
            line.map((i): Point2 => [target[i]![0], target[i]![1] + 0.035 * eyeWidth]),
          ),
          thickness: Math.max(1.5, 0.1 * eyeWidth),
        }
      : null;
  return { source, target, triangles, mouthOpening, lashes };
}
