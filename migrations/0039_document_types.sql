-- Passports and identity cards beside driver's licences (docs/api.md "Document types"): the types a
-- verification accepts, the one the end user chose (null until the first document upload), and the
-- merchant's choice to keep a document read only through its machine-readable zone at review.
ALTER TABLE verifications
  ADD COLUMN document_types jsonb NOT NULL DEFAULT '["drivers_license","id_card","passport"]'::jsonb,
  ADD COLUMN document_type text CHECK (document_type IN ('drivers_license', 'id_card', 'passport')),
  ADD COLUMN mrz_review boolean NOT NULL DEFAULT false;
