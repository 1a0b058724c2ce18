-- Privacy (docs/privacy.md): redaction on request and retention. `redacted_at` is when the personal data
-- of a verification (barcode, parsed identity, metadata, review note, device signals, client address)
-- was erased, on request (POST /v1/verifications/{id}/redact) or by the retention sweeper; the id,
-- status, decision, score, reasons, timestamps and audit log stay.
ALTER TABLE verifications ADD COLUMN redacted_at timestamptz;

-- The retention sweeper's candidates (src/adapters/db/retention-store.ts): decided verifications by
-- decision time (media), those whose personal data is still kept (PII), unfinished ones by expiry, and
-- templates by age. The partial indexes shrink as the sweeper works, so a run never rescans its past.
CREATE INDEX verifications_decided_at_idx ON verifications (decided_at, id) WHERE decided_at IS NOT NULL;
CREATE INDEX verifications_unredacted_decided_idx ON verifications (decided_at)
  WHERE decided_at IS NOT NULL AND redacted_at IS NULL;
CREATE INDEX verifications_unfinished_idx ON verifications (expires_at)
  WHERE decided_at IS NULL AND redacted_at IS NULL;
CREATE INDEX face_templates_created_idx ON face_templates (created_at);

-- One row per periodic job that must run on one instance at a time (the retention sweeper): an instance
-- holds the lease until `expires_at` and renews it while it works; a crashed holder's lease runs out.
CREATE TABLE job_leases (
  name        text PRIMARY KEY,
  holder      text NOT NULL,
  expires_at  timestamptz NOT NULL
);
