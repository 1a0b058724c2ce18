-- The check queue (issue 15): submit stores its inputs and enqueues one job; check workers (ROLE=worker
-- or ROLE=all, on any number of machines) claim jobs with FOR UPDATE SKIP LOCKED under a lease, run the
-- checks and commit the decision together with the job's completion. A worker that dies mid-check
-- leaves its job running with a lease that runs out; the next claim takes it over.

CREATE TABLE check_jobs (
  id                bigserial PRIMARY KEY,
  verification_id   uuid NOT NULL REFERENCES verifications (id),
  status            text NOT NULL DEFAULT 'queued'
                    CHECK (status IN ('queued', 'running', 'done')),
  -- What the submit knew that the verification row does not (who submitted, from where).
  input             jsonb NOT NULL,
  -- Claims so far; past the limit the checks that need the face engine are reported unavailable.
  attempts          integer NOT NULL DEFAULT 0,
  lease_token       uuid,
  lease_expires_at  timestamptz,
  worker_id         text,
  enqueued_at       timestamptz NOT NULL DEFAULT now(),
  started_at        timestamptz,
  finished_at       timestamptz,
  -- Running time of the attempt that finished it (queue wait excluded): the admission estimate.
  run_ms            integer,
  -- 'decided', or 'superseded' when the verification had closed (expired) before the checks ran.
  outcome           text
);
-- At most one job in flight per verification: a second submit finds the first one's job.
CREATE UNIQUE INDEX check_jobs_active_idx ON check_jobs (verification_id) WHERE status IN ('queued', 'running');
CREATE INDEX check_jobs_open_idx ON check_jobs (id) WHERE status IN ('queued', 'running');
CREATE INDEX check_jobs_finished_idx ON check_jobs (finished_at) WHERE status = 'done';

-- Each check worker's heartbeat: the admission estimate divides the queue by the live slots.
CREATE TABLE check_workers (
  id                text PRIMARY KEY,
  concurrency       integer NOT NULL,
  started_at        timestamptz NOT NULL DEFAULT now(),
  last_seen_at      timestamptz NOT NULL DEFAULT now()
);

-- Wake idle workers in other processes as soon as a job commits, and the submits waiting on a job
-- as soon as it is done (PostgreSQL LISTEN; in-process on PGlite). The poll is the fallback.
CREATE FUNCTION notify_check_job_queued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('check_jobs', '');
  RETURN NULL;
END;
$$;
CREATE TRIGGER check_jobs_notify_queued AFTER INSERT ON check_jobs
  FOR EACH STATEMENT EXECUTE FUNCTION notify_check_job_queued();

CREATE FUNCTION notify_check_job_done() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('check_jobs_done', NEW.id::text);
  RETURN NULL;
END;
$$;
CREATE TRIGGER check_jobs_notify_done AFTER UPDATE OF status ON check_jobs
  FOR EACH ROW WHEN (NEW.status = 'done' AND OLD.status <> 'done') EXECUTE FUNCTION notify_check_job_done();
