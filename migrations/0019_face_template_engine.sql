-- Face templates record the engine (recognizer and weights) that made them: embeddings of different
-- recognizers are not comparable, so duplicate search and the blocklist compare a template only with
-- templates of its own engine. Every template stored before this migration came from the 128-d
-- face-api descriptor; they keep that label and drop out of the vector index (a NULL is not indexed),
-- so they neither match nor crowd the index's candidates. They still expire with their retention.
ALTER TABLE face_templates ADD COLUMN engine text NOT NULL DEFAULT 'face-api/face_recognition_model';
ALTER TABLE face_templates ALTER COLUMN engine DROP DEFAULT;
ALTER TABLE face_blocklist ADD COLUMN engine text NOT NULL DEFAULT 'face-api/face_recognition_model';
ALTER TABLE face_blocklist ALTER COLUMN engine DROP DEFAULT;

DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM information_schema.columns WHERE table_name = 'face_templates' AND column_name = 'embedding_vec'
  ) THEN
    EXECUTE 'UPDATE face_templates SET embedding_vec = NULL';
    EXECUTE 'UPDATE face_blocklist SET embedding_vec = NULL';
  END IF;
END $$;
