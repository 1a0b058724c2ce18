import type { ReasonCode } from '../core/verifications/reason-codes.js';
import type { QueueLoad, WaitingByAccount } from '../core/verifications/admission.js';

/** What a submit hands the check worker besides the stored verification and media. */
export type CheckJobInput = {
  ip: string;
  userAgent: string | null;
  /** Test mode: the outcome chosen in the hosted flow at submit, when none was fixed at creation. */
  testOutcome?: ReasonCode[];
};

/** A job a worker holds under a lease: only the holder of `leaseToken` may complete it. */
export type ClaimedCheckJob = {
  id: number;
  verificationId: string;
  input: CheckJobInput;
  /** Claims so far, this one included: above 1 an earlier worker died or gave up mid-check. */
  attempts: number;
  leaseToken: string;
  /** Milliseconds the job waited in the queue before this claim. */
  waitedMs: number;
};

export type CheckJobOutcome = 'decided' | 'superseded';

/** The queue's writes inside a submit's or a decision's transaction. */
export type CheckJobWrites = {
  /**
   * Serialises admission across every API process (a transaction-scoped lock held to commit) and
   * returns the queue's load with its waiting jobs counted per account (that of `apiKeyId`, and each
   * other account's), so two submits never both take the last place under the bound.
   */
  lockForAdmission(apiKeyId: number): Promise<{ load: QueueLoad; waiting: WaitingByAccount }>;
  /**
   * Enqueues the verification's job. `created` is false when one was already queued or running for it
   * (`id` is then that job's, or 0 when it finished meanwhile).
   */
  enqueue(verificationId: string, input: CheckJobInput): Promise<{ id: number; created: boolean }>;
  /**
   * Marks a claimed job done while `leaseToken` still holds it; false when the lease was lost (it
   * expired and another worker took the job over), in which case the caller rolls back.
   */
  complete(job: {
    id: number;
    leaseToken: string;
    runMs: number;
    outcome: CheckJobOutcome;
  }): Promise<boolean>;
};

/** The durable check queue the API processes fill and the check workers drain. */
export type CheckQueue = {
  /**
   * Claims up to `limit` jobs that are queued or whose lease ran out, leasing each for `leaseMs`, in
   * turns per account (core/verifications/admission.ts): an account served lately, or with more jobs
   * waiting, goes after the others, so one merchant's backlog, through however many keys, does not
   * hold another merchant's job.
   */
  claim(workerId: string, limit: number, leaseMs: number): Promise<ClaimedCheckJob[]>;
  /** Gives a job back at once (the worker is stopping, or could not reach the database mid-job). */
  release(job: Pick<ClaimedCheckJob, 'id' | 'leaseToken'>): Promise<void>;
  /** Records this worker as alive with its concurrency; workers not seen for a while stop counting. */
  heartbeat(workerId: string, concurrency: number): Promise<void>;
  /** Removes this worker's heartbeat (a graceful stop). */
  retire(workerId: string): Promise<void>;
  /** The queue's current load, for /metrics and /readyz. */
  load(): Promise<QueueLoad>;
  /** Resolves true once the job is done, false when `timeoutMs` passes first. */
  awaitDone(jobId: number, timeoutMs: number): Promise<boolean>;
  /** Calls `onWork` when a job may be waiting (an enqueue here or, on PostgreSQL, in any process). */
  onWork(onWork: () => void): void;
  /** Tells this process's waiters that a job is done (cross-process waiters hear the database). */
  announceDone(jobId: number): void;
  /** Deletes jobs finished more than `olderThanMs` ago (by the database's clock); returns how many. */
  pruneFinished(olderThanMs: number): Promise<number>;
  close(): Promise<void>;
};
