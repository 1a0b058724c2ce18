-- Desktop-to-phone handoff (docs/api.md "Handoff"): a single-use, short-lived link that lets a second
-- device continue a verification with a client token of its own. Only the SHA-256 of the link's token
-- is stored; claiming it sets claimed_at once, atomically.
CREATE TABLE handoff_links (
  token_hash       text PRIMARY KEY,
  verification_id  uuid NOT NULL REFERENCES verifications (id),
  created_at       timestamptz NOT NULL,
  expires_at       timestamptz NOT NULL,
  claimed_at       timestamptz,
  -- A newer link for the same verification replaces this one while it is unclaimed.
  replaced_at      timestamptz
);
CREATE INDEX handoff_links_verification_idx ON handoff_links (verification_id, created_at);
