-- Rolling a key (POST /v1/keys/{id}/roll): a successor takes over everything the old key owns, and the
-- old key keeps working until expires_at, acting as its successor. successor_key_id is set only on a
-- rolled key; expires_at only on a rolled key too (no other key expires).
ALTER TABLE api_keys ADD COLUMN successor_key_id bigint REFERENCES api_keys (id);
ALTER TABLE api_keys ADD COLUMN expires_at timestamptz;
CREATE INDEX api_keys_successor_idx ON api_keys (successor_key_id) WHERE successor_key_id IS NOT NULL;

-- The read caches hear of a roll from any writer, as of any other change that affects authentication.
DROP TRIGGER api_keys_notify_changes ON api_keys;
CREATE TRIGGER api_keys_notify_changes
  AFTER INSERT OR DELETE OR UPDATE OF label, scopes, key_hash, key_prefix, owner_key_id, revoked_at, created_at,
    successor_key_id, expires_at
  ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION notify_api_key_changes();

-- Revoking a key still revokes the keys below it. The successor of a rolled key is not below it (it
-- takes the old key's place beside it), so revoking the old key leaves it working. Revoking a successor
-- ends the grace of every key rolled into it: those keys act as it, so they must not outlive it.
CREATE OR REPLACE FUNCTION revoke_api_key_descendants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH RECURSIVE subtree AS (
    SELECT id FROM api_keys WHERE owner_key_id = NEW.id OR successor_key_id = NEW.id
    UNION
    SELECT k.id FROM api_keys k JOIN subtree s ON k.owner_key_id = s.id
  )
  UPDATE api_keys SET revoked_at = NEW.revoked_at
  WHERE id IN (SELECT id FROM subtree) AND revoked_at IS NULL;
  RETURN NULL;
END;
$$;
