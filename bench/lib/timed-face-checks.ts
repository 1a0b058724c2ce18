import type { FaceEngine } from '../../src/core/faces/face-engine.js';
import {
  ACTION_WINDOW_MS,
  type ChallengeAction,
  type ChallengeAnswer,
} from '../../src/core/faces/challenge.js';
import type { LivenessEvidence } from '../../src/core/faces/liveness.js';
import { runFaceChecks } from '../../src/core/faces/run-face-checks.js';
import { challengeTimeline } from './liveness/index.js';

/**
 * The costliest answer a capture can bring: three actions all read on the face mesh (two looks and
 * the open mouth), so the mesh runs on every frame (8 of 8). The frames need not show the actions:
 * the cost is the same whether the challenge passes or not.
 */
export function costliestChallengeEvidence(): LivenessEvidence {
  const actions: ChallengeAction[] = ['look_up', 'look_down', 'open_mouth'];
  const answer: ChallengeAnswer = {
    challengeId: 'lch_bench',
    actions,
    issuedAt: new Date(0),
    receivedAt: new Date(20_000),
    frames: challengeTimeline(actions, 1).map((f) => ({ action: f.action, capturedAtMs: f.offset_ms })),
    actionWindowMs: ACTION_WINDOW_MS,
    problem: null,
  };
  return { answer, replayedFrames: [] };
}

/**
 * One verification's face work (`runFaceChecks`, answering the costliest challenge) with its
 * wall-clock and CPU time (this process, every thread). Throws if a check was unavailable, so a
 * timing never comes from a run that skipped work.
 */
export async function timedFaceChecks(
  engine: FaceEngine,
  input: { portrait: Buffer; frames: Buffer[] },
): Promise<{ wallMs: number; cpuMs: number; mlMs: number }> {
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const result = await runFaceChecks({
    engine,
    portrait: input.portrait,
    frames: input.frames,
    evidence: costliestChallengeEvidence(),
  });
  if (result.faceMatch.status !== 'ok' || result.liveness.status !== 'ok')
    throw new Error('a check was unavailable');
  const cpu = process.cpuUsage(cpuStarted);
  return {
    wallMs: performance.now() - started,
    cpuMs: (cpu.user + cpu.system) / 1000,
    mlMs: result.mlDurationMs,
  };
}
