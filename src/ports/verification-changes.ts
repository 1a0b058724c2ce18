/** Who waits: the calling API key and its account, each of which holds a share of the places. */
export type WaitHolder = { apiKeyId: number; accountId: number };

/** Tells waiting readers that a verification changed (committed here, or by any instance). */
export type VerificationChanges = {
  /**
   * Resolves when `verificationId` changes, after `timeoutMs`, or when `signal` aborts, whichever
   * comes first. Refuses (false), without waiting, when the instance already holds its maximum of
   * waiters, or the holder's API key or account its share of them.
   */
  waitForChange(
    verificationId: string,
    holder: WaitHolder,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<boolean>;
  /** Readers waiting now, for /metrics. */
  waiting(): number;
};
