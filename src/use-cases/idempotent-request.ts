import { ApiError } from '../core/errors.js';
import {
  IDEMPOTENCY_TTL_SECONDS,
  idempotencyKeyHash,
  idempotencyKeyProblem,
  openResponse,
  requestFingerprint,
  sealResponse,
  type RecordedResponse,
} from '../core/idempotency.js';
import { addSeconds, type Clock } from '../core/time.js';
import type { IdempotencyStore } from '../ports/idempotency.js';

export type IdempotencyDeps = {
  store: IdempotencyStore;
  clock: Clock;
  /** How long a request waits for a concurrent one with the same key before answering 409. */
  waitMs: number;
};

/** An answer that is not stored (not 2xx): the transaction rolls back and the retry runs again. */
class NotRecorded extends Error {
  constructor(readonly response: RecordedResponse) {
    super('response not recorded');
  }
}

/**
 * Runs a keyed request under its Idempotency-Key (Stripe's semantics): the first request with a key acts
 * and its 2xx answer is stored with its effect, in one transaction; a retry with the same key and the
 * same request gets that answer again (`replayed`) without acting; the same key with another request is
 * a 409; a retry while the first is still running waits for it. Errors are not stored: nothing was
 * done, so the retry runs again.
 */
export async function idempotentRequest(
  deps: IdempotencyDeps,
  request: {
    apiKeyId: number;
    apiKeySecret: string;
    idempotencyKey: string;
    method: string;
    url: string;
    body: unknown;
    /** The verification the answer created or changed, if any: its redaction deletes the record. */
    verificationOf: (response: RecordedResponse) => string | null;
  },
  handle: () => Promise<RecordedResponse>,
): Promise<RecordedResponse & { replayed: boolean }> {
  const problem = idempotencyKeyProblem(request.idempotencyKey);
  if (problem) throw new ApiError('idempotency_key_invalid', { problem });
  const secrets = { apiKeySecret: request.apiKeySecret, idempotencyKey: request.idempotencyKey };
  const now = deps.clock.now();
  let outcome;
  try {
    outcome = await deps.store.run(
      {
        apiKeyId: request.apiKeyId,
        keyHash: idempotencyKeyHash(request.idempotencyKey),
        requestHash: requestFingerprint(request),
        now,
        expiresAt: addSeconds(now, IDEMPOTENCY_TTL_SECONDS),
      },
      deps.waitMs,
      async () => {
        const response = await handle();
        if (response.statusCode < 200 || response.statusCode > 299) throw new NotRecorded(response);
        return {
          result: response,
          statusCode: response.statusCode,
          sealed: sealResponse(response, secrets),
          verificationId: request.verificationOf(response),
        };
      },
    );
  } catch (error) {
    if (error instanceof NotRecorded) return { ...error.response, replayed: false };
    throw error;
  }
  switch (outcome.kind) {
    case 'done':
      return { ...outcome.result, replayed: false };
    case 'replay':
      return { statusCode: outcome.statusCode, body: openResponse(outcome.sealed, secrets), replayed: true };
    case 'mismatch':
      throw new ApiError('idempotency_key_reused');
    case 'busy':
      throw new ApiError('idempotency_key_in_use', {}, { retryAfterSeconds: 1 });
  }
}
