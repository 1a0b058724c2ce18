/**
 * The guided liveness challenge as a sequence of decisions, one per analysed camera frame: which
 * frame to keep and under which label, what to ask the user next, and when the time is up. No DOM
 * here, so the plan is readable (and testable) apart from the camera. The server verifies the same
 * frames with the same measures (src/core/faces/challenge.ts, `verifyChallenge`):
 *
 * - two `neutral` frames first (face centred, frontal, held still for a second): the baseline;
 * - per action, the first frame where the action is clearly seen, then the strongest frame of the
 *   next half second (the peak), both labelled with the action;
 * - a `neutral` frame after the action once the face is back at rest, while the frame budget
 *   leaves room (with 3 actions it does not: 2 + 3 × 2 = 8);
 * - each action within the window the server allows after the previous one, minus a margin; the
 *   window widened by how much fewer frames a second the tracker analyses than REFERENCE_FRAME_RATE,
 *   up to the widest the server accepts, so a slow device looks at each movement as often; below
 *   MIN_FRAME_RATE even that is not enough, and the run ends as `too_slow`.
 */
import {
  actionMovement,
  medianMeasures,
  type ChallengeAction,
  type FaceMeasures,
  type FrameLabel,
} from '../../src/core/faces/challenge.js';
import { median } from '../../src/core/faces/face-similarity.js';
import { MAX_SELFIE_FRAMES } from '../../src/core/verifications/status.js';
import type { TrackedFace } from './face-tracker.js';

const BASELINE_FRAMES = 2;
/**
 * The baseline's frames are this far apart, the face still throughout: a head held somewhere on its
 * way (a turn, a look up) does not stay put for a second, a face asked to hold still does.
 */
const BASELINE_HOLD_MS = 1_000;
/**
 * The peak frame is the strongest of this long after the action was first seen (widened with the
 * action window on a slow device, as are the two below).
 */
const PEAK_MS = 500;
/** A return to rest after an action counts this long; later, the next action is watched anyway. */
const RETURN_MS = 2_000;
/** A challenge that ends with no face seen this long reports the face, not the movement, as missing. */
const NO_FACE_MS = 2_000;
/**
 * The browser asks for a clearer movement than the server needs: the server measures the JPEG of
 * the frame, not this canvas (on the e2e test's frames the two head poses agreed within 0.1°).
 */
export const SEEN_MARGIN = 1.1;
/** A face counts as back at rest when every action is less than half-way. */
const REST_SHARE = 0.5;
/** Stop waiting this long before the server's window closes: upload and clock grain. */
const WINDOW_MARGIN_MS = 2_500;

/**
 * The analysed frames a second the challenge's `action_window_ms` is meant for. A device analysing
 * fewer gets a window widened in proportion (a third as many frames, three times as long), up to the
 * challenge's `max_action_window_ms`, so down to REFERENCE_FRAME_RATE / 3 it looks at each movement
 * as often. The e2e test's Chromium analyses 9–12 frames a second on a shared 2-core machine,
 * 3.2–3.7 with its CPU slowed 4× through DevTools, and 1.3–2.5 slowed 6×, depending on what else
 * the machine runs; at 3.2 and 20 s, its looping camera's look down was once missed.
 */
export const REFERENCE_FRAME_RATE = 6;
/**
 * Below one analysed frame a second a movement held for a second can fall between two frames: the
 * flow offers the video or photos instead. From here to REFERENCE_FRAME_RATE / 3 the window stays at
 * its widest, and looks at a movement at least half as often as the reference device does.
 */
export const MIN_FRAME_RATE = 1;
/**
 * The frame rate is the median of the last RATE_INTERVALS intervals between analysed frames, so one
 * stall (a first inference, the page busy for a moment) does not move it. The windows follow it from
 * the third interval on; the device is judged too slow on all RATE_INTERVALS, or sooner once the
 * intervals span RATE_JUDGED_MS (a device analysing a frame every 6 s would otherwise see its first
 * window end before its seventh frame).
 */
const RATE_INTERVALS = 7;
const RATE_MIN_INTERVALS = 3;
const RATE_JUDGED_MS = 5_000;

/** Head movements whose baseline reads the same as the opposite movement's answer. */
const OPPOSITE: Partial<Record<ChallengeAction, ChallengeAction>> = {
  turn_left: 'turn_right',
  turn_right: 'turn_left',
  look_up: 'look_down',
  look_down: 'look_up',
};

/** Where the face must be for the baseline: shares of the frame, and head pose in degrees. */
const PLACEMENT = { maxCentreOffsetX: 0.15, maxCentreOffsetY: 0.2, minHeight: 0.2, maxYawDeg: 10 };
/** Two consecutive frames this close are a face held still. */
const STILL = { yawDeg: 3, pitchDeg: 3, mouthOpen: 0.02, mouthWidth: 0.03, eyeOpen: 0.08 };

export interface Observation {
  /** Milliseconds since the challenge was shown. */
  atMs: number;
  /** Faces the detector found; `face` is set only when there was exactly one with a full mesh. */
  faces: number;
  face: TrackedFace | null;
}

export type Guidance = 'no_face' | 'one_face' | 'closer' | 'centre' | 'straight' | 'still' | null;

export type Prompt =
  | { kind: 'baseline'; guidance: Guidance }
  | { kind: 'action'; index: number; action: ChallengeAction; guidance: Guidance }
  | { kind: 'back'; index: number };

/** What to do after an observation. `take` is which frame to keep: this one, or the one kept earlier. */
export interface Decision {
  take: { frame: 'current' | 'kept'; label: FrameLabel } | null;
  /** Keep this observation's frame as the peak candidate (replacing an earlier one). */
  keep: boolean;
  /** Frames taken so far are dropped (the baseline is being taken again). */
  discardFrames: boolean;
  /** The action at this index has its frames. */
  actionDone: number | null;
  prompt: Prompt;
  /** `too_slow`: the device analyses fewer than MIN_FRAME_RATE frames a second. */
  outcome: 'finished' | 'too_slow' | { timedOut: 'no_face' | ChallengeAction } | null;
}

/** The windows the server gave the challenge, in ms: `actionWindowMs` at the reference frame rate, widened up to `maxActionWindowMs`. */
export interface ChallengeWindows {
  actionWindowMs: number;
  maxActionWindowMs: number;
  /** How long after the first instruction the answer can still arrive before the challenge expires, less its upload. */
  answerWithinMs: number;
}

type Phase =
  | { kind: 'baseline' }
  | { kind: 'action'; index: number }
  | { kind: 'peak'; index: number; firstAtMs: number; best: { progress: number; atMs: number } | null }
  | { kind: 'back'; index: number; sinceMs: number }
  | { kind: 'finished' };

/**
 * How far `frame` has gone towards `action` from `baseline`: 0 at rest, 1 at the server's threshold.
 * Read off `actionMovement` itself, so a face movement with the head turned counts as none, as on the server.
 */
export function actionProgress(action: ChallengeAction, baseline: FaceMeasures, frame: FaceMeasures): number {
  const moved = actionMovement(action, baseline, frame);
  return moved.readable && moved.value !== null ? moved.value / moved.needed : 0;
}

/** |change| within `tolerance`; a measure missing on either side does not count against stillness. */
function within(a: number | null, b: number | null, tolerance: number, relative = false): boolean {
  if (a === null || b === null) return true;
  return Math.abs(relative ? a / b - 1 : a - b) <= tolerance;
}

function still(a: FaceMeasures, b: FaceMeasures): boolean {
  return (
    within(a.yawDeg, b.yawDeg, STILL.yawDeg) &&
    within(a.pitchDeg, b.pitchDeg, STILL.pitchDeg) &&
    within(a.mouthOpen, b.mouthOpen, STILL.mouthOpen) &&
    within(a.mouthWidth, b.mouthWidth, STILL.mouthWidth, true) &&
    within(a.eyeOpen, b.eyeOpen, STILL.eyeOpen, true)
  );
}

/** Why a face is not ready for the baseline, or null when it is. */
function placement(observation: Observation): Guidance {
  const face = observation.face;
  if (observation.faces > 1) return 'one_face';
  if (!face) return 'no_face';
  if (face.height < PLACEMENT.minHeight) return 'closer';
  if (
    Math.abs(face.centreX - 0.5) > PLACEMENT.maxCentreOffsetX ||
    Math.abs(face.centreY - 0.5) > PLACEMENT.maxCentreOffsetY
  )
    return 'centre';
  if (Math.abs(face.measures.yawDeg) > PLACEMENT.maxYawDeg) return 'straight';
  return null;
}

export class ChallengeRun {
  private phase: Phase = { kind: 'baseline' };
  private neutral: { atMs: number; measures: FaceMeasures }[] = [];
  private baseline: FaceMeasures | null = null;
  private previous: Observation | null = null;
  private lastFaceAtMs = 0;
  /** Time of the last frame of the previous action (0 before the first): the window starts there. */
  private stepStartMs = 0;
  private frames = 0;
  private observedAtMs: number[] = [];
  /** How much the windows are widened: never narrowed again once the device showed it is slow. */
  private factor = 1;
  private readonly maxFactor: number;

  constructor(
    readonly actions: readonly ChallengeAction[],
    private readonly windows: ChallengeWindows,
  ) {
    this.maxFactor = Math.max(1, windows.maxActionWindowMs / windows.actionWindowMs);
  }

  /** The window each action had, to state in the answer: the challenge's, widened on a slow device. */
  get actionWindowMs(): number {
    return Math.round(this.windows.actionWindowMs * this.factor);
  }

  /** Follows the frame rate with the windows; true when the device is too slow to go on. */
  private tooSlow(atMs: number): boolean {
    const times = this.observedAtMs;
    times.push(atMs);
    if (times.length > RATE_INTERVALS + 1) times.shift();
    if (times.length <= RATE_MIN_INTERVALS) return false;
    const interval = median(times.slice(1).map((t, i) => t - times[i]!));
    const rate = interval > 0 ? 1000 / interval : Infinity;
    this.factor = Math.min(this.maxFactor, Math.max(this.factor, REFERENCE_FRAME_RATE / rate));
    const judged = times.length > RATE_INTERVALS || atMs - times[0]! >= RATE_JUDGED_MS;
    return judged && rate < MIN_FRAME_RATE;
  }

  /** Frames still free after the ones the remaining actions need. */
  private spare(afterIndex: number): number {
    const needed = 2 * (this.actions.length - afterIndex - 1);
    return MAX_SELFIE_FRAMES - this.frames - needed;
  }

  observe(observation: Observation): Decision {
    const previous = this.previous;
    this.previous = observation;
    if (observation.face) this.lastFaceAtMs = observation.atMs;
    const decision: Decision = {
      take: null,
      keep: false,
      discardFrames: false,
      actionDone: null,
      prompt: { kind: 'baseline', guidance: null },
      outcome: null,
    };
    const take = (label: FrameLabel, frame: 'current' | 'kept' = 'current') => {
      decision.take = { frame, label };
      this.frames++;
    };
    const phase = this.phase;
    const index = phase.kind === 'baseline' || phase.kind === 'finished' ? 0 : phase.index;
    if (this.tooSlow(observation.atMs) && phase.kind !== 'finished') {
      this.phase = { kind: 'finished' };
      decision.outcome = 'too_slow';
      return decision;
    }
    // The action's window runs from the previous action's last frame; the challenge's own expiry
    // bounds every step, the return to rest included.
    const actionTimedOut =
      phase.kind !== 'back' && observation.atMs > this.stepStartMs + this.actionWindowMs - WINDOW_MARGIN_MS;
    if (phase.kind !== 'finished' && (actionTimedOut || observation.atMs > this.windows.answerWithinMs)) {
      this.phase = { kind: 'finished' };
      const noFace =
        observation.atMs - this.lastFaceAtMs > NO_FACE_MS * this.factor || this.baseline === null;
      const awaited = phase.kind === 'back' ? Math.min(index + 1, this.actions.length - 1) : index;
      decision.outcome = { timedOut: noFace ? 'no_face' : this.actions[awaited]! };
      return decision;
    }

    switch (phase.kind) {
      case 'finished':
        decision.outcome = 'finished';
        return decision;

      case 'baseline': {
        const guidance = placement(observation);
        const measures = observation.face?.measures;
        const held = measures && previous?.face && still(previous.face.measures, measures);
        const consistent = measures && this.neutral.every((frame) => still(frame.measures, measures));
        if (guidance || !measures) {
          decision.prompt = { kind: 'baseline', guidance };
          return decision;
        }
        if (!consistent) {
          // The face moved since the first baseline frame: this frame starts the hold again. Taking
          // it at once, rather than after a second still frame, lets a device that analyses two
          // frames a second find a second-long hold between two of them.
          this.neutral = [];
          this.frames = 0;
          decision.discardFrames = true;
        }
        if (
          this.neutral.length > 0 &&
          (!held || observation.atMs - this.neutral[0]!.atMs < BASELINE_HOLD_MS)
        ) {
          decision.prompt = { kind: 'baseline', guidance: held ? null : 'still' };
        } else {
          take('neutral');
          this.neutral.push({ atMs: observation.atMs, measures });
          if (this.neutral.length >= BASELINE_FRAMES) {
            this.baseline = medianMeasures(this.neutral.map((frame) => frame.measures));
            this.phase = { kind: 'action', index: 0 };
            decision.prompt = { kind: 'action', index: 0, action: this.actions[0]!, guidance: null };
          } else {
            decision.prompt = { kind: 'baseline', guidance: consistent ? null : 'still' };
          }
        }
        return decision;
      }

      case 'action': {
        const action = this.actions[phase.index]!;
        const measures = observation.face?.measures;
        decision.prompt = {
          kind: 'action',
          index: phase.index,
          action,
          guidance: observation.faces > 1 ? 'one_face' : measures ? null : 'no_face',
        };
        if (!measures || !this.baseline) return decision;
        // Before any action frame: when the baseline, seen from this held frame, shows one of the
        // challenge's actions (it caught a smile, or a head already tilted up), that action could
        // never be seen against it, so the baseline is taken again. Not when the challenge also
        // asks for the opposite movement: a held turn to the right shows a neutral baseline as
        // turned left, and is an answer, not a sign of a bad baseline.
        const caught = this.actions.some(
          (a) =>
            !(OPPOSITE[a] && this.actions.includes(OPPOSITE[a])) &&
            actionProgress(a, measures, this.baseline!) >= 1,
        );
        const held = previous?.face && still(previous.face.measures, measures);
        if (phase.index === 0 && caught && held && !placement(observation)) {
          this.phase = { kind: 'baseline' };
          this.neutral = [];
          this.baseline = null;
          this.frames = 0;
          decision.discardFrames = true;
          decision.prompt = { kind: 'baseline', guidance: null };
          return decision;
        }
        const progress = actionProgress(action, this.baseline, measures);
        if (progress >= SEEN_MARGIN) {
          take(action);
          this.phase = { kind: 'peak', index: phase.index, firstAtMs: observation.atMs, best: null };
        }
        return decision;
      }

      case 'peak': {
        const action = this.actions[phase.index]!;
        const measures = observation.face?.measures;
        const progress = measures && this.baseline ? actionProgress(action, this.baseline, measures) : 0;
        const inWindow = observation.atMs - phase.firstAtMs <= PEAK_MS * this.factor;
        decision.prompt = { kind: 'action', index: phase.index, action, guidance: null };
        if (inWindow && progress >= SEEN_MARGIN) {
          if (phase.best === null || progress > phase.best.progress) {
            decision.keep = true;
            this.phase = { ...phase, best: { progress, atMs: observation.atMs } };
          }
          return decision;
        }
        if (phase.best !== null) take(action, 'kept');
        decision.actionDone = phase.index;
        // The server times the next action from this action's last frame.
        this.stepStartMs = phase.best?.atMs ?? phase.firstAtMs;
        if (this.spare(phase.index) > 0) {
          this.phase = { kind: 'back', index: phase.index, sinceMs: observation.atMs };
          decision.prompt = { kind: 'back', index: phase.index };
        } else {
          this.advance(phase.index, decision);
        }
        return decision;
      }

      case 'back': {
        const measures = observation.face?.measures;
        const atRest =
          measures &&
          this.baseline &&
          !placement(observation) &&
          this.actions.every((a) => actionProgress(a, this.baseline!, measures) < REST_SHARE);
        if (atRest) {
          take('neutral');
          this.advance(phase.index, decision);
        } else if (observation.atMs - phase.sinceMs > RETURN_MS * this.factor) {
          this.advance(phase.index, decision);
        } else {
          decision.prompt = { kind: 'back', index: phase.index };
        }
        return decision;
      }
    }
  }

  private advance(index: number, decision: Decision): void {
    const next = index + 1;
    if (next >= this.actions.length) {
      this.phase = { kind: 'finished' };
      decision.outcome = 'finished';
      decision.prompt = { kind: 'back', index };
      return;
    }
    this.phase = { kind: 'action', index: next };
    decision.prompt = { kind: 'action', index: next, action: this.actions[next]!, guidance: null };
  }
}
