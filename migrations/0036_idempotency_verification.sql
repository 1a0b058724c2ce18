-- The verification an idempotent request created or changed: redaction deletes its records with it, so a
-- replay after redaction cannot return the erased metadata or client token. Older records (at most 24
-- hours old when this runs) have none and expire on their own.
ALTER TABLE idempotency_keys ADD COLUMN verification_id uuid;
CREATE INDEX idempotency_keys_verification_idx ON idempotency_keys (verification_id)
  WHERE verification_id IS NOT NULL;
