-- Account-wide webhook endpoints (docs/webhooks.md "Account endpoints"): an account's admin registers
-- them in the console, and they receive the events of every verification in the account, whichever of
-- its keys created it. An endpoint registered with an API key keeps receiving that key's events only.
-- Each endpoint has exactly one owner: a key or an account. An account endpoint's mode is chosen when
-- it is made (a key endpoint's is its key's), and it receives only verifications of that mode.
ALTER TABLE webhook_endpoints ADD COLUMN account_id bigint REFERENCES accounts (id);
ALTER TABLE webhook_endpoints ALTER COLUMN api_key_id DROP NOT NULL;
ALTER TABLE webhook_endpoints
  ADD CONSTRAINT webhook_endpoints_one_owner CHECK ((api_key_id IS NULL) <> (account_id IS NULL));
CREATE INDEX webhook_endpoints_account_idx ON webhook_endpoints (account_id, id) WHERE active;
