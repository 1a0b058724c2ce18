-- API keys form a tree through owner_key_id (the key that created this one; NULL for keys made at
-- start-up or by the CLI). Revoking a key revokes its whole subtree in the same statement, whoever
-- writes the revocation (the API, the CLI, an operator's psql session): a key minted by a stolen key
-- must not outlive it. The statement-level trigger of 0005 then notifies the read caches once.

CREATE FUNCTION revoke_api_key_descendants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH RECURSIVE subtree AS (
    SELECT id FROM api_keys WHERE owner_key_id = NEW.id
    UNION
    SELECT k.id FROM api_keys k JOIN subtree s ON k.owner_key_id = s.id
  )
  UPDATE api_keys SET revoked_at = NEW.revoked_at
  WHERE id IN (SELECT id FROM subtree) AND revoked_at IS NULL;
  RETURN NULL;
END;
$$;
CREATE TRIGGER api_keys_revoke_descendants
  AFTER UPDATE OF revoked_at ON api_keys
  FOR EACH ROW
  WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION revoke_api_key_descendants();

-- Keys minted before this migration below an already revoked key are revoked now, at the time their
-- nearest revoked ancestor was.
WITH RECURSIVE inherited AS (
  SELECT id, revoked_at FROM api_keys WHERE revoked_at IS NOT NULL
  UNION
  SELECT k.id, i.revoked_at FROM api_keys k JOIN inherited i ON k.owner_key_id = i.id
)
UPDATE api_keys SET revoked_at = (SELECT min(i.revoked_at) FROM inherited i WHERE i.id = api_keys.id)
WHERE revoked_at IS NULL AND id IN (SELECT id FROM inherited);

-- The operator scope (docs/security.md) is not part of "*". The keys the service made itself at first
-- start (labels "root" and "bootstrap", no owner) keep the powers they had over the face blocklist.
UPDATE api_keys SET scopes = scopes || '["operator"]'::jsonb
WHERE owner_key_id IS NULL AND label IN ('root', 'bootstrap') AND scopes ? '*' AND NOT scopes ? 'operator';

-- The origins a merchant embeds the hosted flow from (publishable key settings). The flow page's CSP
-- frame-ancestors is built from the live keys' origins (src/http/routes/hosted-flow.ts).
ALTER TABLE publishable_keys ADD COLUMN allowed_origins jsonb NOT NULL DEFAULT '[]'::jsonb;
