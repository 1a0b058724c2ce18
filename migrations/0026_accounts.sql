-- Merchant accounts (tenants). Every API key and every publishable key belongs to exactly one account.
-- A key minted by a key stays in that key's account, whoever writes the row (the API, the CLI, an
-- operator's psql session): a BEFORE INSERT trigger takes the account from the owner. A key with no
-- owner either names its account (the operator's POST /v1/accounts, `idv keys create --account`) or,
-- when it names none (the start-up root key, `idv keys create` without --account), opens an account
-- of its own. Verifications stay owned by the key that created them; an account reaches them through
-- its keys.

CREATE TABLE accounts (
  id          bigserial PRIMARY KEY,
  name        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  -- The root of the key lineage an existing deployment's account was made from (NULL for accounts
  -- created after this migration). Kept so an operator can tell which account each old tree became.
  lineage_root_key_id bigint UNIQUE REFERENCES api_keys (id)
);

-- Existing keys: one account per lineage root (a key with no owner), named after the root's label.
INSERT INTO accounts (name, created_at, lineage_root_key_id)
SELECT label, created_at, id FROM api_keys WHERE owner_key_id IS NULL ORDER BY id;

ALTER TABLE api_keys ADD COLUMN account_id bigint REFERENCES accounts (id);
WITH RECURSIVE lineage(id, root_id) AS (
  SELECT id, id FROM api_keys WHERE owner_key_id IS NULL
  UNION ALL
  SELECT k.id, l.root_id FROM api_keys k JOIN lineage l ON k.owner_key_id = l.id
)
UPDATE api_keys SET account_id = a.id
FROM lineage l JOIN accounts a ON a.lineage_root_key_id = l.root_id
WHERE api_keys.id = l.id;
ALTER TABLE api_keys ALTER COLUMN account_id SET NOT NULL;
CREATE INDEX api_keys_account_idx ON api_keys (account_id);

CREATE FUNCTION assign_api_key_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.owner_key_id IS NOT NULL THEN
    -- Whatever the writer asked for, a minted key lives in its owner's account.
    SELECT account_id INTO NEW.account_id FROM api_keys WHERE id = NEW.owner_key_id;
  ELSIF NEW.account_id IS NULL THEN
    INSERT INTO accounts (name, created_at) VALUES (NEW.label, coalesce(NEW.created_at, now()))
    RETURNING id INTO NEW.account_id;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER api_keys_assign_account
  BEFORE INSERT ON api_keys
  FOR EACH ROW
  EXECUTE FUNCTION assign_api_key_account();

-- A key never moves between accounts: its verifications, publishable keys and webhooks would follow it.
CREATE FUNCTION refuse_api_key_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'an API key does not change account' USING ERRCODE = 'IK002';
END;
$$;
CREATE TRIGGER api_keys_account_is_fixed
  BEFORE UPDATE OF account_id ON api_keys
  FOR EACH ROW
  WHEN (OLD.account_id IS DISTINCT FROM NEW.account_id)
  EXECUTE FUNCTION refuse_api_key_account_change();

-- Publishable keys belong to the account of the API key that created them.
ALTER TABLE publishable_keys ADD COLUMN account_id bigint REFERENCES accounts (id);
UPDATE publishable_keys SET account_id = k.account_id FROM api_keys k WHERE k.id = publishable_keys.api_key_id;
ALTER TABLE publishable_keys ALTER COLUMN account_id SET NOT NULL;
CREATE INDEX publishable_keys_account_idx ON publishable_keys (account_id);

CREATE FUNCTION assign_publishable_key_account() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT account_id INTO NEW.account_id FROM api_keys WHERE id = NEW.api_key_id;
  RETURN NEW;
END;
$$;
CREATE TRIGGER publishable_keys_assign_account
  BEFORE INSERT ON publishable_keys
  FOR EACH ROW
  EXECUTE FUNCTION assign_publishable_key_account();
