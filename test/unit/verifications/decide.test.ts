import { describe, expect, it } from 'vitest';
import type { CheckResults } from '../../../src/core/checks.js';
import { decide, POLICY } from '../../../src/core/verifications/decide.js';
import { REASON_CODES } from '../../../src/core/verifications/reason-codes.js';
import { NO_DETAIL } from '../../helpers/check-summaries.js';

const unavailable = { status: 'unavailable' as const, error: 'component not loaded' };

function clean(): CheckResults {
  return {
    document: { status: 'ok', reasons: [], detail: NO_DETAIL },
    faceMatch: { status: 'ok', similarity: 0.9, detail: NO_DETAIL },
    liveness: { status: 'ok', score: 0.9, detail: NO_DETAIL },
    sanctions: { status: 'ok', outcome: 'no_match', score: 0, detail: NO_DETAIL },
    dedupe: { status: 'ok', reason: 'no_matches', detail: NO_DETAIL },
  };
}

function withChecks(patch: Partial<CheckResults>): CheckResults {
  return { ...clean(), ...patch };
}

describe('decide()', () => {
  it('approves a clean verification with full points', () => {
    expect(decide(clean())).toEqual({ decision: 'approve', score: 100, reasons: [] });
  });

  it('rule 1: a strong sanctions match declines; a possible match and an outage cap at review', () => {
    expect(
      decide(withChecks({ sanctions: { status: 'ok', outcome: 'match', score: 0.97, detail: NO_DETAIL } })),
    ).toMatchObject({
      decision: 'decline',
      reasons: ['ofac_match'],
    });
    expect(
      decide(
        withChecks({
          sanctions: { status: 'ok', outcome: 'possible_match', score: 0.85, detail: NO_DETAIL },
        }),
      ),
    ).toMatchObject({
      decision: 'review',
      reasons: ['ofac_possible_match'],
    });
    expect(decide(withChecks({ sanctions: unavailable }))).toEqual({
      decision: 'review',
      score: 100,
      reasons: ['ofac_screen_unavailable'],
    });
  });

  it('rule 2: a face seen under another name declines; seen before and dedupe outage cap at review; a returning customer is neutral', () => {
    expect(
      decide(
        withChecks({
          dedupe: { status: 'ok', reason: 'face_duplicate_different_identity', detail: NO_DETAIL },
        }),
      ),
    ).toMatchObject({
      decision: 'decline',
      reasons: ['face_duplicate_different_identity'],
    });
    expect(
      decide(withChecks({ dedupe: { status: 'ok', reason: 'face_seen_before', detail: NO_DETAIL } })),
    ).toMatchObject({
      decision: 'review',
      reasons: ['face_seen_before'],
    });
    expect(decide(withChecks({ dedupe: unavailable }))).toMatchObject({
      decision: 'review',
      reasons: ['face_dedupe_unavailable'],
    });
    for (const reason of ['returning_customer', 'below_threshold', 'no_matches'] as const) {
      expect(decide(withChecks({ dedupe: { status: 'ok', reason, detail: NO_DETAIL } }))).toEqual({
        decision: 'approve',
        score: 100,
        reasons: [],
      });
    }
  });

  it('rule 3: degraded face match or liveness caps at review and says ml_degraded_capped_at_review when it cost an approval', () => {
    expect(decide(withChecks({ faceMatch: unavailable }))).toEqual({
      decision: 'review',
      score: 100,
      reasons: ['face_match_unavailable', 'ml_degraded_capped_at_review'],
    });
    expect(decide(withChecks({ liveness: unavailable }))).toEqual({
      decision: 'review',
      score: 100,
      reasons: ['liveness_unavailable', 'ml_degraded_capped_at_review'],
    });
  });

  it('rule 3: ml_degraded_capped_at_review only when the score would have approved', () => {
    const lowScore = decide(
      withChecks({
        liveness: unavailable,
        faceMatch: { status: 'ok', similarity: 0.2, detail: NO_DETAIL },
      }),
    );
    expect(lowScore.reasons).toContain('liveness_unavailable');
    expect(lowScore.reasons).not.toContain('ml_degraded_capped_at_review');
    expect(lowScore.score).toBeLessThan(POLICY.bands.approveAtLeast);
    const declined = decide(
      withChecks({
        liveness: unavailable,
        sanctions: { status: 'ok', outcome: 'match', score: 1, detail: NO_DETAIL },
      }),
    );
    expect(declined.decision).toBe('decline');
    expect(declined.reasons).not.toContain('ml_degraded_capped_at_review');
  });

  it('rule 4: similarity below 0.6 and liveness below 0.5 fire their reasons; the thresholds themselves pass', () => {
    expect(
      decide(withChecks({ faceMatch: { status: 'ok', similarity: 0.5999, detail: NO_DETAIL } })).reasons,
    ).toEqual(['face_match_below_threshold']);
    expect(
      decide(withChecks({ faceMatch: { status: 'ok', similarity: 0.6, detail: NO_DETAIL } })).reasons,
    ).toEqual([]);
    expect(
      decide(
        withChecks({
          faceMatch: { status: 'ok', similarity: null, detail: { reason: 'no_document_front' } },
        }),
      ).reasons,
    ).toEqual(['face_match_below_threshold']);
    expect(
      decide(withChecks({ liveness: { status: 'ok', score: 0.4999, detail: NO_DETAIL } })).reasons,
    ).toEqual(['liveness_below_threshold']);
    expect(decide(withChecks({ liveness: { status: 'ok', score: 0.5, detail: NO_DETAIL } })).reasons).toEqual(
      [],
    );
    expect(
      decide(withChecks({ faceMatch: { status: 'ok', similarity: 0.1, detail: NO_DETAIL } })).decision,
    ).toBe('review');
    const both = decide(
      withChecks({
        faceMatch: { status: 'ok', similarity: 0.1, detail: NO_DETAIL },
        liveness: { status: 'ok', score: 0.1, detail: NO_DETAIL },
      }),
    );
    expect(both).toEqual({
      decision: 'decline',
      score: 50,
      reasons: ['face_match_below_threshold', 'liveness_below_threshold'],
    });
  });

  it('rule 5: a degraded server barcode decode is neutral: full points, noted', () => {
    expect(
      decide(
        withChecks({
          document: { status: 'ok', reasons: ['server_barcode_decode_unavailable'], detail: NO_DETAIL },
        }),
      ),
    ).toEqual({
      decision: 'approve',
      score: 100,
      reasons: ['server_barcode_decode_unavailable'],
    });
  });

  it('the licence front: a confident mismatch costs the document points and caps at review; an OCR outage caps at review', () => {
    const doc = (reasons: CheckResults['document']['reasons'], patch: Partial<CheckResults> = {}) =>
      decide(withChecks({ document: { status: 'ok', reasons, detail: NO_DETAIL }, ...patch }));
    expect(doc(['document_front_back_mismatch'])).toEqual({
      decision: 'review',
      score: 70,
      reasons: ['document_front_back_mismatch'],
    });
    // With another failing component it declines on score.
    expect(
      doc(['document_front_back_mismatch'], {
        faceMatch: { status: 'ok', similarity: 0.2, detail: NO_DETAIL },
      }),
    ).toMatchObject({ decision: 'decline', score: 40 });
    expect(doc(['document_front_unavailable'])).toEqual({
      decision: 'review',
      score: 100,
      reasons: ['document_front_unavailable', 'ml_degraded_capped_at_review'],
    });
  });

  it('document reasons: expired declines, unparsable and forged numbers cap at review, missing elements cost points only', () => {
    const doc = (reasons: CheckResults['document']['reasons']) =>
      decide(withChecks({ document: { status: 'ok', reasons, detail: NO_DETAIL } }));
    expect(doc(['document_expired'])).toMatchObject({ decision: 'decline', score: 70 });
    expect(doc(['barcode_parse_failed'])).toMatchObject({ decision: 'review', score: 70 });
    expect(doc(['license_number_recompute_failed'])).toMatchObject({ decision: 'review', score: 70 });
    expect(doc(['mandatory_elements_missing'])).toEqual({
      decision: 'approve',
      score: 90,
      reasons: ['mandatory_elements_missing'],
    });
  });

  it('lists every reason that fired, in the stable order of docs/errors.md, even when one already forces a decline', () => {
    const everything = decide({
      document: {
        status: 'ok',
        reasons: ['document_expired', 'mandatory_elements_missing'],
        detail: NO_DETAIL,
      },
      faceMatch: unavailable,
      liveness: { status: 'ok', score: 0.1, detail: NO_DETAIL },
      sanctions: { status: 'ok', outcome: 'match', score: 1, detail: NO_DETAIL },
      dedupe: { status: 'ok', reason: 'face_duplicate_different_identity', detail: NO_DETAIL },
    });
    expect(everything.decision).toBe('decline');
    expect(everything.reasons).toEqual([
      'ofac_match',
      'face_duplicate_different_identity',
      'mandatory_elements_missing',
      'document_expired',
      'face_match_unavailable',
      'liveness_below_threshold',
    ]);
    const order = everything.reasons.map((r) => REASON_CODES.indexOf(r));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it('keeps the score within 0..100 and the weights summing to 100', () => {
    const weights = Object.values(POLICY.weights).reduce((a, b) => a + b, 0);
    expect(weights).toBe(100);
    const worst = decide({
      document: {
        status: 'ok',
        reasons: ['barcode_parse_failed', 'document_expired', 'mandatory_elements_missing'],
        detail: NO_DETAIL,
      },
      faceMatch: { status: 'ok', similarity: 0, detail: NO_DETAIL },
      liveness: { status: 'ok', score: 0, detail: NO_DETAIL },
      sanctions: { status: 'ok', outcome: 'match', score: 1, detail: NO_DETAIL },
      dedupe: { status: 'ok', reason: 'face_duplicate_different_identity', detail: NO_DETAIL },
    });
    expect(worst.score).toBe(0);
  });
});
