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
 * How a cooperative user answers the hosted flow's live check (flow/src/challenge-run.ts): the flow
 * keeps an action's frame only once its in-browser landmarks see the action, and until then keeps
 * asking ("Turn further", "Open wider"). Each time it asks again, the user adds this share of the
 * nominal movement; an assumption about people, not a measurement.
 */
export const PROMPT_STEP = 0.2;
/** How often the flow asks again before this model's user gives up on the action (frames sent anyway). */
export const MAX_PROMPTS = 2;

/** Says whether the flow's live check sees `action` on `frame` against the capture's first frame. */
export type LiveCheck = (firstFrame: Buffer, frame: Buffer, action: Action) => Promise<boolean>;

/**
 * `challengeSequence` as the hosted flow sends it: the same plan, cameras and seeds, but an action's
 * first frame is taken only once `liveCheck` sees the action, the user moving further by
 * PROMPT_STEP each time it does not (at most MAX_PROMPTS times, each costing 1.2–2.5 s, which
 * moves every later frame), and the action's second frame is at least as strong as the first.
 */
export async function guidedChallengeSequence(
  photo: Buffer,
  actions: readonly Action[],
  seed: number,
  liveCheck: LiveCheck,
): Promise<ChallengeCapture & { prompts: number }> {
  const plan = challengeTimeline(actions, seed);
  const camera = seededRandom(seedOf(`sequence-camera:${seed}`));
  const widthPx = intBetween(camera, 480, 1280);
  const orientation: Orientation = camera() < 0.5 ? 'portrait' : 'landscape';
  const patience = seededRandom(seedOf(`sequence-prompts:${seed}`));
  const render = (index: number, pose: Pose, strength: number) =>
    renderActionFrame(photo, pose, {
      seed: seedOf(`sequence:${seed}:${index}`),
      strength,
      widthPx,
      orientation,
    });
  const frames: Buffer[] = [];
  const meta: FrameMeta[] = [];
  let delayMs = 0;
  let prompts = 0;
  let accepted = 0;
  for (const [index, planned] of plan.entries()) {
    const first = planned.action !== 'neutral' && plan[index - 1]?.action !== planned.action;
    let strength =
      first || planned.action === 'neutral' ? planned.strength : Math.max(planned.strength, accepted);
    let frame = await render(index, planned.action, strength);
    if (first) {
      for (let prompt = 0; prompt < MAX_PROMPTS; prompt++) {
        if (await liveCheck(frames[0]!, frame, planned.action as Action)) break;
        prompts++;
        strength += PROMPT_STEP;
        delayMs += intBetween(patience, 1_200, 2_500);
        frame = await render(index, planned.action, strength);
      }
      accepted = strength;
    }
    frames.push(frame);
    meta.push({ action: planned.action, offset_ms: planned.offset_ms + delayMs });
  }
  return { frames, meta, prompts };
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
