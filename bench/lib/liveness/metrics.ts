import { measureFace } from '../../../src/core/faces/challenge.js';
import type { DetectedFace } from '../../../src/core/faces/face-engine.js';

/**
 * What the server can measure on one frame's face for the challenge actions, all from the
 * engine's output (yaw from the five landmarks; pitch and the ratios from the 468 mesh landmarks).
 */
export type FaceMetrics = {
  yawDeg: number;
  pitchDeg: number;
  /** Inner-lip gap (13–14) over face height (10–152). */
  mouthOpen: number;
  /** Mouth width (61–291) over face width (234–454). */
  smile: number;
  /** Eye aspect ratio: lid gaps (159–145, 386–374) over eye widths (33–133, 362–263). */
  eyeAspect: number;
};

export const METRIC_NAMES = ['yawDeg', 'pitchDeg', 'mouthOpen', 'smile', 'eyeAspect'] as const;
export type MetricName = (typeof METRIC_NAMES)[number];

/** The server's own measures (`measureFace`), under the benchmark's names; NaN where the frame had no mesh or yaw. */
export function faceMetrics(face: DetectedFace): FaceMetrics {
  const measured = measureFace(face);
  if (!measured) return { yawDeg: NaN, pitchDeg: NaN, mouthOpen: NaN, smile: NaN, eyeAspect: NaN };
  return {
    yawDeg: measured.yawDeg,
    pitchDeg: measured.pitchDeg ?? NaN,
    mouthOpen: measured.mouthOpen ?? NaN,
    smile: measured.mouthWidth ?? NaN,
    eyeAspect: measured.eyeOpen ?? NaN,
  };
}

/** A frame's metrics minus those of the neutral frame of the same sequence. */
export function metricDelta(frame: FaceMetrics, neutral: FaceMetrics): FaceMetrics {
  return {
    yawDeg: frame.yawDeg - neutral.yawDeg,
    pitchDeg: frame.pitchDeg - neutral.pitchDeg,
    mouthOpen: frame.mouthOpen - neutral.mouthOpen,
    smile: frame.smile - neutral.smile,
    eyeAspect: frame.eyeAspect - neutral.eyeAspect,
  };
}
