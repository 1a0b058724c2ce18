import {
  EXTRA_LIST_IDS,
  LIST_TITLES,
  parseExtraList,
  type ExtraListId,
  type ListMatch,
  type ScreeningListId,
} from '../../core/screening/list-catalogue.js';
import { prepareNameQuery, type NameOutcome, type NameQuery } from '../../core/screening/screen-name.js';
import {
  licenceHolderQuery,
  screenName,
  type LicenceHolder,
  type NameScreeningResult,
  type ScreeningIndex,
} from '../../core/screening/screening-index.js';
import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import type { Clock } from '../../core/time.js';
import type { ListStats, MultiListResult } from '../../ports/sanctions.js';
import type { HeldList } from '../../ports/screening-watch.js';
import { createGuardedFetch } from '../http-client/guarded-fetch.js';
import { loadCachedOneFileList, loadOneFileList } from './load-sanctions-list.js';
import {
  OFFICIAL_EU_XML_URL,
  OFFICIAL_UK_XML_URL,
  OFFICIAL_UN_XML_URL,
  OPENSANCTIONS_TARGETS_CSV_URL,
} from './official-sources.js';
import {
  createSanctionsProvider,
  type SanctionsProvider,
  type SanctionsProviderOptions,
} from './sanctions-provider.js';

export const OFFICIAL_LIST_URLS: Record<ExtraListId, string> = {
  un: OFFICIAL_UN_XML_URL,
  eu: OFFICIAL_EU_XML_URL,
  uk: OFFICIAL_UK_XML_URL,
  opensanctions: OPENSANCTIONS_TARGETS_CSV_URL,
};

export type ScreeningListsOptions = SanctionsProviderOptions & {
  /** Lists screened besides OFAC's (which is always): only these are loaded. */
  enabledLists: readonly ExtraListId[];
  /** File path or https URL per list; the official publication by default. */
  listSources: Partial<Record<ExtraListId, string>>;
};

/**
 * OFAC's provider (unchanged for the /v1/screen/ofac routes) plus one provider per enabled list,
 * each with its own source, version, refresh and status. A licence holder is screened against all
 * of them.
 */
export type ScreeningLists = Omit<SanctionsProvider, 'screenLicenceHolder'> & {
  enabledLists: () => ScreeningListId[];
  /** The lists loaded now, each with its index and when it was loaded (re-screening reads them). */
  heldLists: () => HeldList[];
  listStats: () => ListStats[];
  /** Null when none of the requested lists is loaded. */
  screenNameInLists: (query: NameQuery, lists?: readonly ScreeningListId[]) => MultiListResult | null;
  screenLicenceHolder: (
    holder: LicenceHolder,
  ) =>
    | (Omit<NameScreeningResult, 'matches'> &
        Pick<MultiListResult, 'matches' | 'list_versions' | 'lists_unavailable'>)
    | null;
};

const OUTCOME_RANK: Record<NameOutcome, number> = { no_match: 0, possible_match: 1, match: 2 };

const references = new WeakMap<ScreeningIndex, Map<number, string>>();

function referenceOf(index: ScreeningIndex, uid: number): string | null {
  let map = references.get(index);
  if (!map) {
    map = new Map();
    for (const entry of index.names.entries) if (entry.reference) map.set(entry.uid, entry.reference);
    references.set(index, map);
  }
  return map.get(uid) ?? null;
}

/**
 * List downloads go through the address policy of every outbound call: public https only (unless the
 * operator allows an internal mirror), each redirect hop checked again and the connection pinned to
 * the address checked, so neither a changed DNS answer nor a redirect reaches inside the network.
 */
function listDownloadFetch(allowPrivate: boolean): typeof fetch {
  const guarded = createGuardedFetch({
    allowInsecure: allowPrivate,
    // Beyond the loader's own 120 s timeout and 256 MiB cap, which report first.
    timeoutMs: 130_000,
    maxBytes: 257 * 2 ** 20,
    maxRedirects: 5,
  });
  return ((input: string | URL | Request, init?: RequestInit) =>
    guarded(String(input instanceof Request ? input.url : input), {
      method: 'GET',
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      signal: init?.signal ?? undefined,
    })) as typeof fetch;
}

/** The lists the settings name, from their configured sources, refreshed on the configured interval. */
export function screeningListsOf(config: Config, logger: Logger, clock: Clock): ScreeningLists {
  return createScreeningLists({
    source: config.sanctionsList,
    enabledLists: config.screeningLists,
    listSources: config.screeningListSources,
    dataDir: config.dataDir,
    refreshIntervalMs: config.sanctionsRefreshMs,
    logger,
    now: () => clock.now(),
    fetch: listDownloadFetch(config.sanctionsListAllowPrivate),
  });
}

export function createScreeningLists(options: ScreeningListsOptions): ScreeningLists {
  const ofac = createSanctionsProvider(options);
  const extras = new Map<ExtraListId, SanctionsProvider>();
  for (const id of EXTRA_LIST_IDS.filter((l) => options.enabledLists.includes(l))) {
    extras.set(
      id,
      createSanctionsProvider({
        ...options,
        source: options.listSources[id],
        defaultSource: OFFICIAL_LIST_URLS[id],
        label: `${id.toUpperCase()} sanctions list`,
        loader: {
          load: (source, download) => loadOneFileList(source, download, (text) => parseExtraList(id, text)),
          loadCached: (url, dataDir) =>
            loadCachedOneFileList(url, dataDir, (text) => parseExtraList(id, text)),
        },
      }),
    );
  }
  const providers = (): Array<[ScreeningListId, SanctionsProvider]> => [['ofac', ofac], ...extras];
  const enabledLists = () => providers().map(([id]) => id);

  /** The query is analysed (romanised, split into words) once for all the lists. */
  function screenAll(lists: readonly ScreeningListId[], query: NameQuery): MultiListResult | null {
    const prepared = prepareNameQuery(query);
    const result: MultiListResult = {
      outcome: 'no_match',
      score: 0,
      list_versions: {},
      matches: [],
      query: { name: query.name, readings: [] },
      lists_unavailable: [],
    };
    let screened = 0;
    for (const [id, provider] of providers()) {
      if (!lists.includes(id)) continue;
      const index = provider.current();
      if (!index) {
        result.lists_unavailable.push(id);
        continue;
      }
      screened += 1;
      const one = screenName(index, query, prepared);
      result.list_versions[id] = one.list_version;
      result.query = one.query;
      if (OUTCOME_RANK[one.outcome] > OUTCOME_RANK[result.outcome]) result.outcome = one.outcome;
      result.score = Math.max(result.score, one.score);
      for (const match of one.matches)
        result.matches.push({ ...match, list: id, reference: referenceOf(index, match.uid) });
    }
    if (screened === 0) return null;
    result.matches.sort((a, b) => b.score - a.score);
    return result;
  }

  return {
    ...ofac,
    async refresh() {
      const outcomes = await Promise.all([ofac.refresh(), ...[...extras.values()].map((p) => p.refresh())]);
      return outcomes[0]!;
    },
    start() {
      ofac.start();
      for (const provider of extras.values()) provider.start();
    },
    async stop() {
      await Promise.all(providers().map(([, p]) => p.stop()));
    },
    enabledLists,
    heldLists: () =>
      providers().flatMap(([listId, provider]) => {
        const index = provider.current();
        const loadedAt = provider.stats().loaded_at;
        return index && loadedAt ? [{ listId, index, loadedAt: new Date(loadedAt) }] : [];
      }),
    listStats: () =>
      providers().map(([id, provider]) => ({ id, title: LIST_TITLES[id], ...provider.stats() })),
    screenNameInLists(query, lists = enabledLists()) {
      return screenAll(lists, query);
    },
    screenLicenceHolder(holder) {
      const own = ofac.screenLicenceHolder(holder);
      if (!own) return null;
      const others = screenAll([...extras.keys()], licenceHolderQuery(holder));
      const matches: ListMatch[] = [
        ...own.matches.map((m) => ({ ...m, list: 'ofac' as const, reference: null })),
        ...(others?.matches ?? []),
      ].sort((a, b) => b.score - a.score);
      const otherOutcome = others?.outcome ?? 'no_match';
      return {
        ...own,
        outcome: OUTCOME_RANK[otherOutcome] > OUTCOME_RANK[own.outcome] ? otherOutcome : own.outcome,
        score: Math.max(own.score, others?.score ?? 0),
        matches,
        list_versions: { ofac: own.list_version, ...others?.list_versions },
        lists_unavailable: [...extras].filter(([, p]) => !p.current()).map(([id]) => id),
      };
    },
  };
}
