import { parseEuXml, parseOpenSanctionsCsv, parseUkXml, parseUnXml } from './parse-other-lists.js';
import type { NameMatch } from './screen-name.js';
import { withListVersion, type ParsedSdnList, type SdnList } from './sdn-model.js';

/** The lists a name can be screened against. OFAC's SDN list is always loaded; the others on demand. */
export const SCREENING_LIST_IDS = ['ofac', 'un', 'eu', 'uk', 'opensanctions'] as const;
export type ScreeningListId = (typeof SCREENING_LIST_IDS)[number];
export type ExtraListId = Exclude<ScreeningListId, 'ofac'>;
export const EXTRA_LIST_IDS: readonly ExtraListId[] = ['un', 'eu', 'uk', 'opensanctions'];

/** A name match from one of the lists, with the list's own reference for the entry. */
export type ListMatch = NameMatch & { list: ScreeningListId; reference: string | null };

export const LIST_TITLES: Record<ScreeningListId, string> = {
  ofac: 'OFAC Specially Designated Nationals (US)',
  un: 'UN Security Council Consolidated List',
  eu: 'EU Consolidated Financial Sanctions List',
  uk: 'UK Sanctions List (FCDO)',
  opensanctions: 'OpenSanctions consolidated sanctions targets',
};

const PARSERS: Record<ExtraListId, (text: string) => ParsedSdnList> = {
  un: parseUnXml,
  eu: parseEuXml,
  uk: parseUkXml,
  opensanctions: parseOpenSanctionsCsv,
};

/**
 * One list's text into a versioned list (`un-2026-08-20-1a2b3c4d`). A list without entries is an
 * error, never an empty list: a truncated download or an HTML error page must not clear screening.
 */
export function parseExtraList(id: ExtraListId, text: string): SdnList {
  const list = withListVersion(PARSERS[id](text), [text], id);
  if (list.entries.length === 0) throw new Error(`the ${list.format} source holds no entries`);
  return list;
}
