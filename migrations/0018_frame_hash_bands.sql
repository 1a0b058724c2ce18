-- The frame-hash search index (multi-index hashing, src/adapters/db/face-store.ts frameHashBands):
-- each remembered hash also kept as 11 bands (3 of 24 bits, then 8 of 23), each band's bits as an
-- integer with an index of its own. Two hashes within 21 bits of each other differ in at most one bit
-- in some band, so a search looks up each band's value and its one-bit neighbours and checks
-- bit_count only on the rows found.
--
-- Idempotent on purpose: 0017 as last released already creates the column and indexes; databases that
-- applied 0017's first version, without them (the migrator accepts that checksum too,
-- src/adapters/db/migrator.ts), get them here.
ALTER TABLE selfie_frame_hashes ADD COLUMN IF NOT EXISTS bands integer[];
UPDATE selfie_frame_hashes SET bands = ARRAY[
  substring(hash FROM 1 FOR 24)::bit(24)::integer,
  substring(hash FROM 25 FOR 24)::bit(24)::integer,
  substring(hash FROM 49 FOR 24)::bit(24)::integer,
  substring(hash FROM 73 FOR 23)::bit(23)::integer,
  substring(hash FROM 96 FOR 23)::bit(23)::integer,
  substring(hash FROM 119 FOR 23)::bit(23)::integer,
  substring(hash FROM 142 FOR 23)::bit(23)::integer,
  substring(hash FROM 165 FOR 23)::bit(23)::integer,
  substring(hash FROM 188 FOR 23)::bit(23)::integer,
  substring(hash FROM 211 FOR 23)::bit(23)::integer,
  substring(hash FROM 234 FOR 23)::bit(23)::integer
] WHERE bands IS NULL;
ALTER TABLE selfie_frame_hashes ALTER COLUMN bands SET NOT NULL;
CREATE INDEX IF NOT EXISTS selfie_frame_hashes_band1_idx ON selfie_frame_hashes ((bands[1]));
CREATE INDEX IF NOT EXISTS selfie_frame_hashes_band2_idx ON selfie_frame_hashes ((bands[2]));
CREATE INDEX IF NOT EXISTS selfie_frame_hashes_band3_idx ON selfie_frame_hashes ((bands[3]));
CREATE INDEX IF NOT EXISTS selfie_frame_hashes_band4_idx ON selfie_frame_hashes ((bands[4]));
CREATE INDEX IF NOT EXISTS selfie_frame_hashes_band5_idx ON selfie_frame_hashes ((bands[5]));
CREATE INDEX IF NOT EXISTS selfie_frame_hashes_band6_idx ON selfie_frame_hashes ((bands[6]));
CREATE INDEX IF NOT EXISTS selfie_frame_hashes_band7_idx ON selfie_frame_hashes ((bands[7]));
CREATE INDEX IF NOT EXISTS selfie_frame_hashes_band8_idx ON selfie_frame_hashes ((bands[8]));
CREATE INDEX IF NOT EXISTS selfie_frame_hashes_band9_idx ON selfie_frame_hashes ((bands[9]));
CREATE INDEX IF NOT EXISTS selfie_frame_hashes_band10_idx ON selfie_frame_hashes ((bands[10]));
CREATE INDEX IF NOT EXISTS selfie_frame_hashes_band11_idx ON selfie_frame_hashes ((bands[11]));
