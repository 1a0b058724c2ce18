import type { CheckResults, DocumentCheckResult, ForcedMarker } from '../checks.js';
import { decide } from './decide.js';
import {
  DOCUMENT_REASON_CODES,
  LICENCE_REASON_CODES,
  MRZ_REASON_CODES,
  REASON_CODES,
  type ReasonCode,
} from './reason-codes.js';

/**
 * Test mode's forced outcomes (docs/testing.md). A test verification runs no ML and no screening: its
 * check results are made from the reason codes asked for, and the real decide() turns them into the
 * decision, score and reasons, so a forced outcome follows the decision rules (docs/decision-policy.md) exactly as a live one does.
 * An empty list forces every check to pass (approve).
 */

/** Values a forced check reports: clearly on one side of the API's thresholds (0.6 and 0.5). */
const PASSING = { similarity: 0.95, liveness: 0.95 };
const FAILING = { similarity: 0.3, liveness: 0.2 };
const SANCTIONS_SCORE = { match: 1, possible_match: 0.9, no_match: 0 } as const;

const FORCED: ForcedMarker = { testMode: 'forced' };
const unavailable = { status: 'unavailable' as const, error: 'forced by test mode' };

function forcedScreening(has: (r: ReasonCode) => boolean): CheckResults['sanctions'] {
  const outcome = has('ofac_match') ? 'match' : has('ofac_possible_match') ? 'possible_match' : 'no_match';
  return { status: 'ok', outcome, score: SANCTIONS_SCORE[outcome], detail: FORCED };
}

/**
 * The check results that produce `reasons`. `document` is the real parse of the uploaded barcode (its
 * identity stays in the detail); its reasons are replaced by the forced ones.
 */
export function forcedCheckResults(
  reasons: readonly ReasonCode[],
  document: DocumentCheckResult,
): CheckResults {
  const has = (r: ReasonCode) => reasons.includes(r);
  // ml_degraded_capped_at_review is derived: asked for alone, liveness ML is degraded.
  const degradeLiveness =
    has('liveness_unavailable') || (has('ml_degraded_capped_at_review') && !has('face_match_unavailable'));
  return {
    document: {
      status: 'ok',
      reasons: DOCUMENT_REASON_CODES.filter(has),
      detail: { ...document.detail, ...FORCED },
    },
    faceMatch: has('face_match_unavailable')
      ? unavailable
      : {
          status: 'ok',
          similarity: has('face_match_below_threshold') ? FAILING.similarity : PASSING.similarity,
          detail: FORCED,
        },
    liveness: degradeLiveness
      ? unavailable
      : {
          status: 'ok',
          score: has('liveness_below_threshold') ? FAILING.liveness : PASSING.liveness,
          detail: FORCED,
        },
    sanctions: has('ofac_screen_unavailable') ? unavailable : forcedScreening(has),
    dedupe: has('face_dedupe_unavailable')
      ? unavailable
      : {
          status: 'ok',
          reason: has('face_duplicate_different_identity')
            ? 'face_duplicate_different_identity'
            : has('face_seen_before')
              ? 'face_seen_before'
              : 'no_matches',
          detail: FORCED,
        },
  };
}

/**
 * Why a requested combination cannot happen, or null when it can. A combination is accepted only when
 * decide() reports every code asked for: two outcomes of one check (a match that is also a possible
 * match), or an approval-only reason beside one that declines, are refused rather than silently dropped.
 */
export function testOutcomeProblem(reasons: readonly string[]): string | null {
  const unknown = reasons.find((r) => !(REASON_CODES as readonly string[]).includes(r));
  if (unknown !== undefined) return `unknown reason code: ${unknown}`;
  const codes = reasons as readonly ReasonCode[];
  const licenceReason = LICENCE_REASON_CODES.find((r) => codes.includes(r));
  const mrzReason = MRZ_REASON_CODES.find((r) => codes.includes(r));
  if (licenceReason && mrzReason)
    return `${licenceReason} excludes ${mrzReason}: one is a licence's reason, the other a passport's or ID card's`;
  if (codes.includes('barcode_parse_failed')) {
    const parsedOnly = [...LICENCE_REASON_CODES, 'document_expired' as const].find(
      (r) => r !== 'barcode_parse_failed' && codes.includes(r),
    );
    if (parsedOnly)
      return `barcode_parse_failed excludes ${parsedOnly}: an unparseable barcode yields no other document reason`;
  }
  // A zone that was not read (unreadable, or the reader could not run) yields nothing read from it.
  const unread = (['mrz_unavailable', 'mrz_unreadable'] as const).find((r) => codes.includes(r));
  if (unread) {
    const readOnly = (
      ['mrz_unreadable', 'mrz_check_digit_failed', 'document_data_mismatch', 'document_expired'] as const
    ).find((r) => r !== unread && codes.includes(r));
    if (readOnly) return `${unread} excludes ${readOnly}: a zone not read yields nothing read from it`;
  }
  const noDocument: DocumentCheckResult = { status: 'ok', reasons: [], detail: FORCED };
  const produced = decide(forcedCheckResults(codes, noDocument)).reasons;
  const lost = codes.filter((r) => !produced.includes(r));
  if (lost.length > 0) {
    return `${lost.join(', ')} cannot be produced together with ${codes.filter((r) => !lost.includes(r)).join(', ') || 'the rest'} under the decision rules (docs/decision-policy.md)`;
  }
  return null;
}
