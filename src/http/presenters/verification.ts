import { z } from 'zod';
import { KEY_MODES } from '../../core/api-keys/api-key.js';
import { ACTION_WINDOW_MS, CHALLENGE_ACTIONS, MAX_ACTION_WINDOW_MS } from '../../core/faces/challenge.js';
import {
  DEFAULT_DOCUMENT_TYPE,
  DOCUMENT_TYPES,
  remainingSteps,
} from '../../core/documents/document-types.js';
import { isoWithoutZone } from '../../core/time.js';
import type { IssuedChallenge } from '../../ports/liveness-challenges.js';
import { finalDecision, REVIEW_DECISIONS } from '../../core/verifications/review.js';
import { sdkStatus, VERIFICATION_STATUSES } from '../../core/verifications/status.js';
import type { Verification, VerificationDetail } from '../../core/verifications/verification.js';
import { unchanging } from '../serializer.js';
import { checksSchema, docChecksSchema } from '../../core/check-results.js';
import type { RetentionDays } from '../../use-cases/accounts/account-retention.js';
import type { AccountBranding } from '../../ports/branding.js';

export const verificationSummarySchema = z.object({
  id: z.string(),
  status: z.enum(VERIFICATION_STATUSES),
  decision: z.enum(['approve', 'review', 'decline']).nullable(),
  score: z.number().nullable(),
  decision_reasons: z.array(z.string()),
  external_ref: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  created_at: z.string(),
  expires_at: z.string(),
  decided_at: z.string().nullable(),
  /** Beyond the base API (docs/testing.md): `test` for a verification created with a test key. */
  mode: z.enum(KEY_MODES),
  /** Beyond the base API (docs/review.md): the decision that stands, after any manual review. */
  final_decision: z.enum(['approve', 'decline']).nullable(),
  review: z
    .object({
      decision: z.enum(REVIEW_DECISIONS),
      note: z.string(),
      reviewed_at: z.string(),
      /** Null when a member of the account decided in the console (reviewer_member_id). */
      reviewer_key_id: z.number().nullable(),
      reviewer_member_id: z.number().optional(),
    })
    .nullable(),
  /** Beyond the base API (docs/privacy.md): when the personal data was erased; null while it is kept. */
  redacted_at: z.string().nullable(),
  /** Beyond the base API: where the hosted flow sends the end user back when finished (redirect mode). */
  return_url: z.string().nullable(),
  /** Beyond the base API (docs/api.md, "Document types"): the documents the end user may choose among. */
  document_types: z.array(z.enum(DOCUMENT_TYPES)),
  /**
   * The document the end user chose with their first document upload that named one; null before it,
   * and for a licence sent by a client that names no type.
   */
  document_type: z.enum(DOCUMENT_TYPES).nullable(),
  /** A passport or ID card read only through its MRZ is kept at review (docs/decision-policy.md). */
  mrz_review: z.boolean(),
});

export const verificationDetailSchema = verificationSummarySchema.extend({
  /** Test mode: the reason codes fixed at creation or chosen in the flow at submit, or null (docs/testing.md). */
  test_outcome: z.array(z.string()).nullable(),
  /**
   * Each check's status and headline figure once decided (src/checks/check-results.ts); `{}` before.
   * The open record after it keeps rows written before a check's summary changed readable as stored.
   */
  checks: z.union([checksSchema, z.record(z.string(), z.unknown())]),
  /**
   * Each check's reviewer-facing detail once decided; `{}` before, only `face_dedupe.reason` after
   * redaction, and rows from earlier releases as they were stored: the open record keeps those readable.
   */
  doc_checks: z.union([docChecksSchema, z.record(z.string(), z.unknown())]),
  audit_log: z.array(
    z.object({
      at: z.string(),
      actor: z.string(),
      event: z.string(),
      detail: z.record(z.string(), z.unknown()),
    }),
  ),
});

export function toSummary(v: Verification): z.infer<typeof verificationSummarySchema> {
  return {
    id: v.id,
    status: v.status,
    decision: v.decision,
    score: v.score,
    decision_reasons: v.decision_reasons,
    external_ref: v.external_ref,
    metadata: v.metadata,
    created_at: isoWithoutZone(v.created_at)!,
    expires_at: isoWithoutZone(v.expires_at)!,
    decided_at: isoWithoutZone(v.decided_at),
    mode: v.mode,
    final_decision: finalDecision(v),
    review:
      v.review_decision && v.reviewed_at
        ? {
            decision: v.review_decision,
            note: v.review_note ?? '',
            reviewed_at: isoWithoutZone(v.reviewed_at)!,
            reviewer_key_id: v.reviewer_key_id,
            ...(v.reviewer_member_id !== null && v.reviewer_member_id !== undefined
              ? { reviewer_member_id: v.reviewer_member_id }
              : {}),
          }
        : null,
    redacted_at: isoWithoutZone(v.redacted_at),
    return_url: v.return_url ?? null,
    document_types: v.document_types,
    document_type: v.document_type,
    mrz_review: v.mrz_review,
  };
}

type PresentedDetail = z.infer<typeof verificationDetailSchema>;

/**
 * The verification read cache hands out the same detail object to every read until the verification
 * changes (a change replaces it): each is presented once, and each route writes that view's JSON
 * once (`unchanging`). Building the view (a dozen timestamps formatted) and writing it were a fifth
 * of a cached read's own work. Entries go with their detail.
 */
const presentedDetails = new WeakMap<VerificationDetail, PresentedDetail>();

export function toDetail(detail: VerificationDetail): PresentedDetail {
  let presented = presentedDetails.get(detail);
  if (!presented) presentedDetails.set(detail, (presented = unchanging(presentDetail(detail))));
  return presented;
}

function presentDetail({ verification, audit }: VerificationDetail): PresentedDetail {
  return {
    ...toSummary(verification),
    test_outcome: verification.test_outcome,
    checks: verification.checks,
    doc_checks: verification.doc_checks,
    audit_log: audit.map((a) => ({
      at: isoWithoutZone(a.occurred_at)!,
      actor: a.actor,
      event: a.event,
      detail: a.detail,
    })),
  };
}

/** `skipped`: a step the chosen document has no use for (a passport's back). */
const stepState = z.enum(['pending', 'done', 'skipped']);

/** What the capture flow sees of its verification. */
export const sessionStateSchema = z.object({
  verification_id: z.string(),
  status: z.enum(VERIFICATION_STATUSES),
  consent_given: z.boolean(),
  expires_at: z.string(),
  token_expires_at: z.string(),
  steps: z.object({ doc_front: stepState, doc_back: stepState, selfie: stepState }),
  /**
   * Beyond the base session API (docs/hosted-flow.md, "Document choice"): the documents the end user
   * may choose among, the one chosen (null before the first document upload, which chooses it) and the
   * capture steps still to do for it, in order.
   */
  document_types: z.array(z.enum(DOCUMENT_TYPES)),
  document_type: z.enum(DOCUMENT_TYPES).nullable(),
  remaining_steps: z.array(z.enum(['doc_front', 'doc_back', 'selfie'])),
  decision: z.enum(['approve', 'review', 'decline']).nullable(),
  result: z.enum(['approved', 'in_review', 'declined']).nullable(),
  /** docs/testing.md: in test mode the flow offers sample images, and the outcome chooser unless `test_outcome` is set. */
  mode: z.enum(KEY_MODES),
  test_outcome: z.array(z.string()).nullable(),
  /**
   * Beyond the base session API (docs/faces.md, "Challenge"): the newest liveness challenge issued with
   * POST /v1/session/challenge, or null before the first. `answered` once a selfie used it.
   */
  liveness_challenge: z
    .object({
      id: z.string(),
      actions: z.array(z.enum(CHALLENGE_ACTIONS)),
      issued_at: z.string(),
      expires_at: z.string(),
      answered: z.boolean(),
      action_window_ms: z.number(),
      /** The widest window an answer may give each action on a slow device (docs/faces.md, "Challenge"). */
      max_action_window_ms: z.number(),
    })
    .nullable(),
  /** Beyond the base session API (docs/privacy.md): how long this deployment keeps the data, for the consent text. */
  retention: z.object({
    media_days: z.number(),
    personal_data_days: z.number(),
    face_template_days: z.number(),
  }),
  /**
   * Beyond the base session API (docs/hosted-flow.md "Branding"): what the merchant's account shows its
   * end users, null when it set nothing; the logo is read from `logo_url` with the client token.
   */
  branding: z
    .object({
      display_name: z.string().nullable(),
      colour: z.string().nullable(),
      support_url: z.string().nullable(),
      privacy_url: z.string().nullable(),
      logo_url: z.string().nullable(),
    })
    .nullable(),
});

export type { RetentionDays };

/** Where the flow reads the account's logo, with its client token. */
export const SESSION_LOGO_PATH = '/v1/session/branding/logo';

export function toSessionState(
  state: {
    verification: Verification;
    uploaded: Set<string>;
    tokenExpiresAt: Date;
    challenge: IssuedChallenge | null;
  },
  retention: RetentionDays,
  branding: AccountBranding | null,
): z.infer<typeof sessionStateSchema> {
  const { verification: v, uploaded } = state;
  const step = (kind: string) => (uploaded.has(kind) ? ('done' as const) : ('pending' as const));
  return {
    verification_id: v.id,
    status: v.status,
    consent_given: v.consent_at !== null,
    expires_at: isoWithoutZone(v.expires_at)!,
    token_expires_at: isoWithoutZone(state.tokenExpiresAt)!,
    steps: {
      doc_front: step('document_front'),
      doc_back: v.document_type === 'passport' ? 'skipped' : step('document_back'),
      selfie: step('selfie_frame'),
    },
    document_types: v.document_types,
    // A document uploaded without naming its type is a licence.
    document_type:
      v.document_type ??
      (uploaded.has('document_front') || uploaded.has('document_back') ? DEFAULT_DOCUMENT_TYPE : null),
    remaining_steps: remainingSteps(v.document_type, {
      front: uploaded.has('document_front'),
      back: uploaded.has('document_back'),
      selfie: uploaded.has('selfie_frame'),
    }),
    decision: v.decision,
    result: sdkStatus(v.decision),
    mode: v.mode,
    test_outcome: v.test_outcome,
    liveness_challenge: state.challenge
      ? {
          id: state.challenge.id,
          actions: state.challenge.actions,
          issued_at: isoWithoutZone(state.challenge.issuedAt)!,
          expires_at: isoWithoutZone(state.challenge.expiresAt)!,
          answered: state.challenge.answeredAt !== null,
          action_window_ms: ACTION_WINDOW_MS,
          max_action_window_ms: MAX_ACTION_WINDOW_MS,
        }
      : null,
    retention: {
      media_days: retention.mediaDays,
      personal_data_days: retention.piiDays,
      face_template_days: retention.templateDays,
    },
    branding: branding && {
      display_name: branding.displayName,
      colour: branding.colour,
      support_url: branding.supportUrl,
      privacy_url: branding.privacyUrl,
      logo_url: branding.hasLogo ? SESSION_LOGO_PATH : null,
    },
  };
}
