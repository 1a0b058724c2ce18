import type { MediaObjectStore } from '../ports/media-objects.js';

/**
 * Objects younger than this are never swept: an upload writes its objects before the transaction
 * that records them commits, so a young object without a row may simply not be committed yet.
 */
export const MEDIA_SWEEP_MIN_AGE_MS = 3_600_000;

export type MediaSweepResult = { scanned: number; deleted: number };

/**
 * Deletes the bucket's objects that no media row refers to and that are older than `olderThan`:
 * leftovers of a deletion that failed after a retake or a refused upload (logged when it happened).
 * Safe to run on several workers at once: it only ever deletes what no row names.
 */
export async function sweepMediaObjects(
  deps: {
    objects: Pick<MediaObjectStore, 'list' | 'remove'>;
    referenced(keys: string[]): Promise<Set<string>>;
  },
  olderThan: Date,
): Promise<MediaSweepResult> {
  let scanned = 0;
  let deleted = 0;
  for await (const page of deps.objects.list()) {
    scanned += page.length;
    const candidates = page.filter((object) => object.writtenAt < olderThan).map((object) => object.key);
    if (candidates.length === 0) continue;
    const referenced = await deps.referenced(candidates);
    const orphans = candidates.filter((key) => !referenced.has(key));
    if (orphans.length === 0) continue;
    await deps.objects.remove(orphans);
    deleted += orphans.length;
  }
  return { scanned, deleted };
}
