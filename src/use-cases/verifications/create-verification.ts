import crypto from 'node:crypto';
import { hashSecret, type KeyMode } from '../../core/api-keys/api-key.js';
import type { DocumentType } from '../../core/documents/document-types.js';
import { validationError } from '../../core/errors.js';
import { generateOpaqueToken } from '../../core/signing.js';
import { addSeconds, isoWithoutZone } from '../../core/time.js';
import type { ReasonCode } from '../../core/verifications/reason-codes.js';
import { CLIENT_TOKEN_TTL_SECONDS, VERIFICATION_TTL_SECONDS } from '../../core/verifications/status.js';
import { testOutcomeProblem } from '../../core/verifications/test-outcome.js';
import type { Verification } from '../../core/verifications/verification.js';
import type { VerificationDeps } from './deps.js';

export const CLIENT_TOKEN_PREFIX = 'ct_';

export type IssuedToken = { clientToken: string; expiresAt: Date };

/** A client token for the end user's browser; only its hash is stored. */
export function newClientToken(now: Date): IssuedToken & { hash: string } {
  const clientToken = generateOpaqueToken(CLIENT_TOKEN_PREFIX);
  return { clientToken, hash: hashSecret(clientToken), expiresAt: addSeconds(now, CLIENT_TOKEN_TTL_SECONDS) };
}

/**
 * A forced outcome is accepted only from a test key and only when the decision rules (docs/decision-policy.md) can produce it
 * (docs/testing.md); anything else is a 422 on `loc`, before anything is written.
 */
export function requireTestOutcome(
  mode: KeyMode,
  reasons: ReasonCode[] | undefined,
  loc: string[],
): ReasonCode[] | null {
  if (reasons === undefined) return null;
  const problem =
    mode === 'test' ? testOutcomeProblem(reasons) : 'test_outcome is accepted only with a test key';
  if (problem) throw validationError([{ loc, msg: problem, type: 'value_error' }]);
  return [...new Set(reasons)];
}

/** A verification in doc_front with its first client token, audited as created by the merchant. */
export async function createVerification(
  deps: Pick<VerificationDeps, 'transact' | 'clock'>,
  input: {
    apiKeyId: number;
    mode: KeyMode;
    externalRef: string;
    metadata: Record<string, unknown>;
    testOutcome?: ReasonCode[] | undefined;
    returnUrl?: string | undefined;
    monitor?: boolean;
    /** Every type unless given. */
    documentTypes?: DocumentType[] | undefined;
    mrzReview?: boolean;
  },
): Promise<{ verification: Verification } & IssuedToken> {
  const testOutcome = requireTestOutcome(input.mode, input.testOutcome, ['body', 'test_outcome']);
  const now = deps.clock.now();
  const token = newClientToken(now);
  const id = crypto.randomUUID();
  const verification = await deps.transact(async (tx) => {
    const created = await tx.verifications.insert({
      id,
      apiKeyId: input.apiKeyId,
      externalRef: input.externalRef,
      metadata: input.metadata,
      mode: input.mode,
      testOutcome,
      returnUrl: input.returnUrl ?? null,
      monitor: input.monitor ?? true,
      ...(input.documentTypes ? { documentTypes: input.documentTypes } : {}),
      ...(input.mrzReview ? { mrzReview: true } : {}),
      createdAt: now,
      expiresAt: addSeconds(now, VERIFICATION_TTL_SECONDS),
    });
    await tx.verifications.addToken(id, token.hash, now, token.expiresAt);
    await tx.audit.append(id, {
      actor: 'merchant',
      event: 'verification.created',
      at: now,
      detail: {
        api_key_id: input.apiKeyId,
        document_types: created.document_types,
        ...(input.mode === 'test' ? { mode: 'test', test_outcome: testOutcome } : {}),
      },
    });
    await tx.outbox.add({
      id: crypto.randomUUID(),
      type: 'verification.created',
      apiKeyId: input.apiKeyId,
      verificationId: id,
      data: { status: created.status, expires_at: isoWithoutZone(created.expires_at) },
      at: now,
    });
    return created;
  });
  return { verification, clientToken: token.clientToken, expiresAt: token.expiresAt };
}
