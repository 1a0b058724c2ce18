-- People: the members of a merchant account, each with one role, who sign in to the console with a
-- passkey (docs/review.md "Teams"). Secrets are stored only as SHA-256 digests: invitation tokens and
-- session ids are shown once, to the person they are for, and compared by digest.

CREATE TABLE members (
  id            bigserial PRIMARY KEY,
  account_id    bigint NOT NULL REFERENCES accounts (id),
  -- Lower-cased; one member per address and account.
  email         text NOT NULL,
  display_name  text NOT NULL,
  role          text NOT NULL CHECK (role IN ('admin', 'reviewer', 'viewer')),
  created_at    timestamptz NOT NULL DEFAULT now(),
  removed_at    timestamptz,
  UNIQUE (account_id, email)
);

-- An invitation by link: single use (accepted_at), expiring (expires_at), the token's digest only.
CREATE TABLE member_invitations (
  id                  bigserial PRIMARY KEY,
  account_id          bigint NOT NULL REFERENCES accounts (id),
  email               text NOT NULL,
  role                text NOT NULL CHECK (role IN ('admin', 'reviewer', 'viewer')),
  token_hash          text NOT NULL UNIQUE,
  -- NULL when the operator's CLI made it (an account's first admin).
  invited_by          bigint REFERENCES members (id),
  created_at          timestamptz NOT NULL DEFAULT now(),
  expires_at          timestamptz NOT NULL,
  accepted_at         timestamptz,
  accepted_member_id  bigint REFERENCES members (id)
);
CREATE INDEX member_invitations_account_idx ON member_invitations (account_id, id);

-- WebAuthn credentials (passkeys). credential_id is the authenticator's id (base64url).
CREATE TABLE member_passkeys (
  credential_id  text PRIMARY KEY,
  member_id      bigint NOT NULL REFERENCES members (id),
  public_key     bytea NOT NULL,
  counter        bigint NOT NULL DEFAULT 0,
  transports     jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at     timestamptz NOT NULL DEFAULT now(),
  last_used_at   timestamptz
);
CREATE INDEX member_passkeys_member_idx ON member_passkeys (member_id);

-- A WebAuthn ceremony in progress: the challenge the service issued, used once (deleted when answered).
CREATE TABLE webauthn_ceremonies (
  id_hash        text PRIMARY KEY,
  purpose        text NOT NULL CHECK (purpose IN ('register', 'sign_in')),
  challenge      text NOT NULL,
  invitation_id  bigint REFERENCES member_invitations (id),
  expires_at     timestamptz NOT NULL
);
CREATE INDEX webauthn_ceremonies_expiry_idx ON webauthn_ceremonies (expires_at);

-- Console sessions. The cookie holds the session id; only its digest is here. A session ends at
-- expires_at (absolute), after idle_timeout without use (last_seen_at), or when revoked.
CREATE TABLE member_sessions (
  id_hash       text PRIMARY KEY,
  member_id     bigint NOT NULL REFERENCES members (id),
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  revoked_at    timestamptz
);
CREATE INDEX member_sessions_member_idx ON member_sessions (member_id) WHERE revoked_at IS NULL;

-- Who decided a review, when a person did (verifications.reviewer_key_id stays for keys).
ALTER TABLE verifications ADD COLUMN reviewer_member_id bigint REFERENCES members (id);
-- A review case assigned to a member of the account.
ALTER TABLE verifications ADD COLUMN assigned_member_id bigint REFERENCES members (id);
