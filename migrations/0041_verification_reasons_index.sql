-- The console filters an account's verifications by a decision reason (decision_reasons @> '["…"]').
-- Without this index that filter reads every verification of the account; jsonb_path_ops keeps the
-- index small and answers exactly the containment operator.
CREATE INDEX verifications_reasons_idx ON verifications USING gin (decision_reasons jsonb_path_ops);
