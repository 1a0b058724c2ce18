import crypto from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { diffLists, entryId } from '../core/screening/list-delta.js';
import { MATCHER_SETTINGS, type NameQuery } from '../core/screening/screen-name.js';
import {
  licenceHolderQuery,
  screenName,
  screenWallet,
  type ScreeningIndex,
} from '../core/screening/screening-index.js';
import { addSeconds, type Clock } from '../core/time.js';
import { ApiError } from '../core/errors.js';
import type {
  HeldList,
  Monitor,
  MonitorSubject,
  RecordedDelta,
  ScreeningAlert,
  ScreeningSubject,
  ScreeningWatchStore,
} from '../ports/screening-watch.js';

export type ScreeningWatchDeps = {
  store: ScreeningWatchStore;
  /** The lists this process has loaded now. */
  lists: () => HeldList[];
  clock: Clock;
  /** Monitors are personal data kept as long as a verification's personal fields. */
  retentionPiiDays: number;
};

export type RescreenOutcome = {
  delta: RecordedDelta;
  subjectsScreened: number;
  matchesFound: number;
  matchesRemoved: number;
  rescreenMs: number;
};

const PAGE = 500;
const YIELD_EVERY = 25;
/** A worker that stops mid-run leaves its delta to another after this long. */
const RESCREEN_LEASE_MS = 10 * 60_000;

/** Records, for every loaded list, the delta of a version not recorded yet (see ScreeningWatchStore). */
export async function recordListVersions(deps: ScreeningWatchDeps): Promise<RecordedDelta[]> {
  const recorded: RecordedDelta[] = [];
  for (const held of deps.lists()) {
    const list = {
      listId: held.listId,
      version: held.index.listVersion,
      entries: held.index.names.entries,
      loadedAt: held.loadedAt,
    };
    const delta = await deps.store.recordListVersion(list, deps.clock.now(), (state) =>
      diffLists(state, list),
    );
    if (delta) recorded.push(delta);
  }
  return recorded;
}

const entryIds = new WeakMap<ScreeningIndex, Map<number, string>>();

/** The identity of the entry a match names, in the index it came from. */
function entryIdIn(index: ScreeningIndex, uid: number): string | undefined {
  let ids = entryIds.get(index);
  if (!ids) {
    ids = new Map(index.names.entries.map((entry) => [entry.uid, entryId(entry)]));
    entryIds.set(index, ids);
  }
  return ids.get(uid);
}

/**
 * One subject against the whole loaded list, as at decision time (same matcher, same thresholds, and
 * so the same scores), keeping only the matches on entries the delta added or changed.
 */
function screenSubject(
  subject: ScreeningSubject,
  index: ScreeningIndex,
  watched: ReadonlySet<string>,
): Array<{ entryId: string; match: 'strong' | 'possible'; score: number }> {
  if (subject.kind === 'monitor' && subject.subject.kind === 'wallet') {
    return screenWallet(index, subject.subject.address)
      .matches.map((m) => ({ entryId: entryIdIn(index, m.uid) ?? '', match: 'strong' as const, score: 1 }))
      .filter((m) => watched.has(m.entryId));
  }
  let query: NameQuery;
  if (subject.kind === 'verification') query = licenceHolderQuery(subject.identity);
  else if (subject.subject.kind === 'name')
    query = { name: subject.subject.name, dob: subject.subject.dateOfBirth };
  else return [];
  const result = screenName(index, query);
  if (result.outcome === 'no_match') return [];
  return result.matches
    .map((m) => ({
      entryId: entryIdIn(index, m.uid) ?? '',
      match: (result.outcome === 'match' && m.score >= MATCHER_SETTINGS.strongThreshold
        ? 'strong'
        : 'possible') as 'strong' | 'possible',
      score: m.score,
    }))
    .filter((m) => watched.has(m.entryId));
}

/**
 * Re-screens every watched subject (retained verifications, then monitors) against one delta: a new
 * match alerts once (`screening.match`), a removed entry closes the alerts it had (`screening.match_removed`).
 * Null when this process does not hold the delta's version or a later one (the delta is left for one that does).
 */
async function rescreenDelta(
  deps: ScreeningWatchDeps,
  delta: RecordedDelta,
): Promise<RescreenOutcome | null> {
  const started = performance.now();
  const held = deps.lists().find((l) => l.listId === delta.listId);
  // An older version than the delta's lacks what it added: left for when this process has caught up.
  if (!held || (held.index.listVersion !== delta.toVersion && held.loadedAt <= delta.createdAt)) {
    await deps.store.releaseDelta(delta.id);
    return null;
  }
  const watched = new Set([...delta.added, ...delta.changed]);
  let subjectsScreened = 0;
  let matchesFound = 0;
  if (watched.size > 0) {
    const screenAll = async (
      page: (after: string | null) => Promise<{ subjects: ScreeningSubject[]; lastId: string | null }>,
    ) => {
      let after: string | null = null;
      for (;;) {
        const { subjects, lastId } = await page(after);
        for (const subject of subjects) {
          subjectsScreened += 1;
          // Screening holds the event loop (about 0.4 ms a Latin name): requests go through every few.
          if (subjectsScreened % YIELD_EVERY === 0) await yieldToEventLoop();
          for (const found of screenSubject(subject, held.index, watched)) {
            const alert: ScreeningAlert = {
              subject: { kind: subject.kind, id: subject.id, apiKeyId: subject.apiKeyId },
              listId: delta.listId,
              entryId: found.entryId,
              match: found.match,
              score: found.score,
              listVersion: delta.toVersion,
            };
            if (await deps.store.recordMatch(alert, crypto.randomUUID(), deps.clock.now())) matchesFound += 1;
          }
        }
        if (!lastId) return;
        after = lastId;
      }
    };
    await screenAll((after) => deps.store.watchedVerifications(after, PAGE));
    await screenAll((after) => deps.store.watchedMonitors(after, PAGE));
  }
  const matchesRemoved = await deps.store.recordRemovals(
    delta.listId,
    delta.removed,
    delta.toVersion,
    deps.clock.now(),
  );
  const rescreenMs = performance.now() - started;
  await deps.store.finishDelta(delta.id, { rescreenMs, subjectsScreened, matchesFound });
  return { delta, subjectsScreened, matchesFound, matchesRemoved, rescreenMs };
}

/** Re-screens every delta waiting, oldest first; the same delta run twice alerts nothing twice. */
export async function rescreenPendingDeltas(deps: ScreeningWatchDeps): Promise<RescreenOutcome[]> {
  const done: RescreenOutcome[] = [];
  for (;;) {
    const delta = await deps.store.claimDelta(RESCREEN_LEASE_MS);
    if (!delta) return done;
    const outcome = await rescreenDelta(deps, delta);
    if (!outcome) return done;
    done.push(outcome);
  }
}

/** Deletes monitors past the personal-data retention period, with their keys. */
export function expireMonitors(deps: ScreeningWatchDeps): Promise<number> {
  return deps.store.expireMonitors(addSeconds(deps.clock.now(), -deps.retentionPiiDays * 86_400));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type MonitorDeps = { store: ScreeningWatchStore; clock: Clock; maxMonitorsPerAccount: number };

/** A name or wallet the key's merchant wants re-screened on every list update, sealed like personal data. */
export async function createMonitor(
  deps: MonitorDeps,
  owner: { apiKeyId: number; accountId: number },
  input: { subject: MonitorSubject; externalRef: string | null },
): Promise<Monitor> {
  if ((await deps.store.countMonitors(owner.accountId)) >= deps.maxMonitorsPerAccount)
    throw new ApiError('monitor_limit_reached', { max: deps.maxMonitorsPerAccount });
  return deps.store.createMonitor({
    apiKeyId: owner.apiKeyId,
    subject: input.subject,
    externalRef: input.externalRef,
    at: deps.clock.now(),
  });
}

export function listMonitors(
  deps: MonitorDeps,
  apiKeyId: number,
  page: { limit: number; startingAfter?: string },
) {
  return deps.store.listMonitors(apiKeyId, page);
}

/** Another key's monitor is not found, as an unknown one. */
export async function getMonitor(deps: MonitorDeps, apiKeyId: number, id: string): Promise<Monitor> {
  const monitor = UUID.test(id) ? await deps.store.findMonitor(apiKeyId, id) : null;
  if (!monitor) throw new ApiError('monitor_not_found');
  return monitor;
}

/** Deletes the monitor and erases its subject for good (its key is destroyed); it is never screened again. */
export async function deleteMonitor(deps: MonitorDeps, apiKeyId: number, id: string): Promise<void> {
  if (!UUID.test(id) || !(await deps.store.deleteMonitor(apiKeyId, id)))
    throw new ApiError('monitor_not_found');
}
