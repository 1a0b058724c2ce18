import { describe, expect, it } from 'vitest';
import { diffLists, entryId, screenedState } from '../../../src/core/screening/list-delta.js';
import type { SdnEntry, SdnList } from '../../../src/core/screening/sdn-model.js';

const entry = (uid: number, name: string, extra: Partial<SdnEntry> = {}): SdnEntry => ({
  uid,
  name,
  type: 'individual',
  programs: ['SDGT'],
  aliases: [],
  datesOfBirth: [],
  nationalities: [],
  wallets: [],
  addresses: [],
  ...extra,
});
const listOf = (version: string, entries: SdnEntry[]): SdnList => ({
  format: 'ofac-csv',
  publishedAt: null,
  version,
  entries,
});

const stateOf = (entries: SdnEntry[]) => screenedState({ entries }).state;

describe('the delta between two versions of a list', () => {
  const base = [
    entry(1, 'DOE, John'),
    entry(2, 'ROE, Jane', { aliases: [{ name: 'Jane R', kind: 'aka', strength: 'strong' }] }),
    entry(3, 'ACME TRADING', { type: 'entity', wallets: [{ currency: 'XBT', address: 'bc1qold' }] }),
  ];

  it('names the added, changed and removed entries, and nothing for entries that stayed the same', () => {
    const next = [
      entry(1, 'DOE, John', { programs: ['SDGT', 'IRAN'] }),
      entry(2, 'ROE, Jane', { aliases: [{ name: 'Janet Roe', kind: 'aka', strength: 'strong' }] }),
      entry(4, 'NEW, Person'),
    ];
    const delta = diffLists(stateOf(base), listOf('v2', next));
    expect(delta.added.map((e) => e.name)).toEqual(['NEW, Person']);
    // A program change alone does not change who matches: not re-screened.
    expect(delta.changed.map((e) => e.name)).toEqual(['ROE, Jane']);
    expect(delta.removed).toEqual([{ entryId: 'uid:3', name: 'ACME TRADING' }]);
  });

  it('treats a wallet, address, birth date or nationality change as a change, and reordering as none', () => {
    const reordered = [base[2]!, { ...base[1]!, aliases: [...base[1]!.aliases].reverse() }, base[0]!];
    expect(diffLists(stateOf(base), listOf('v2', reordered))).toMatchObject({
      added: [],
      changed: [],
      removed: [],
    });
    const changes: Array<Partial<SdnEntry>> = [
      { wallets: [{ currency: 'XBT', address: 'bc1qnew' }] },
      { addresses: [{ street: null, city: 'Tehran', country: 'Iran' }] },
      { datesOfBirth: [{ text: '1962', year: 1962, month: null, day: null, yearTo: null, circa: false }] },
      { nationalities: ['Iran'] },
    ];
    for (const change of changes) {
      const next = [base[0]!, base[1]!, { ...base[2]!, ...change }];
      expect(
        diffLists(stateOf(base), listOf('v2', next)).changed.map((e) => e.uid),
        JSON.stringify(change),
      ).toEqual([3]);
    }
  });

  it('identifies entries by the list reference where the uid is only a position in the file', () => {
    const uk = (position: number, reference: string, name: string) => entry(position, name, { reference });
    const before = [uk(1, 'RUS0001', 'IVANOV, Ivan'), uk(2, 'RUS0002', 'PETROV, Pyotr')];
    // A new designation at the top shifts every position.
    const after = [
      uk(1, 'RUS0003', 'SIDOROV, Sidor'),
      uk(2, 'RUS0001', 'IVANOV, Ivan'),
      uk(3, 'RUS0002', 'PETROV, Pyotr'),
    ];
    const delta = diffLists(stateOf(before), listOf('uk-2', after));
    expect(delta.added.map(entryId)).toEqual(['ref:RUS0003']);
    expect(delta.changed).toEqual([]);
    expect(delta.removed).toEqual([]);
  });

  it('adds every entry when no state was recorded, and keeps an identity listed twice as one', () => {
    expect(diffLists(new Map(), listOf('v1', base)).added).toHaveLength(3);
    const twice = [...base, entry(1, 'DOE, Johnny')];
    const delta = diffLists(stateOf(twice), listOf('v2', [...twice].reverse()));
    expect(delta).toMatchObject({ added: [], changed: [], removed: [] });
    expect(delta.state.size).toBe(3);
  });
});
