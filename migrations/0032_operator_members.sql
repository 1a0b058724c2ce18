-- The operator's people (docs/self-hosting.md "The operator's console"): a member flagged operator sees
-- every account with its usage and the deployment's health in the console, as the `operator` scope of
-- an API key does over HTTP, without typing that key into a browser. Only the host's CLI
-- (`idv accounts invite --operator`) makes such an invitation; no member can.
ALTER TABLE members ADD COLUMN operator boolean NOT NULL DEFAULT false;
ALTER TABLE member_invitations ADD COLUMN operator boolean NOT NULL DEFAULT false;
