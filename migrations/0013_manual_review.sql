-- Manual review (docs/review.md): a person's decision on a verification the checks decided `review`.
-- The automatic decision stays in `decision`; these columns hold the reviewer's, set once.
ALTER TABLE verifications
  ADD COLUMN review_decision text CHECK (review_decision IN ('approve', 'decline')),
  ADD COLUMN review_note text,
  ADD COLUMN reviewed_at timestamptz,
  ADD COLUMN reviewer_key_id bigint REFERENCES api_keys (id);

-- The review queue (GET /v1/verifications?decision=review&reviewed=false): a merchant's verifications
-- still awaiting a person, newest first. Partial, so it holds only the queue, never the whole history.
CREATE INDEX verifications_review_queue_idx ON verifications (api_key_id, created_at DESC, id DESC)
  WHERE decision = 'review' AND reviewed_at IS NULL;
