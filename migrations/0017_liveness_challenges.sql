-- Active liveness (docs/faces.md, "Challenge"): the action sequences issued to a verification's
-- capture. Single use: answered_at is set by the selfie that answered it. `seq` orders them (the
-- newest is the one that counts), also when two are issued within one clock tick.
CREATE TABLE liveness_challenges (
  id               text PRIMARY KEY,
  seq              bigserial NOT NULL,
  verification_id  uuid NOT NULL REFERENCES verifications (id),
  actions          jsonb NOT NULL,
  issued_at        timestamptz NOT NULL,
  expires_at       timestamptz NOT NULL,
  answered_at      timestamptz
);
CREATE INDEX liveness_challenges_verification_idx ON liveness_challenges (verification_id, seq);

-- The challenge answer that goes with the verification's current selfie frames: which challenge,
-- each frame's action and capture time, and any problem found when it arrived. Replaced with the frames.
CREATE TABLE selfie_answers (
  verification_id  uuid PRIMARY KEY REFERENCES verifications (id),
  answer           jsonb NOT NULL
);

-- Perceptual hashes (256-bit dHash) of decided selfie frames, so a frame sent again in a later
-- verification of the same key is seen as a replay. Deleted with the media they were computed from.
-- bands indexes the hash for the search within 20 bits (multi-index hashing): the hash cut into 11
-- bands (3 of 24 bits, then 8 of 23), each band's bits as an integer. Two hashes within 21 bits of
-- each other differ in at most one bit in some band, so a search looks up each band's value and its
-- one-bit neighbours in that band's index and checks bit_count only on the rows found
-- (src/adapters/db/face-store.ts, frameHashBands).
CREATE TABLE selfie_frame_hashes (
  verification_id  uuid NOT NULL REFERENCES verifications (id),
  api_key_id       bigint NOT NULL REFERENCES api_keys (id),
  frame_index      integer NOT NULL,
  hash             bit(256) NOT NULL,
  bands            integer[] NOT NULL,
  created_at       timestamptz NOT NULL,
  PRIMARY KEY (verification_id, frame_index)
);
CREATE INDEX selfie_frame_hashes_key_idx ON selfie_frame_hashes (api_key_id);
CREATE INDEX selfie_frame_hashes_band1_idx ON selfie_frame_hashes ((bands[1]));
CREATE INDEX selfie_frame_hashes_band2_idx ON selfie_frame_hashes ((bands[2]));
CREATE INDEX selfie_frame_hashes_band3_idx ON selfie_frame_hashes ((bands[3]));
CREATE INDEX selfie_frame_hashes_band4_idx ON selfie_frame_hashes ((bands[4]));
CREATE INDEX selfie_frame_hashes_band5_idx ON selfie_frame_hashes ((bands[5]));
CREATE INDEX selfie_frame_hashes_band6_idx ON selfie_frame_hashes ((bands[6]));
CREATE INDEX selfie_frame_hashes_band7_idx ON selfie_frame_hashes ((bands[7]));
CREATE INDEX selfie_frame_hashes_band8_idx ON selfie_frame_hashes ((bands[8]));
CREATE INDEX selfie_frame_hashes_band9_idx ON selfie_frame_hashes ((bands[9]));
CREATE INDEX selfie_frame_hashes_band10_idx ON selfie_frame_hashes ((bands[10]));
CREATE INDEX selfie_frame_hashes_band11_idx ON selfie_frame_hashes ((bands[11]));
