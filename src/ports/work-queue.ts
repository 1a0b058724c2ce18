/** A bounded queue for expensive work: full means the caller answers 503 with Retry-After. */
export type WorkQueue = {
  /** Runs `work` when a slot is free; rejects at once with the queue's busy error when the wait list is full. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Running now, and waiting for a slot. */
  depth(): { active: number; waiting: number };
};
