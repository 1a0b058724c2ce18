import type { DedupeCheckResult, FaceDedupeReason } from '../checks.js';
import { distanceFromSimilarity } from './face-similarity.js';

/**
 * Duplicate-face threshold, stricter than face match (0.6): a 1:N search over every earlier face
 * multiplies the per-comparison false-match rate by the number of faces stored, and a hit under a
 * different name declines. At 0.67 (template distance ≤ 0.9075 with the 1.1 operating distance)
 * the realistic set's selfie templates (bench/face-eval.bench.ts: 5 phone frames of each of 40
 * photos) find another photo of the same person first, within the threshold, in every case
 * (same-person template distances 0.185–0.595), and different people are at least 1.183 apart,
 * so none comes within the threshold (margin 0.28).
 */
export const DUPLICATE_FACE_SIMILARITY = 0.67;

/** The same threshold as a Euclidean (pgvector L2 `<->`) distance between templates: 0.9075. */
export const DUPLICATE_FACE_MAX_DISTANCE = distanceFromSimilarity(DUPLICATE_FACE_SIMILARITY);

/**
 * The engine the bundled models make templates with: the recognizer's name and a hash of its weights
 * (a replacement recognizer gets its own, see templateEngineOf). Duplicate search compares only
 * templates of one engine.
 */
export const BUNDLED_TEMPLATE_ENGINE = 'onnx/mobilefacenet_arcface_v1+sha256.b7120c095d60';

/** Name and date of birth as read from the licence barcode (`dob` as YYYY-MM-DD). */
export type FaceIdentity = { name: string; dob: string };

/** The name and date of birth the duplicate rules compare; null when the licence did not give both. */
export function faceIdentityOf(
  identity: {
    firstName: string | null;
    middleName: string | null;
    lastName: string | null;
    dob: string | null;
  } | null,
): FaceIdentity | null {
  if (!identity?.dob) return null;
  const name = [identity.firstName, identity.middleName, identity.lastName].filter(Boolean).join(' ').trim();
  return name ? { name, dob: identity.dob } : null;
}

export type NearestEarlierFace = {
  verificationId: string;
  similarity: number;
  /** null when that verification's identity is unknown (no readable barcode). */
  identity: FaceIdentity | null;
};

export type ListedFaceHit = { entryId: string; similarity: number };

export type FaceDedupeInput = {
  /** Nearest face among earlier decided verifications of this deployment; null when there is none. */
  nearest: NearestEarlierFace | null;
  /** Nearest face on the operator's list of known fraudulent faces; null when none or no list. */
  listed: ListedFaceHit | null;
  /** This verification's identity; null when unknown. */
  current: FaceIdentity | null;
};

function nameTokens(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((token) => token.length > 0);
}

/**
 * Same person on paper: equal date of birth, and the same name tokens in any order ("DOE, JANE" =
 * "Jane Doe"), or one name's tokens all found in the other's when both have two or more, so a
 * middle name given on one licence but not on the other still matches.
 */
export function sameIdentity(a: FaceIdentity, b: FaceIdentity): boolean {
  if (a.dob.trim() !== b.dob.trim()) return false;
  const left = nameTokens(a.name);
  const right = nameTokens(b.name);
  if (left.length === 0 || right.length === 0) return false;
  const [shorter, longer] = left.length <= right.length ? [left, right] : [right, left];
  if (shorter.length < 2 && shorter.length !== longer.length) return false;
  const pool = [...longer];
  for (const token of shorter) {
    const at = pool.indexOf(token);
    if (at === -1) return false;
    pool.splice(at, 1);
  }
  return true;
}

const SEVERITY: Record<FaceDedupeReason, number> = {
  no_matches: 0,
  below_threshold: 1,
  returning_customer: 2,
  face_seen_before: 3,
  face_duplicate_different_identity: 4,
};

/**
 * Nearest earlier face at or above the threshold → same identity:
 * `returning_customer`; different identity: `face_duplicate_different_identity`; identity unknown
 * on either side: `face_seen_before`. A listed face at or above the threshold → `face_seen_before`
 * (it overrides `returning_customer`, never a different-identity decline). Otherwise
 * `below_threshold` when an earlier or listed face exists, `no_matches` when none does.
 */
export function decideFaceDedupe(input: FaceDedupeInput): Extract<DedupeCheckResult, { status: 'ok' }> {
  const { nearest, listed, current } = input;
  let fromHistory: FaceDedupeReason = 'no_matches';
  if (nearest) {
    if (nearest.similarity < DUPLICATE_FACE_SIMILARITY) fromHistory = 'below_threshold';
    else if (!nearest.identity || !current) fromHistory = 'face_seen_before';
    else
      fromHistory = sameIdentity(nearest.identity, current)
        ? 'returning_customer'
        : 'face_duplicate_different_identity';
  }
  let fromList: FaceDedupeReason = 'no_matches';
  if (listed)
    fromList = listed.similarity >= DUPLICATE_FACE_SIMILARITY ? 'face_seen_before' : 'below_threshold';
  const reason = SEVERITY[fromList] > SEVERITY[fromHistory] ? fromList : fromHistory;

  return {
    status: 'ok',
    reason,
    detail: {
      threshold: DUPLICATE_FACE_SIMILARITY,
      ...(nearest
        ? {
            nearest: {
              verificationId: nearest.verificationId,
              similarity: Math.round(nearest.similarity * 10_000) / 10_000,
              identityKnown: nearest.identity !== null,
            },
          }
        : {}),
      ...(listed
        ? { listed: { entryId: listed.entryId, similarity: Math.round(listed.similarity * 10_000) / 10_000 } }
        : {}),
      currentIdentityKnown: current !== null,
    },
  };
}
