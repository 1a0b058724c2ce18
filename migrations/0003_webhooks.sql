-- Webhook endpoints, their deliveries (the delivery job queue) and every attempt made.

CREATE TABLE webhook_endpoints (
  id                bigserial PRIMARY KEY,
  api_key_id        bigint NOT NULL REFERENCES api_keys (id),
  url               text NOT NULL,
  events            jsonb NOT NULL,
  -- AES-256-GCM under WEBHOOK_SECRET_KEY (`v1.<iv>.<tag>.<ciphertext>`); never the plaintext.
  secret_sealed     text NOT NULL,
  active            boolean NOT NULL DEFAULT true,
  created_at        timestamptz NOT NULL DEFAULT now(),
  deactivated_at    timestamptz
);
CREATE INDEX webhook_endpoints_owner_idx ON webhook_endpoints (api_key_id, id) WHERE active;

-- One row per (event, endpoint). Pending rows are the job queue: a worker claims due rows with
-- FOR UPDATE SKIP LOCKED and, in the same statement, moves next_attempt_at to the end of its
-- lease, so a worker that dies mid-attempt leaves the row due again once the lease runs out.
CREATE TABLE webhook_deliveries (
  id                bigserial PRIMARY KEY,
  endpoint_id       bigint NOT NULL REFERENCES webhook_endpoints (id),
  event_id          uuid NOT NULL REFERENCES events (id),
  event_type        text NOT NULL,
  verification_id   uuid,
  -- The exact bytes every attempt sends and signs.
  payload           text NOT NULL,
  status            text NOT NULL DEFAULT 'pending'
                    CHECK (status IN ('pending', 'delivered', 'failed', 'cancelled')),
  -- attempts: all attempts ever made (numbers the attempt rows); run_attempts: attempts since the
  -- delivery was created or last retried by hand, which the retry schedule counts.
  attempts          integer NOT NULL DEFAULT 0,
  run_attempts      integer NOT NULL DEFAULT 0,
  next_attempt_at   timestamptz NOT NULL DEFAULT now(),
  lease_token       uuid,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  completed_at      timestamptz,
  UNIQUE (endpoint_id, event_id)
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, id DESC);

CREATE TABLE webhook_delivery_attempts (
  id                bigserial PRIMARY KEY,
  delivery_id       bigint NOT NULL REFERENCES webhook_deliveries (id),
  attempt           integer NOT NULL,
  attempted_at      timestamptz NOT NULL,
  status_code       integer,
  latency_ms        integer NOT NULL,
  error             text,
  -- At most 1 KB of the receiver's answer.
  response_excerpt  text
);
CREATE INDEX webhook_delivery_attempts_delivery_idx ON webhook_delivery_attempts (delivery_id, attempt);

-- Wakes workers in other processes (PostgreSQL LISTEN) as soon as an outbox row commits, instead
-- of at their next poll.
CREATE FUNCTION notify_webhook_work() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('webhook_work', '');
  RETURN NULL;
END;
$$;
CREATE TRIGGER events_notify_webhook_work AFTER INSERT ON events
  FOR EACH STATEMENT EXECUTE FUNCTION notify_webhook_work();
