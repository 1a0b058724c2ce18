import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setImmediate as nextTick } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheFolderFor } from '../../../src/adapters/sanctions-source/load-sanctions-list.js';
import { OFFICIAL_SDN_XML_URL } from '../../../src/adapters/sanctions-source/official-sources.js';
import {
  createSanctionsProvider,
  type SanctionsProvider,
  type SanctionsProviderOptions,
} from '../../../src/adapters/sanctions-source/sanctions-provider.js';
import { CSV_SNAPSHOT_DIR } from './snapshot.js';

type LogLine = { level: 'info' | 'warn' | 'error'; obj: object; msg?: string };

function recordingLogger() {
  const lines: LogLine[] = [];
  return {
    lines,
    info: (obj: object, msg?: string) => lines.push({ level: 'info', obj, msg }),
    warn: (obj: object, msg?: string) => lines.push({ level: 'warn', obj, msg }),
    error: (obj: object, msg?: string) => lines.push({ level: 'error', obj, msg }),
  };
}

function sdnRow(uid: number, name: string, type: string, remarks = '-0- '): string {
  const quoted = remarks === '-0- ' ? remarks : `"${remarks}"`;
  return `${uid},"${name}",${type === 'entity' ? '-0- ' : `"${type}"`},"SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,${quoted}`;
}

const BASE_ROWS = [
  sdnRow(1, 'SENIN, Vladimir Borisovich', 'individual', 'DOB 17 Sep 1960.'),
  sdnRow(2, 'MADURO MOROS, Nicolas', 'individual', 'DOB 23 Nov 1962.'),
  sdnRow(3, 'GALAXY PETROCHEMICAL FZE', 'entity'),
  sdnRow(
    4,
    'SUEX OTC, S.R.O.',
    'entity',
    'Digital Currency Address - XBT 1B64QRxfaa35MVkf7sDjuGUYAP5izQt7Qi.',
  ),
];
const ADDED_ROW = sdnRow(5, 'KARPOV, Pavel', 'individual', 'DOB 27 Aug 1977.');

function csvText(rows: string[]): string {
  return `${rows.join('\r\n')}\r\n\u001a`;
}

const SDN_XML = `<?xml version="1.0" standalone="yes"?>
<sdnList xmlns="https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/XML">
  <publshInformation><Publish_Date>08/20/2026</Publish_Date><Record_Count>2</Record_Count></publshInformation>
  <sdnEntry><uid>2</uid><firstName>Nicolas</firstName><lastName>MADURO MOROS</lastName><sdnType>Individual</sdnType>
    <programList><program>VENEZUELA</program></programList></sdnEntry>
  <sdnEntry><uid>4</uid><lastName>SUEX OTC, S.R.O.</lastName><sdnType>Entity</sdnType>
    <programList><program>CYBER2</program></programList>
    <idList><id><uid>9</uid><idType>Digital Currency Address - XBT</idType><idNumber>1B64QRxfaa35MVkf7sDjuGUYAP5izQt7Qi</idNumber></id></idList>
  </sdnEntry>
</sdnList>`;

let workDir: string;
let providers: SanctionsProvider[] = [];

beforeEach(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sanctions-provider-'));
});

afterEach(async () => {
  await Promise.all(providers.map((p) => p.stop()));
  providers = [];
  await fs.rm(workDir, { recursive: true, force: true });
});

function provider(options: Partial<SanctionsProviderOptions> & { source: string | undefined }) {
  const logger = recordingLogger();
  const created = createSanctionsProvider({
    dataDir: path.join(workDir, 'data'),
    refreshIntervalMs: 24 * 3600_000,
    logger,
    ...options,
  });
  providers.push(created);
  return { provider: created, logger };
}

async function writeList(folder: string, rows: string[]): Promise<void> {
  await fs.mkdir(folder, { recursive: true });
  await fs.writeFile(path.join(folder, 'sdn.csv'), csvText(rows));
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('sanctions provider on local files', () => {
  it('loads the snapshot folder in the background and reports its stats', async () => {
    const { provider: p } = provider({
      source: CSV_SNAPSHOT_DIR,
      now: () => new Date('2026-08-22T10:00:00Z'),
    });
    expect(p.current()).toBeNull();
    expect(p.stats().status).toBe('loading');
    p.start();
    await until(() => p.current() !== null);
    expect(p.screenName({ name: 'Nicolas Maduro Moros' })).toMatchObject({ outcome: 'match' });
    expect(p.screenWallet('0x3ad9db589d201a710ed237c829c7860ba86510fc')).toMatchObject({ outcome: 'match' });
    expect(p.screenLicenceHolder({ firstName: 'Jane', lastName: 'Doe', dob: '1990-01-01' })).toMatchObject({
      outcome: 'no_match',
    });
    const stats = p.stats();
    expect(stats).toMatchObject({
      status: 'ready',
      source: CSV_SNAPSHOT_DIR,
      format: 'ofac-csv',
      published_at: null,
      loaded_at: '2026-08-22T10:00:00.000Z',
      loaded_from: CSV_SNAPSHOT_DIR,
      entries: { total: 13_821, individual: 6_646, entity: 6_033, vessel: 764, aircraft: 378 },
      aliases: { strong: 17_091, weak: 3_378 },
      wallet_addresses: 563,
      last_refresh: { at: '2026-08-22T10:00:00.000Z', outcome: 'loaded', error: null },
      next_refresh_at: '2026-08-23T10:00:00.000Z',
      queries_served: { name: 2, wallet: 1 },
    });
    expect(stats.list_version).toMatch(/^sdn-[0-9a-f]{12}$/);
    expect(stats.indexed_names).toBeGreaterThan(13_821 + 17_091);
  });

  it('keeps the loaded list when a refresh fails, and records the error', async () => {
    const folder = path.join(workDir, 'list');
    await writeList(folder, BASE_ROWS);
    const { provider: p, logger } = provider({ source: folder });
    expect(await p.refresh()).toBe('loaded');
    const version = p.current()!.listVersion;
    await fs.writeFile(path.join(folder, 'sdn.csv'), '<html>502 Bad Gateway</html>');
    expect(await p.refresh()).toBe('failed');
    expect(p.current()!.listVersion).toBe(version);
    expect(p.screenName({ name: 'Vladimir Senin' })).toMatchObject({
      outcome: 'possible_match',
      list_version: version,
    });
    expect(p.stats()).toMatchObject({
      status: 'ready',
      list_version: version,
      last_refresh: { outcome: 'failed', error: expect.stringMatching(/no SDN entries/) as string },
    });
    expect(logger.lines.at(-1)).toMatchObject({ level: 'warn', obj: { keptListVersion: version } });
  });

  it('reports an unchanged list without rebuilding it', async () => {
    const folder = path.join(workDir, 'list');
    await writeList(folder, BASE_ROWS);
    const { provider: p } = provider({ source: folder });
    await p.refresh();
    const index = p.current();
    expect(await p.refresh()).toBe('unchanged');
    expect(p.current()).toBe(index);
  });

  it('swaps a new list in atomically: every query sees the old list or the new one', async () => {
    const folder = path.join(workDir, 'list');
    await writeList(folder, BASE_ROWS);
    const { provider: p } = provider({ source: folder });
    await p.refresh();
    const before = p.current()!.listVersion;
    await writeList(folder, [...BASE_ROWS, ADDED_ROW]);
    const seen: Array<string | null> = [];
    let refreshing = true;
    const querying = (async () => {
      while (refreshing) {
        seen.push(p.screenName({ name: 'Pavel Karpov' })?.list_version ?? null);
        await nextTick();
      }
    })();
    const outcome = await p.refresh();
    refreshing = false;
    await querying;
    const after = p.current()!.listVersion;
    expect(outcome).toBe('loaded');
    expect(after).not.toBe(before);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((v) => v === before || v === after)).toBe(true);
    expect(p.screenName({ name: 'Pavel Karpov' })).toMatchObject({ outcome: 'match', list_version: after });
  });

  it('runs one refresh at a time', async () => {
    const folder = path.join(workDir, 'list');
    await writeList(folder, BASE_ROWS);
    const { provider: p, logger } = provider({ source: folder });
    const [a, b] = await Promise.all([p.refresh(), p.refresh()]);
    expect([a, b]).toEqual(['loaded', 'loaded']);
    expect(logger.lines.filter((l) => l.msg === 'sanctions list refreshed')).toHaveLength(1);
  });

  it('refuses a list that shrank to less than half', async () => {
    const folder = path.join(workDir, 'list');
    await writeList(folder, BASE_ROWS);
    const { provider: p } = provider({ source: folder });
    await p.refresh();
    await writeList(folder, BASE_ROWS.slice(0, 1));
    expect(await p.refresh()).toBe('failed');
    expect(p.stats().last_refresh?.error).toMatch(/refused a list of 1 entries after one of 4/);
    expect(p.current()!.counts.entries).toBe(4);
  });

  it('refreshes on its schedule (timer unref’d) and stops', async () => {
    const folder = path.join(workDir, 'list');
    await writeList(folder, BASE_ROWS);
    const { provider: p } = provider({ source: folder, refreshIntervalMs: 50 });
    p.start();
    await until(() => p.current() !== null);
    await writeList(folder, [...BASE_ROWS, ADDED_ROW]);
    await until(() => p.current()!.counts.entries === 5);
    await p.stop();
    expect(p.stats().next_refresh_at).toBeNull();
  });
});

describe('sanctions provider on a file that changes', () => {
  it('reloads a file or folder source as soon as it changes, long before the next refresh', async () => {
    const folder = path.join(workDir, 'list');
    await writeList(folder, BASE_ROWS);
    const { provider: p } = provider({ source: folder, fileCheckIntervalMs: 20 });
    p.start();
    await until(() => p.current() !== null);
    const before = p.current()!.listVersion;
    await writeList(folder, [...BASE_ROWS, ADDED_ROW]);
    await until(() => p.current()!.counts.entries === 5);
    expect(p.current()!.listVersion).not.toBe(before);
    expect(p.stats().next_refresh_at).not.toBeNull();
  });
});

describe('sanctions provider when the list cannot be had', () => {
  it('leaves screening unavailable when the default OFAC download fails, and says why', async () => {
    const requested: string[] = [];
    const offline: typeof fetch = (input) => {
      requested.push(String(input instanceof Request ? input.url : input));
      return Promise.reject(new TypeError('fetch failed', { cause: new Error('getaddrinfo ENOTFOUND') }));
    };
    const { provider: p, logger } = provider({ source: undefined, fetch: offline });
    p.start();
    await until(() => p.stats().status !== 'loading');
    expect(requested).toEqual([OFFICIAL_SDN_XML_URL]);
    expect(p.current()).toBeNull();
    expect(p.screenName({ name: 'Nicolas Maduro' })).toBeNull();
    expect(p.screenWallet('1B64QRxfaa35MVkf7sDjuGUYAP5izQt7Qi')).toBeNull();
    expect(p.stats()).toMatchObject({
      status: 'unavailable',
      source: OFFICIAL_SDN_XML_URL,
      list_version: null,
      entries: null,
      last_refresh: { outcome: 'failed', error: 'fetch failed' },
      queries_served: { name: 0, wallet: 0 },
    });
    expect(logger.lines.at(-1)).toMatchObject({
      level: 'error',
      msg: expect.stringMatching(/unavailable/) as string,
    });
  });

  it('is unavailable for a missing file and for a plain-http remote URL', async () => {
    const missing = provider({ source: path.join(workDir, 'nowhere', 'sdn.csv') }).provider;
    expect(await missing.refresh()).toBe('failed');
    expect(missing.stats()).toMatchObject({
      status: 'unavailable',
      last_refresh: { error: expect.stringMatching(/ENOENT/) as string },
    });
    const insecure = provider({ source: 'http://example.com/SDN.XML' }).provider;
    expect(await insecure.refresh()).toBe('failed');
    expect(insecure.stats().last_refresh?.error).toMatch(/https URL/);
  });
});

describe('sanctions provider on a URL', () => {
  let server: http.Server;
  let baseUrl: string;
  let requests: Array<{ url: string; ifNoneMatch: string | undefined }>;

  beforeEach(async () => {
    requests = [];
    server = http.createServer((req, res) => {
      requests.push({ url: req.url ?? '', ifNoneMatch: req.headers['if-none-match'] });
      if (req.url !== '/exports/SDN.XML') {
        res.writeHead(404).end();
        return;
      }
      if (req.headers['if-none-match'] === '"v1"') {
        res.writeHead(304).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/xml', etag: '"v1"' }).end(SDN_XML);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('downloads, caches, revalidates with the ETag, and screens from the cache when the server is gone', async () => {
    const source = `${baseUrl}/exports/SDN.XML`;
    const first = provider({ source }).provider;
    expect(await first.refresh()).toBe('loaded');
    expect(first.stats()).toMatchObject({
      format: 'ofac-xml',
      published_at: '2026-08-20',
      loaded_from: source,
    });
    expect(await first.refresh()).toBe('unchanged');
    expect(requests.map((r) => r.ifNoneMatch)).toEqual([undefined, '"v1"']);
    const cached = path.join(cacheFolderFor(path.join(workDir, 'data'), new URL(source)), 'SDN.XML');
    expect(await fs.readFile(cached, 'utf8')).toBe(SDN_XML);

    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    const restarted = provider({ source }).provider;
    restarted.start();
    await until(() => restarted.stats().last_refresh?.outcome === 'failed');
    expect(restarted.current()?.listVersion).toBe(first.current()!.listVersion);
    expect(restarted.stats()).toMatchObject({ status: 'ready', loaded_from: `${source} (cached copy)` });
    expect(restarted.screenWallet('1B64QRxfaa35MVkf7sDjuGUYAP5izQt7Qi')).toMatchObject({ outcome: 'match' });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });

  it('fails on an HTTP error status without caching anything', async () => {
    const { provider: p } = provider({ source: `${baseUrl}/exports/MISSING.XML` });
    expect(await p.refresh()).toBe('failed');
    expect(p.stats().last_refresh?.error).toMatch(/HTTP 404/);
    await expect(fs.readdir(path.join(workDir, 'data', 'sanctions'))).rejects.toThrow();
  });
});
