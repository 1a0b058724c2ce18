-- Idempotency-Key records: one per API key and key, written in the same transaction as the request's
-- effect, so a request commits with its record or not at all. The key itself is stored only as a
-- SHA-256 digest, and the first answer only sealed under a key derived from the API key and the
-- Idempotency-Key (neither is stored): only a retry carrying both can open it. Kept 24 hours.
CREATE TABLE idempotency_keys (
  api_key_id       bigint NOT NULL REFERENCES api_keys (id) ON DELETE CASCADE,
  key_hash         text NOT NULL,
  request_hash     text NOT NULL,
  status_code      integer,
  response_sealed  text,
  created_at       timestamptz NOT NULL,
  expires_at       timestamptz NOT NULL,
  PRIMARY KEY (api_key_id, key_hash)
);
CREATE INDEX idempotency_keys_expires_idx ON idempotency_keys (expires_at);
