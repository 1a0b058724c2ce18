import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { NameQuery } from '../../core/screening/screen-name.js';
import {
  buildScreeningIndex,
  screenLicenceHolder,
  screenName,
  screenWallet,
  type LicenceHolder,
  type NameScreeningResult,
  type ScreeningIndex,
  type WalletScreeningResult,
} from '../../core/screening/screening-index.js';
import {
  loadCachedList,
  loadSanctionsList,
  parseSanctionsSource,
  type DownloadOptions,
  type LoadedList,
  type SanctionsSource,
} from './load-sanctions-list.js';
import type { RefreshOutcome, SanctionsStats } from '../../ports/sanctions.js';
import { OFFICIAL_SDN_XML_URL } from './official-sources.js';

export type SanctionsLogger = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

export type SanctionsProviderOptions = {
  /** File path, folder or https URL; undefined = OFAC's SDN.XML from the Sanctions List Service. */
  source: string | undefined;
  /** Downloads are cached under DATA_DIR/sanctions/, so a restart screens before the network answers. */
  dataDir: string;
  refreshIntervalMs: number;
  logger: SanctionsLogger;
  now?: () => Date;
  /** The network edge (tests make it fail); global fetch by default. */
  fetch?: typeof fetch;
  downloadTimeoutMs?: number;
  /** How the list is read; OFAC's SDN sources (CSV set, XML, mirror JSON) by default. */
  loader?: ListLoader;
  /** Source used when `source` is undefined; OFAC's SDN.XML by default. */
  defaultSource?: string;
  /** Names the list in log lines (`sanctions list` by default). */
  label?: string;
  /** How often a file or folder source is looked at for a change, which reloads it at once (10 s by default). */
  fileCheckIntervalMs?: number;
};

const FILE_CHECK_INTERVAL_MS = 10_000;

/** Size and modification time of a file, or of every file in a folder: a change in any reloads the list. */
function fileSignature(target: string): string | null {
  try {
    const stat = fs.statSync(target);
    if (!stat.isDirectory()) return `${stat.size}:${stat.mtimeMs}`;
    return fs
      .readdirSync(target)
      .sort()
      .map((name) => {
        const file = fs.statSync(path.join(target, name));
        return `${name}:${file.size}:${file.mtimeMs}`;
      })
      .join('|');
  } catch {
    return null;
  }
}

/** Reads one list from its source, or from the cached copy of a URL. */
export type ListLoader = {
  load: (source: SanctionsSource, options: DownloadOptions) => Promise<LoadedList>;
  loadCached: (url: URL, dataDir: string) => Promise<LoadedList | null>;
};

const SDN_LOADER: ListLoader = { load: loadSanctionsList, loadCached: loadCachedList };

export type SanctionsProvider = {
  /** The loaded, indexed list, or null while none is (screening is then unavailable). */
  current: () => ScreeningIndex | null;
  /** Loads the source and swaps the new index in; on failure the previous list stays. Never throws. */
  refresh: () => Promise<RefreshOutcome>;
  /** First load in the background (the cached download first, when there is one), then a refresh every interval. */
  start: () => void;
  /** Stops the schedule, cancels a download in progress and waits for it to settle. */
  stop: () => Promise<void>;
  stats: () => SanctionsStats;
  /** Screening against the current list, counted in stats; null when no list is loaded. */
  screenName: (query: NameQuery) => NameScreeningResult | null;
  screenWallet: (address: string) => WalletScreeningResult | null;
  screenLicenceHolder: (holder: LicenceHolder) => NameScreeningResult | null;
};

/**
 * A new list with fewer than half the entries of the loaded one is refused: the SDN list only grows
 * or shrinks by a few percent between publications, so a halving means a broken or wrong file.
 */
const MIN_SIZE_RATIO = 0.5;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createSanctionsProvider(options: SanctionsProviderOptions): SanctionsProvider {
  const now = options.now ?? (() => new Date());
  const sourceText = options.source ?? options.defaultSource ?? OFFICIAL_SDN_XML_URL;
  const loader = options.loader ?? SDN_LOADER;
  const label = options.label ?? 'sanctions list';
  let source: SanctionsSource | null = null;
  let sourceError: string | null = null;
  try {
    source = parseSanctionsSource(sourceText);
  } catch (error) {
    sourceError = messageOf(error);
  }

  let index: ScreeningIndex | null = null;
  let loadedAt: Date | null = null;
  let loadedFrom: string | null = null;
  let attempted = false;
  let lastRefresh: SanctionsStats['last_refresh'] = null;
  let nextRefreshAt: Date | null = null;
  let timer: NodeJS.Timeout | null = null;
  let fileCheck: NodeJS.Timeout | null = null;
  let inFlight: Promise<RefreshOutcome> | null = null;
  let startup: Promise<void> | null = null;
  let abort = new AbortController();
  const served = { name: 0, wallet: 0 };

  /** Builds the new index aside, then swaps it in with one assignment: a query sees the old list or the new one. */
  async function install(loaded: LoadedList): Promise<RefreshOutcome> {
    if (index && index.listVersion === loaded.list.version) return 'unchanged';
    if (index && loaded.list.entries.length < index.counts.entries * MIN_SIZE_RATIO) {
      throw new Error(
        `refused a list of ${loaded.list.entries.length} entries after one of ${index.counts.entries} (version ${index.listVersion})`,
      );
    }
    // Parsing and indexing each hold the event loop for a few hundred milliseconds: let requests through between them.
    await yieldToEventLoop();
    const next = buildScreeningIndex(loaded.list);
    index = next;
    loadedAt = now();
    loadedFrom = loaded.origin;
    return 'loaded';
  }

  function record(startedAt: Date, outcome: RefreshOutcome, error: string | null): void {
    lastRefresh = {
      at: startedAt.toISOString(),
      outcome,
      error,
      duration_ms: Math.max(0, now().getTime() - startedAt.getTime()),
    };
  }

  async function runRefresh(): Promise<RefreshOutcome> {
    const startedAt = now();
    try {
      if (!source) throw new Error(sourceError ?? 'no sanctions source');
      const loaded = await loader.load(source, {
        dataDir: options.dataDir,
        fetch: options.fetch,
        timeoutMs: options.downloadTimeoutMs,
        signal: abort.signal,
      });
      const outcome = await install(loaded);
      record(startedAt, outcome, null);
      const current = index!;
      options.logger.info(
        { outcome, listVersion: current.listVersion, entries: current.counts.entries, via: loaded.via },
        `${label} refreshed`,
      );
      return outcome;
    } catch (error) {
      const message = messageOf(error);
      record(startedAt, 'failed', message);
      const detail = { source: sourceText, error: message, keptListVersion: index?.listVersion ?? null };
      if (index) options.logger.warn(detail, `${label} refresh failed; keeping the loaded list`);
      else
        options.logger.error(
          detail,
          `${label} unavailable: screening answers unavailable until a load succeeds`,
        );
      return 'failed';
    } finally {
      attempted = true;
    }
  }

  function refresh(): Promise<RefreshOutcome> {
    inFlight ??= runRefresh().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  async function loadCache(): Promise<void> {
    if (source?.kind !== 'url' || index) return;
    const startedAt = now();
    try {
      const cached = await loader.loadCached(source.url, options.dataDir);
      if (!cached) return;
      const outcome = await install(cached);
      record(startedAt, outcome, null);
      options.logger.info(
        { listVersion: index!.listVersion, origin: cached.origin },
        `${label} loaded from cache`,
      );
    } catch (error) {
      options.logger.warn({ error: messageOf(error) }, `cached ${label} unreadable; downloading`);
    }
  }

  function schedule(): void {
    nextRefreshAt = new Date(now().getTime() + options.refreshIntervalMs);
    timer = setTimeout(() => {
      void refresh().finally(() => {
        if (timer) schedule();
      });
    }, options.refreshIntervalMs);
    timer.unref();
  }

  function counted<T>(kind: keyof typeof served, run: (current: ScreeningIndex) => T): T | null {
    if (!index) return null;
    served[kind] += 1;
    return run(index);
  }

  return {
    current: () => index,
    refresh,
    start() {
      if (startup) return;
      abort = new AbortController();
      startup = (async () => {
        await loadCache();
        await refresh();
      })();
      schedule();
      if (source?.kind === 'file') {
        // An operator who syncs lists by cron (or has no network) gets the new version at once, not at the next refresh.
        const target = source.path;
        let seen = fileSignature(target);
        fileCheck = setInterval(() => {
          const now = fileSignature(target);
          if (now === null || now === seen) return;
          seen = now;
          void startup?.then(() => refresh());
        }, options.fileCheckIntervalMs ?? FILE_CHECK_INTERVAL_MS);
        fileCheck.unref();
      }
    },
    async stop() {
      if (timer) clearTimeout(timer);
      timer = null;
      if (fileCheck) clearInterval(fileCheck);
      fileCheck = null;
      nextRefreshAt = null;
      abort.abort(new Error('sanctions provider stopped'));
      await startup?.catch(() => undefined);
      await inFlight?.catch(() => undefined);
      startup = null;
    },
    stats() {
      const counts = index?.counts;
      return {
        status: index ? 'ready' : attempted ? 'unavailable' : 'loading',
        source: sourceText,
        list_version: index?.listVersion ?? null,
        published_at: index?.publishedAt ?? null,
        format: index?.format ?? null,
        loaded_at: loadedAt?.toISOString() ?? null,
        loaded_from: loadedFrom,
        entries: counts ? { total: counts.entries, ...counts.byType } : null,
        aliases: counts ? { strong: counts.strongAliases, weak: counts.weakAliases } : null,
        indexed_names: index?.indexedNames ?? null,
        wallet_addresses: counts?.walletAddresses ?? null,
        last_refresh: lastRefresh,
        next_refresh_at: nextRefreshAt?.toISOString() ?? null,
        queries_served: { ...served },
      };
    },
    screenName: (query) => counted('name', (current) => screenName(current, query)),
    screenWallet: (address) => counted('wallet', (current) => screenWallet(current, address)),
    screenLicenceHolder: (holder) => counted('name', (current) => screenLicenceHolder(current, holder)),
  };
}
