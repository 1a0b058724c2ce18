-- The sweep of unreferenced media objects (MEDIA_STORE=s3) looks rows up by object key, a page of
-- keys at a time. Rows kept in the database have no key, so the index holds only bucket-backed rows.
CREATE INDEX media_storage_key_idx ON media (storage_key) WHERE storage_key IS NOT NULL;
