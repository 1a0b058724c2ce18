import {
  ACTION_THRESHOLDS,
  HEAD_STILL_DEG,
  ISSUED_ACTIONS,
  POSE_SIGNS,
} from '../../../src/core/faces/challenge.js';
import type { Action } from './actions.js';
import type { MetricName } from './metrics.js';

/**
 * The server's thresholds (src/core/faces/challenge.ts, chosen from bench/liveness-actions.bench.ts:
 * docs/research/liveness-actions.md) as the benchmark reads them, per action: the metric it moves,
 * which way (+1 when performing the action raises it), and the smallest change against the neutral
 * frame, `direction × (frame − neutral) ≥ minDelta`. Synthetic captures only: check them against
 * real ones before relying on them.
 */
export const ACTION_METRIC: Record<Action, { metric: MetricName; direction: 1 | -1; minDelta: number }> = {
  turn_left: { metric: 'yawDeg', direction: POSE_SIGNS.yawLeft, minDelta: ACTION_THRESHOLDS.turnDeg },
  turn_right: {
    metric: 'yawDeg',
    direction: -POSE_SIGNS.yawLeft as 1 | -1,
    minDelta: ACTION_THRESHOLDS.turnDeg,
  },
  look_up: { metric: 'pitchDeg', direction: POSE_SIGNS.pitchUp, minDelta: ACTION_THRESHOLDS.lookDeg },
  look_down: {
    metric: 'pitchDeg',
    direction: -POSE_SIGNS.pitchUp as 1 | -1,
    minDelta: ACTION_THRESHOLDS.lookDeg,
  },
  smile: { metric: 'smile', direction: 1, minDelta: ACTION_THRESHOLDS.smileWidening },
  blink: { metric: 'eyeAspect', direction: -1, minDelta: ACTION_THRESHOLDS.eyeClosing },
  open_mouth: { metric: 'mouthOpen', direction: 1, minDelta: ACTION_THRESHOLDS.mouthOpening },
};

export { HEAD_STILL_DEG };

/** The actions the server issues (blink is measured but not issued). */
export const RECOMMENDED_ACTIONS: readonly Action[] = ISSUED_ACTIONS;
