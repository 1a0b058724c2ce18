-- A handoff link, and the client token it is exchanged for, live no longer than the client token that
-- created the link: a chain of handoffs cannot outlive the first token the merchant issued. NULL on
-- links made before this migration (they expire within ten minutes of their creation anyway).
ALTER TABLE handoff_links ADD COLUMN creator_token_expires_at timestamptz;
