import { sql } from 'kysely';
import type { QueueLoad } from '../../core/verifications/admission.js';
import type { CheckJobWrites, CheckQueue, ClaimedCheckJob } from '../../ports/check-queue.js';
import type { VerificationKeys } from '../../ports/verification-keys.js';
import type { ChangeFeed } from './read-cache.js';
import { openCheckJobInput, sealCheckJobInput } from './sealed-columns.js';
import type { Executor } from './schema.js';

/** Channels the migration's triggers notify on (0012_check_queue.sql). */
export const CHECK_JOBS_QUEUED_CHANNEL = 'check_jobs';
export const CHECK_JOBS_DONE_CHANNEL = 'check_jobs_done';

/** Arbitrary constant for pg_advisory_xact_lock: one admission decision at a time, cluster-wide. */
const ADMISSION_LOCK_ID = 727_100_015;
/** A worker counts as alive this long after its last heartbeat (workers beat every 5 s). */
export const WORKER_ALIVE_SECONDS = 15;
/** Recently finished jobs the running-time estimate averages over. */
const RECENT_WINDOW_SECONDS = 60;
const RECENT_JOBS = 50;
/**
 * Waiting submits look at their jobs this often when no notification came (a lost LISTEN connection,
 * or a PGlite data directory handed to another process). One query covers every waiter.
 */
const DONE_POLL_MS = 500;

async function loadOf(db: Executor): Promise<QueueLoad> {
  const { rows } = await sql<{
    queued: number;
    running: number;
    workers: number;
    slots: number;
    run_ms: number | null;
    wait_ms: number | null;
  }>`
    WITH alive AS (
      SELECT concurrency FROM check_workers
      WHERE last_seen_at > now() - make_interval(secs => ${WORKER_ALIVE_SECONDS})
    ),
    recent AS (
      SELECT run_ms, extract(epoch FROM started_at - enqueued_at) * 1000 AS wait_ms
      FROM check_jobs
      WHERE status = 'done' AND outcome = 'decided'
        AND finished_at > now() - make_interval(secs => ${RECENT_WINDOW_SECONDS})
      ORDER BY finished_at DESC
      LIMIT ${RECENT_JOBS}
    )
    SELECT
      (SELECT count(*) FROM check_jobs
        WHERE status = 'queued' OR (status = 'running' AND lease_expires_at <= now()))::int AS queued,
      (SELECT count(*) FROM check_jobs
        WHERE status = 'running' AND lease_expires_at > now())::int AS running,
      (SELECT count(*) FROM alive)::int AS workers,
      (SELECT coalesce(sum(concurrency), 0) FROM alive)::int AS slots,
      (SELECT avg(run_ms) FROM recent)::float8 AS run_ms,
      (SELECT avg(wait_ms) FROM recent)::float8 AS wait_ms
  `.execute(db);
  const row = rows[0]!;
  return {
    queued: row.queued,
    running: row.running,
    workers: row.workers,
    slots: row.slots,
    recentRunMs: row.run_ms,
    recentWaitMs: row.wait_ms,
  };
}

/**
 * Jobs with the account of their API key that count for turns: waiting (queued, or on a lease that ran
 * out), or served lately (running, or finished within the recent window). An account's turn is its
 * waiting jobs' rank plus what it was served lately, so workers take jobs in turns per account, however
 * many keys it submits through (check-queue port).
 */
function jobsByAccount() {
  return sql`
    SELECT j.id, k.account_id, (j.status = 'queued' OR (j.status = 'running' AND j.lease_expires_at <= now())) AS waiting
    FROM check_jobs j JOIN verifications v ON v.id = j.verification_id JOIN api_keys k ON k.id = v.api_key_id
    WHERE j.status IN ('queued', 'running')
      OR (j.status = 'done' AND j.finished_at > now() - make_interval(secs => ${RECENT_WINDOW_SECONDS}))
  `;
}

/** The queue's writes bound to one transaction (see transactor.ts). */
export function createCheckJobWrites(db: Executor, keys?: VerificationKeys): CheckJobWrites {
  return {
    async lockForAdmission(apiKeyId) {
      await sql`SELECT pg_advisory_xact_lock(${ADMISSION_LOCK_ID})`.execute(db);
      const { rows } = await sql<{ own: boolean; waiting: number; served: number }>`
        WITH keyed AS (${jobsByAccount()})
        SELECT account_id = (SELECT account_id FROM api_keys WHERE id = ${apiKeyId}) AS own,
          count(*) FILTER (WHERE waiting)::int AS waiting,
          count(*) FILTER (WHERE NOT waiting)::int AS served
        FROM keyed
        GROUP BY account_id
      `.execute(db);
      const jobs = (row: { waiting: number; served: number }) => ({
        waiting: row.waiting,
        served: row.served,
      });
      const own = rows.find((row) => row.own);
      return {
        load: await loadOf(db),
        waiting: {
          own: own ? jobs(own) : { waiting: 0, served: 0 },
          others: rows.filter((row) => !row.own).map(jobs),
        },
      };
    },

    async enqueue(verificationId, input) {
      const sealer = keys && (await keys.sealerFor(verificationId));
      const { rows } = await sql<{ id: number }>`
        INSERT INTO check_jobs (verification_id, input)
        VALUES (${verificationId}, ${sealCheckJobInput(sealer, input)}::jsonb)
        ON CONFLICT (verification_id) WHERE status IN ('queued', 'running') DO NOTHING
        RETURNING id
      `.execute(db);
      if (rows[0]) return { id: Number(rows[0].id), created: true };
      const active = await sql<{ id: number }>`
        SELECT id FROM check_jobs WHERE verification_id = ${verificationId} AND status IN ('queued', 'running')
      `.execute(db);
      return { id: Number(active.rows[0]?.id ?? 0), created: false };
    },

    async complete(job) {
      const { rows } = await sql<{ id: number }>`
        UPDATE check_jobs
        SET status = 'done', finished_at = now(), run_ms = ${Math.round(job.runMs)},
            outcome = ${job.outcome}, lease_token = NULL, lease_expires_at = NULL
        WHERE id = ${job.id} AND status = 'running' AND lease_token = ${job.leaseToken}::uuid
        RETURNING id
      `.execute(db);
      return rows.length > 0;
    },
  };
}

/**
 * The check queue on the service's database: jobs are claimed with FOR UPDATE SKIP LOCKED and leased
 * in the same statement (as webhook deliveries are), so workers in any number of processes never
 * hold the same job at once, and a dead worker's job is due again once its lease runs out.
 * Notifications (LISTEN on PostgreSQL, in-process on PGlite) wake workers and waiting submits.
 */
export async function createCheckQueue(
  db: Executor,
  changes: (channel: string) => Promise<ChangeFeed & { stop(): Promise<void> }>,
  keys?: VerificationKeys,
): Promise<CheckQueue> {
  const feeds = {
    queued: await changes(CHECK_JOBS_QUEUED_CHANNEL),
    done: await changes(CHECK_JOBS_DONE_CHANNEL),
  };
  const waiters = new Map<number, Set<() => void>>();
  const workListeners: Array<() => void> = [];
  let pollTimer: NodeJS.Timeout | null = null;
  let closed = false;

  function settle(jobId: number): void {
    const waiting = waiters.get(jobId);
    if (!waiting) return;
    waiters.delete(jobId);
    for (const resolve of waiting) resolve();
  }

  async function pollDone(): Promise<void> {
    pollTimer = null;
    const ids = [...waiters.keys()];
    if (ids.length === 0 || closed) return;
    try {
      // A job no longer present was finished and pruned.
      const { rows } = await sql<{ id: number }>`
        SELECT id FROM check_jobs WHERE id = ANY(${ids}::bigint[]) AND status <> 'done'
      `.execute(db);
      const open = new Set(rows.map((r) => Number(r.id)));
      for (const id of ids) if (!open.has(id)) settle(id);
    } catch {
      // The next poll tries again; a waiter's own timeout bounds how long it waits.
    }
    schedulePoll();
  }

  function schedulePoll(): void {
    if (pollTimer || waiters.size === 0 || closed) return;
    pollTimer = setTimeout(() => void pollDone(), DONE_POLL_MS);
    pollTimer.unref();
  }

  feeds.done.onChange((payload) => {
    if (payload === null) void pollDone();
    else settle(Number(payload));
  });
  feeds.queued.onChange(() => workListeners.forEach((listener) => listener()));

  return {
    async claim(workerId, limit, leaseMs) {
      const { rows } = await sql<{
        id: number;
        verification_id: string;
        input: Record<string, unknown> | string;
        attempts: number;
        lease_token: string;
        waited_ms: number;
      }>`
        WITH keyed AS (${jobsByAccount()}),
        turns AS (
          SELECT id,
            row_number() OVER (PARTITION BY account_id ORDER BY id)
              + (SELECT count(*) FROM keyed s WHERE NOT s.waiting AND s.account_id = w.account_id) AS turn
          FROM keyed w
          WHERE waiting
        ),
        next AS (
          SELECT c.id FROM check_jobs c JOIN turns t ON t.id = c.id
          WHERE c.status IN ('queued', 'running')
            AND (c.status = 'queued' OR c.lease_expires_at <= now())
          ORDER BY t.turn, c.id
          LIMIT ${limit}
          FOR UPDATE OF c SKIP LOCKED
        )
        UPDATE check_jobs j
        SET status = 'running', attempts = j.attempts + 1, lease_token = gen_random_uuid(),
            lease_expires_at = now() + make_interval(secs => ${leaseMs / 1000}),
            worker_id = ${workerId}, started_at = now()
        FROM next
        WHERE j.id = next.id
        RETURNING j.id, j.verification_id, j.input, j.attempts, j.lease_token,
          (extract(epoch FROM now() - j.enqueued_at) * 1000)::float8 AS waited_ms
      `.execute(db);
      return Promise.all(
        rows.map(async (row): Promise<ClaimedCheckJob> => {
          const stored = typeof row.input === 'string' ? JSON.parse(row.input) : row.input;
          const sealer = keys && 'sealed' in stored ? await keys.openerFor(row.verification_id) : undefined;
          return {
            id: Number(row.id),
            verificationId: row.verification_id,
            input: openCheckJobInput(sealer, stored),
            attempts: row.attempts,
            leaseToken: row.lease_token,
            waitedMs: row.waited_ms,
          };
        }),
      );
    },

    async release(job) {
      await sql`
        UPDATE check_jobs SET status = 'queued', lease_token = NULL, lease_expires_at = NULL
        WHERE id = ${job.id} AND status = 'running' AND lease_token = ${job.leaseToken}::uuid
      `.execute(db);
    },

    async heartbeat(workerId, concurrency) {
      await sql`
        INSERT INTO check_workers (id, concurrency) VALUES (${workerId}, ${concurrency})
        ON CONFLICT (id) DO UPDATE SET concurrency = EXCLUDED.concurrency, last_seen_at = now()
      `.execute(db);
    },

    async retire(workerId) {
      await sql`DELETE FROM check_workers WHERE id = ${workerId}`.execute(db);
    },

    load: () => loadOf(db),

    awaitDone(jobId, timeoutMs) {
      return new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          waiters.get(jobId)?.delete(done);
          if (waiters.get(jobId)?.size === 0) waiters.delete(jobId);
          resolve(false);
        }, timeoutMs);
        timer.unref();
        function done() {
          clearTimeout(timer);
          resolve(true);
        }
        const waiting = waiters.get(jobId) ?? new Set();
        waiting.add(done);
        waiters.set(jobId, waiting);
        schedulePoll();
      });
    },

    onWork(listener) {
      workListeners.push(listener);
    },

    announceDone: settle,

    async pruneFinished(olderThanMs) {
      const { rows } = await sql<{ n: number }>`
        WITH gone AS (
          DELETE FROM check_jobs
          WHERE status = 'done' AND finished_at < now() - make_interval(secs => ${olderThanMs / 1000})
          RETURNING 1
        )
        SELECT count(*)::int AS n FROM gone
      `.execute(db);
      return rows[0]?.n ?? 0;
    },

    async close() {
      closed = true;
      if (pollTimer) clearTimeout(pollTimer);
      pollTimer = null;
      await Promise.all([feeds.queued.stop(), feeds.done.stop()]);
    },
  };
}
