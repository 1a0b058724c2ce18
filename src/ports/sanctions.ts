import type { ListMatch, ScreeningListId } from '../core/screening/list-catalogue.js';
import type { NameOutcome, NameQuery } from '../core/screening/screen-name.js';
import type {
  LicenceHolder,
  NameScreeningResult,
  ScreeningIndex,
  WalletScreeningResult,
} from '../core/screening/screening-index.js';

/** Screening against the loaded sanctions list; each answers null while no list is loaded. */
export type SanctionsScreening = {
  screenName(query: NameQuery): NameScreeningResult | null;
  screenWallet(address: string): WalletScreeningResult | null;
  /** Against every enabled list: which versions were screened, and which lists could not be. */
  screenLicenceHolder(holder: LicenceHolder):
    | (Omit<NameScreeningResult, 'matches'> & {
        matches: ListMatch[];
        list_versions: Partial<Record<ScreeningListId, string>>;
        lists_unavailable: string[];
      })
    | null;
};

export type RefreshOutcome = 'loaded' | 'unchanged' | 'failed';

/** One list's provenance and health, as `/v1/screen/ofac/stats` and `/v1/screen/lists` show it. */
export type SanctionsStats = {
  /** `ready` once a list is loaded; `loading` until the first attempt ends; `unavailable` after it failed. */
  status: 'ready' | 'loading' | 'unavailable';
  source: string;
  list_version: string | null;
  published_at: string | null;
  format: ScreeningIndex['format'] | null;
  loaded_at: string | null;
  /** Where the loaded list came from: a path, a URL, or the cached copy of a URL. */
  loaded_from: string | null;
  entries: { total: number; individual: number; entity: number; vessel: number; aircraft: number } | null;
  aliases: { strong: number; weak: number } | null;
  indexed_names: number | null;
  wallet_addresses: number | null;
  last_refresh: { at: string; outcome: RefreshOutcome; error: string | null; duration_ms: number } | null;
  next_refresh_at: string | null;
  queries_served: { name: number; wallet: number };
};

export type ListStats = SanctionsStats & { id: ScreeningListId; title: string };

/** A name screened against several lists: every match names its list. */
export type MultiListResult = {
  outcome: NameOutcome;
  score: number;
  list_versions: Partial<Record<ScreeningListId, string>>;
  matches: ListMatch[];
  query: NameScreeningResult['query'];
  /** Requested lists that are not loaded (their download failed or has not finished): not screened. */
  lists_unavailable: ScreeningListId[];
};

/** The screening routes' view of the lists: OFAC alone (the /v1/screen/ofac routes), every enabled list, and their health. */
export type ScreeningService = Pick<SanctionsScreening, 'screenName' | 'screenWallet'> & {
  stats(): SanctionsStats;
  listStats(): ListStats[];
  /** Null when none of the requested lists is loaded. */
  screenNameInLists(query: NameQuery, lists?: readonly ScreeningListId[]): MultiListResult | null;
};
