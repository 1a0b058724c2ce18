-- The account's own audit trail (docs/review.md "Teams"): changes to its people that no verification's
-- audit log would hold, such as a role changed or a member removed, each naming the member who made it.
CREATE TABLE account_audit (
  id                 bigserial PRIMARY KEY,
  account_id         bigint NOT NULL REFERENCES accounts (id),
  event              text NOT NULL,
  -- The member who made the change.
  actor_member_id    bigint NOT NULL REFERENCES members (id),
  -- The member it was made to.
  subject_member_id  bigint REFERENCES members (id),
  detail             jsonb NOT NULL DEFAULT '{}'::jsonb,
  at                 timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX account_audit_account_idx ON account_audit (account_id, id DESC);
