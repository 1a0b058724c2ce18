import type { SignalSink } from '../../core/signals/collect-signals.js';

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
