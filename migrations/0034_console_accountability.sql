-- Accountability in the team console (docs/review.md "Teams"): an invitation can be revoked before it
-- is used, every API key records the member who minted it from the console, and the account's audit
-- trail also names actions the host's CLI (no member) or an operator's API key took.

-- A revoked invitation can no longer be accepted. Removing a member, or demoting them below admin,
-- revokes the pending invitations they created in the same transaction.
ALTER TABLE member_invitations ADD COLUMN revoked_at timestamptz;
CREATE INDEX member_invitations_inviter_idx ON member_invitations (invited_by)
  WHERE accepted_at IS NULL AND revoked_at IS NULL;

-- Who minted a key: owner_key_id when a key minted it, created_by_member_id when a console admin did,
-- neither for the host's CLI and the keys made at first start.
ALTER TABLE api_keys ADD COLUMN created_by_member_id bigint REFERENCES members (id);

-- The actor of an audit entry: a member, an API key (the operator's), or neither (the host's CLI).
ALTER TABLE account_audit ALTER COLUMN actor_member_id DROP NOT NULL;
ALTER TABLE account_audit ADD COLUMN actor_key_id bigint REFERENCES api_keys (id);
