/**
 * Where image bytes live when they are not kept in the database's `media.bytes` column. Keys are
 * opaque, unguessable and never reused; the database row is the record of which object belongs to
 * which verification, so an object no row points at is garbage, never visible.
 */
export type MediaObjectStore = {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when no such object exists. */
  get(key: string): Promise<Buffer | null>;
  /** Best effort: used to clean up after a failed or superseded write. */
  remove(keys: string[]): Promise<void>;
  /** Every object, a page (at most 1,000) at a time, with the time it was written. */
  list(): AsyncIterable<Array<{ key: string; writtenAt: Date }>>;
  /** Whether the bucket answers, for /readyz. */
  check(): Promise<{ ok: true } | { ok: false; error: string }>;
  /** Where the objects go, for logs and /readyz (no credentials). */
  readonly location: string;
};
