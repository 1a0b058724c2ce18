-- Test mode (docs/testing.md): a key is live or test for life, and everything it creates carries its
-- mode. Verifications and webhook endpoints are owned by one key, so the mode never mixes; the
-- column says which world a row belongs to without a join, and test verifications are never metered.
ALTER TABLE api_keys
  ADD COLUMN mode text NOT NULL DEFAULT 'live' CHECK (mode IN ('live', 'test'));

ALTER TABLE verifications
  ADD COLUMN mode text NOT NULL DEFAULT 'live' CHECK (mode IN ('live', 'test')),
  -- The reason codes a test verification is forced to (null: chosen in the hosted flow at submit).
  ADD COLUMN test_outcome jsonb,
  ADD CONSTRAINT verifications_test_outcome_only_in_test CHECK (test_outcome IS NULL OR mode = 'test');

ALTER TABLE webhook_endpoints
  ADD COLUMN mode text NOT NULL DEFAULT 'live' CHECK (mode IN ('live', 'test'));
