import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSanctionsList } from '../../src/adapters/sanctions-source/load-sanctions-list.js';
import {
  parseExtraList,
  type ExtraListId,
  type ScreeningListId,
} from '../../src/core/screening/list-catalogue.js';
import type { SdnEntry, SdnList } from '../../src/core/screening/sdn-model.js';
import { CSV_SNAPSHOT_DIR, MIRROR_SNAPSHOT_DIR } from '../../test/unit/screening/snapshot.js';
import { sampleOf, seededRandom, toArabic, toCyrillic, toHangul, naturalOrder } from './screening-queries.js';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/fixtures/sanctions');

const FIXTURE_FILES: Record<ExtraListId, string> = {
  un: 'un-consolidated.xml',
  eu: 'eu-fsf.xml',
  uk: 'uk-sanctions-list.xml',
  opensanctions: 'opensanctions-targets.simple.csv',
};

/**
 * Roughly the size of each official publication in 2025 (entries): the UN consolidated list about
 * 1,000, the EU financial sanctions file about 5,500, the UK sanctions list about 5,000.
 */
const STAND_IN_SIZES: Record<Exclude<ExtraListId, 'opensanctions'>, number> = {
  un: 1000,
  eu: 5500,
  uk: 5000,
};

async function loadFolder(folder: string): Promise<SdnList> {
  return (await loadSanctionsList({ kind: 'file', path: folder }, { dataDir: '/nonexistent' })).list;
}

/** An entry with its name also in the script the list publishes it in, as the UN, EU and UK lists do. */
function withOriginalScript(entry: SdnEntry, list: ExtraListId): SdnEntry {
  let original: string | null = null;
  if (entry.type === 'individual' && entry.programs.some((p) => p.startsWith('DPRK')))
    original = toHangul(entry);
  else if (list === 'un' && entry.type === 'individual' && entry.programs.includes('SDGT'))
    original = toArabic(naturalOrder(entry));
  else if (list !== 'un' && entry.programs.some((p) => p.startsWith('RUSSIA') || p.startsWith('UKRAINE')))
    original = toCyrillic(naturalOrder(entry));
  if (!original) return entry;
  return { ...entry, aliases: [...entry.aliases, { name: original, kind: 'aka', strength: 'strong' }] };
}

export type AllLists = {
  lists: Array<{ id: ScreeningListId; list: SdnList }>;
  /** One line for the benchmark report: what stands in for what. */
  description: string;
};

/**
 * Every list the service can screen against, at a realistic size. No official UN, EU or UK file is
 * available offline (only the small fixtures written for the tests), so each of those is its fixture
 * plus a stand-in sample of OFAC 2023-12-28 entries of the official list's size, with the
 * original-script names those lists carry (Arabic on the UN list, Hangul for DPRK listings, Cyrillic
 * for Russia listings on the EU and UK lists); OpenSanctions' consolidated export is its fixture plus
 * both OFAC snapshots (about 33,000 entries). OFAC itself is the 2026-08-20 snapshot.
 */
export async function loadAllLists(): Promise<AllLists> {
  const current = await loadFolder(MIRROR_SNAPSHOT_DIR);
  const older = await loadFolder(CSV_SNAPSHOT_DIR);
  const random = seededRandom(20261123);
  const fixture = (id: ExtraListId) =>
    parseExtraList(id, fs.readFileSync(path.join(fixtures, FIXTURE_FILES[id]), 'utf8'));
  const lists: AllLists['lists'] = [{ id: 'ofac', list: current }];
  for (const id of ['un', 'eu', 'uk'] as const) {
    const own = fixture(id);
    const standIn = sampleOf(older.entries, STAND_IN_SIZES[id], random).map((e) => withOriginalScript(e, id));
    lists.push({
      id,
      list: { ...own, version: `${own.version}+stand-in`, entries: [...own.entries, ...standIn] },
    });
  }
  const open = fixture('opensanctions');
  lists.push({
    id: 'opensanctions',
    list: {
      ...open,
      version: `${open.version}+stand-in`,
      entries: [...open.entries, ...older.entries, ...current.entries],
    },
  });
  const sizes = lists
    .map(({ id, list }) => `${id} ${list.entries.length.toLocaleString('en-US')}`)
    .join(', ');
  return {
    lists,
    description: `${sizes} entries (OFAC: the 2026-08-20 snapshot; UN, EU, UK: their test fixture plus a stand-in sample of OFAC 2023-12-28 entries of the official list's size with the original-script names those lists carry; OpenSanctions: its fixture plus both OFAC snapshots; no official UN, EU or UK file is available offline)`,
  };
}
