/**
 * The operator's list of known fraudulent faces. It holds for every merchant of the deployment, so it
 * takes the `operator` scope (docs/security.md). Only the face template is kept: the image is decoded,
 * described and dropped. A listed face makes later verifications `face_seen_before`.
 */
import type { FaceTemplateOutcome } from '../../checks/face-check.js';
import { ApiError } from '../../core/errors.js';
import type { Clock } from '../../core/time.js';
import type { BlocklistEntry, FaceStore } from '../../ports/face-store.js';
import type { WorkQueue } from '../../ports/work-queue.js';
import type { CallingKey } from './api-keys.js';

export type FaceBlocklistDeps = {
  faces: FaceStore;
  clock: Clock;
  faceTemplate(image: Buffer): Promise<FaceTemplateOutcome>;
  /** The bounded image queue: full means 503 with Retry-After rather than an unbounded pile of decodes. */
  imageWork: WorkQueue;
};

export async function addBlocklistedFace(
  deps: FaceBlocklistDeps,
  caller: CallingKey,
  input: { label: string; image: Buffer },
): Promise<BlocklistEntry> {
  const template = await deps.imageWork.run(() => deps.faceTemplate(input.image));
  if (template.status === 'unavailable') throw new ApiError('face_search_unavailable');
  if (template.status === 'no_single_face') throw new ApiError('no_face_in_template');
  return deps.faces.addListed({
    label: input.label,
    embedding: template.template,
    createdBy: caller.id,
    at: deps.clock.now(),
  });
}

export function listBlocklistedFaces(deps: FaceBlocklistDeps): Promise<BlocklistEntry[]> {
  return deps.faces.listListed();
}

export async function removeBlocklistedFace(deps: FaceBlocklistDeps, entryId: number): Promise<void> {
  if (!(await deps.faces.removeListed(entryId, deps.clock.now())))
    throw new ApiError('blocklist_entry_not_found');
}
