import { buildNameIndex, type NameIndex } from './name-index.js';
import {
  prepareNameQuery,
  screenPreparedName,
  type NameMatch,
  type NameOutcome,
  type NameQuery,
  type PreparedNameQuery,
} from './screen-name.js';
import {
  buildWalletIndex,
  screenWalletAgainstIndex,
  type WalletIndex,
  type WalletListing,
} from './screen-wallet.js';
import { countSdnList, type SdnList, type SdnListCounts } from './sdn-model.js';
import type { NameReading } from './transliterate.js';

/** A loaded list with its name and wallet indexes: immutable, so a refresh builds a new one and swaps it in. */
export type ScreeningIndex = {
  listVersion: string;
  publishedAt: string | null;
  format: SdnList['format'];
  counts: SdnListCounts;
  /** Indexed spellings: primary names, aliases, and their glued forms. */
  indexedNames: number;
  names: NameIndex;
  wallets: WalletIndex;
};

export function buildScreeningIndex(list: SdnList): ScreeningIndex {
  const names = buildNameIndex(list.entries);
  return {
    listVersion: list.version,
    publishedAt: list.publishedAt,
    format: list.format,
    counts: countSdnList(list),
    indexedNames: names.names.length,
    names,
    wallets: buildWalletIndex(list.entries),
  };
}

/** The answer of POST /v1/screen/ofac and POST /v1/free/ofac. */
export type NameScreeningResult = {
  outcome: NameOutcome;
  score: number;
  list_version: string;
  matches: NameMatch[];
  /** The name as submitted, and the romanisations screened with it (a name in another script). */
  query: { name: string; readings: NameReading[] };
};

/** The answer of POST /v1/screen/wallet. */
export type WalletScreeningResult = {
  outcome: 'match' | 'no_match';
  list_version: string;
  matches: Array<Pick<WalletListing, 'uid' | 'name' | 'currency' | 'address'>>;
};

/** `prepared` is the query analysed once when it is screened against several lists. */
export function screenName(
  index: ScreeningIndex,
  query: NameQuery,
  prepared: PreparedNameQuery = prepareNameQuery(query),
): NameScreeningResult {
  const result = screenPreparedName(index.names, prepared);
  return {
    outcome: result.outcome,
    score: result.score,
    list_version: index.listVersion,
    matches: result.matches,
    query: { name: query.name, readings: result.readings },
  };
}

export function screenWallet(index: ScreeningIndex, address: string): WalletScreeningResult {
  const result = screenWalletAgainstIndex(index.wallets, address);
  return { outcome: result.outcome, list_version: index.listVersion, matches: result.matches };
}

export type LicenceHolder = {
  firstName: string | null;
  middleName?: string | null;
  lastName: string | null;
  /** YYYY-MM-DD. */
  dob?: string | null;
};

/**
 * Screens the holder of a driving licence (names as read from the barcode). Only individuals are
 * candidates: a person is not screened against company, vessel or aircraft names.
 */
export function screenLicenceHolder(index: ScreeningIndex, holder: LicenceHolder): NameScreeningResult {
  return screenName(index, licenceHolderQuery(holder));
}

/** The name query of a licence holder: given, middle and family name, against individuals only. */
export function licenceHolderQuery(holder: LicenceHolder): NameQuery {
  const name = [holder.firstName, holder.middleName, holder.lastName]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part.length > 0)
    .join(' ');
  return { name, dob: holder.dob ?? null, types: ['individual'] };
}
