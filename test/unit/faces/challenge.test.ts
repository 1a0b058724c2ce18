import { describe, expect, it } from 'vitest';
import {
  ACTION_THRESHOLDS,
  ACTION_WINDOW_MS,
  CHALLENGE_ACTIONS,
  MAX_ACTION_WINDOW_MS,
  HEAD_STILL_DEG,
  ISSUED_ACTIONS,
  POSE_SIGNS,
  CHALLENGE_SEQUENCES,
  drawChallengeActions,
  measureFace,
  verifyChallenge,
  type ChallengeAction,
  type ChallengeAnswer,
  type FrameLabel,
} from '../../../src/core/faces/challenge.js';
import type { DetectedFace } from '../../../src/core/faces/face-engine.js';
import { fivePointsFromMesh } from '../../../src/core/faces/five-points.js';
import {
  IDENTITY_MAX_DISTANCE_POSED,
  LIVENESS_THRESHOLD,
  assessLiveness,
} from '../../../src/core/faces/liveness.js';
import { seededRandom } from '../../helpers/seeded-random.js';

type Pose = { yawDeg?: number; pitchDeg?: number; mouthWidth?: number; mouthGap?: number; eyeGap?: number };

/**
 * A face with the mesh points measureFace reads placed on a 200 px face (the other points sit at the
 * centre): forehead 10 and chin 152 160 px apart, cheeks 234/454 120 px apart, eyes 30 px wide.
 */
function meshFace(pose: Pose = {}): DetectedFace {
  const landmarks: Array<[number, number]> = Array.from({ length: 468 }, () => [100, 120]);
  const set = (index: number, x: number, y: number) => void (landmarks[index] = [x, y]);
  const mouthHalf = (pose.mouthWidth ?? 40) / 2;
  const mouthGap = pose.mouthGap ?? 2;
  const eyeGap = pose.eyeGap ?? 8;
  set(10, 100, 40);
  set(152, 100, 200);
  set(234, 40, 120);
  set(454, 160, 120);
  set(13, 100, 165);
  set(14, 100, 165 + mouthGap);
  set(61, 100 - mouthHalf, 166);
  set(291, 100 + mouthHalf, 166);
  for (const [upper, lower, outer, inner, x] of [
    [159, 145, 33, 133, 75],
    [386, 374, 263, 362, 125],
  ] as const) {
    set(upper, x, 100);
    set(lower, x, 100 + eyeGap);
    set(outer, x - 15, 104);
    set(inner, x + 15, 104);
  }
  return {
    box: { x: 40, y: 40, width: 120, height: 160 },
    score: 1,
    yawDeg: pose.yawDeg ?? 0,
    pitchDeg: pose.pitchDeg ?? 0,
    rollDeg: 0,
    landmarks: fivePointsFromMesh(landmarks)!,
    mesh: landmarks,
    sharpness: 100,
  };
}

/** The pose of a frame that clearly shows `action` (twice its threshold). */
function performing(action: FrameLabel): Pose {
  const t = ACTION_THRESHOLDS;
  switch (action) {
    case 'neutral':
      return {};
    case 'turn_left':
      return { yawDeg: 2 * t.turnDeg * POSE_SIGNS.yawLeft };
    case 'turn_right':
      return { yawDeg: -2 * t.turnDeg * POSE_SIGNS.yawLeft };
    case 'look_up':
      return { pitchDeg: 2 * t.lookDeg * POSE_SIGNS.pitchUp };
    case 'look_down':
      return { pitchDeg: -2 * t.lookDeg * POSE_SIGNS.pitchUp };
    case 'smile':
      return { mouthWidth: 40 + 2 * t.smileWidening * 120 };
    case 'open_mouth':
      return { mouthGap: 2 + 2 * t.mouthOpening * 160 };
    case 'blink':
      return { eyeGap: 8 - 2 * t.eyeClosing * 30 };
  }
}

const ISSUED_AT = new Date('2026-11-24T10:00:00Z');

/** Neutral, then each action twice with a neutral frame between: 8 frames for three actions. */
function labelsFor(actions: ChallengeAction[]): FrameLabel[] {
  const labels: FrameLabel[] = ['neutral'];
  actions.forEach((action, i) => {
    labels.push(action, action);
    if (i < actions.length - 1 || labels.length < 8) labels.push('neutral');
  });
  return labels.slice(0, 8);
}

function answerFor(
  actions: ChallengeAction[],
  labels: FrameLabel[],
  overrides: Partial<ChallengeAnswer> = {},
): ChallengeAnswer {
  return {
    challengeId: 'lch_test',
    actions,
    issuedAt: ISSUED_AT,
    receivedAt: new Date(ISSUED_AT.getTime() + 10_000),
    frames: labels.map((action, i) => ({ action, capturedAtMs: 400 + i * 600 })),
    actionWindowMs: ACTION_WINDOW_MS,
    problem: null,
    ...overrides,
  };
}

const facesShowing = (labels: FrameLabel[]) => labels.map((label) => meshFace(performing(label)));

describe('drawChallengeActions', () => {
  it('draws 2–3 different issued actions, always one head and one face movement, in every order', () => {
    const random = seededRandom(7);
    const randomInt = (bound: number) => Math.floor(random() * bound);
    const orders = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const actions = drawChallengeActions(randomInt);
      expect(actions.length).toBeGreaterThanOrEqual(2);
      expect(actions.length).toBeLessThanOrEqual(3);
      expect(new Set(actions).size).toBe(actions.length);
      for (const action of actions) expect(ISSUED_ACTIONS).toContain(action);
      expect(actions.some((a) => a.startsWith('turn') || a.startsWith('look'))).toBe(true);
      expect(actions.some((a) => !a.startsWith('turn') && !a.startsWith('look'))).toBe(true);
      orders.add(actions.join());
    }
    // Four head movements and one face movement: 4 pairings in 2 orders each, and the 6 sets of
    // three (two head movements and the face movement) in 6 orders each, every one of them drawn.
    expect(orders.size).toBe(8 + 36);
    expect(CHALLENGE_SEQUENCES).toHaveLength(44);
  });

  it('draws every sequence as often as any other: the short ones are 8 of 44 draws, not half', () => {
    const counts = new Map<string, number>();
    CHALLENGE_SEQUENCES.forEach((sequence, index) => {
      const drawn = drawChallengeActions(() => index);
      expect(drawn).toEqual(sequence);
      counts.set(drawn.join(), (counts.get(drawn.join()) ?? 0) + 1);
    });
    expect(counts.size).toBe(44);
    const short = CHALLENGE_SEQUENCES.filter((sequence) => sequence.length === 2).length;
    expect(short).toBe(8);
  });
});

describe('verifyChallenge', () => {
  it('passes frames that show each issued action in order, and reports every step', () => {
    for (const actions of [
      ['turn_left', 'smile'],
      ['open_mouth', 'look_up', 'turn_right'],
      ['look_down', 'blink', 'turn_left'],
    ] as ChallengeAction[][]) {
      const labels = labelsFor(actions);
      const verdict = verifyChallenge(answerFor(actions, labels), facesShowing(labels), []);
      expect(verdict, actions.join()).toMatchObject({ passed: true, failure: null });
      expect(verdict.steps.map((s) => s.action)).toEqual(actions);
      expect(verdict.steps.every((s) => s.seen)).toBe(true);
    }
  });

  it('fails the same frames answered against another challenge: the order names what was asked', () => {
    const labels = labelsFor(['turn_left', 'smile']);
    const verdict = verifyChallenge(answerFor(['smile', 'turn_left'], labels), facesShowing(labels), []);
    expect(verdict).toMatchObject({ passed: false, failure: 'wrong_order' });
    expect(verdict.explanation).toBe(
      'the frames answer turn_left, smile but the challenge was smile, turn_left',
    );
  });

  it('fails frames labelled right but not showing the action, naming the step', () => {
    const labels = labelsFor(['turn_left', 'smile']);
    const faces = labels.map((label) => meshFace(performing(label === 'smile' ? 'neutral' : label)));
    const verdict = verifyChallenge(answerFor(['turn_left', 'smile'], labels), faces, []);
    expect(verdict).toMatchObject({ passed: false, failure: 'action_not_seen' });
    expect(verdict.explanation).toBe('action 2 of 2 (smile) was not seen in its frames');
    expect(verdict.steps[1]).toMatchObject({ action: 'smile', seen: false, best: 0 });
  });

  it('tells each action from the others: a frame shows only its own movement', () => {
    for (const shown of CHALLENGE_ACTIONS)
      for (const asked of CHALLENGE_ACTIONS) {
        const labels: FrameLabel[] = ['neutral', asked, asked, 'neutral'];
        const faces = ['neutral', shown, shown, 'neutral'].map((l) => meshFace(performing(l as FrameLabel)));
        const verdict = verifyChallenge(answerFor([asked], labels), faces, []);
        expect(verdict.passed, `${shown} answering ${asked}`).toBe(shown === asked);
      }
  });

  it('reads a face movement only with the head still: a smile seen on a turned head does not count', () => {
    const labels: FrameLabel[] = ['neutral', 'smile', 'smile', 'neutral'];
    const turnedSmile = meshFace({ ...performing('smile'), yawDeg: 2 * HEAD_STILL_DEG });
    const faces = [meshFace(), turnedSmile, turnedSmile, meshFace()];
    expect(verifyChallenge(answerFor(['smile'], labels), faces, [])).toMatchObject({
      passed: false,
      failure: 'action_not_seen',
    });
  });

  it('fails a still: the same face in every frame shows no action', () => {
    const labels = labelsFor(['look_up', 'open_mouth']);
    const still = labels.map(() => meshFace());
    expect(verifyChallenge(answerFor(['look_up', 'open_mouth'], labels), still, [])).toMatchObject({
      passed: false,
      failure: 'action_not_seen',
    });
  });

  it('needs a neutral frame with a face as the baseline', () => {
    const labels: FrameLabel[] = ['neutral', 'smile', 'turn_left'];
    const faces = [null, meshFace(performing('smile')), meshFace(performing('turn_left'))];
    expect(verifyChallenge(answerFor(['smile', 'turn_left'], labels), faces, []).failure).toBe(
      'no_neutral_frame',
    );
  });

  it('fails a reused, unknown, superseded or expired challenge, and replayed frames', () => {
    const labels = labelsFor(['turn_left', 'smile']);
    const faces = facesShowing(labels);
    for (const problem of [
      'challenge_reused',
      'unknown_challenge',
      'challenge_superseded',
      'challenge_expired',
    ] as const)
      expect(verifyChallenge(answerFor(['turn_left', 'smile'], labels, { problem }), faces, []).failure).toBe(
        problem,
      );
    const replayed = verifyChallenge(answerFor(['turn_left', 'smile'], labels), faces, [0, 3]);
    expect(replayed).toMatchObject({ passed: false, failure: 'frames_seen_before' });
    expect(replayed.explanation).toBe('frame(s) 0, 3 were already sent in an earlier verification');
  });

  it('holds each action to its time window and the frames to the time that really passed', () => {
    const actions: ChallengeAction[] = ['turn_left', 'smile'];
    const labels = labelsFor(actions);
    const faces = facesShowing(labels);
    const late = answerFor(actions, labels);
    late.frames = late.frames.map((f, i) => ({
      ...f,
      capturedAtMs: i < 3 ? f.capturedAtMs : f.capturedAtMs + ACTION_WINDOW_MS,
    }));
    late.receivedAt = new Date(ISSUED_AT.getTime() + 60_000);
    expect(verifyChallenge(late, faces, []).failure).toBe('too_slow');

    const backwards = answerFor(actions, labels);
    backwards.frames = backwards.frames.map((f, i) => ({ ...f, capturedAtMs: i === 4 ? 0 : f.capturedAtMs }));
    expect(verifyChallenge(backwards, faces, []).failure).toBe('timestamps_not_plausible');

    // Frames claiming 4.6 s of capture in an answer that arrived 1 s after the challenge was issued.
    const tooFast = answerFor(actions, labels, { receivedAt: new Date(ISSUED_AT.getTime() + 1_000) });
    expect(verifyChallenge(tooFast, faces, []).failure).toBe('timestamps_not_plausible');
  });

  it('holds each action to the window the answer states for a slow device, never past the widest', () => {
    const actions: ChallengeAction[] = ['turn_left', 'smile'];
    const labels = labelsFor(actions);
    const faces = facesShowing(labels);
    // The smile's first frame comes `gapMs` after the turn's last frame.
    const after = (gapMs: number, actionWindowMs: number) => {
      const answer = answerFor(actions, labels, { actionWindowMs });
      const smileAt = labels.indexOf('smile');
      answer.frames = answer.frames.map((f, i) => ({
        ...f,
        capturedAtMs: i < smileAt ? f.capturedAtMs : f.capturedAtMs + gapMs,
      }));
      answer.receivedAt = new Date(ISSUED_AT.getTime() + 110_000);
      return verifyChallenge(answer, faces, []);
    };
    const gapMs = 2 * ACTION_WINDOW_MS;
    expect(after(gapMs, ACTION_WINDOW_MS).failure).toBe('too_slow');
    expect(after(gapMs, MAX_ACTION_WINDOW_MS)).toMatchObject({ passed: true, failure: null });
    // A window stated past the widest is held to the widest, and one under the challenge's to the challenge's.
    expect(after(MAX_ACTION_WINDOW_MS, 10 * MAX_ACTION_WINDOW_MS)).toMatchObject({
      failure: 'too_slow',
      explanation: expect.stringContaining(`at most ${MAX_ACTION_WINDOW_MS})`),
    });
    expect(after(ACTION_WINDOW_MS / 2, 1).failure).toBeNull();
    // A widened window gives no more time overall: the frames still cannot claim more than passed.
    const answer = answerFor(actions, labels, { actionWindowMs: MAX_ACTION_WINDOW_MS });
    answer.frames = answer.frames.map((f) => ({ ...f, capturedAtMs: f.capturedAtMs + 30_000 }));
    expect(verifyChallenge(answer, faces, []).failure).toBe('timestamps_not_plausible');
  });

  it('needs one label per frame', () => {
    const labels = labelsFor(['turn_left', 'smile']);
    const verdict = verifyChallenge(
      answerFor(['turn_left', 'smile'], labels.slice(0, 5)),
      facesShowing(labels),
      [],
    );
    expect(verdict.failure).toBe('labels_do_not_match_frames');
  });
});

describe('measureFace', () => {
  it('needs a yaw; reads the mouth, eyes and pitch only from a full mesh', () => {
    expect(measureFace({ ...meshFace(), yawDeg: null })).toBeNull();
    expect(measureFace({ ...meshFace(), mesh: null })).toEqual({
      yawDeg: 0,
      pitchDeg: null,
      mouthOpen: null,
      mouthWidth: null,
      eyeOpen: null,
    });
    expect(measureFace(meshFace())).toMatchObject({
      mouthWidth: 40 / 120,
      mouthOpen: 2 / 160,
      eyeOpen: 16 / 60,
    });
  });
});

describe('assessLiveness with a challenge answer', () => {
  const actions: ChallengeAction[] = ['turn_left', 'smile'];
  const labels = labelsFor(actions);
  const person = new Array<number>(128).fill(0.05);
  /** Farther from the person than even a posed frame may be. */
  const stray = Math.round((IDENTITY_MAX_DISTANCE_POSED + 0.1) * 100) / 100;
  /** A descriptor `distance` away from the person's. */
  const away = (distance: number) => person.map((v, i) => (i === 0 ? v + distance : v));
  const analysed = (label: FrameLabel, descriptor: number[]) => ({
    ...meshFace(performing(label)),
    descriptor,
  });
  const assess = (descriptors: number[][]) =>
    assessLiveness(
      labels.map((label, i) => ({ faces: [analysed(label, descriptors[i]!)] })),
      { answer: answerFor(actions, labels), replayedFrames: [] },
    );

  it('passes one face performing the challenge, at 0.5 or more', () => {
    const result = assess(labels.map(() => person));
    expect(result.challenge).toMatchObject({ passed: true });
    expect(result.score).toBeGreaterThanOrEqual(LIVENESS_THRESHOLD);
  });

  it('leaves out an action frame that strays from the face, when another frame of that action agrees', () => {
    // Frame 2 is the second turn_left frame: a wide turn moves the descriptor beyond the band.
    const result = assess(labels.map((_, i) => (i === 2 ? away(stray) : person)));
    expect(result.challenge).toMatchObject({ passed: true });
    expect(result.detail.frameNotes).toEqual([
      `frame 2: left out, ${stray} from the sequence's face (at most ${IDENTITY_MAX_DISTANCE_POSED})`,
    ]);
  });

  it('fails when every frame of an action shows another face, or a neutral frame does', () => {
    const swappedTurn = assess(labels.map((_, i) => (i === 1 || i === 2 ? away(stray) : person)));
    expect(swappedTurn.challenge).toMatchObject({ passed: false, failure: 'action_not_seen' });
    expect(swappedTurn.score).toBe(0);
    const swappedNeutral = assess(labels.map((_, i) => (i === 3 ? away(stray) : person)));
    expect(swappedNeutral.components.identityConsistent).toBe(false);
    expect(swappedNeutral.score).toBe(0);
  });
});
