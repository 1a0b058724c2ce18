import type { CheckQueue, ClaimedCheckJob } from '../../src/ports/check-queue.js';

/** Claims the next check job as `workerId`, polling until a submit has enqueued one. */
export async function claimNextJob(
  queue: Pick<CheckQueue, 'claim'>,
  workerId: string,
  leaseMs = 30_000,
): Promise<ClaimedCheckJob> {
  for (;;) {
    const [job] = await queue.claim(workerId, 1, leaseMs);
    if (job) return job;
    await new Promise((r) => setTimeout(r, 20));
  }
}
