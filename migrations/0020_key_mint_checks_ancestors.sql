-- A key is minted only while its owner and every key above it are live, checked inside the INSERT under
-- row locks. Without this, a key minted on one instance while another instance revoked its owner could
-- land after the revocation's cascade (0007) had listed the subtree, and stay live with its revoked
-- parent's powers. The chain is locked root first, the order in which a cascading revocation takes
-- the same rows, so a mint and a revocation serialise without deadlock: whichever commits first, the
-- other sees it (a revocation's cascade reads the tree afresh in each trigger call).
CREATE FUNCTION refuse_key_under_revoked_owner() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  chain bigint[];
  ancestor bigint;
  ancestor_revoked_at timestamptz;
BEGIN
  IF NEW.owner_key_id IS NULL THEN
    RETURN NEW;
  END IF;
  WITH RECURSIVE up(id, owner_key_id, depth) AS (
    SELECT id, owner_key_id, 0 FROM api_keys WHERE id = NEW.owner_key_id
    UNION ALL
    SELECT k.id, k.owner_key_id, up.depth + 1 FROM api_keys k JOIN up ON k.id = up.owner_key_id
  )
  SELECT array_agg(id ORDER BY depth DESC) INTO chain FROM up;
  FOREACH ancestor IN ARRAY coalesce(chain, ARRAY[]::bigint[]) LOOP
    SELECT revoked_at INTO ancestor_revoked_at FROM api_keys WHERE id = ancestor FOR SHARE;
    IF ancestor_revoked_at IS NOT NULL THEN
      RAISE EXCEPTION 'api key % is revoked', ancestor USING ERRCODE = 'IK001';
    END IF;
  END LOOP;
  RETURN NEW;
END;
$$;
CREATE TRIGGER api_keys_refuse_under_revoked_owner
  BEFORE INSERT ON api_keys
  FOR EACH ROW
  EXECUTE FUNCTION refuse_key_under_revoked_owner();
