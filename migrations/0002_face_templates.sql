-- Face templates for the fleet-wide duplicate-face search, and the operator's blocklist of known
-- fraudulent faces. Only templates (128-d descriptors) are kept here, never images.
-- `embedding` (real[]) always exists so the exact search works on any PostgreSQL; where pgvector is
-- installed, `embedding_vec` with an HNSW index serves the same query interface faster.

CREATE TABLE face_templates (
  verification_id  uuid PRIMARY KEY REFERENCES verifications (id),
  api_key_id       bigint NOT NULL REFERENCES api_keys (id),
  identity         jsonb,
  embedding        real[] NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE face_blocklist (
  id           bigserial PRIMARY KEY,
  label        text NOT NULL,
  embedding    real[] NOT NULL,
  created_by   bigint REFERENCES api_keys (id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  deleted_at   timestamptz
);

DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS vector;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pgvector is not installed; duplicate-face search falls back to exact search';
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') THEN
    EXECUTE 'ALTER TABLE face_templates ADD COLUMN embedding_vec vector(128)';
    EXECUTE 'CREATE INDEX face_templates_embedding_hnsw ON face_templates USING hnsw (embedding_vec vector_l2_ops)';
    EXECUTE 'ALTER TABLE face_blocklist ADD COLUMN embedding_vec vector(128)';
  END IF;
END $$;
