-- Shared rate-limit state (the PostgreSQL backend of the RateLimiter port), the brute-force guard's
-- block audit, and device signals. Runs unchanged on PGlite and PostgreSQL.

-- Sliding log: one row per allowed call. Times are milliseconds from the application clock, so every
-- backend and the tests share one notion of "now".
CREATE TABLE rate_limit_hits (
  key            text NOT NULL,
  hit_at_ms      bigint NOT NULL,
  -- hit_at_ms + window: rows past this are out of every window and are pruned in bulk.
  expires_at_ms  bigint NOT NULL
);
CREATE INDEX rate_limit_hits_key_idx ON rate_limit_hits (key, hit_at_ms);
CREATE INDEX rate_limit_hits_expiry_idx ON rate_limit_hits (expires_at_ms);

CREATE TABLE rate_limit_buckets (
  key            text PRIMARY KEY,
  tokens         double precision NOT NULL,
  updated_at_ms  bigint NOT NULL,
  -- When the bucket is full again: a deleted row reads as a full bucket, so pruning changes nothing.
  expires_at_ms  bigint NOT NULL
);
CREATE INDEX rate_limit_buckets_expiry_idx ON rate_limit_buckets (expires_at_ms);

-- One atomic step per call: the advisory lock (per key, held to the end of the statement's
-- transaction) serialises concurrent calls on one key, so none of them decides on a stale count.
CREATE FUNCTION rate_limit_consume(p_key text, p_now_ms bigint, p_window_ms bigint, p_max integer)
RETURNS TABLE (allowed boolean, remaining integer, wait_ms bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_count integer;
  v_reopens_at bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('rate_limit_window:' || p_key, 0));
  DELETE FROM rate_limit_hits WHERE key = p_key AND hit_at_ms <= p_now_ms - p_window_ms;
  SELECT count(*) INTO v_count FROM rate_limit_hits WHERE key = p_key;
  IF v_count < p_max THEN
    INSERT INTO rate_limit_hits (key, hit_at_ms, expires_at_ms) VALUES (p_key, p_now_ms, p_now_ms + p_window_ms);
    RETURN QUERY SELECT true, p_max - v_count - 1, 0::bigint;
    RETURN;
  END IF;
  -- The window reopens when the hit that takes the count below max leaves it.
  SELECT h.hit_at_ms + p_window_ms INTO v_reopens_at FROM rate_limit_hits h
    WHERE h.key = p_key ORDER BY h.hit_at_ms OFFSET v_count - p_max LIMIT 1;
  RETURN QUERY SELECT false, 0, v_reopens_at - p_now_ms;
END $$;

CREATE FUNCTION rate_limit_take(
  p_key text, p_now_ms bigint, p_capacity double precision, p_refill_per_ms double precision, p_cost double precision
)
RETURNS TABLE (allowed boolean, tokens double precision, wait_ms bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_tokens double precision;
  v_updated bigint;
  v_allowed boolean;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('rate_limit_bucket:' || p_key, 0));
  SELECT b.tokens, b.updated_at_ms INTO v_tokens, v_updated FROM rate_limit_buckets b WHERE b.key = p_key;
  IF NOT FOUND THEN
    v_tokens := p_capacity;
    v_updated := p_now_ms;
  END IF;
  v_tokens := least(p_capacity, v_tokens + greatest(0, p_now_ms - v_updated) * p_refill_per_ms);
  v_allowed := v_tokens >= p_cost;
  IF v_allowed THEN
    v_tokens := v_tokens - p_cost;
  END IF;
  INSERT INTO rate_limit_buckets (key, tokens, updated_at_ms, expires_at_ms)
    VALUES (p_key, v_tokens, greatest(v_updated, p_now_ms),
            p_now_ms + ceil((p_capacity - v_tokens) / p_refill_per_ms)::bigint)
    ON CONFLICT (key) DO UPDATE SET tokens = EXCLUDED.tokens, updated_at_ms = EXCLUDED.updated_at_ms,
      expires_at_ms = EXCLUDED.expires_at_ms;
  RETURN QUERY SELECT v_allowed, v_tokens,
    CASE WHEN v_allowed THEN 0::bigint ELSE ceil((p_cost - v_tokens) / p_refill_per_ms)::bigint END;
END $$;

-- Audit of the brute-force guard: one row per block of a client address after repeated failed
-- authentications (the failures themselves are in auth_failures).
CREATE TABLE ip_blocks (
  id             bigserial PRIMARY KEY,
  ip             text NOT NULL,
  failures       integer NOT NULL,
  window_seconds integer NOT NULL,
  blocked_at     timestamptz NOT NULL,
  blocked_until  timestamptz NOT NULL
);
CREATE INDEX ip_blocks_until_idx ON ip_blocks (blocked_until);
CREATE INDEX ip_blocks_ip_idx ON ip_blocks (ip, blocked_at);

-- Device signals from POST /v1/signals/collect; linked to a verification when a valid client token came with them.
CREATE TABLE device_signals (
  id                bigserial PRIMARY KEY,
  verification_id   uuid REFERENCES verifications (id),
  -- SHA-256 hex of the canonical stable components; null when none of them was sent.
  device_hash       text,
  components        jsonb NOT NULL,
  dropped_keys      integer NOT NULL,
  truncated_values  integer NOT NULL,
  collected_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_signals_verification_idx ON device_signals (verification_id, collected_at DESC);
CREATE INDEX device_signals_device_idx ON device_signals (device_hash, verification_id);
CREATE INDEX device_signals_unlinked_idx ON device_signals (collected_at) WHERE verification_id IS NULL;
