-- Foundation schema: API keys and their audit, verifications with their session, media, audit log,
-- usage metering and the event outbox. Runs unchanged on PGlite and PostgreSQL.

CREATE TABLE api_keys (
  id            bigserial PRIMARY KEY,
  label         text NOT NULL,
  scopes        jsonb NOT NULL,
  key_hash      text NOT NULL UNIQUE,
  -- First characters of the key, shown to operators in audits; never enough to authenticate.
  key_prefix    text NOT NULL,
  owner_key_id  bigint REFERENCES api_keys (id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  revoked_at    timestamptz,
  last_used_at  timestamptz
);
CREATE INDEX api_keys_owner_idx ON api_keys (owner_key_id);

CREATE TABLE auth_failures (
  id          bigserial PRIMARY KEY,
  occurred_at timestamptz NOT NULL DEFAULT now(),
  ip          text NOT NULL,
  reason      text NOT NULL,
  key_prefix  text,
  method      text NOT NULL,
  path        text NOT NULL
);
CREATE INDEX auth_failures_ip_idx ON auth_failures (ip, occurred_at);

CREATE TABLE publishable_keys (
  id          bigserial PRIMARY KEY,
  key         text NOT NULL UNIQUE,
  api_key_id  bigint NOT NULL REFERENCES api_keys (id),
  label       text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  revoked_at  timestamptz
);
CREATE INDEX publishable_keys_owner_idx ON publishable_keys (api_key_id);

CREATE TABLE verifications (
  id                  uuid PRIMARY KEY,
  api_key_id          bigint NOT NULL REFERENCES api_keys (id),
  external_ref        text NOT NULL,
  metadata            jsonb NOT NULL DEFAULT '{}'::jsonb,
  status              text NOT NULL,
  decision            text,
  score               integer,
  decision_reasons    jsonb NOT NULL DEFAULT '[]'::jsonb,
  checks              jsonb NOT NULL DEFAULT '{}'::jsonb,
  doc_checks          jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- What the back of the licence yielded at upload: {server_status, server_text, browser_text}.
  barcode             jsonb,
  consent_at          timestamptz,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  expires_at          timestamptz NOT NULL,
  decided_at          timestamptz
);
CREATE INDEX verifications_owner_created_idx ON verifications (api_key_id, created_at DESC, id DESC);
CREATE INDEX verifications_owner_ref_idx ON verifications (api_key_id, external_ref);
CREATE INDEX verifications_open_expiry_idx ON verifications (expires_at) WHERE status NOT IN ('decided', 'expired');

CREATE TABLE verification_audit (
  id               bigserial PRIMARY KEY,
  verification_id  uuid NOT NULL REFERENCES verifications (id),
  occurred_at      timestamptz NOT NULL DEFAULT now(),
  actor            text NOT NULL,
  event            text NOT NULL,
  detail           jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX verification_audit_verification_idx ON verification_audit (verification_id, id);

CREATE TABLE client_tokens (
  token_hash       text PRIMARY KEY,
  verification_id  uuid NOT NULL REFERENCES verifications (id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL
);
CREATE INDEX client_tokens_verification_idx ON client_tokens (verification_id);

CREATE TABLE media (
  id               uuid PRIMARY KEY,
  verification_id  uuid NOT NULL REFERENCES verifications (id),
  kind             text NOT NULL,
  idx              integer NOT NULL DEFAULT 0,
  content_type     text NOT NULL,
  byte_size        integer NOT NULL,
  -- Bytes live here with the database media store; an external store keeps only its object key.
  bytes            bytea,
  storage_key      text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (verification_id, kind, idx)
);

CREATE TABLE usage_records (
  verification_id  uuid PRIMARY KEY REFERENCES verifications (id),
  api_key_id       bigint NOT NULL REFERENCES api_keys (id),
  day              date NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX usage_records_owner_day_idx ON usage_records (api_key_id, day);

-- Transactional outbox: written in the same transaction as the state change it announces.
CREATE TABLE events (
  id               uuid PRIMARY KEY,
  type             text NOT NULL,
  api_key_id       bigint NOT NULL REFERENCES api_keys (id),
  verification_id  uuid,
  data             jsonb NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  dispatched_at    timestamptz
);
CREATE INDEX events_undispatched_idx ON events (created_at) WHERE dispatched_at IS NULL;
