/** Tells waiting readers that a verification changed (committed here, or by any instance). */
export type VerificationChanges = {
  /**
   * Resolves when `verificationId` changes, after `timeoutMs`, or when `signal` aborts, whichever
   * comes first. Refuses (false), without waiting, when the instance already holds its maximum of
   * waiters, or `holder` (the API key) its share of them.
   */
  waitForChange(
    verificationId: string,
    holder: number,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<boolean>;
  /** Readers waiting now, for /metrics. */
  waiting(): number;
};
