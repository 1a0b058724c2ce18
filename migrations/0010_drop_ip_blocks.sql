-- The authentication guard no longer blocks addresses (a blocked office also lost its valid keys):
-- failures past the bound get 429 while valid keys keep working, so there are no blocks to audit.
-- Each failure stays in auth_failures.
DROP TABLE IF EXISTS ip_blocks;
