import type { FaceEngine } from '../../src/core/faces/face-engine.js';
import { runFaceChecks } from '../../src/core/faces/run-face-checks.js';

/**
 * One verification's face work (`runFaceChecks`) with its wall-clock and CPU time (this process,
 * every thread: the figure that stays meaningful on a shared machine). Throws if a check was
 * unavailable, so a timing never comes from a run that skipped work.
 */
export async function timedFaceChecks(
  engine: FaceEngine,
  input: { portrait: Buffer; frames: Buffer[] },
): Promise<{ wallMs: number; cpuMs: number; mlMs: number }> {
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const result = await runFaceChecks({ engine, portrait: input.portrait, frames: input.frames });
  if (result.faceMatch.status !== 'ok' || result.liveness.status !== 'ok')
    throw new Error('a check was unavailable');
  const cpu = process.cpuUsage(cpuStarted);
  return {
    wallMs: performance.now() - started,
    cpuMs: (cpu.user + cpu.system) / 1000,
    mlMs: result.mlDurationMs,
  };
}
