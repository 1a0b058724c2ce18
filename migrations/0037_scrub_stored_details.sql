-- Two details that stored records kept and no longer carry.
-- The verification.reviewed event names a member by id only: the name was kept in events and stored
-- webhook payloads, where redaction does not reach.
UPDATE events SET data = data - 'reviewer_name'
  WHERE type = 'verification.reviewed' AND data ? 'reviewer_name';
UPDATE webhook_deliveries SET payload = (payload::jsonb #- '{data,reviewer_name}')::text
  WHERE payload LIKE '%"reviewer_name"%' AND payload::jsonb -> 'data' ? 'reviewer_name';
-- A delivery refused by the address policy records one fixed message: the detailed reason said what the
-- endpoint's host resolved to inside the network, or that it did not resolve.
UPDATE webhook_delivery_attempts SET error = 'refused: host is not publicly routable'
  WHERE error LIKE 'refused: host %';
