import type { CheckDeps } from '../../checks/run-checks.js';
import type { AccountStore } from '../../ports/account-store.js';
import type { Clock } from '../../core/time.js';
import type { CheckQueue } from '../../ports/check-queue.js';
import type { LivenessChallengeStore } from '../../ports/liveness-challenges.js';
import type { Metrics } from '../../ports/metrics.js';
import type { SignalStore } from '../../ports/signal-store.js';
import type { VerificationKeys } from '../../ports/verification-keys.js';
import type { VerificationChanges } from '../../ports/verification-changes.js';
import type { WorkQueue } from '../../ports/work-queue.js';
import type {
  MediaStore,
  Transactor,
  UsageStore,
  VerificationStore,
} from '../../ports/verification-store.js';

/** What the verification use cases work with: ports only, wired by the verifications module (src/modules/verifications.ts). */
export type VerificationDeps = {
  verifications: VerificationStore;
  /** Which account a verification's key is in: a console member acts on every verification of theirs. */
  accounts: Pick<AccountStore, 'accountOfKey'>;
  media: MediaStore;
  usage: UsageStore;
  signals: Pick<SignalStore, 'summary'>;
  /** Liveness challenges issued to the capture, and the answers stored with the selfies. */
  challenges: LivenessChallengeStore;
  transact: Transactor;
  /** Each verification's own data key, which redaction destroys. */
  keys: Pick<VerificationKeys, 'destroy'>;
  /** Wakes readers waiting for a verification to change (the long-poll on GET /v1/verifications/{id}). */
  changes: VerificationChanges;
  checks: CheckDeps;
  /**
   * The bounded queue for decoding uploads (images, barcodes): full means 503 with Retry-After. It covers
   * the decoding only, never the wait for a decision, so queued checks do not hold decode slots.
   */
  imageWork: WorkQueue;
  clock: Clock;
  metrics: Metrics;
  /** Called after a decision commits, so the webhook worker picks it up without waiting for its poll. */
  onDecided(): void;
  /** Submit enqueues the checks here and waits for a check worker to decide. */
  checkQueue: Pick<CheckQueue, 'awaitDone'>;
  admission: {
    /** CHECK_QUEUE_MAX_WAIT_MS: a job expected to wait longer is refused with 503 + Retry-After. */
    maxWaitMs: number;
    /** How long a submit waits for its decision once admitted (queue wait plus a re-run after a lost lease). */
    resultWaitMs: number;
  };
};

export type RequestContext = { ip: string; userAgent: string | null };
