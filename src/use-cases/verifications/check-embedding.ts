import { isAllowedReturnTarget, webOrigin } from '../../core/api-keys/embedding-origins.js';
import { ApiError } from '../../core/errors.js';
import type { Verification } from '../../core/verifications/verification.js';
import type { PublishableKeyStore } from '../../ports/publishable-key-store.js';

export type EmbeddingDeps = { publishableKeys: Pick<PublishableKeyStore, 'ownerOf' | 'list'> };

/** How the hosted flow was launched, as the browser SDK put it in the flow's URL. */
export type FlowLaunch = {
  /** The SDK's publishable key (embedded modes). */
  publishableKey?: string | undefined;
  /** The page embedding the flow, which receives its progress messages. */
  origin?: string | undefined;
  /** Where redirect mode sends the user back. */
  redirectUrl?: string | undefined;
};

/**
 * Before any step shows, the flow has the service confirm its launch belongs to the verification's
 * merchant: the publishable key is that merchant's, and the embedding page and the return address are
 * on origins the merchant allowed (docs/security.md "Hosted flow").
 */
export async function checkFlowLaunch(
  deps: EmbeddingDeps,
  verification: Pick<Verification, 'api_key_id' | 'return_url'>,
  launch: FlowLaunch,
): Promise<void> {
  if (launch.publishableKey !== undefined) {
    const owner = await deps.publishableKeys.ownerOf(launch.publishableKey);
    if (owner === null || owner !== verification.api_key_id) throw new ApiError('publishable_key_mismatch');
  }
  const targets = (
    [
      ['origin', launch.origin],
      ['redirect_url', launch.redirectUrl],
    ] as const
  )
    // The return_url the merchant set at creation (server to server, with its API key) is its own choice.
    .filter(([field, target]) => !(field === 'redirect_url' && target === verification.return_url))
    .filter((entry): entry is readonly ['origin' | 'redirect_url', string] => entry[1] !== undefined);
  if (targets.length === 0) return;
  const allowed = (await deps.publishableKeys.list({ apiKeyId: verification.api_key_id }))
    .filter((key) => key.revoked_at === null)
    .flatMap((key) => key.allowed_origins);
  for (const [field, target] of targets) {
    if (!isAllowedReturnTarget(target, allowed)) {
      throw new ApiError('origin_not_allowed', { field, origin: webOrigin(target) ?? target });
    }
  }
}
