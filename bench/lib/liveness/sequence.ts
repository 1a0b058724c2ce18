import { seededRandom } from '../../../test/helpers/seeded-random.js';
import { seedOf } from '../face-eval/render.js';
import type { Action, Pose } from './actions.js';
import { type Orientation, between, intBetween, renderActionFrame } from './frames.js';

/** The server keeps the first 8 frames of a capture. */
export const SEQUENCE_FRAMES = 8;

/** How the browser labels a frame: the action it answers ('neutral' for the others) and when it was taken. */
export type FrameMeta = { action: Pose; offset_ms: number };

/** One planned frame: its label and time, and how far into the action the face is. */
export type PlannedFrame = FrameMeta & { strength: number };

/**
 * The frames of a challenge answered by a cooperative user: a neutral frame at 0 ms, then for each
 * action two frames near its peak (80–100 % then 90–105 % of the nominal movement, 120–350 ms
 * apart) and, where the 8 frames leave room, a frame back at neutral 250–500 ms later. Each action
 * starts 0.6–3 s after the previous one (never before the previous frame). Spare frames at the end
 * are neutral.
 */
export function challengeTimeline(actions: readonly Action[], seed: number): PlannedFrame[] {
  if (actions.length < 1 || 2 * actions.length + 1 > SEQUENCE_FRAMES)
    throw new Error(`a challenge has 1–3 actions, not ${actions.length}`);
  const random = seededRandom(seed);
  const frames: PlannedFrame[] = [{ action: 'neutral', offset_ms: 0, strength: 0 }];
  let spare = SEQUENCE_FRAMES - 1 - 2 * actions.length;
  let actionStart = 0;
  for (const action of actions) {
    const last = frames[frames.length - 1]!.offset_ms;
    actionStart = Math.max(last + intBetween(random, 150, 400), actionStart + intBetween(random, 600, 3000));
    const second = actionStart + intBetween(random, 120, 350);
    frames.push(
      { action, offset_ms: actionStart, strength: between(random, 0.8, 1) },
      { action, offset_ms: second, strength: between(random, 0.9, 1.05) },
    );
    if (spare > 0) {
      spare--;
      frames.push({ action: 'neutral', offset_ms: second + intBetween(random, 250, 500), strength: 0 });
    }
  }
  while (frames.length < SEQUENCE_FRAMES)
    frames.push({
      action: 'neutral',
      offset_ms: frames[frames.length - 1]!.offset_ms + intBetween(random, 200, 600),
      strength: 0,
    });
  return frames;
}

export type ChallengeCapture = { frames: Buffer[]; meta: FrameMeta[] };

/**
 * The 8 JPEG frames and their labels of the photo's person answering `actions` in order, all from
 * one camera (one frame size and shape for the sequence, 480–1280 px wide by seed).
 */
export async function challengeSequence(
  photo: Buffer,
  actions: readonly Action[],
  seed: number,
): Promise<ChallengeCapture> {
  const plan = challengeTimeline(actions, seed);
  const camera = seededRandom(seedOf(`sequence-camera:${seed}`));
  const widthPx = intBetween(camera, 480, 1280);
  const orientation: Orientation = camera() < 0.5 ? 'portrait' : 'landscape';
  const frames: Buffer[] = [];
  for (const [index, frame] of plan.entries())
    frames.push(
      await renderActionFrame(photo, frame.action, {
        seed: seedOf(`sequence:${seed}:${index}`),
        strength: frame.action === 'neutral' ? 1 : frame.strength,
        widthPx,
        orientation,
      }),
    );
  return { frames, meta: plan.map(({ action, offset_ms }) => ({ action, offset_ms })) };
}

/**
 * The fake camera's loop for the browser test: every issued action once, with the head back at
 * neutral between them, so any drawn order is met within one loop. `hold` marks the neutral
 * stretches long enough for the hosted flow's baseline (a face held still for a second).
 */
export const POSE_LOOP: readonly { pose: Pose; hold: boolean }[] = [
  { pose: 'neutral', hold: true },
  { pose: 'turn_left', hold: false },
  { pose: 'neutral', hold: true },
  { pose: 'turn_right', hold: false },
  { pose: 'neutral', hold: true },
  { pose: 'look_up', hold: false },
  { pose: 'look_down', hold: false },
  { pose: 'neutral', hold: true },
  { pose: 'smile', hold: false },
  { pose: 'open_mouth', hold: false },
];
