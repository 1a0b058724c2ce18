import type { SdnEntry, SdnList } from './sdn-model.js';

/**
 * What one refresh of a list changed: the entries added, the entries whose screened fields changed
 * (names, aliases, dates of birth, nationalities, addresses, wallets) and the entries removed, between
 * the loaded version and the new one. Re-screening runs against `added` and `changed` only, and a
 * match against a `removed` entry is withdrawn.
 */
export type ListDelta = {
  fromVersion: string | null;
  toVersion: string;
  added: SdnEntry[];
  changed: SdnEntry[];
  removed: Array<{ entryId: string; name: string }>;
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

/** The entries of a list by identity; an identity listed twice keeps the fields of both. */
function byIdentity(entries: readonly SdnEntry[]): Map<string, { entry: SdnEntry; fields: string }> {
  const found = new Map<string, { entry: SdnEntry; fields: string }>();
  for (const entry of entries) {
    const id = entryId(entry);
    const fields = screenedFields(entry);
    const earlier = found.get(id);
    found.set(
      id,
      earlier ? { entry, fields: [earlier.fields, fields].sort().join('\n') } : { entry, fields },
    );
  }
  return found;
}

/**
 * The delta from `previous` (null when nothing was loaded: every entry is added) to `next`. The same
 * version on both sides is an empty delta without comparing entries.
 */
export function diffLists(previous: SdnList | null, next: SdnList): ListDelta {
  const delta: ListDelta = {
    fromVersion: previous?.version ?? null,
    toVersion: next.version,
    added: [],
    changed: [],
    removed: [],
  };
  if (previous?.version === next.version) return delta;
  const before = byIdentity(previous?.entries ?? []);
  const after = byIdentity(next.entries);
  for (const [id, now] of after) {
    const then = before.get(id);
    if (!then) delta.added.push(now.entry);
    else if (then.fields !== now.fields) delta.changed.push(now.entry);
  }
  for (const [id, then] of before)
    if (!after.has(id)) delta.removed.push({ entryId: id, name: then.entry.name });
  return delta;
}
