import type { DedupeCheckResult } from '../core/checks.js';
import { decideFaceDedupe, faceIdentityOf } from '../core/faces/face-dedupe.js';
import { similarityFromDistance } from '../core/faces/face-similarity.js';
import type { FaceStore } from '../ports/face-store.js';
import type { Identity } from './identity.js';

/** The selfie's template against earlier verifications' and the operator blocklist. */
export async function searchDuplicates(
  faces: FaceStore,
  input: { verificationId: string; apiKeyId: number; template: number[] | null; identity: Identity | null },
): Promise<DedupeCheckResult> {
  const { verificationId, apiKeyId, template, identity } = input;
  if (!template) {
    // No single face in the selfie: a result of the input (face match already says so), not an outage.
    return {
      status: 'ok',
      reason: 'no_matches',
      detail: { searched: false, skippedBecause: 'no_selfie_template' },
    };
  }
  const [nearest, listed] = await Promise.all([
    faces.nearest(template, verificationId),
    faces.nearestListed(template),
  ]);
  const result = decideFaceDedupe({
    nearest: nearest
      ? {
          verificationId: nearest.verificationId,
          similarity: similarityFromDistance(nearest.distance),
          identity: nearest.identity,
        }
      : null,
    listed: listed
      ? { entryId: String(listed.id), similarity: similarityFromDistance(listed.distance) }
      : null,
    current: faceIdentityOf(identity),
  });
  // The nearest verification's id is shown only to the key that owns it.
  const detailNearest = result.detail.nearest as Record<string, unknown> | undefined;
  if (detailNearest && nearest && nearest.apiKeyId !== apiKeyId) delete detailNearest.verificationId;
  return { ...result, detail: { ...result.detail, search: faces.vectorSearch ? 'hnsw' : 'exact' } };
}
