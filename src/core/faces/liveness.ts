import type { LivenessComponents, LivenessMeasures } from '../checks.js';
import {
  allowedActionWindowMs,
  verifyChallenge,
  type ChallengeAnswer,
  type ChallengeVerdict,
} from './challenge.js';
import type { AnalyzedFace } from './face-engine.js';
import { euclideanDistance, median } from './face-similarity.js';

/** The API's threshold: a liveness score below this gives `liveness_below_threshold`. */
export const LIVENESS_THRESHOLD = 0.5;

/** The hosted flow captures 8 frames over about 2 s; the session API keeps the first 8 of an upload. */
export const MAX_LIVENESS_FRAMES = 8;

/** Motion can only be told from one odd frame with three or more frames (see robustRange). */
export const MIN_MOTION_FRAMES = 3;

/**
 * Weights of the two evidence components. Pose alone stays below 0.5, because a tilted photo also
 * changes the apparent head pose; deformation alone can pass, because a flat photo cannot produce
 * it. Passive anti-spoof models are not used: on the only real attacks in the test data (SFAS F1
 * print, F2 tablet) Human's antispoof scored them above the live captures (F1 .66, F2 .54 vs
 * T1 .31, T2 .51) and its liveness model gave all four 1.00, for 20 ms a frame.
 */
export const LIVENESS_WEIGHTS = { deformation: 0.6, pose: 0.4 } as const;

/**
 * Non-rigid deformation: landmark change left after the best 2D affine fit between two frames,
 * relative to the face's size, on the detector's five points. Moving, tilting or re-encoding a flat
 * photo is (nearly) affine, but five points are noisy: the 10 attack images of the test data as 8
 * jittered camera frames (shift, scale, ±3° rotation, brightness, JPEG) measure 0.021–0.055, and a
 * person's neutral and smiling photos 0.028–0.069 (test/unit/faces/liveness-sequences.test.ts). The
 * ramp starts above every attack, so without a challenge only a clear non-rigid change counts;
 * the challenge's face movements, read on the mesh, are the control that separates them.
 */
export const DEFORMATION_RAMP = { zeroAt: 0.056, fullAt: 0.08 } as const;

/**
 * Head-pose spread (yaw, degrees, from five points) across frames. The jittered attack frames
 * spread up to 6.3°; a turn of the head reaches 8–18°.
 */
export const POSE_RAMP_DEG = { zeroAt: 6.5, fullAt: 12 } as const;

/**
 * Frames must show one person: every frontal frame within this embedding distance of the medoid of
 * the frontal frames (posed frames: IDENTITY_MAX_DISTANCE_POSED). Measured on the realistic set
 * (bench/face-eval.bench.ts): a capture's frames lie at most 0.41 from their own template, and the
 * nearest frames of two different people are 1.15 apart; 0.8 leaves a margin of ~0.35 both ways.
 */
export const IDENTITY_MAX_DISTANCE = 0.8;

/**
 * A frame whose head pose is this far (yaw or pitch, degrees) from the sequence's median pose is a
 * posed frame: a challenge's turn or look. Neutral frames of the synthetic captures stay within 4°
 * of one another; turns and looks reach 8–18° (docs/research/liveness-actions.md).
 */
export const POSED_FRAME_DEG = 7;

/**
 * The embedding changes with the pose, so a posed frame is held to a wider band, still well short of
 * the 1.15 at which the nearest frames of two different people lie. Frontal frames, including
 * smiles and open mouths, keep the strict band, so a swap needs the victim's face performing the
 * face actions as well.
 */
export const IDENTITY_MAX_DISTANCE_POSED = 0.95;

/**
 * Without a challenge the motion evidence is still scored, but a recording of the person moving
 * passes it as well as the person does, so on its own it stays just below the threshold: such a
 * selfie goes to review at best (docs/faces.md, "Without a challenge").
 */
export const UNCHALLENGED_SCORE_CAP = 0.49;

/** What the selfie brought beyond its frames: the challenge it answered, and frames seen before. */
export type LivenessEvidence = {
  answer: ChallengeAnswer | null;
  /** Indices of frames already sent in an earlier verification of the same key. */
  replayedFrames: readonly number[];
};

/** One analysed selfie frame: the faces found, or why none could be used. */
export type LivenessFrame = { faces: AnalyzedFace[] } | { unreadable: string };

export type LivenessAssessment = {
  /** The liveness score the decision reads: see assessLiveness for how the challenge sets it. */
  score: number;
  /** The motion evidence alone (identity gate × weighted components), before the challenge or the cap. */
  motionScore: number;
  components: LivenessComponents;
  challenge: ChallengeVerdict | null;
  detail: LivenessMeasures;
  /** Frames with exactly one face, in input order, that agree with the sequence's identity. */
  consistentFaces: AnalyzedFace[];
};

function ramp(value: number, zeroAt: number, fullAt: number): number {
  return Math.min(1, Math.max(0, (value - zeroAt) / (fullAt - zeroAt)));
}

function round(value: number, digits = 4): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Solves the 3×3 system m·x = b by Gaussian elimination with partial pivoting; null if singular. */
function solve3(m: number[][], b: number[]): number[] | null {
  const a = m.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < 3; col++) {
    let pivot = col;
    for (let row = col + 1; row < 3; row++)
      if (Math.abs(a[row]![col]!) > Math.abs(a[pivot]![col]!)) pivot = row;
    if (Math.abs(a[pivot]![col]!) < 1e-12) return null;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    for (let row = 0; row < 3; row++) {
      if (row === col) continue;
      const factor = a[row]![col]! / a[col]![col]!;
      for (let k = col; k < 4; k++) a[row]![k]! -= factor * a[col]![k]!;
    }
  }
  return [0, 1, 2].map((i) => a[i]![3]! / a[i]![i]!);
}

/**
 * RMS landmark residual after the least-squares affine map from `from` onto `to`, divided by the
 * RMS spread of `to` around its centroid: 0 for frames that differ by any 2D affine transform.
 */
export function nonRigidResidual(
  from: readonly (readonly [number, number])[],
  to: readonly (readonly [number, number])[],
): number {
  const n = Math.min(from.length, to.length);
  if (n < 3) return 0;
  const normal = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  const rhsX = [0, 0, 0];
  const rhsY = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    const v = [from[i]![0], from[i]![1], 1];
    for (let r = 0; r < 3; r++) {
      for (let c = 0; c < 3; c++) normal[r]![c]! += v[r]! * v[c]!;
      rhsX[r]! += v[r]! * to[i]![0];
      rhsY[r]! += v[r]! * to[i]![1];
    }
  }
  const ax = solve3(normal, rhsX);
  const ay = solve3(normal, rhsY);
  if (!ax || !ay) return 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < n; i++) {
    cx += to[i]![0] / n;
    cy += to[i]![1] / n;
  }
  let residual = 0;
  let spread = 0;
  for (let i = 0; i < n; i++) {
    const [x, y] = from[i]!;
    const px = ax[0]! * x + ax[1]! * y + ax[2]!;
    const py = ay[0]! * x + ay[1]! * y + ay[2]!;
    residual += (px - to[i]![0]) ** 2 + (py - to[i]![1]) ** 2;
    spread += (to[i]![0] - cx) ** 2 + (to[i]![1] - cy) ** 2;
  }
  return spread > 0 ? Math.sqrt(residual / spread) : 0;
}

/**
 * The largest pairwise value that survives dropping any one frame: one glitched frame (blur, a bad
 * landmark fit) cannot create motion on its own, while a real head turn spreads over several frames.
 */
function robustMaxPairwise(count: number, value: (i: number, j: number) => number): number {
  if (count < MIN_MOTION_FRAMES) return 0;
  const pair: number[][] = Array.from({ length: count }, () => new Array<number>(count).fill(0));
  for (let i = 0; i < count; i++)
    for (let j = i + 1; j < count; j++) {
      const v = value(i, j);
      pair[i]![j] = v;
      pair[j]![i] = v;
    }
  let best = Number.POSITIVE_INFINITY;
  for (let dropped = 0; dropped < count; dropped++) {
    let max = 0;
    for (let i = 0; i < count; i++)
      for (let j = i + 1; j < count; j++)
        if (i !== dropped && j !== dropped) max = Math.max(max, pair[i]![j]!);
    best = Math.min(best, max);
  }
  return best;
}

/** Which faces are posed: head pose farther than POSED_FRAME_DEG from the median pose of all of them. */
function posedFrames(faces: readonly AnalyzedFace[]): boolean[] {
  const yaws = faces.map((f) => f.yawDeg).filter((v): v is number => v !== null);
  const pitches = faces.map((f) => f.pitchDeg).filter((v): v is number => v !== null);
  const yaw = yaws.length > 0 ? median(yaws) : 0;
  const pitch = pitches.length > 0 ? median(pitches) : 0;
  return faces.map(
    (f) =>
      (f.yawDeg !== null && Math.abs(f.yawDeg - yaw) > POSED_FRAME_DEG) ||
      (f.pitchDeg !== null && Math.abs(f.pitchDeg - pitch) > POSED_FRAME_DEG),
  );
}

/** Range of the values after dropping the one value that shrinks it most (min-or-max outlier). */
export function robustRange(values: readonly number[]): number {
  if (values.length < MIN_MOTION_FRAMES) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  return Math.min(sorted[n - 1]! - sorted[1]!, sorted[n - 2]! - sorted[0]!);
}

function medoidIndex(descriptors: readonly number[][]): number {
  let best = 0;
  let bestSum = Number.POSITIVE_INFINITY;
  descriptors.forEach((candidate, i) => {
    const sum = descriptors.reduce((acc, other) => acc + euclideanDistance(candidate, other), 0);
    if (sum < bestSum) {
      bestSum = sum;
      best = i;
    }
  });
  return best;
}

/**
 * One liveness score, 0..1, from up to 8 selfie frames. First the motion evidence:
 *   motion = identity gate × (0.6·deformation + 0.4·pose)
 * - deformation: ramp of the non-rigid landmark change between frames (robust max over pairs);
 * - pose: ramp of the robust yaw or pitch range across frames;
 * - identity gate: 0 when any usable frame is farther than the face-match distance from the medoid.
 * Only frames with exactly one face count. A still photo repeated scores 0.
 * Then the score: with a challenge answered, 0.5 + 0.5·motion when it was followed (verifyChallenge)
 * and 0 when not; without one, the motion score capped at 0.49. Frames already sent in an earlier
 * verification score 0 either way.
 */
export function assessLiveness(
  frames: readonly LivenessFrame[],
  evidence: LivenessEvidence = { answer: null, replayedFrames: [] },
): LivenessAssessment {
  const used = frames.slice(0, MAX_LIVENESS_FRAMES);
  const faces: AnalyzedFace[] = [];
  const faceFrames: number[] = [];
  const frameNotes: string[] = [];
  used.forEach((frame, index) => {
    if ('unreadable' in frame) frameNotes.push(`frame ${index}: unreadable`);
    else if (frame.faces.length === 0) frameNotes.push(`frame ${index}: no face`);
    else if (frame.faces.length > 1) frameNotes.push(`frame ${index}: ${frame.faces.length} faces`);
    else {
      faces.push(frame.faces[0]!);
      faceFrames.push(index);
    }
  });

  const { answer, replayedFrames } = evidence;
  const descriptors = faces.map((face) => face.descriptor);
  const posed = posedFrames(faces);
  const allowedDistance = (i: number) => (posed[i] ? IDENTITY_MAX_DISTANCE_POSED : IDENTITY_MAX_DISTANCE);
  // With a challenge, the neutral frames must all show the sequence's face; a frame answering an
  // action that strays (an open mouth or a wide turn moves the descriptor) only loses its vote for
  // that action, which must then be seen on another frame that does agree. Without one, every frame.
  const labelOf = (i: number) => answer?.frames[faceFrames[i]!]?.action;
  const mustAgree = (i: number) => labelOf(i) === undefined || labelOf(i) === 'neutral';
  let identityConsistent = faces.length > 0;
  let maxDistanceToMedoid = 0;
  let consistentFaces: AnalyzedFace[] = [];
  const frameFaces: (AnalyzedFace | null)[] = used.map(() => null);
  if (faces.length > 0) {
    // The medoid of the frontal frames that must agree, when there are some: posed frames describe
    // the face less well.
    const preferred = [
      descriptors.filter((_, i) => !posed[i] && mustAgree(i)),
      descriptors.filter((_, i) => !posed[i]),
      descriptors,
    ];
    const reference = preferred.find((list) => list.length > 0)!;
    const medoid = reference[medoidIndex(reference)]!;
    const distances = descriptors.map((d) => euclideanDistance(d, medoid));
    maxDistanceToMedoid = Math.max(...distances);
    const within = distances.map((distance, i) => distance <= allowedDistance(i));
    identityConsistent = within.every((agrees, i) => agrees || !mustAgree(i));
    consistentFaces = faces.filter((_, i) => within[i]);
    faces.forEach((face, i) => {
      if (within[i]) frameFaces[faceFrames[i]!] = face;
      else if (!mustAgree(i))
        frameNotes.push(
          `frame ${faceFrames[i]}: left out, ${round(distances[i]!)} from the sequence's face (at most ${allowedDistance(i)})`,
        );
    });
  }

  const deformationMeasured = robustMaxPairwise(faces.length, (i, j) =>
    nonRigidResidual(faces[i]!.landmarks, faces[j]!.landmarks),
  );
  const yaws = faces.map((f) => f.yawDeg).filter((v): v is number => v !== null);
  const pitches = faces.map((f) => f.pitchDeg).filter((v): v is number => v !== null);
  const yawRangeDeg = robustRange(yaws);
  const pitchRangeDeg = robustRange(pitches);
  const poseSpreadDeg = Math.max(yawRangeDeg, pitchRangeDeg);

  const components: LivenessComponents = {
    deformation: round(ramp(deformationMeasured, DEFORMATION_RAMP.zeroAt, DEFORMATION_RAMP.fullAt)),
    pose: round(ramp(poseSpreadDeg, POSE_RAMP_DEG.zeroAt, POSE_RAMP_DEG.fullAt)),
    identityConsistent,
  };
  const weighted =
    LIVENESS_WEIGHTS.deformation * components.deformation + LIVENESS_WEIGHTS.pose * components.pose;
  const motionScore = identityConsistent ? round(weighted) : 0;

  const reasons: string[] = [];
  if (faces.length < MIN_MOTION_FRAMES)
    reasons.push(`only ${faces.length} frame(s) with exactly one face; motion needs ${MIN_MOTION_FRAMES}`);
  if (faces.length > 0 && !identityConsistent) reasons.push('frames show different faces');

  const challenge = answer ? verifyChallenge(answer, frameFaces, replayedFrames) : null;
  let score: number;
  if (challenge) {
    // A followed challenge proves the moment of capture; the motion evidence adds confidence above it.
    score =
      challenge.passed && identityConsistent
        ? round(LIVENESS_THRESHOLD + (1 - LIVENESS_THRESHOLD) * motionScore)
        : 0;
    if (challenge.explanation) reasons.push(`challenge failed: ${challenge.explanation}`);
  } else if (replayedFrames.length > 0) {
    score = 0;
    reasons.push(`frame(s) ${replayedFrames.join(', ')} were already sent in an earlier verification`);
  } else {
    score = Math.min(motionScore, UNCHALLENGED_SCORE_CAP);
    reasons.push(`no liveness challenge was answered: the score is capped at ${UNCHALLENGED_SCORE_CAP}`);
  }

  return {
    score,
    motionScore,
    components,
    challenge,
    consistentFaces,
    detail: {
      frames: used.length,
      framesUsed: faces.length,
      ...(frameNotes.length > 0 ? { frameNotes } : {}),
      ...(reasons.length > 0 ? { reasons } : {}),
      threshold: LIVENESS_THRESHOLD,
      challenge: answer
        ? {
            id: answer.challengeId,
            actions: answer.actions,
            passed: challenge!.passed,
            failure: challenge!.failure,
            actionWindowMs: allowedActionWindowMs(answer.actionWindowMs),
            steps: challenge!.steps,
          }
        : null,
      motionScore,
      ...(replayedFrames.length > 0 ? { replayedFrames } : {}),
      weights: LIVENESS_WEIGHTS,
      components,
      measured: {
        deformation: round(deformationMeasured),
        yawRangeDeg: round(yawRangeDeg, 2),
        pitchRangeDeg: round(pitchRangeDeg, 2),
        maxDistanceToMedoid: round(maxDistanceToMedoid),
      },
    },
  };
}
