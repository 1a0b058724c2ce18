import { isAllowedReturnTarget, webOrigin } from '../../core/api-keys/embedding-origins.js';
import { ApiError } from '../../core/errors.js';
import type { Verification } from '../../core/verifications/verification.js';
import type { PublishableKeyStore } from '../../ports/publishable-key-store.js';

export type EmbeddingDeps = { publishableKeys: Pick<PublishableKeyStore, 'list'> };

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
 * merchant: the publishable key is a live key of the verification's account, the embedding page is on
 * an origin that key lists (the same key whose origins framed the page, docs/security.md "Hosted
 * flow"), and the return address is on an origin one of the account's live keys lists.
 */
export async function checkFlowLaunch(
  deps: EmbeddingDeps,
  verification: Pick<Verification, 'api_key_id' | 'return_url'>,
  launch: FlowLaunch,
): Promise<void> {
  const accountKeys = (await deps.publishableKeys.list({ accountOfApiKey: verification.api_key_id })).filter(
    (key) => key.revoked_at === null,
  );
  let embeddingOrigins = accountKeys.flatMap((key) => key.allowed_origins);
  if (launch.publishableKey !== undefined) {
    const named = accountKeys.find((key) => key.key === launch.publishableKey);
    if (!named) throw new ApiError('publishable_key_mismatch');
    embeddingOrigins = named.allowed_origins;
  }
  if (launch.origin !== undefined) refuseUnlisted('origin', launch.origin, embeddingOrigins);
  // The return_url the merchant set at creation (server to server, with its API key) is its own choice.
  if (launch.redirectUrl !== undefined && launch.redirectUrl !== verification.return_url) {
    refuseUnlisted(
      'redirect_url',
      launch.redirectUrl,
      accountKeys.flatMap((key) => key.allowed_origins),
    );
  }
}

function refuseUnlisted(field: 'origin' | 'redirect_url', target: string, allowed: readonly string[]): void {
  if (!isAllowedReturnTarget(target, allowed)) {
    throw new ApiError('origin_not_allowed', { field, origin: webOrigin(target) ?? target });
  }
}
