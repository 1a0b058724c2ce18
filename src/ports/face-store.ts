import type { FaceIdentity } from '../core/faces/face-dedupe.js';

export type NearestFace = {
  verificationId: string;
  apiKeyId: number;
  distance: number;
  identity: FaceIdentity | null;
};

export type NearestListed = { id: number; label: string; distance: number };

export type BlocklistEntry = { id: number; label: string; created_at: Date };

/** Face templates of earlier verifications and the operator's blocklist, searched by Euclidean distance. */
export type FaceStore = {
  /** true: pgvector's HNSW index; false: exact search over every template (correct, slower). */
  readonly vectorSearch: boolean;
  nearest(embedding: number[], excludeVerificationId: string): Promise<NearestFace | null>;
  nearestListed(embedding: number[]): Promise<NearestListed | null>;
  addListed(input: {
    label: string;
    embedding: number[];
    createdBy: number;
    at: Date;
  }): Promise<BlocklistEntry>;
  listListed(): Promise<BlocklistEntry[]>;
  removeListed(id: number, at: Date): Promise<boolean>;
  /**
   * Indices of `hashes` (256-bit frame hashes, as 0/1 strings) within `maxDistance` bits of a frame
   * remembered for another verification, of any key: a recording re-sent at another merchant, or under
   * another key of the same one, is a replay too. The answer names no verification or key.
   */
  seenFrames(input: {
    excludeVerificationId: string;
    hashes: string[];
    maxDistance: number;
  }): Promise<number[]>;
};
