-- Per-account retention (docs/privacy.md "Per-account retention"): an account's admin may keep media,
-- personal data and face templates for fewer days than the deployment's RETENTION_* settings, never
-- more (the service refuses a longer period, and the sweeper applies the shorter of the two). NULL is
-- the deployment's period.
ALTER TABLE accounts
  ADD COLUMN retention_media_days integer CHECK (retention_media_days > 0),
  ADD COLUMN retention_pii_days integer CHECK (retention_pii_days > 0),
  ADD COLUMN retention_template_days integer CHECK (retention_template_days > 0);
