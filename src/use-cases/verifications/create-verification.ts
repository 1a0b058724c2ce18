import crypto from 'node:crypto';
import { hashSecret } from '../../core/api-keys/api-key.js';
import { generateOpaqueToken } from '../../core/signing.js';
import { addSeconds } from '../../core/time.js';
import { CLIENT_TOKEN_TTL_SECONDS, VERIFICATION_TTL_SECONDS } from '../../core/verifications/status.js';
import type { Verification } from '../../core/verifications/verification.js';
import type { VerificationDeps } from './deps.js';

export const CLIENT_TOKEN_PREFIX = 'ct_';

export type IssuedToken = { clientToken: string; expiresAt: Date };

/** A client token for the end user's browser; only its hash is stored. */
export function newClientToken(now: Date): IssuedToken & { hash: string } {
  const clientToken = generateOpaqueToken(CLIENT_TOKEN_PREFIX);
  return { clientToken, hash: hashSecret(clientToken), expiresAt: addSeconds(now, CLIENT_TOKEN_TTL_SECONDS) };
}

/** SPEC 3: a verification in doc_front with its first client token, audited as created by the merchant. */
export async function createVerification(
  deps: Pick<VerificationDeps, 'transact' | 'clock'>,
  input: { apiKeyId: number; externalRef: string; metadata: Record<string, unknown> },
): Promise<{ verification: Verification } & IssuedToken> {
  const now = deps.clock.now();
  const token = newClientToken(now);
  const id = crypto.randomUUID();
  const verification = await deps.transact(async (tx) => {
    const created = await tx.verifications.insert({
      id,
      apiKeyId: input.apiKeyId,
      externalRef: input.externalRef,
      metadata: input.metadata,
      createdAt: now,
      expiresAt: addSeconds(now, VERIFICATION_TTL_SECONDS),
    });
    await tx.verifications.addToken(id, token.hash, now, token.expiresAt);
    await tx.audit.append(id, {
      actor: 'merchant',
      event: 'verification.created',
      at: now,
      detail: { api_key_id: input.apiKeyId },
    });
    return created;
  });
  return { verification, clientToken: token.clientToken, expiresAt: token.expiresAt };
}
