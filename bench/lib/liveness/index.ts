/**
 * Synthetic active-liveness captures: a frontal photo's face warped along its own 3-D
 * mesh into head turns and expressions, framed as phone-camera frames, plus presentation attacks
 * and a fake-camera video for the browser test. Deterministic: a seed gives the same bytes.
 */
export { ACTIONS, type Action, type Pose } from './actions.js';
export { renderActionFrame, type FrameOptions } from './frames.js';
export {
  POSE_LOOP,
  SEQUENCE_FRAMES,
  challengeSequence,
  challengeTimeline,
  guidedChallengeSequence,
  MAX_PROMPTS,
  PROMPT_STEP,
  type ChallengeCapture,
  type LiveCheck,
  type FrameMeta,
} from './sequence.js';
export { printedPhotoMoved, screenReplay, stillRepeated } from './attacks.js';
export { faceMetrics, metricDelta, type FaceMetrics } from './metrics.js';
