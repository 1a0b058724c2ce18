-- Change notifications for the in-process read caches (src/adapters/db/read-cache.ts). Triggers, not
-- application code, send them, so every writer is covered: this service, another instance, the CLI,
-- or an operator's psql session. Delivered on commit; PostgreSQL drops duplicates within a transaction.

-- Any change that can affect authentication or the key list. last_used_at alone does not notify: it is
-- written at most once a minute per key and instance and is documented as approximate.
CREATE FUNCTION notify_api_key_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('api_key_changes', '');
  RETURN NULL;
END;
$$;
CREATE TRIGGER api_keys_notify_changes
  AFTER INSERT OR DELETE OR UPDATE OF label, scopes, key_hash, key_prefix, owner_key_id, revoked_at, created_at
  ON api_keys
  FOR EACH STATEMENT EXECUTE FUNCTION notify_api_key_changes();

-- The id of each verification whose row or audit log changed.
CREATE FUNCTION notify_verification_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'verification_audit' THEN
    PERFORM pg_notify('verification_changes', NEW.verification_id::text);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('verification_changes', OLD.id::text);
  ELSE
    PERFORM pg_notify('verification_changes', NEW.id::text);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER verifications_notify_changes AFTER INSERT OR UPDATE OR DELETE ON verifications
  FOR EACH ROW EXECUTE FUNCTION notify_verification_changes();
CREATE TRIGGER verification_audit_notify_changes AFTER INSERT ON verification_audit
  FOR EACH ROW EXECUTE FUNCTION notify_verification_changes();
