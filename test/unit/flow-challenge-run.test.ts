import { describe, expect, it } from 'vitest';
import {
  ChallengeRun,
  MIN_FRAME_RATE,
  REFERENCE_FRAME_RATE,
  type Decision,
  type Observation,
} from '../../flow/src/challenge-run.js';
import {
  ACTION_THRESHOLDS as T,
  ACTION_WINDOW_MS,
  ANSWER_WINDOW_MS,
  MAX_ACTION_WINDOW_MS,
  actionMovement,
  POSE_SIGNS,
  type ChallengeAction,
  type FaceMeasures,
  type FrameLabel,
} from '../../src/core/faces/challenge.js';
import { MAX_SELFIE_FRAMES } from '../../src/core/verifications/status.js';

/** A frontal face at rest, in the units of FaceMeasures (the browser's mesh gives every measure). */
type Measured = { [K in keyof FaceMeasures]: number };
const REST: Measured = { yawDeg: 1, pitchDeg: 3, mouthOpen: 0.005, mouthWidth: 0.37, eyeOpen: 0.36 };

/** `action` made to `share` of the server's threshold (2 = twice as far as needed). */
function posed(action: ChallengeAction | 'neutral', share = 2): Measured {
  const m = { ...REST };
  if (action === 'turn_left') m.yawDeg += share * T.turnDeg * POSE_SIGNS.yawLeft;
  if (action === 'turn_right') m.yawDeg -= share * T.turnDeg * POSE_SIGNS.yawLeft;
  if (action === 'look_up') m.pitchDeg += share * T.lookDeg * POSE_SIGNS.pitchUp;
  if (action === 'look_down') m.pitchDeg -= share * T.lookDeg * POSE_SIGNS.pitchUp;
  if (action === 'smile') m.mouthWidth += share * T.smileWidening;
  if (action === 'open_mouth') m.mouthOpen += share * T.mouthOpening;
  if (action === 'blink') m.eyeOpen -= share * T.eyeClosing;
  return m;
}

/** The challenge's windows as the server issues them, the answer due 10 s before the challenge expires. */
const WINDOWS = {
  actionWindowMs: ACTION_WINDOW_MS,
  maxActionWindowMs: MAX_ACTION_WINDOW_MS,
  answerWithinMs: ANSWER_WINDOW_MS - 10_000,
};

const face = (measures: FaceMeasures) => ({ measures, centreX: 0.5, centreY: 0.5, height: 0.6 });

type Taken = { label: FrameLabel; atMs: number; measures: Measured };

/**
 * Feeds the run one observation every `stepMs` from `script(atMs)` until it finishes, keeping the
 * frames it takes as the selfie step does (the kept peak candidate included).
 */
function play(
  run: ChallengeRun,
  script: (atMs: number) => Omit<Observation, 'atMs'>,
  stepMs = 100,
): { frames: Taken[]; last: Decision; decisions: Decision[] } {
  const frames: Taken[] = [];
  const decisions: Decision[] = [];
  let kept: Taken | null = null;
  for (let atMs = 0; atMs < 300_000; atMs += stepMs) {
    const observation = { atMs, ...script(atMs) };
    const decision = run.observe(observation);
    decisions.push(decision);
    const current = observation.face
      ? { label: 'neutral' as FrameLabel, atMs, measures: observation.face.measures as Measured }
      : null;
    if (decision.discardFrames) frames.length = 0;
    if (decision.keep) kept = current;
    if (decision.take) {
      const source = decision.take.frame === 'kept' ? kept : current;
      frames.push({ ...source!, label: decision.take.label });
    }
    if (decision.outcome) return { frames, last: decision, decisions };
  }
  throw new Error('the run never ended');
}

/**
 * A user who follows instructions: still for two slots, then each action for a slot, back at rest a
 * slot; a slot is a second unless `slotMs` says otherwise.
 */
function cooperative(actions: readonly ChallengeAction[], slotMs = 1000) {
  return (atMs: number) => {
    const slot = Math.floor(atMs / slotMs);
    if (slot < 2) return { faces: 1, face: face(REST) };
    const i = Math.floor((slot - 2) / 2);
    const pose = i < actions.length && (slot - 2) % 2 === 0 ? actions[i]! : 'neutral';
    return { faces: 1, face: face(posed(pose)) };
  };
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** What the server would make of the frames' labels and measures (verifyChallenge's rules). */
function serverView(frames: Taken[]) {
  const neutral = frames.filter((f) => f.label === 'neutral').map((f) => f.measures);
  const baseline = Object.fromEntries(
    (Object.keys(REST) as (keyof Measured)[]).map((k) => [k, median(neutral.map((m) => m[k]))]),
  ) as Measured;
  const order: string[] = [];
  for (const f of frames) if (f.label !== 'neutral' && order.at(-1) !== f.label) order.push(f.label);
  const seen = order.map((action) =>
    frames
      .filter((f) => f.label === action)
      .some((f) => actionMovement(action as ChallengeAction, baseline, f.measures).seen),
  );
  return { order, seen };
}

describe('the guided challenge run', () => {
  it('with 3 actions: 2 neutral frames, then 2 per action at the peak, 8 in all, in time order', () => {
    const actions: ChallengeAction[] = ['turn_left', 'smile', 'look_down'];
    const { frames, last } = play(new ChallengeRun(actions, WINDOWS), cooperative(actions));
    expect(last.outcome).toBe('finished');
    expect(frames.map((f) => f.label)).toEqual([
      'neutral',
      'neutral',
      'turn_left',
      'turn_left',
      'smile',
      'smile',
      'look_down',
      'look_down',
    ]);
    expect(frames).toHaveLength(MAX_SELFIE_FRAMES);
    const times = frames.map((f) => f.atMs);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(serverView(frames)).toEqual({ order: actions, seen: [true, true, true] });
  });

  it('with 2 actions: a neutral frame after each once the face is back at rest', () => {
    const actions: ChallengeAction[] = ['open_mouth', 'turn_right'];
    const { frames } = play(new ChallengeRun(actions, WINDOWS), cooperative(actions));
    expect(frames.map((f) => f.label)).toEqual([
      'neutral',
      'neutral',
      'open_mouth',
      'open_mouth',
      'neutral',
      'turn_right',
      'turn_right',
      'neutral',
    ]);
    expect(serverView(frames)).toEqual({ order: actions, seen: [true, true] });
  });

  it('takes the baseline only from a face held still for a second', () => {
    const actions: ChallengeAction[] = ['turn_left', 'smile'];
    // A head moving through a turn, 0.8 s per position, never held a second: no baseline.
    const { frames, last } = play(new ChallengeRun(actions, WINDOWS), (atMs) => ({
      faces: 1,
      face: face(Math.floor(atMs / 800) % 2 === 0 ? REST : posed('turn_left')),
    }));
    expect(frames.filter((f) => f.label === 'neutral').length).toBeLessThan(2);
    expect(last.outcome).toHaveProperty('timedOut');
  });

  it('takes no frame for a movement short of the threshold, and times out within the window', () => {
    const actions: ChallengeAction[] = ['look_up', 'smile'];
    const { frames, last } = play(new ChallengeRun(actions, WINDOWS), (atMs) => ({
      faces: 1,
      face: face(atMs < 2000 ? REST : posed('look_up', 0.8)),
    }));
    expect(last.outcome).toEqual({ timedOut: 'look_up' });
    expect(frames.map((f) => f.label)).toEqual(['neutral', 'neutral']);
    expect(frames.every((f) => f.atMs < ACTION_WINDOW_MS)).toBe(true);
  });

  it('reports a missing face as such, and asks for one face only', () => {
    const run = new ChallengeRun(['smile', 'turn_left'], WINDOWS);
    const crowded = play(new ChallengeRun(['smile', 'turn_left'], WINDOWS), () => ({
      faces: 2,
      face: null,
    }));
    expect(crowded.decisions[0]!.prompt).toEqual({ kind: 'baseline', guidance: 'one_face' });
    const { last } = play(run, () => ({ faces: 0, face: null }));
    expect(last.outcome).toEqual({ timedOut: 'no_face' });
  });

  it('takes the baseline again when it caught a head tilted the way the challenge asks', () => {
    const actions: ChallengeAction[] = ['look_up', 'open_mouth'];
    const { frames, last, decisions } = play(new ChallengeRun(actions, WINDOWS), (atMs) =>
      atMs < 2000 ? { faces: 1, face: face(posed('look_up')) } : cooperative(actions)(atMs - 2000),
    );
    expect(decisions.some((d) => d.discardFrames)).toBe(true);
    expect(last.outcome).toBe('finished');
    expect(
      frames.filter((f) => f.label === 'neutral').every((f) => f.measures.pitchDeg === REST.pitchDeg),
    ).toBe(true);
    expect(serverView(frames)).toEqual({ order: actions, seen: [true, true] });
  });

  it('keeps the baseline when a held turn answers a challenge that asks for both directions', () => {
    const actions: ChallengeAction[] = ['turn_right', 'smile', 'turn_left'];
    const { frames, decisions } = play(new ChallengeRun(actions, WINDOWS), cooperative(actions));
    expect(decisions.some((d) => d.discardFrames)).toBe(false);
    expect(serverView(frames)).toEqual({ order: actions, seen: [true, true, true] });
  });

  it('takes the baseline again when it caught the smile the challenge asks for', () => {
    const actions: ChallengeAction[] = ['smile', 'look_up'];
    // Smiling, held for the first two seconds, then as cooperative() from then on.
    const { frames, last, decisions } = play(new ChallengeRun(actions, WINDOWS), (atMs) =>
      atMs < 2000 ? { faces: 1, face: face(posed('smile')) } : cooperative(actions)(atMs - 2000),
    );
    expect(decisions.some((d) => d.discardFrames)).toBe(true);
    expect(last.outcome).toBe('finished');
    expect(
      frames.filter((f) => f.label === 'neutral').every((f) => f.measures.mouthWidth === REST.mouthWidth),
    ).toBe(true);
    expect(serverView(frames)).toEqual({ order: actions, seen: [true, true] });
  });
});

describe('the guided challenge run on a slow device', () => {
  /** Frames analysed `rate` times a second (whole milliseconds apart, a hair faster). */
  const every = (rate: number) => Math.floor(1000 / rate);
  const about = (ms: number) => expect.closeTo(ms, -3);
  /** A user who holds still and never makes the movement: the run times out on the first action. */
  const never = () => ({ faces: 1, face: face(REST) });
  const watching = (decisions: Decision[]) => decisions.filter((d) => d.prompt.kind === 'action').length;

  it('widens the window by how much fewer frames it analyses, so it looks at a movement as often', () => {
    const actions: ChallengeAction[] = ['turn_left', 'open_mouth'];
    const reference = new ChallengeRun(actions, WINDOWS);
    const atReference = play(reference, never, every(REFERENCE_FRAME_RATE));
    const third = new ChallengeRun(actions, WINDOWS);
    const atThird = play(third, never, every(REFERENCE_FRAME_RATE / 3));
    expect(reference.actionWindowMs).toBe(ACTION_WINDOW_MS);
    expect(third.actionWindowMs).toEqual(about(3 * ACTION_WINDOW_MS));
    expect(atThird.last.outcome).toEqual({ timedOut: 'turn_left' });
    expect(watching(atThird.decisions)).toBeGreaterThanOrEqual(watching(atReference.decisions));

    const half = new ChallengeRun(actions, WINDOWS);
    play(half, never, every(REFERENCE_FRAME_RATE / 2));
    expect(half.actionWindowMs).toEqual(about(2 * ACTION_WINDOW_MS));
    // Slower still, down to MIN_FRAME_RATE, the window stays at the widest the server takes.
    expect(MIN_FRAME_RATE).toBeLessThan(REFERENCE_FRAME_RATE / 3);
    const slowest = new ChallengeRun(actions, WINDOWS);
    const atSlowest = play(slowest, never, every(MIN_FRAME_RATE));
    expect(slowest.actionWindowMs).toBe(MAX_ACTION_WINDOW_MS);
    expect(atSlowest.last.outcome).toEqual({ timedOut: 'turn_left' });
  });

  it('sees a movement made late in the widened window, within the window it states for the server', () => {
    const actions: ChallengeAction[] = ['look_down', 'open_mouth'];
    const run = new ChallengeRun(actions, WINDOWS);
    const late = 2 * ACTION_WINDOW_MS;
    // At rest for `late`, then the challenge's movements as cooperative() makes them, in 2-s slots:
    // a user following the prompts of a flow that updates them once a second.
    const { frames, last } = play(
      run,
      (atMs) => (atMs < late ? never() : cooperative(actions, 2000)(atMs - late + 4000)),
      every(MIN_FRAME_RATE),
    );
    expect(last.outcome).toBe('finished');
    expect(serverView(frames)).toEqual({ order: actions, seen: [true, true] });
    const firstAction = frames.find((f) => f.label === 'look_down')!;
    expect(firstAction.atMs).toBeGreaterThan(ACTION_WINDOW_MS);
    expect(firstAction.atMs).toBeLessThanOrEqual(run.actionWindowMs);
  });

  it('takes the baseline from a second-long hold at the lowest frame rate it works at', () => {
    const actions: ChallengeAction[] = ['turn_left', 'open_mouth'];
    // Still for 1.2 s at a time between turns: three frames of the hold at 2 frames a second.
    const { frames } = play(
      new ChallengeRun(actions, WINDOWS),
      (atMs) => ({ faces: 1, face: face(atMs % 2400 < 1200 ? REST : posed('turn_right')) }),
      every(MIN_FRAME_RATE),
    );
    expect(frames.slice(0, 2).map((f) => [f.label, f.measures])).toEqual([
      ['neutral', REST],
      ['neutral', REST],
    ]);
  });

  it('ends as too slow below the lowest frame rate, but not for one stall', () => {
    const slow = play(
      new ChallengeRun(['turn_left', 'open_mouth'], WINDOWS),
      never,
      1000 / (MIN_FRAME_RATE * 0.9),
    );
    expect(slow.last.outcome).toBe('too_slow');
    expect(slow.decisions.length).toBeLessThanOrEqual(8);
    // A frame every 6 s: judged on three, before the first window (17.5 s) ends.
    const crawling = play(new ChallengeRun(['turn_left', 'open_mouth'], WINDOWS), never, 6_000);
    expect(crawling.last.outcome).toBe('too_slow');
    expect(crawling.decisions).toHaveLength(4);

    // A first inference or a pause of 3 s among frames analysed ten times a second.
    const run = new ChallengeRun(['turn_left', 'open_mouth'], WINDOWS);
    const outcomes = [0, 3000, 3100, 3200, 3300, 3400, 3500, 6500, 6600, 6700].map(
      (atMs) => run.observe({ atMs, ...never() }).outcome,
    );
    expect(outcomes).toEqual(outcomes.map(() => null));
    expect(run.actionWindowMs).toBe(ACTION_WINDOW_MS);
  });

  it('stops waiting before the challenge expires, whatever the window', () => {
    const run = new ChallengeRun(['turn_left', 'open_mouth'], { ...WINDOWS, answerWithinMs: 30_000 });
    const { decisions, last } = play(run, never, every(MIN_FRAME_RATE));
    expect(run.actionWindowMs).toEqual(about(MAX_ACTION_WINDOW_MS));
    expect(last.outcome).toEqual({ timedOut: 'turn_left' });
    expect(decisions.length).toBeLessThanOrEqual(30_000 / every(MIN_FRAME_RATE) + 2);
  });
});
