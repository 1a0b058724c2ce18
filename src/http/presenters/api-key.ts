import { z } from 'zod';
import { KEY_MODES } from '../../core/api-keys/api-key.js';
import { isoWithoutZone } from '../../core/time.js';
import type { ApiKey } from '../../ports/api-key-store.js';
import { MAX_ROLL_GRACE_SECONDS } from '../../use-cases/accounts/api-keys.js';

/**
 * A key just minted, as the merchant's and the console's create routes answer it: the plaintext is in
 * this answer only (the service keeps its hash).
 */
export const mintedKeySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  scopes: z.array(z.string()),
  created_at: z.string(),
  mode: z.enum(KEY_MODES),
  api_key: z.string(),
});

export function presentMintedKey(minted: {
  key: ApiKey;
  plaintext: string;
}): z.infer<typeof mintedKeySchema> {
  const { key, plaintext } = minted;
  return {
    id: key.id,
    label: key.label,
    scopes: key.scopes,
    created_at: isoWithoutZone(key.created_at)!,
    mode: key.mode,
    api_key: plaintext,
  };
}

/** The body of a roll, which may be left out: how long the old key keeps working, acting as its successor. */
export const rollKeyBody = z
  .object({
    expires_in_seconds: z.number().int().min(0).max(MAX_ROLL_GRACE_SECONDS).optional(),
  })
  .nullish();

/** A rolled key's successor, with the plaintext once, and when the old key stops working. */
export const rolledKeySchema = mintedKeySchema.extend({
  rolled_key: z.object({ id: z.number().int(), expires_at: z.string() }),
});

export function presentRolledKey(rolled: {
  key: ApiKey;
  plaintext: string;
  rolled: ApiKey;
}): z.infer<typeof rolledKeySchema> {
  return {
    ...presentMintedKey(rolled),
    rolled_key: { id: rolled.rolled.id, expires_at: isoWithoutZone(rolled.rolled.expires_at)! },
  };
}
