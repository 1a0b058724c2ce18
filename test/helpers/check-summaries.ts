import type { CheckSummary, DocChecks } from '../../src/core/check-results.js';
import { checkDetails } from '../../src/checks/summary.js';
import type { ForcedMarker } from '../../src/core/checks.js';
import { checkDocument } from '../../src/core/documents/check-document.js';

/** A decision's `checks` with every check unavailable: what a store test or benchmark records. */
export const UNAVAILABLE_CHECKS: CheckSummary = {
  document: { status: 'ok', reasons: [] },
  face_match: { status: 'unavailable', duration_ms: 0 },
  liveness: { status: 'unavailable', duration_ms: 0 },
  sanctions: { status: 'unavailable', duration_ms: 0 },
  face_dedupe: { status: 'unavailable', reason: 'unavailable', duration_ms: 0 },
};

const unavailable = { status: 'unavailable' as const, error: 'not run in this test' };

/** The `doc_checks` that go with UNAVAILABLE_CHECKS: no barcode found, every other check unavailable. */
export const UNAVAILABLE_DOC_CHECKS: DocChecks = checkDetails(
  {
    document: checkDocument({ server: { status: 'not_found' }, today: new Date(0) }),
    faceMatch: unavailable,
    liveness: unavailable,
    sanctions: unavailable,
    dedupe: unavailable,
  },
  null,
);

/** decide() and checksSummary() read no detail: tests of them give this where a check's detail is required. */
export const NO_DETAIL: ForcedMarker = { testMode: 'forced' };
