import { z } from 'zod';
import { KEY_MODES } from '../../core/api-keys/api-key.js';
import { isoWithoutZone } from '../../core/time.js';
import type { ApiKey } from '../../ports/api-key-store.js';

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
