-- OpenID Connect single sign-on per account (docs/review.md "Single sign-on"). The client secret is
-- sealed (AES-256-GCM under WEBHOOK_SECRET_KEY, like webhook endpoint secrets); a person signing in
-- must have a verified email address in one of allowed_domains.
CREATE TABLE account_sso (
  account_id            bigint PRIMARY KEY REFERENCES accounts (id),
  issuer                text NOT NULL,
  client_id             text NOT NULL,
  client_secret_sealed  text NOT NULL,
  allowed_domains       jsonb NOT NULL,
  updated_at            timestamptz NOT NULL DEFAULT now()
);

-- A sign-in in flight: the state's digest, the PKCE verifier and the nonce, used once (deleted at the
-- callback) within 10 minutes.
CREATE TABLE sso_logins (
  state_hash     text PRIMARY KEY,
  account_id     bigint NOT NULL REFERENCES accounts (id),
  code_verifier  text NOT NULL,
  nonce          text NOT NULL,
  expires_at     timestamptz NOT NULL
);
CREATE INDEX sso_logins_expiry_idx ON sso_logins (expires_at);
