/** Tells waiting readers that a verification changed (committed here, or by any instance). */
export type VerificationChanges = {
  /**
   * Resolves when `verificationId` changes, after `timeoutMs`, or when `signal` aborts, whichever
   * comes first. Refuses (false) when `maxWaiters` are already waiting, without waiting.
   */
  waitForChange(verificationId: string, timeoutMs: number, signal?: AbortSignal): Promise<boolean>;
  /** Readers waiting now, for /metrics. */
  waiting(): number;
};
