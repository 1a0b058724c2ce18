/**
 * Geometry of the detector's five landmarks, in the detector's order: the eye on the image's left,
 * the eye on the image's right, the nose tip, the mouth corner on the image's left, the one on its
 * right (the subject's right eye comes first in an unmirrored camera image).
 */
export type Point = readonly [number, number];

/**
 * Where the five points sit in the 112×112 crop the ArcFace family of recognizers was trained on
 * (InsightFace's reference template, also the alignment the MobileFaceNet used here expects).
 */
export const ARCFACE_TEMPLATE_112: readonly Point[] = [
  [38.2946, 51.6963],
  [73.5318, 51.5014],
  [56.0252, 71.7366],
  [41.5493, 92.3655],
  [70.7299, 92.2041],
];

/** x' = a·x − b·y + tx, y' = b·x + a·y + ty: a rotation, a uniform scale and a shift. */
export type Similarity = { a: number; b: number; tx: number; ty: number };

/** Least-squares similarity transform mapping `from` onto `to` (Umeyama's method without reflection). */
export function fitSimilarity(from: readonly Point[], to: readonly Point[]): Similarity {
  const n = Math.min(from.length, to.length);
  let fx = 0;
  let fy = 0;
  let gx = 0;
  let gy = 0;
  for (let i = 0; i < n; i++) {
    fx += from[i]![0] / n;
    fy += from[i]![1] / n;
    gx += to[i]![0] / n;
    gy += to[i]![1] / n;
  }
  let dot = 0;
  let cross = 0;
  let norm = 0;
  for (let i = 0; i < n; i++) {
    const px = from[i]![0] - fx;
    const py = from[i]![1] - fy;
    const qx = to[i]![0] - gx;
    const qy = to[i]![1] - gy;
    dot += px * qx + py * qy;
    cross += px * qy - py * qx;
    norm += px * px + py * py;
  }
  const a = norm > 0 ? dot / norm : 1;
  const b = norm > 0 ? cross / norm : 0;
  return { a, b, tx: gx - (a * fx - b * fy), ty: gy - (b * fx + a * fy) };
}

export function applySimilarity(t: Similarity, [x, y]: Point): [number, number] {
  return [t.a * x - t.b * y + t.tx, t.b * x + t.a * y + t.ty];
}

export function invertSimilarity(t: Similarity): Similarity {
  const d = t.a * t.a + t.b * t.b;
  const a = t.a / d;
  const b = -t.b / d;
  return { a, b, tx: -(a * t.tx - b * t.ty), ty: -(b * t.tx + a * t.ty) };
}

/** How much the transform enlarges: below 1 it shrinks the face. */
export function similarityScale(t: Similarity): number {
  return Math.hypot(t.a, t.b);
}

/**
 * How far the nose tip sits in front of the eye centres, as a fraction of the distance between
 * them (about 35 mm against 63 mm on an adult head): turns the nose's sideways offset into an angle.
 */
const NOSE_DEPTH_PER_EYE_DISTANCE = 0.55;

/**
 * Head yaw and roll from the five points, degrees. Yaw has the sign the challenge reads
 * (POSE_SIGNS): negative when the user turns to their own left, which in an unmirrored image moves
 * the nose towards the image's right of the eyes' midpoint. Roll is the eye line's angle. Pitch is
 * not read from five points: the nose's height between eyes and mouth was measured to follow it too
 * loosely (error p95 22.5° against a 5° threshold).
 */
export function poseFromFivePoints(points: readonly Point[]): { yawDeg: number; rollDeg: number } | null {
  if (points.length < 5) return null;
  const [eyeA, eyeB, nose] = points as [Point, Point, Point, Point, Point];
  const dx = eyeB[0] - eyeA[0];
  const dy = eyeB[1] - eyeA[1];
  const eyeDistance = Math.hypot(dx, dy);
  if (eyeDistance <= 0) return null;
  const roll = Math.atan2(dy, dx);
  const midX = (eyeA[0] + eyeB[0]) / 2;
  const midY = (eyeA[1] + eyeB[1]) / 2;
  // The nose's offset along the eye line, so a tilted head does not read as turned.
  const along = ((nose[0] - midX) * dx + (nose[1] - midY) * dy) / eyeDistance;
  const yaw = -Math.atan(along / eyeDistance / NOSE_DEPTH_PER_EYE_DISTANCE);
  return { yawDeg: (yaw * 180) / Math.PI, rollDeg: (roll * 180) / Math.PI };
}

/** MediaPipe face-mesh indices of the points YuNet gives: eye corners (their midpoint), nose tip, mouth corners. */
const MESH_FIVE = { eyeA: [33, 133], eyeB: [263, 362], nose: 1, mouthA: 61, mouthB: 291 } as const;

/**
 * The five points read off a 468-point face mesh, in the detector's order, so a client tracking
 * with the mesh (the hosted flow) measures yaw as the server does from the detector's points.
 */
export function fivePointsFromMesh(mesh: readonly Point[]): Array<[number, number]> | null {
  if (mesh.length < 468) return null;
  const mid = ([i, j]: readonly [number, number]): [number, number] => [
    (mesh[i]![0] + mesh[j]![0]) / 2,
    (mesh[i]![1] + mesh[j]![1]) / 2,
  ];
  const at = (i: number): [number, number] => [mesh[i]![0], mesh[i]![1]];
  return [
    mid(MESH_FIVE.eyeA),
    mid(MESH_FIVE.eyeB),
    at(MESH_FIVE.nose),
    at(MESH_FIVE.mouthA),
    at(MESH_FIVE.mouthB),
  ];
}

/**
 * Head pitch, degrees, from a face mesh's 3-D points (x, y, z in one unit): the tilt of the
 * forehead-to-chin line (points 10 and 152) out of the image plane, as Human computes it from its
 * rotation matrix. Positive when the chin comes towards the camera (looking down).
 */
export function pitchFromMesh(mesh: readonly (readonly [number, number, number])[]): number | null {
  const top = mesh[10];
  const bottom = mesh[152];
  if (!top || !bottom) return null;
  return (Math.atan2(bottom[2] - top[2], bottom[1] - top[1]) * 180) / Math.PI;
}
