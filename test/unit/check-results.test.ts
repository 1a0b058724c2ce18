import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { checksSchema, checkSummarySchema } from '../../src/core/check-results.js';
import { checksSummary } from '../../src/checks/summary.js';
import type { CheckResults } from '../../src/core/checks.js';
import { REASON_CODES } from '../../src/core/verifications/reason-codes.js';
import { forcedCheckResults } from '../../src/core/verifications/test-outcome.js';
import { NO_DETAIL, UNAVAILABLE_CHECKS } from '../helpers/check-summaries.js';

const durations = { faces: 812.4, sanctions: 35.6, face_dedupe: 4.2 };
const unavailable = { status: 'unavailable' as const, error: 'engine not loaded' };

const ran: CheckResults = {
  document: { status: 'ok', reasons: ['document_expired'], detail: NO_DETAIL },
  faceMatch: { status: 'ok', similarity: 0.91, detail: NO_DETAIL },
  liveness: { status: 'ok', score: 0.88, detail: NO_DETAIL },
  sanctions: { status: 'ok', outcome: 'possible_match', score: 0.86, detail: NO_DETAIL },
  dedupe: { status: 'ok', reason: 'no_matches', detail: NO_DETAIL },
};
const notRun: CheckResults = {
  document: { status: 'ok', reasons: ['barcode_parse_failed'], detail: NO_DETAIL },
  faceMatch: unavailable,
  liveness: unavailable,
  sanctions: unavailable,
  dedupe: unavailable,
};
const noFace: CheckResults = { ...ran, faceMatch: { status: 'ok', similarity: null, detail: NO_DETAIL } };

/** Parsing strips what the schema does not declare, so any field it lacks makes the two differ. */
function expectDeclared(schema: z.ZodType, value: unknown): void {
  expect(schema.parse(value)).toEqual(value);
}

describe('the checks summary schema', () => {
  it.each([
    ['every check ran', ran],
    ['every check unavailable', notRun],
    ['no face found', noFace],
  ])('declares every field of the summary when %s', (_, results) => {
    expectDeclared(checkSummarySchema, checksSummary(results, durations));
  });

  it('declares every field of each test-mode outcome', () => {
    for (const reason of REASON_CODES) {
      const results = forcedCheckResults([reason], { status: 'ok', reasons: [], detail: NO_DETAIL });
      expectDeclared(checksSchema, { ...checksSummary(results, durations), test_mode: true });
    }
  });

  it('fails for a field a check adds without declaring it', () => {
    const summary = checksSummary(ran, durations);
    const widened = { ...summary, liveness: { ...summary.liveness, frames_used: 8 } };
    expect(checkSummarySchema.parse(widened)).not.toEqual(widened);
  });

  it('declares the stored extras: device signals, or their absence, and test mode', () => {
    expectDeclared(checksSchema, {
      ...UNAVAILABLE_CHECKS,
      signals: {
        device_hash: null,
        collected_at: '2026-11-01T12:00:00',
        components_count: 12,
        batches: 2,
        other_verifications_with_device: 0,
      },
    });
    expectDeclared(checksSchema, {
      ...UNAVAILABLE_CHECKS,
      signals: { status: 'none', detail: 'no device signals were collected' },
      test_mode: true,
    });
  });
});
