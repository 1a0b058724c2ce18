-- Screening that keeps watch (docs/screening.md "Monitoring"): each list version's delta against the
-- last one screened, the re-screening of retained verifications and monitored names against it, and
-- the matches found, one row each, so that a delta applied twice never alerts twice.

-- The entries of each list as last screened: the identity of an entry and a digest of the fields a
-- screening reads. A new version is compared with this, not with what one process happens to hold.
CREATE TABLE screening_list_entries (
  list_id   text NOT NULL,
  entry_id  text NOT NULL,
  digest    text NOT NULL,
  name      text NOT NULL,
  PRIMARY KEY (list_id, entry_id)
);

-- One row per new version of a list: the ids of the entries it added, changed and removed. The first version recorded
-- for a list is its baseline (nothing is re-screened against it: every verification was screened at
-- its decision). The re-screen is claimed with a lease, so one worker runs it, and another takes it
-- over if that worker stops.
CREATE TABLE screening_deltas (
  id                 bigserial PRIMARY KEY,
  list_id            text NOT NULL,
  from_version       text,
  to_version         text NOT NULL,
  baseline           boolean NOT NULL DEFAULT false,
  added              jsonb NOT NULL DEFAULT '[]'::jsonb,
  changed            jsonb NOT NULL DEFAULT '[]'::jsonb,
  removed            jsonb NOT NULL DEFAULT '[]'::jsonb,
  added_count        integer NOT NULL DEFAULT 0,
  changed_count      integer NOT NULL DEFAULT 0,
  removed_count      integer NOT NULL DEFAULT 0,
  created_at         timestamptz NOT NULL DEFAULT now(),
  claimed_until      timestamptz,
  rescreened_at      timestamptz,
  rescreen_ms        integer,
  subjects_screened  integer,
  matches_found      integer,
  UNIQUE (list_id, to_version)
);
CREATE INDEX screening_deltas_pending_idx ON screening_deltas (id) WHERE rescreened_at IS NULL;

-- Names and wallets a merchant watches without a verification. The subject (name, date of birth,
-- country, or address and chain) is sealed with the monitor's own key, destroyed on delete and when
-- the personal-data retention period ends.
CREATE TABLE screening_monitors (
  id            uuid PRIMARY KEY,
  api_key_id    bigint NOT NULL REFERENCES api_keys (id),
  kind          text NOT NULL CHECK (kind IN ('name', 'wallet')),
  subject       jsonb NOT NULL,
  external_ref  text,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX screening_monitors_owner_idx ON screening_monitors (api_key_id, created_at DESC, id DESC);

-- Every match found by re-screening, once per subject and list entry. `removed_at` is set when the
-- entry leaves its list (and the subject is told).
CREATE TABLE screening_alerts (
  subject_kind  text NOT NULL CHECK (subject_kind IN ('verification', 'monitor')),
  subject_id    uuid NOT NULL,
  -- The key that owns the subject: its events are this key's.
  api_key_id    bigint NOT NULL REFERENCES api_keys (id),
  list_id       text NOT NULL,
  entry_id      text NOT NULL,
  match         text NOT NULL,
  score         real NOT NULL,
  list_version  text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  removed_at    timestamptz,
  PRIMARY KEY (subject_kind, subject_id, list_id, entry_id)
);
CREATE INDEX screening_alerts_entry_idx ON screening_alerts (list_id, entry_id) WHERE removed_at IS NULL;

-- A verification is re-screened while its personal data is kept, unless the merchant opted out.
ALTER TABLE verifications ADD COLUMN monitor boolean NOT NULL DEFAULT true;
