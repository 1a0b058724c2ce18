import { createHash } from 'node:crypto';

/** OFAC's four SDN types; the CSV writes `-0-` for entity, the XML `Entity`. */
export type SdnEntityType = 'individual' | 'entity' | 'vessel' | 'aircraft';

export const SDN_ENTITY_TYPES: readonly SdnEntityType[] = ['individual', 'entity', 'vessel', 'aircraft'];

/**
 * Strong aliases are OFAC's alt names (alt.csv, `akaList` category strong). Weak aliases are the
 * quoted `a.k.a. 'X'` nicknames in the remarks (XML category weak): OFAC calls them broad or generic
 * (`'PAT'`, `'LUCAS'`), so the matcher treats them as a lead to review, never as a strong match.
 */
export type SdnAlias = { name: string; kind: 'aka' | 'fka' | 'nka'; strength: 'strong' | 'weak' };

/**
 * One `DOB` statement: `23 Nov 1962` (year, month, day), `Nov 1962`, `1962`, `circa 1962`, or a range
 * `1960 to 1962` (yearTo set). Ranges keep only their years: OFAC uses them for uncertain birth years.
 */
export type SdnDateOfBirth = {
  text: string;
  year: number;
  month: number | null;
  day: number | null;
  yearTo: number | null;
  circa: boolean;
};

/** A `Digital Currency Address - <currency> <address>` identifier, address exactly as listed. */
export type SdnWalletAddress = { currency: string; address: string };

export type SdnAddress = { street: string | null; city: string | null; country: string | null };

export type SdnEntry = {
  /** OFAC's uid; on the other lists their numeric id, or the entry's position when the id is text. */
  uid: number;
  /** The list's own reference when it is not OFAC's uid (`KPi.033`, `EU.27.28`, `RUS0251`, `NK-…`). */
  reference?: string;
  /** Verbatim primary name: `SURNAME, Given Names` for individuals. */
  name: string;
  type: SdnEntityType;
  programs: string[];
  aliases: SdnAlias[];
  datesOfBirth: SdnDateOfBirth[];
  /** Nationality and citizenship countries, as written, without duplicates. */
  nationalities: string[];
  wallets: SdnWalletAddress[];
  addresses: SdnAddress[];
};

export type SdnListFormat =
  'ofac-csv' | 'ofac-xml' | 'mirror-json' | 'un-xml' | 'eu-fsf-xml' | 'uk-xml' | 'opensanctions-csv';

export type SdnList = {
  format: SdnListFormat;
  /** OFAC's publish date (YYYY-MM-DD) when the source states one: SDN.XML does, the CSV set does not. */
  publishedAt: string | null;
  /** Publish date (when known) plus a digest of the source text: two loads of the same data agree. */
  version: string;
  entries: SdnEntry[];
};

export type ParsedSdnList = Omit<SdnList, 'version'>;

/**
 * `sdn-2023-12-28-1a2b3c4d` when the publish date is known, `sdn-1a2b3c4d5e6f` otherwise. The digest
 * covers every source text in order, so a list re-published with corrections gets a new version.
 */
export function withListVersion(
  parsed: ParsedSdnList,
  sourceTexts: readonly string[],
  prefix = 'sdn',
): SdnList {
  const hash = createHash('sha256');
  for (const text of sourceTexts) hash.update(text).update('\0');
  const digest = hash.digest('hex');
  const version = parsed.publishedAt
    ? `${prefix}-${parsed.publishedAt}-${digest.slice(0, 8)}`
    : `${prefix}-${digest.slice(0, 12)}`;
  return { ...parsed, version };
}

export type SdnListCounts = {
  entries: number;
  byType: Record<SdnEntityType, number>;
  aliases: number;
  strongAliases: number;
  weakAliases: number;
  walletAddresses: number;
  entriesWithWallets: number;
  datesOfBirth: number;
};

export function countSdnList(list: Pick<SdnList, 'entries'>): SdnListCounts {
  const byType: Record<SdnEntityType, number> = { individual: 0, entity: 0, vessel: 0, aircraft: 0 };
  let aliases = 0;
  let weakAliases = 0;
  let datesOfBirth = 0;
  let entriesWithWallets = 0;
  const wallets = new Set<string>();
  for (const entry of list.entries) {
    byType[entry.type] += 1;
    aliases += entry.aliases.length;
    weakAliases += entry.aliases.filter((a) => a.strength === 'weak').length;
    datesOfBirth += entry.datesOfBirth.length;
    if (entry.wallets.length > 0) entriesWithWallets += 1;
    for (const wallet of entry.wallets) wallets.add(wallet.address);
  }
  return {
    entries: list.entries.length,
    byType,
    aliases,
    strongAliases: aliases - weakAliases,
    weakAliases,
    walletAddresses: wallets.size,
    entriesWithWallets,
    datesOfBirth,
  };
}
