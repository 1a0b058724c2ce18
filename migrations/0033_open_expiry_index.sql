-- 0001's open-expiry index predates canceling: its predicate (status NOT IN ('decided', 'expired'))
-- kept every canceled verification in the index for good. The expiry sweep asks for the open statuses
-- only, and the index now holds exactly those rows.
DROP INDEX verifications_open_expiry_idx;
CREATE INDEX verifications_open_expiry_idx ON verifications (expires_at)
  WHERE status IN ('doc_front', 'doc_back', 'selfie');
