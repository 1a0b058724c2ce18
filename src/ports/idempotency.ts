/** The claim of one Idempotency-Key request: who, which key (its digest), which request (its fingerprint). */
export type IdempotencyClaim = {
  apiKeyId: number;
  keyHash: string;
  requestHash: string;
  now: Date;
  expiresAt: Date;
};

/** What `IdempotencyStore.run` found or did. */
export type IdempotencyOutcome<T> =
  | { kind: 'done'; result: T }
  | { kind: 'replay'; statusCode: number; sealed: string }
  | { kind: 'mismatch' }
  | { kind: 'busy' };

export type IdempotencyStore = {
  /**
   * Claims the key and runs `work` in the same transaction, storing what `work` answers with it: the
   * effect and the record commit together, or neither (when `work` throws). A request with the same key
   * still in flight makes this one wait for it (at most `waitMs`: `busy`); a committed record is a
   * `replay` (same request) or a `mismatch`. Records past `expiresAt` count as absent. The record keeps
   * the verification `work` created or changed, so that redaction deletes it with the verification.
   */
  run<T>(
    claim: IdempotencyClaim,
    waitMs: number,
    work: () => Promise<{ result: T; statusCode: number; sealed: string; verificationId: string | null }>,
  ): Promise<IdempotencyOutcome<T>>;
  /** Deletes records past their expiry; returns how many. */
  sweep(now: Date): Promise<number>;
};
