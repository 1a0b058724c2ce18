import type { CheckResults } from '../core/checks.js';
import { DEFAULT_DOCUMENT_TYPE } from '../core/documents/document-types.js';
import { snakeCaseKeys } from '../core/snake-case.js';
import { FACE_MATCH_THRESHOLD, LIVENESS_THRESHOLD } from '../core/verifications/decide.js';
import type { CheckSummary, DocChecks } from '../core/check-results.js';
import type { Identity } from './identity.js';

export type CheckDurations = { faces: number; sanctions: number; face_dedupe: number };

const round = (ms: number) => Math.round(ms);

const ranOrNot = <T extends { status: string }, Figures extends object>(
  result: T,
  ok: (r: Extract<T, { status: 'ok' }>) => Figures,
  durationMs: number,
) =>
  result.status === 'ok'
    ? { status: 'ok' as const, ...ok(result as Extract<T, { status: 'ok' }>), duration_ms: round(durationMs) }
    : { status: 'unavailable' as const, duration_ms: round(durationMs) };

/** The verification's `checks`: each check's status and headline figure. */
export function checksSummary(results: CheckResults, durationsMs: CheckDurations): CheckSummary {
  return {
    document: {
      status: results.document.status,
      reasons: results.document.reasons,
      document_type: results.document.documentType ?? DEFAULT_DOCUMENT_TYPE,
    },
    face_match: ranOrNot(
      results.faceMatch,
      (r) => ({ similarity: r.similarity, threshold: FACE_MATCH_THRESHOLD }),
      durationsMs.faces,
    ),
    liveness: ranOrNot(
      results.liveness,
      (r) => ({ score: r.score, threshold: LIVENESS_THRESHOLD }),
      durationsMs.faces,
    ),
    sanctions: ranOrNot(
      results.sanctions,
      (r) => ({ outcome: r.outcome, score: r.score }),
      durationsMs.sanctions,
    ),
    face_dedupe:
      results.dedupe.status === 'ok'
        ? {
            status: 'ok' as const,
            reason: results.dedupe.reason,
            duration_ms: round(durationsMs.face_dedupe),
          }
        : {
            status: 'unavailable' as const,
            reason: 'unavailable' as const,
            duration_ms: round(durationsMs.face_dedupe),
          },
  };
}

const detailOrError = <Detail>(
  r: { status: 'ok'; detail: Detail } | { status: 'unavailable'; error: string },
) => (r.status === 'ok' ? r.detail : { error: r.error });

/**
 * The verification's `doc_checks`: every check's reviewer-facing detail, snake-cased for the API. The
 * document's identity is the one the checks downstream used (the screened name and date of birth).
 */
export function checkDetails(results: CheckResults, identity: Identity | null): DocChecks {
  const { detail } = results.document;
  const screened = identity
    ? {
        firstName: identity.firstName,
        middleName: identity.middleName,
        lastName: identity.lastName,
        dob: identity.dob,
      }
    : null;
  return {
    document: snakeCaseKeys(
      'decodeSource' in detail
        ? { documentType: 'drivers_license' as const, ...detail, identity: screened }
        : 'mrz' in detail
          ? { ...detail, identity: screened }
          : detail,
    ),
    face_match: snakeCaseKeys(detailOrError(results.faceMatch)),
    liveness: snakeCaseKeys(detailOrError(results.liveness)),
    sanctions: snakeCaseKeys(detailOrError(results.sanctions)),
    face_dedupe: snakeCaseKeys(
      results.dedupe.status === 'ok'
        ? { reason: results.dedupe.reason, ...results.dedupe.detail }
        : { reason: 'unavailable' as const, error: results.dedupe.error },
    ),
  };
}
