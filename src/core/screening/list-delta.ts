import { createHash } from 'node:crypto';
import type { SdnEntry } from './sdn-model.js';

/** An entry as the last screened state of its list keeps it: its identity, a digest of what screening reads, its name. */
export type ScreenedEntry = { entryId: string; digest: string; name: string };

/**
 * What one new version of a list changed against the last screened state: the entries added, the
 * entries whose screened fields changed (names, aliases, dates of birth, nationalities, addresses,
 * wallets) and the entries removed. Re-screening runs against `added` and `changed` only, and a match
 * against a `removed` entry is withdrawn.
 */
export type ListDelta = {
  added: SdnEntry[];
  changed: SdnEntry[];
  removed: Array<{ entryId: string; name: string }>;
  /** The new screened state of the list. */
  state: Map<string, ScreenedEntry>;
};

/**
 * An entry's identity across versions: the list's own reference where it has one (the UK and
 * OpenSanctions ids are text, and their `uid` is only a position in the file), OFAC's uid otherwise.
 */
export function entryId(entry: Pick<SdnEntry, 'uid' | 'reference'>): string {
  return entry.reference ? `ref:${entry.reference}` : `uid:${entry.uid}`;
}

/** The fields a screening reads, in a canonical order, so that reordering in the source is no change. */
function screenedFields(entry: SdnEntry): string {
  const sorted = (values: string[]) => [...values].sort();
  return JSON.stringify([
    entry.name,
    entry.type,
    sorted(entry.aliases.map((a) => `${a.strength}:${a.kind}:${a.name}`)),
    sorted(entry.datesOfBirth.map((d) => d.text)),
    sorted(entry.nationalities),
    sorted(entry.wallets.map((w) => `${w.currency}:${w.address}`)),
    sorted(entry.addresses.map((a) => `${a.street ?? ''}|${a.city ?? ''}|${a.country ?? ''}`)),
  ]);
}

/**
 * A list's screened state, each entry by identity; an identity listed twice keeps the fields of both
 * (in either order). `entries` maps each identity to its entry as listed last.
 */
export function screenedState(list: { entries: readonly SdnEntry[] }): {
  state: Map<string, ScreenedEntry>;
  entries: Map<string, SdnEntry>;
} {
  const fields = new Map<string, string[]>();
  const entries = new Map<string, SdnEntry>();
  for (const entry of list.entries) {
    const id = entryId(entry);
    fields.set(id, [...(fields.get(id) ?? []), screenedFields(entry)]);
    entries.set(id, entry);
  }
  const state = new Map<string, ScreenedEntry>();
  for (const [id, texts] of fields) {
    const digest = createHash('sha256').update(texts.sort().join('\n')).digest('base64url').slice(0, 22);
    state.set(id, { entryId: id, digest, name: entries.get(id)!.name });
  }
  return { state, entries };
}

/** The delta from the last screened state of a list (empty when none was recorded) to `next`. */
export function diffLists(
  previous: ReadonlyMap<string, ScreenedEntry>,
  next: { entries: readonly SdnEntry[] },
): ListDelta {
  const { state, entries } = screenedState(next);
  const delta: ListDelta = { added: [], changed: [], removed: [], state };
  for (const [id, now] of state) {
    const then = previous.get(id);
    if (!then) delta.added.push(entries.get(id)!);
    else if (then.digest !== now.digest) delta.changed.push(entries.get(id)!);
  }
  for (const [id, then] of previous) if (!state.has(id)) delta.removed.push({ entryId: id, name: then.name });
  return delta;
}
