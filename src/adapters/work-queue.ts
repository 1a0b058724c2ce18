import pLimit from 'p-limit';
import type { WorkQueueLimits } from '../config.js';
import type { WorkQueue } from '../ports/work-queue.js';

/**
 * A bounded queue for expensive work (video decoding, image decoding and face models): at most
 * `concurrency` run at once and `maxWaiting` more wait; anything beyond is refused straight away
 * (the caller answers 503 with Retry-After) instead of piling up processes, memory and sockets.
 */
export function createWorkQueue(limits: WorkQueueLimits, busyError: () => Error): WorkQueue {
  const limit = pLimit(limits.concurrency);
  // Counted here rather than read from p-limit, which starts queued work a microtask later: a burst
  // arriving within one tick must see the places the earlier calls of that tick already took.
  let admitted = 0;
  return {
    async run(work) {
      if (admitted >= limits.concurrency + limits.maxWaiting) throw busyError();
      admitted += 1;
      try {
        return await limit(work);
      } finally {
        admitted -= 1;
      }
    },
    depth: () => ({ active: limit.activeCount, waiting: limit.pendingCount }),
  };
}
