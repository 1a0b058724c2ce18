import type { DetectedFace } from './face-engine.js';
import { median } from './face-similarity.js';

/**
 * Active liveness (docs/faces.md, "Challenge"): the server draws a random sequence of actions for a
 * verification, the capture shows them live, and the check verifies each frame answers its action,
 * in the issued order, in time, by one face. A recorded video cannot know the order in advance.
 */

export const CHALLENGE_ACTIONS = [
  'turn_left',
  'turn_right',
  'look_up',
  'look_down',
  'smile',
  'blink',
  'open_mouth',
] as const;
export type ChallengeAction = (typeof CHALLENGE_ACTIONS)[number];
export type FrameLabel = 'neutral' | ChallengeAction;
export const FRAME_LABELS = ['neutral', ...CHALLENGE_ACTIONS] as const;

/** Head movements: a flat photo tilted in the hand can imitate these, so a challenge never has only these. */
const HEAD_ACTIONS: readonly ChallengeAction[] = ['turn_left', 'turn_right', 'look_up', 'look_down'];
/** Face movements: a rigid print or a still on a screen cannot make them. */
const FACE_ACTIONS: readonly ChallengeAction[] = ['smile', 'blink', 'open_mouth'];

/**
 * The actions the server issues: those the landmarks were measured to detect (docs/faces.md,
 * "Challenge"). Turns are read from the detector's five points on every frame; looks up and down
 * and the open mouth from the face mesh, which runs on their frames and the neutral baseline. A
 * smile is not issued: the service's mesh (MediaPipe's face landmark model on onnxruntime-node)
 * saw 30 of 78 synthetic smiles at the threshold that keeps moved prints out (bench/liveness-actions.bench.ts).
 */
export const ISSUED_ACTIONS: readonly ChallengeAction[] = [
  'turn_left',
  'turn_right',
  'look_up',
  'look_down',
  'open_mouth',
];

/** Actions read on the face mesh: pitch for the looks, the lips and eyelids for the face movements. */
const MESH_ACTIONS: readonly ChallengeAction[] = ['look_up', 'look_down', ...FACE_ACTIONS];

/** Frames whose label asks for an action read on the mesh, and the neutral baseline they are read against, get the face mesh. */
export function frameNeedsMesh(label: FrameLabel | undefined): boolean {
  return label === 'neutral' || (label !== undefined && MESH_ACTIONS.includes(label));
}

export const CHALLENGE_LENGTH = { min: 2, max: 3 } as const;

/**
 * A client asking again and again could shop for an order it has a recording of. Three draws cover an
 * honest retry or two (the hosted flow asks again for a missed movement within the same challenge),
 * and give a client holding clips of some sequences at most three chances in the 44 sequences.
 */
export const MAX_CHALLENGES_PER_VERIFICATION = 3;

/**
 * A challenge must be answered within this long of its issue, by the server's clock (issue to
 * receipt): a baseline and three movements take well under a minute with the action window below,
 * so 2 minutes leaves a slow phone its upload while an answer rendered offline has no time to be made.
 */
export const ANSWER_WINDOW_MS = 120_000;

/**
 * Each action must be seen within this long after the previous one (or after the challenge was
 * shown): room for reading the instruction, a hesitation and a second try at the movement.
 */
export const ACTION_WINDOW_MS = 20_000;

/**
 * How far an answer may widen ACTION_WINDOW_MS for a slow device. A face tracker that analyses a
 * third as many frames a second needs three times as long to look at a movement as often, so the
 * hosted flow widens each window by how much slower its tracker runs, up to this factor, and states
 * the window it gave in the answer. The answer window (ANSWER_WINDOW_MS) is not widened: an answer
 * still has no more time to be made offline.
 */
export const MAX_WINDOW_FACTOR = 3;
export const MAX_ACTION_WINDOW_MS = ACTION_WINDOW_MS * MAX_WINDOW_FACTOR;

/** The frames' own clock may run this much ahead of the server's issue-to-answer time (encoding, clock grain). */
export const CLOCK_SLACK_MS = 2_000;

/**
 * How far from the neutral frames a frame must move to show its action, in the units of
 * `FaceMeasures` (changes, signed so the action raises them). Measured on synthetic 3D-warped
 * captures of 26 people (docs/research/liveness-actions.md): every value sits above the largest
 * change a still photo, a print or a screen moved in the hand produced (3.6°, mouth width 0.033,
 * mouth opening 0.019, eye 0.054) and every change between two neutral frames, and below most
 * performed actions. Blink overlapped those and is not issued.
 */
export const ACTION_THRESHOLDS = {
  turnDeg: 5,
  lookDeg: 5,
  /** Mouth width (corner to corner over cheek to cheek), added. */
  smileWidening: 0.04,
  /** Inner-lip gap over face height, added. */
  mouthOpening: 0.025,
  /** Eyelid gap over eye width, taken away. */
  eyeClosing: 0.066,
} as const;

/**
 * Turning or tilting the head changes the mouth and eye ratios too (looking up lowers the eye
 * measure more than a blink does), so a face movement counts only on a frame whose yaw and pitch
 * stay within this many degrees of the neutral baseline.
 */
export const HEAD_STILL_DEG = 6;

/**
 * Sign of the yaw (five points) and the pitch (face mesh) for the user's own left and up. The camera image is not mirrored:
 * a user turning to their own left shows the face turned towards the image's right.
 */
export const POSE_SIGNS = { yawLeft: -1, pitchUp: -1 } as const;

/**
 * Two frame hashes (256-bit dHash) this close are one frame sent again. Measured in
 * test/unit/faces/frame-hash.test.ts: a frame re-encoded, resized or brightened differs by 0–12 bits;
 * distinct camera frames of one photo by 35 or more, the same person neutral vs smiling by 34–50.
 */
export const REPLAYED_FRAME_MAX_BITS = 20;

/** Where a drawn challenge gets its randomness: an integer in [0, bound). The use case passes a CSPRNG. */
export type RandomInt = (bound: number) => number;

/**
 * Every sequence a challenge may ask for: 2–3 different issued actions in any order, with at least
 * one head and one face movement, so neither a photo moved in the hand (no face movement) nor a fixed
 * recording (wrong order) answers it. 44 with the five issued actions.
 */
export const CHALLENGE_SEQUENCES: readonly (readonly ChallengeAction[])[] = (() => {
  const sequences: ChallengeAction[][] = [];
  const extend = (prefix: ChallengeAction[]) => {
    if (
      prefix.length >= CHALLENGE_LENGTH.min &&
      prefix.some((a) => HEAD_ACTIONS.includes(a)) &&
      prefix.some((a) => FACE_ACTIONS.includes(a))
    )
      sequences.push(prefix);
    if (prefix.length === CHALLENGE_LENGTH.max) return;
    for (const action of ISSUED_ACTIONS) if (!prefix.includes(action)) extend([...prefix, action]);
  };
  extend([]);
  return sequences;
})();

/**
 * One of the sequences, each as likely as any other: a client cannot count on the short ones
 * (drawing the length first made the 8 two-action sequences half of all draws).
 */
export function drawChallengeActions(randomInt: RandomInt): ChallengeAction[] {
  return [...CHALLENGE_SEQUENCES[randomInt(CHALLENGE_SEQUENCES.length)]!];
}

/** One frame of an answer: what the capture asked for when it took it, and when (ms after the challenge was shown). */
export type ChallengeFrame = { action: FrameLabel; capturedAtMs: number };

/** Why an answer could not count, found when it arrived (the check reports it as the failed part). */
export type AnswerProblem =
  'unknown_challenge' | 'challenge_reused' | 'challenge_expired' | 'challenge_superseded';

/** The challenge a selfie answered, as stored with the selfie. */
export type ChallengeAnswer = {
  challengeId: string;
  /** The issued actions; empty when the challenge was unknown. */
  actions: ChallengeAction[];
  issuedAt: Date | null;
  receivedAt: Date;
  frames: ChallengeFrame[];
  /**
   * The window the capture gave each action: ACTION_WINDOW_MS, or up to MAX_ACTION_WINDOW_MS on a
   * device whose face tracker analyses fewer frames a second.
   */
  actionWindowMs: number;
  problem: AnswerProblem | null;
};

/** The window an answer's actions are held to: the one it states, within ACTION_WINDOW_MS to MAX_ACTION_WINDOW_MS. */
export function allowedActionWindowMs(stated: number): number {
  return Math.min(Math.max(stated, ACTION_WINDOW_MS), MAX_ACTION_WINDOW_MS);
}

/**
 * A face's measures the actions are read from: yaw from the five points of every frame; pitch and
 * the mouth and eye ratios from the face mesh, null on a frame the mesh did not run on.
 */
export type FaceMeasures = {
  yawDeg: number;
  pitchDeg: number | null;
  /** Inner-lip gap over face height (forehead to chin). */
  mouthOpen: number | null;
  /** Mouth corner to corner over face width (cheek to cheek). */
  mouthWidth: number | null;
  /** Upper to lower eyelid over eye width, both eyes. */
  eyeOpen: number | null;
};

/** MediaPipe face-mesh indices used by `measureFace`. */
const MESH = {
  forehead: 10,
  chin: 152,
  cheekRight: 234,
  cheekLeft: 454,
  innerLipUpper: 13,
  innerLipLower: 14,
  mouthRight: 61,
  mouthLeft: 291,
  eyeRight: { upper: 159, lower: 145, outer: 33, inner: 133 },
  eyeLeft: { upper: 386, lower: 374, outer: 263, inner: 362 },
} as const;

const MESH_POINTS = 468;

function distance(a: readonly [number, number], b: readonly [number, number]): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

/** The measures of one face, or null without a yaw; the mesh's measures null without a full mesh. */
export function measureFace(face: DetectedFace): FaceMeasures | null {
  if (face.yawDeg === null) return null;
  const p = face.mesh;
  const none = { yawDeg: face.yawDeg, pitchDeg: null, mouthOpen: null, mouthWidth: null, eyeOpen: null };
  if (!p || p.length < MESH_POINTS) return none;
  const at = (i: number) => p[i]!;
  const faceHeight = distance(at(MESH.forehead), at(MESH.chin));
  const faceWidth = distance(at(MESH.cheekRight), at(MESH.cheekLeft));
  const eyeWidth =
    distance(at(MESH.eyeRight.outer), at(MESH.eyeRight.inner)) +
    distance(at(MESH.eyeLeft.outer), at(MESH.eyeLeft.inner));
  if (faceHeight <= 0 || faceWidth <= 0 || eyeWidth <= 0) return none;
  return {
    yawDeg: face.yawDeg,
    pitchDeg: face.pitchDeg,
    mouthOpen: distance(at(MESH.innerLipUpper), at(MESH.innerLipLower)) / faceHeight,
    mouthWidth: distance(at(MESH.mouthRight), at(MESH.mouthLeft)) / faceWidth,
    eyeOpen:
      (distance(at(MESH.eyeRight.upper), at(MESH.eyeRight.lower)) +
        distance(at(MESH.eyeLeft.upper), at(MESH.eyeLeft.lower))) /
      eyeWidth,
  };
}

/** Each measure's median over the frames that have it: a baseline one odd frame cannot move. */
export function medianMeasures(all: readonly FaceMeasures[]): FaceMeasures {
  const of = (key: Exclude<keyof FaceMeasures, 'yawDeg'>) => {
    const values = all.map((m) => m[key]).filter((v): v is number => v !== null);
    return values.length > 0 ? median(values) : null;
  };
  return {
    yawDeg: median(all.map((m) => m.yawDeg)),
    pitchDeg: of('pitchDeg'),
    mouthOpen: of('mouthOpen'),
    mouthWidth: of('mouthWidth'),
    eyeOpen: of('eyeOpen'),
  };
}

type ActionRule = {
  /** The movement from the neutral baseline towards the action: positive when performing it; null when unmeasured. */
  read(baseline: FaceMeasures, frame: FaceMeasures): number | null;
  needed: number;
  /** Face movements are read only with the head still (HEAD_STILL_DEG). */
  headStill?: true;
};

const T = ACTION_THRESHOLDS;
/** `after − before` when both were measured. */
const change = (before: number | null, after: number | null) =>
  before === null || after === null ? null : after - before;
const negated = (value: number | null) => (value === null ? null : -value);
const yawLeft = (b: FaceMeasures, f: FaceMeasures) => (f.yawDeg - b.yawDeg) * POSE_SIGNS.yawLeft;
const pitchUp = (b: FaceMeasures, f: FaceMeasures) => {
  const moved = change(b.pitchDeg, f.pitchDeg);
  return moved === null ? null : moved * POSE_SIGNS.pitchUp;
};

const ACTION_RULES: Record<ChallengeAction, ActionRule> = {
  turn_left: { read: yawLeft, needed: T.turnDeg },
  turn_right: { read: (b, f) => -yawLeft(b, f), needed: T.turnDeg },
  look_up: { read: pitchUp, needed: T.lookDeg },
  look_down: { read: (b, f) => negated(pitchUp(b, f)), needed: T.lookDeg },
  smile: { read: (b, f) => change(b.mouthWidth, f.mouthWidth), needed: T.smileWidening, headStill: true },
  open_mouth: { read: (b, f) => change(b.mouthOpen, f.mouthOpen), needed: T.mouthOpening, headStill: true },
  blink: { read: (b, f) => negated(change(b.eyeOpen, f.eyeOpen)), needed: T.eyeClosing, headStill: true },
};

/**
 * How far a frame moved towards `action` from the neutral baseline, and whether that counts as seen.
 * `readable` is false when the frame or the baseline lacks the measure, and for a face movement read
 * on a frame whose head moved (it cannot count).
 */
export function actionMovement(
  action: ChallengeAction,
  baseline: FaceMeasures,
  frame: FaceMeasures,
): { value: number | null; needed: number; readable: boolean; seen: boolean } {
  const rule = ACTION_RULES[action];
  const value = rule.read(baseline, frame);
  const pitchMoved = change(baseline.pitchDeg, frame.pitchDeg);
  const readable =
    value !== null &&
    (!rule.headStill ||
      (Math.abs(frame.yawDeg - baseline.yawDeg) < HEAD_STILL_DEG &&
        pitchMoved !== null &&
        Math.abs(pitchMoved) < HEAD_STILL_DEG));
  return {
    value: value === null ? null : round(value),
    needed: rule.needed,
    readable,
    seen: readable && value >= rule.needed,
  };
}

function round(value: number, digits = 4): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** The part of a challenge that failed, for the check detail. */
export type ChallengeFailure =
  | AnswerProblem
  | 'frames_seen_before'
  | 'labels_do_not_match_frames'
  | 'wrong_order'
  | 'no_neutral_frame'
  | 'action_not_seen'
  | 'too_slow'
  | 'timestamps_not_plausible';

export type ChallengeStep = {
  action: ChallengeAction;
  frames: number[];
  seen: boolean;
  /** The frame's movement that came closest to the action, and what was needed. */
  best: number | null;
  needed: number;
};

export type ChallengeVerdict = {
  passed: boolean;
  failure: ChallengeFailure | null;
  /** One sentence a reviewer can read: which part failed. */
  explanation: string | null;
  steps: ChallengeStep[];
};

/**
 * Verifies an answer frame by frame. `faces[i]` is frame i's face when it had exactly one that
 * agrees with the sequence's identity (assessLiveness), null otherwise; `replayedFrames` are the
 * indices of frames already seen in an earlier verification of the same key.
 */
export function verifyChallenge(
  answer: ChallengeAnswer,
  faces: readonly (DetectedFace | null)[],
  replayedFrames: readonly number[],
): ChallengeVerdict {
  const fail = (failure: ChallengeFailure, explanation: string, steps: ChallengeStep[] = []) => ({
    passed: false,
    failure,
    explanation,
    steps,
  });
  if (answer.problem) return fail(answer.problem, problemText[answer.problem]);
  if (replayedFrames.length > 0)
    return fail(
      'frames_seen_before',
      `frame(s) ${replayedFrames.join(', ')} were already sent in an earlier verification`,
    );
  const frames = answer.frames.slice(0, faces.length);
  if (answer.frames.length < faces.length)
    return fail('labels_do_not_match_frames', `${faces.length} frames but ${answer.frames.length} labels`);

  const order: ChallengeAction[] = [];
  frames.forEach((frame) => {
    if (frame.action !== 'neutral' && order[order.length - 1] !== frame.action) order.push(frame.action);
  });
  if (order.join() !== answer.actions.join())
    return fail(
      'wrong_order',
      `the frames answer ${order.join(', ') || 'no action'} but the challenge was ${answer.actions.join(', ')}`,
    );

  const measures = faces.map((face) => (face ? measureFace(face) : null));
  const neutral = frames
    .map((frame, i) => (frame.action === 'neutral' ? measures[i] : null))
    .filter((m): m is FaceMeasures => m !== null && m !== undefined);
  if (neutral.length === 0) return fail('no_neutral_frame', 'no neutral frame with one measurable face');
  const baseline = medianMeasures(neutral);

  const steps: ChallengeStep[] = answer.actions.map((action) => {
    const indices = frames.flatMap((frame, i) => (frame.action === action ? [i] : []));
    const movements = indices
      .map((i) => measures[i])
      .filter((m): m is FaceMeasures => m !== null && m !== undefined)
      .map((m) => actionMovement(action, baseline, m));
    const values = movements.map((m) => m.value).filter((v): v is number => v !== null);
    const best = values.length === 0 ? null : Math.max(...values);
    return {
      action,
      frames: indices,
      seen: movements.some((m) => m.seen),
      best,
      needed: ACTION_RULES[action].needed,
    };
  });
  const missed = steps.findIndex((step) => !step.seen);
  if (missed >= 0)
    return fail(
      'action_not_seen',
      `action ${missed + 1} of ${steps.length} (${steps[missed]!.action}) was not seen in its frames`,
      steps,
    );

  const times = frames.map((frame) => frame.capturedAtMs);
  if (times.some((t, i) => t < 0 || (i > 0 && t < times[i - 1]!)))
    return fail('timestamps_not_plausible', 'frame times go backwards', steps);
  const windowMs = allowedActionWindowMs(answer.actionWindowMs);
  let previous = 0;
  for (const step of steps) {
    const first = times[step.frames[0]!]!;
    if (first - previous > windowMs)
      return fail(
        'too_slow',
        `${step.action} came ${Math.round(first - previous)} ms after the previous step (at most ${windowMs})`,
        steps,
      );
    previous = times[step.frames[step.frames.length - 1]!]!;
  }
  if (answer.issuedAt) {
    const elapsed = answer.receivedAt.getTime() - answer.issuedAt.getTime();
    const span = Math.max(...times);
    if (span > elapsed + CLOCK_SLACK_MS)
      return fail(
        'timestamps_not_plausible',
        `the frames claim ${span} ms but only ${elapsed} ms passed between the challenge and the upload`,
        steps,
      );
  }
  return { passed: true, failure: null, explanation: null, steps };
}

const problemText: Record<AnswerProblem, string> = {
  unknown_challenge: 'the challenge is not one issued for this verification',
  challenge_reused: 'the challenge was already answered by an earlier selfie',
  challenge_expired: 'the challenge had expired when the selfie arrived',
  challenge_superseded: 'a newer challenge had been issued; only the newest can be answered',
};
