import type { CheckResults } from '../checks.js';
import { FACE_MATCH_THRESHOLD } from '../faces/face-similarity.js';
import { LIVENESS_THRESHOLD } from '../faces/liveness.js';
import { REASON_CODES, type ReasonCode } from './reason-codes.js';

export type Decision = 'approve' | 'review' | 'decline';

/** The thresholds that turn a similarity or liveness score into a reason live with the face checks. */
export { FACE_MATCH_THRESHOLD } from '../faces/face-similarity.js';
export { LIVENESS_THRESHOLD } from '../faces/liveness.js';

/**
 * The one table of the decision policy (docs/decision-policy.md explains it with a worked example per
 * reason). Each component contributes up to `weight` points; the score is their sum (0..100).
 * A check that could not run scores as neutral (full points) so the score still says whether the
 * evidence that *was* gathered qualified for approval; its `*_unavailable` reason then caps the
 * decision, and `ml_degraded_capped_at_review` records when that cap cost an approval.
 */
export const POLICY = {
  weights: { document: 30, faceMatch: 30, liveness: 20, sanctions: 10, dedupe: 10 },
  bands: { approveAtLeast: 80, reviewAtLeast: 60 },
  /** Points a reason removes from its component (capped at the component's weight). */
  penalties: {
    barcode_parse_failed: 30,
    mandatory_elements_missing: 10,
    document_expired: 30,
    license_number_recompute_failed: 30,
    document_front_back_mismatch: 30,
    mrz_unreadable: 30,
    mrz_check_digit_failed: 30,
    document_data_mismatch: 30,
    face_match_below_threshold: 30,
    liveness_below_threshold: 20,
    ofac_match: 10,
    ofac_possible_match: 5,
    face_duplicate_different_identity: 10,
    face_seen_before: 5,
  } satisfies Partial<Record<ReasonCode, number>>,
  /** Reasons that force a decline whatever the score. */
  forcesDecline: ['ofac_match', 'face_duplicate_different_identity', 'document_expired'] as ReasonCode[],
  /** Reasons that cap the decision at review (never approve). */
  capsAtReview: [
    'ofac_possible_match',
    'ofac_screen_unavailable',
    'face_seen_before',
    'face_dedupe_unavailable',
    'face_match_unavailable',
    'liveness_unavailable',
    'barcode_parse_failed',
    'license_number_recompute_failed',
    'document_front_back_mismatch',
    'document_front_unavailable',
    'mrz_unreadable',
    'mrz_check_digit_failed',
    'document_data_mismatch',
    'mrz_unavailable',
    'document_chip_not_read',
    'face_match_below_threshold',
    'liveness_below_threshold',
  ] as ReasonCode[],
  /** Caps that come from degraded ML, which earn `ml_degraded_capped_at_review` when they cost an approval. */
  degradedMl: [
    'face_match_unavailable',
    'liveness_unavailable',
    'document_front_unavailable',
    'mrz_unavailable',
  ] as ReasonCode[],
} as const;

export type DecisionOutcome = { decision: Decision; score: number; reasons: ReasonCode[] };

function componentPoints(weight: number, reasons: ReasonCode[]): number {
  const penalty = reasons.reduce(
    (sum, r) => sum + ((POLICY.penalties as Partial<Record<ReasonCode, number>>)[r] ?? 0),
    0,
  );
  return Math.max(0, weight - penalty);
}

/** Pure: check results in, decision, score and every reason that fired (in the stable order of docs/errors.md) out. */
export function decide(checks: CheckResults): DecisionOutcome {
  const { weights } = POLICY;
  const documentReasons: ReasonCode[] = [...checks.document.reasons];

  const faceReasons: ReasonCode[] = [];
  if (checks.faceMatch.status === 'unavailable') faceReasons.push('face_match_unavailable');
  else if (checks.faceMatch.similarity === null || checks.faceMatch.similarity < FACE_MATCH_THRESHOLD) {
    faceReasons.push('face_match_below_threshold');
  }

  const livenessReasons: ReasonCode[] = [];
  if (checks.liveness.status === 'unavailable') livenessReasons.push('liveness_unavailable');
  else if (checks.liveness.score < LIVENESS_THRESHOLD) livenessReasons.push('liveness_below_threshold');

  const sanctionsReasons: ReasonCode[] = [];
  if (checks.sanctions.status === 'unavailable') sanctionsReasons.push('ofac_screen_unavailable');
  else if (checks.sanctions.outcome === 'match') sanctionsReasons.push('ofac_match');
  else if (checks.sanctions.outcome === 'possible_match') sanctionsReasons.push('ofac_possible_match');

  const dedupeReasons: ReasonCode[] = [];
  if (checks.dedupe.status === 'unavailable') dedupeReasons.push('face_dedupe_unavailable');
  else if (checks.dedupe.reason === 'face_duplicate_different_identity')
    dedupeReasons.push('face_duplicate_different_identity');
  else if (checks.dedupe.reason === 'face_seen_before') dedupeReasons.push('face_seen_before');

  const score =
    componentPoints(weights.document, documentReasons) +
    componentPoints(weights.faceMatch, faceReasons) +
    componentPoints(weights.liveness, livenessReasons) +
    componentPoints(weights.sanctions, sanctionsReasons) +
    componentPoints(weights.dedupe, dedupeReasons);

  const fired = new Set<ReasonCode>([
    ...documentReasons,
    ...faceReasons,
    ...livenessReasons,
    ...sanctionsReasons,
    ...dedupeReasons,
  ]);
  const byScore: Decision =
    score >= POLICY.bands.approveAtLeast
      ? 'approve'
      : score >= POLICY.bands.reviewAtLeast
        ? 'review'
        : 'decline';

  let decision = byScore;
  if (POLICY.forcesDecline.some((r) => fired.has(r))) decision = 'decline';
  else if (decision === 'approve' && POLICY.capsAtReview.some((r) => fired.has(r))) {
    decision = 'review';
    if (POLICY.degradedMl.some((r) => fired.has(r))) fired.add('ml_degraded_capped_at_review');
  }

  return { decision, score, reasons: REASON_CODES.filter((r) => fired.has(r)) };
}
