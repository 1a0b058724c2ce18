import { describe, expect, it } from 'vitest';
import { modeOfNewKey, keyPrefixFor } from '../../../src/core/api-keys/api-key.js';
import type { DocumentCheckResult } from '../../../src/core/checks.js';
import { checkDocument } from '../../../src/core/documents/check-document.js';
import { decide } from '../../../src/core/verifications/decide.js';
import { REASON_CODES, type ReasonCode } from '../../../src/core/verifications/reason-codes.js';
import { forcedCheckResults, testOutcomeProblem } from '../../../src/core/verifications/test-outcome.js';

const jane = { lastName: null, firstName: 'JANE', middleName: null, nameSuffix: null, dob: null, sex: null };
const unparsed = checkDocument({ server: { status: 'not_found' }, today: new Date() }).detail;
const parsed: DocumentCheckResult = {
  status: 'ok',
  reasons: ['document_expired'],
  detail: { ...unparsed, identity: jane },
};
const outcome = (reasons: ReasonCode[]) => decide(forcedCheckResults(reasons, parsed));

describe('forced check results (test mode)', () => {
  it('an empty list passes every check, whatever the real parse found; the parse detail is kept', () => {
    const results = forcedCheckResults([], parsed);
    expect(results.document).toEqual({
      status: 'ok',
      reasons: [],
      detail: { ...unparsed, identity: jane, testMode: 'forced' },
    });
    expect(decide(results)).toEqual({ decision: 'approve', score: 100, reasons: [] });
  });

  it.each(REASON_CODES.filter((r) => r !== 'ml_degraded_capped_at_review'))(
    '%s alone is reported by decide()',
    (code) => {
      expect(outcome([code]).reasons).toContain(code);
      expect(testOutcomeProblem([code])).toBeNull();
    },
  );

  it('ml_degraded_capped_at_review is derived: alone it degrades liveness, beside face_match_unavailable it needs nothing more', () => {
    expect(outcome(['ml_degraded_capped_at_review'])).toEqual({
      decision: 'review',
      score: 100,
      reasons: ['liveness_unavailable', 'ml_degraded_capped_at_review'],
    });
    expect(outcome(['face_match_unavailable', 'ml_degraded_capped_at_review']).reasons).toEqual([
      'face_match_unavailable',
      'ml_degraded_capped_at_review',
    ]);
  });

  it('refuses what the decision rules cannot produce, and unknown codes', () => {
    expect(testOutcomeProblem(['ofac_match', 'ofac_possible_match'])).toMatch(/^ofac_possible_match cannot/);
    expect(testOutcomeProblem(['face_seen_before', 'face_dedupe_unavailable'])).toMatch(/cannot be produced/);
    expect(testOutcomeProblem(['barcode_parse_failed', 'mandatory_elements_missing'])).toMatch(
      /^barcode_parse_failed excludes mandatory_elements_missing/,
    );
    expect(testOutcomeProblem(['ml_degraded_capped_at_review', 'ofac_match'])).toMatch(
      /^ml_degraded_capped_at_review cannot/,
    );
    expect(testOutcomeProblem(['not_a_code'])).toBe('unknown reason code: not_a_code');
    expect(testOutcomeProblem(['ofac_possible_match', 'face_seen_before', 'document_expired'])).toBeNull();
  });
});

describe('test keys', () => {
  it('a key inherits its creator’s mode; a live key may create a test key, never the reverse', () => {
    expect(modeOfNewKey('live', undefined)).toBe('live');
    expect(modeOfNewKey('live', 'test')).toBe('test');
    expect(modeOfNewKey('test', undefined)).toBe('test');
    expect(modeOfNewKey('test', 'test')).toBe('test');
    expect(modeOfNewKey('test', 'live')).toBeNull();
  });

  it('test keys carry a visible prefix after the service prefix', () => {
    expect(keyPrefixFor('svc_', 'live')).toBe('svc_');
    expect(keyPrefixFor('svc_', 'test')).toBe('svc_test_');
  });
});
