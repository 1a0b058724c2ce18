-- The event log (GET /v1/events): one key's events, newest first, within the 30 days they are kept.
-- `seq` is the order events were written in; timestamps can tie (one transaction, or one millisecond).
ALTER TABLE events ADD COLUMN seq bigserial;
CREATE INDEX events_owner_seq_idx ON events (api_key_id, seq DESC);
CREATE INDEX events_created_idx ON events (created_at);
