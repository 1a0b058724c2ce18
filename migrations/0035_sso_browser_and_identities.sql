-- Single sign-on bound to the browser and to the provider's identity (docs/review.md "Single sign-on").

-- The digest of a random cookie set in the browser that started the sign-in; the callback must come
-- with that cookie. Logins started before this migration have none and are refused (they last 10 min).
ALTER TABLE sso_logins ADD COLUMN browser_hash text;
-- A signed-in member linking their own provider identity: the callback must come with their session.
ALTER TABLE sso_logins ADD COLUMN link_member_id bigint REFERENCES members (id);

-- The identity a provider vouches for (issuer, sub), linked to a member the first time they sign in
-- through single sign-on; later sign-ins find the member by it, never by e-mail address.
CREATE TABLE member_sso_identities (
  account_id  bigint NOT NULL REFERENCES accounts (id),
  issuer      text NOT NULL,
  subject     text NOT NULL,
  member_id   bigint NOT NULL REFERENCES members (id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, issuer, subject),
  UNIQUE (member_id, issuer)
);

-- Whether single sign-on may sign the member in: true for members it provisioned, false for those who
-- joined by invitation (passkey) until an admin allows it. Operator members are never signed in by it.
ALTER TABLE members ADD COLUMN sso_allowed boolean NOT NULL DEFAULT false;
-- Members single sign-on provisioned before this migration are the ones without a passkey.
UPDATE members SET sso_allowed = true
WHERE NOT operator AND NOT EXISTS (SELECT 1 FROM member_passkeys p WHERE p.member_id = members.id);
