import { clientAddressBucket } from '../core/client-address.js';
import { hashSecret } from '../core/api-keys/api-key.js';
import { deviceHash, normalizeComponents } from '../core/signals/components.js';
import type { Clock } from '../core/time.js';
import type { RateLimiter } from '../ports/rate-limiter.js';
import type { SignalSink } from '../ports/signal-store.js';

/** Unlinked batches are counted per client address over this rolling window. */
const UNLINKED_WINDOW_SECONDS = 3600;

/**
 * Storage caps (the endpoint itself has no rate cap): a verification keeps its first
 * `maxBatchesPerVerification` batches, and batches no verification claims are kept while the
 * sender's address has allowance left in the rolling hour.
 */
export type SignalDeps = {
  signals: SignalSink;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  clock: Clock;
  maxBatchesPerVerification: number;
  maxUnlinkedPerAddressPerHour: number;
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
 * prober which tokens are live, and the endpoint takes no credentials anyway.
 */
export async function collectSignals(
  deps: SignalDeps,
  input: {
    clientToken: string | null | undefined;
    components: Record<string, unknown>;
    /** The sender's address, as the service's proxy policy determined it. */
    clientAddress: string;
  },
): Promise<CollectResult> {
  const now = deps.clock.now();
  const normalized = normalizeComponents(input.components);
  const verificationId = input.clientToken
    ? await deps.signals.verificationForToken(hashSecret(input.clientToken), now)
    : null;
  // Count, then insert: concurrent batches of one verification can pass the cap by a few, never without bound.
  const fits = verificationId
    ? (await deps.signals.batchesFor(verificationId)) < deps.maxBatchesPerVerification
    : (
        await deps.rateLimiter.consume(`signals:unlinked:${clientAddressBucket(input.clientAddress)}`, {
          windowSeconds: UNLINKED_WINDOW_SECONDS,
          max: deps.maxUnlinkedPerAddressPerHour,
        })
      ).allowed;
  if (!fits) {
    return {
      accepted: 0,
      dropped_keys: normalized.droppedKeys,
      truncated_values: normalized.truncatedValues,
      linked: verificationId !== null,
      stored: false,
    };
  }
  await deps.signals.insert({
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
