export type SignalRecord = {
  verificationId: string | null;
  deviceHash: string | null;
  components: Record<string, string>;
  droppedKeys: number;
  truncatedValues: number;
  collectedAt: Date;
};

/** What collecting needs from storage (the signal store implements it). */
export type SignalSink = {
  /** The verification of a client token that exists and has not expired at `now`, by the token's SHA-256 hex. */
  verificationForToken(tokenHash: string, now: Date): Promise<string | null>;
  insert(record: SignalRecord): Promise<void>;
  /** Batches already stored for the verification. */
  batchesFor(verificationId: string): Promise<number>;
};

/** The device part of a verification's checks (`checks.signals`); null when no signals were linked to it. */
export type SignalsSummary = {
  /** From the latest batch that carried stable components; null when none did. */
  device_hash: string | null;
  /** Time of the latest batch, ISO 8601 without zone. */
  collected_at: string;
  components_count: number;
  /** Collect calls linked to this verification. */
  batches: number;
  /** Other verifications, of any merchant of this deployment, whose signals carried the same device hash. */
  other_verifications_with_device: number;
};

export type SignalStore = SignalSink & {
  summary(verificationId: string): Promise<SignalsSummary | null>;
  /** Retention for signals no verification claimed (the endpoint has no rate cap); returns rows deleted. */
  pruneUnlinked(collectedBefore: Date): Promise<number>;
};
