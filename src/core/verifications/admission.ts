/** The check queue's load as the admission rule sees it. */
export type QueueLoad = {
  /** Jobs waiting for a worker. */
  queued: number;
  /** Jobs a worker holds. */
  running: number;
  /** Check workers that sent a heartbeat recently. */
  workers: number;
  /** Jobs those workers run at once, summed. */
  slots: number;
  /** Mean running time of recently finished jobs (queue wait excluded); null before the first. */
  recentRunMs: number | null;
  /** Mean time recently finished jobs waited in the queue; null before the first. */
  recentWaitMs: number | null;
};

/**
 * Assumed running time of a job before any has finished: one verification with real face models took
 * 0.45–0.9 s on the 2-core benchmark machine (BENCHMARKS.md, check queue), so 1 s errs on the safe side.
 */
export const DEFAULT_JOB_RUN_MS = 1_000;

export type AdmissionVerdict =
  | { admitted: true; expectedWaitMs: number }
  | { admitted: false; expectedWaitMs: number; retryAfterSeconds: number };

/**
 * How long a new job would wait before a worker starts it: the jobs ahead of it that cannot start at
 * once, shared over the live slots, times the recent running time. Infinite with no live worker.
 */
export function expectedWaitMs(load: QueueLoad): number {
  if (load.slots <= 0) return Number.POSITIVE_INFINITY;
  const ahead = load.queued + load.running + 1 - load.slots;
  if (ahead <= 0) return 0;
  return (ahead / load.slots) * (load.recentRunMs ?? DEFAULT_JOB_RUN_MS);
}

/** How long a refused client waits when no worker is alive at all (one is usually restarting). */
const NO_WORKER_RETRY_SECONDS = 5;

/**
 * Admission control: a job is taken only when it would start within `maxWaitMs`; otherwise the client
 * is told to come back once the queue has drained to the bound (Retry-After), instead of the checks
 * running out of time later and the decision degrading to review.
 */
export function admit(load: QueueLoad, maxWaitMs: number): AdmissionVerdict {
  const wait = expectedWaitMs(load);
  if (wait <= maxWaitMs) return { admitted: true, expectedWaitMs: wait };
  const retryAfterSeconds = Number.isFinite(wait)
    ? Math.max(1, Math.ceil((wait - maxWaitMs) / 1000))
    : NO_WORKER_RETRY_SECONDS;
  return { admitted: false, expectedWaitMs: wait, retryAfterSeconds };
}

/**
 * One account's jobs (every API key of the merchant's): waiting (queued, or on a lease that ran out)
 * and served lately (running, or finished within the last minute).
 */
export type AccountJobs = { waiting: number; served: number };

/** The queue's jobs of the submitting key's account and of each other account that has any. */
export type WaitingByAccount = { own: AccountJobs; others: readonly AccountJobs[] };

/**
 * Jobs a new job of one account waits behind when workers take jobs in turns per account: an
 * account's n-th waiting job has turn n plus the jobs it was served lately, lower turns go first and,
 * within a turn, the older job. Ahead of the new job: every waiting job of its own account, and each
 * other account's waiting jobs up to the new job's turn. A merchant that floods the queue, through one
 * key or many (keys mint child keys without limit), waits behind its own backlog; another merchant's
 * job is not stuck behind it.
 */
export function waitingAheadInTurns(waiting: WaitingByAccount): number {
  const turn = waiting.own.served + waiting.own.waiting + 1;
  return waiting.others.reduce(
    (sum, other) => sum + Math.min(other.waiting, Math.max(0, turn - other.served)),
    waiting.own.waiting,
  );
}

/** Admission for a job of one account: the bound applies to the wait its job would see in turns. */
export function admitInTurns(
  load: QueueLoad,
  waiting: WaitingByAccount,
  maxWaitMs: number,
): AdmissionVerdict {
  return admit({ ...load, queued: waitingAheadInTurns(waiting) }, maxWaitMs);
}
