import { z } from 'zod';
import type { DocumentReasonCode } from '../core/verifications/reason-codes.js';

/**
 * The verification's `checks` as a schema: what checksSummary() returns is this type, the
 * store port records it, the presenter answers with it and the OpenAPI document shows it. A field
 * added to a summary without its schema fails to compile (checksSummary's return type), and
 * test/unit/check-results.test.ts fails when a real run returns a field the schema would drop.
 */
const DOCUMENT_REASONS = [
  'barcode_parse_failed',
  'mandatory_elements_missing',
  'document_expired',
  'license_number_recompute_failed',
  'server_barcode_decode_unavailable',
] as const satisfies readonly DocumentReasonCode[];

const FACE_DEDUPE_REASONS = [
  'returning_customer',
  'below_threshold',
  'no_matches',
  'face_duplicate_different_identity',
  'face_seen_before',
] as const;

/** How long the check ran, in whole milliseconds. */
const durationMs = z.number().int();

/** A check that ran, with its headline figures; or `unavailable` (docs/decision-policy.md). */
const ranOrUnavailable = <Shape extends z.ZodRawShape>(figures: Shape) =>
  z.union([
    z.object({ status: z.literal('ok'), ...figures, duration_ms: durationMs }),
    z.object({ status: z.literal('unavailable'), duration_ms: durationMs }),
  ]);

export const signalsSummarySchema = z.union([
  z.object({
    device_hash: z.string().nullable(),
    collected_at: z.string(),
    components_count: z.number().int(),
    batches: z.number().int(),
    other_verifications_with_device: z.number().int(),
  }),
  z.object({ status: z.literal('none'), detail: z.string() }),
]);

/** What the five checks report, as checksSummary() builds it. */
export const checkSummarySchema = z.object({
  document: z.object({ status: z.literal('ok'), reasons: z.array(z.enum(DOCUMENT_REASONS)) }),
  face_match: ranOrUnavailable({ similarity: z.number().nullable(), threshold: z.number() }),
  liveness: ranOrUnavailable({ score: z.number(), threshold: z.number() }),
  sanctions: ranOrUnavailable({
    outcome: z.enum(['match', 'possible_match', 'no_match']),
    score: z.number(),
  }),
  face_dedupe: z.union([
    z.object({ status: z.literal('ok'), reason: z.enum(FACE_DEDUPE_REASONS), duration_ms: durationMs }),
    z.object({ status: z.literal('unavailable'), reason: z.literal('unavailable'), duration_ms: durationMs }),
  ]),
});

/**
 * A decided verification's `checks`: the five checks, the device signals (removed by redaction) and,
 * in test mode, `test_mode: true`. Empty (`{}`) until the verification is decided.
 */
export const checksSchema = checkSummarySchema.extend({
  signals: signalsSummarySchema.optional(),
  test_mode: z.literal(true).optional(),
});

export type CheckSummary = z.infer<typeof checkSummarySchema>;
export type Checks = z.infer<typeof checksSchema>;
