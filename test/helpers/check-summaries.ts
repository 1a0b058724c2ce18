import type { CheckSummary } from '../../src/checks/check-results.js';

/** A decision's `checks` with every check unavailable: what a store test or benchmark records. */
export const UNAVAILABLE_CHECKS: CheckSummary = {
  document: { status: 'ok', reasons: [] },
  face_match: { status: 'unavailable', duration_ms: 0 },
  liveness: { status: 'unavailable', duration_ms: 0 },
  sanctions: { status: 'unavailable', duration_ms: 0 },
  face_dedupe: { status: 'unavailable', reason: 'unavailable', duration_ms: 0 },
};
