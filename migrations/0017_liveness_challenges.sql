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
CREATE TABLE selfie_frame_hashes (
  verification_id  uuid NOT NULL REFERENCES verifications (id),
  api_key_id       bigint NOT NULL REFERENCES api_keys (id),
  frame_index      integer NOT NULL,
  hash             bit(256) NOT NULL,
  created_at       timestamptz NOT NULL,
  PRIMARY KEY (verification_id, frame_index)
);
CREATE INDEX selfie_frame_hashes_key_idx ON selfie_frame_hashes (api_key_id);
