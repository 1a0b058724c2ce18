import type { ScreeningListId } from '../core/screening/list-catalogue.js';
import type { ListDelta, ScreenedEntry } from '../core/screening/list-delta.js';
import type { SdnEntry } from '../core/screening/sdn-model.js';
import type { LicenceHolder, ScreeningIndex } from '../core/screening/screening-index.js';

/** A list as this process holds it, with the index the decision-time screening uses. */
export type HeldList = { listId: ScreeningListId; index: ScreeningIndex; loadedAt: Date };

/** A list's version as recorded: what re-screening is measured against. */
export type LoadedList = {
  listId: ScreeningListId;
  version: string;
  entries: readonly SdnEntry[];
  /** When this process loaded it: a version loaded before the last recorded one is older, not new. */
  loadedAt: Date;
};

/** One recorded new version of a list, and how its re-screen went. */
export type RecordedDelta = {
  id: number;
  listId: ScreeningListId;
  fromVersion: string | null;
  toVersion: string;
  baseline: boolean;
  /** The entries added, changed and removed, by identity (none for a baseline). */
  added: string[];
  changed: string[];
  removed: string[];
  counts: { added: number; changed: number; removed: number };
  createdAt: Date;
  rescreenedAt: Date | null;
  rescreenMs: number | null;
  subjectsScreened: number | null;
  matchesFound: number | null;
};

export type MonitorSubject =
  | { kind: 'name'; name: string; dateOfBirth: string | null; country: string | null }
  | { kind: 'wallet'; address: string; chain: string | null };

export type Monitor = {
  id: string;
  apiKeyId: number;
  subject: MonitorSubject;
  externalRef: string | null;
  createdAt: Date;
};

/** Who a re-screening match is about: a retained verification's holder, or a monitored name or wallet. */
export type ScreeningSubject =
  | { kind: 'verification'; id: string; apiKeyId: number; identity: LicenceHolder }
  | { kind: 'monitor'; id: string; apiKeyId: number; subject: MonitorSubject };

export type ScreeningAlert = {
  subject: Pick<ScreeningSubject, 'kind' | 'id' | 'apiKeyId'>;
  listId: ScreeningListId;
  entryId: string;
  match: 'strong' | 'possible';
  score: number;
  listVersion: string;
};

export type ScreeningWatchStore = {
  /**
   * Compares `list` with its last screened state and, when anything changed, records the delta and
   * the new state in one transaction (one process at a time per list). The first version of a list
   * is recorded as its baseline. Returns the delta recorded, or null when nothing changed.
   */
  recordListVersion(
    list: LoadedList,
    at: Date,
    diff: (state: ReadonlyMap<string, ScreenedEntry>) => ListDelta,
  ): Promise<RecordedDelta | null>;
  /** Claims the oldest delta not yet re-screened for `leaseMs` (null when none is waiting). */
  claimDelta(leaseMs: number): Promise<RecordedDelta | null>;
  /** Gives a claimed delta back, for another process or a later run. */
  releaseDelta(id: number): Promise<void>;
  finishDelta(
    id: number,
    outcome: { rescreenMs: number; subjectsScreened: number; matchesFound: number },
  ): Promise<void>;
  /** The latest delta of each list. */
  latestDeltas(): Promise<RecordedDelta[]>;
  /**
   * Retained verifications still watched (decided, not redacted, not opted out), after `afterId` in id
   * order, with the identity their screening used; one without a readable identity is skipped.
   */
  watchedVerifications(
    afterId: string | null,
    limit: number,
  ): Promise<{ subjects: ScreeningSubject[]; lastId: string | null }>;
  /** Monitors after `afterId` in id order. */
  watchedMonitors(
    afterId: string | null,
    limit: number,
  ): Promise<{ subjects: ScreeningSubject[]; lastId: string | null }>;
  /**
   * Records a match and its `screening.match` event in one transaction; false (and no event) when
   * this subject already had an open alert for this entry.
   */
  recordMatch(alert: ScreeningAlert, eventId: string, at: Date): Promise<boolean>;
  /**
   * Closes every open alert on the removed entries and writes one `screening.match_removed` event per
   * alert closed, in one transaction; returns how many.
   */
  recordRemovals(listId: ScreeningListId, entryIds: string[], listVersion: string, at: Date): Promise<number>;

  createMonitor(input: {
    apiKeyId: number;
    subject: MonitorSubject;
    externalRef: string | null;
    at: Date;
  }): Promise<Monitor>;
  /** The key's monitors, newest first, after the cursor monitor when given. */
  listMonitors(
    apiKeyId: number,
    page: { limit: number; startingAfter?: string },
  ): Promise<{ items: Monitor[]; hasMore: boolean }>;
  /** The monitor when `apiKeyId` owns it. */
  findMonitor(apiKeyId: number, id: string): Promise<Monitor | null>;
  /** Deletes the monitor (its row and its key, so its subject is erased); false when not found. */
  deleteMonitor(apiKeyId: number, id: string): Promise<boolean>;
  /** Deletes, with their keys, the monitors created before `before` (the personal-data retention). */
  expireMonitors(before: Date): Promise<number>;
  countMonitors(accountId: number): Promise<number>;
};
