-- Wrapped per-verification data keys for VERIFICATION_KEY_STORE=database (the default with a PostgreSQL
-- server): each row is the verification's key wrapped under DATA_ENCRYPTION_KEY. Redaction deletes the
-- row. No foreign key: a key is made before the verification's row commits, on its own connection.
-- The embedded database keeps keys in files instead (deleted rows survive in its write-ahead log).
CREATE TABLE verification_keys (
  verification_id uuid PRIMARY KEY,
  wrapped text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
