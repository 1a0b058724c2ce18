import { hashSecret } from '../api-keys/api-key.js';
import { deviceHash, normalizeComponents } from './components.js';

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

/**
 * Storage caps (the endpoint itself has no rate cap, SPEC 8): a verification keeps its first
 * `maxBatchesPerVerification` batches, and batches no verification claims are kept while the
 * sender's address has allowance left (`takeUnlinkedAllowance` counts one and says whether it fit).
 */
export type SignalStorageCaps = {
  maxBatchesPerVerification: number;
  takeUnlinkedAllowance: () => Promise<boolean>;
};

export type CollectResult = {
  accepted: number;
  dropped_keys: number;
  truncated_values: number;
  linked: boolean;
  /** False when a storage cap was reached: the batch was answered but not kept (`accepted` is then 0). */
  stored: boolean;
};

/**
 * Stores one batch of device signals. A missing, unknown or expired client token does not refuse the
 * batch: the signals are stored unlinked and the answer says `linked: false`. Refusing would tell a
 * prober which tokens are live, and the endpoint takes no credentials anyway (SPEC 5.1.4).
 */
export async function collectSignals(
  sink: SignalSink,
  input: { clientToken: string | null | undefined; components: Record<string, unknown> },
  now: Date,
  caps: SignalStorageCaps,
): Promise<CollectResult> {
  const normalized = normalizeComponents(input.components);
  const verificationId = input.clientToken
    ? await sink.verificationForToken(hashSecret(input.clientToken), now)
    : null;
  // Count, then insert: concurrent batches of one verification can pass the cap by a few, never without bound.
  const fits = verificationId
    ? (await sink.batchesFor(verificationId)) < caps.maxBatchesPerVerification
    : await caps.takeUnlinkedAllowance();
  if (!fits) {
    return {
      accepted: 0,
      dropped_keys: normalized.droppedKeys,
      truncated_values: normalized.truncatedValues,
      linked: verificationId !== null,
      stored: false,
    };
  }
  await sink.insert({
    verificationId,
    deviceHash: deviceHash(normalized.components),
    components: normalized.components,
    droppedKeys: normalized.droppedKeys,
    truncatedValues: normalized.truncatedValues,
    collectedAt: now,
  });
  return {
    accepted: Object.keys(normalized.components).length,
    dropped_keys: normalized.droppedKeys,
    truncated_values: normalized.truncatedValues,
    linked: verificationId !== null,
    stored: true,
  };
}
