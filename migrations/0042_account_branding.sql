-- Account branding (docs/hosted-flow.md "Branding"): the name, colour, logo and links the hosted flow
-- shows the account's end users. One row per account that set any; no row is the unbranded flow. The
-- logo is the service's own re-encoding of the admin's upload (WebP, at most 256×256), never the upload.
CREATE TABLE account_branding (
  account_id integer PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  display_name text CHECK (char_length(display_name) BETWEEN 1 AND 80),
  colour text CHECK (colour ~ '^#[0-9a-f]{6}$'),
  support_url text CHECK (char_length(support_url) <= 500),
  privacy_url text CHECK (char_length(privacy_url) <= 500),
  logo bytea,
  updated_at timestamptz NOT NULL
);
