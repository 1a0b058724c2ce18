import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  parseSdnSource,
  sniffSdnFormat,
  type SdnSourceTexts,
} from '../../core/screening/parse-sdn-source.js';
import type { SdnList } from '../../core/screening/sdn-model.js';

export type SanctionsSource = { kind: 'file'; path: string } | { kind: 'url'; url: URL };

/**
 * `SANCTIONS_LIST`: a file (sdn.csv, SDN.XML, a mirror .json), a folder holding one of those, or an
 * https URL. Plain http is accepted only for a loopback host (a local mirror, the tests).
 */
export function parseSanctionsSource(source: string): SanctionsSource {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(source)) {
    const url = new URL(source);
    const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
      throw new Error(`SANCTIONS_LIST must be an https URL or a file path, not ${url.protocol}//`);
    }
    return { kind: 'url', url };
  }
  return { kind: 'file', path: path.resolve(source) };
}

/** UTF-8 (OFAC's files are ASCII, a subset); text that is not valid UTF-8 is read as Windows-1252. */
export function decodeListBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

export type LoadedList = {
  list: SdnList;
  /** Where the text came from: a path, a URL, or the cached copy of a URL. */
  origin: string;
  via: 'file' | 'download' | 'not-modified' | 'cache';
};

// ---------------------------------------------------------------------------------------------- files

async function readText(file: string): Promise<string> {
  return decodeListBytes(await fs.readFile(file));
}

/** Finds a file in a folder whatever its case (`alt.csv` / `ALT.CSV`). */
async function sibling(folder: string, name: string): Promise<string | null> {
  const found = (await fs.readdir(folder)).find((f) => f.toLowerCase() === name.toLowerCase());
  return found ? path.join(folder, found) : null;
}

async function csvSetFrom(sdnFile: string): Promise<SdnSourceTexts> {
  const folder = path.dirname(sdnFile);
  const optional = async (name: string) => {
    const file = await sibling(folder, name);
    return file ? readText(file) : null;
  };
  return {
    format: 'ofac-csv',
    csv: {
      sdn: await readText(sdnFile),
      alt: await optional('alt.csv'),
      add: await optional('add.csv'),
      comments: await optional('sdn_comments.csv'),
    },
  };
}

async function mirrorFrom(files: string[]): Promise<SdnSourceTexts> {
  let sdn: string | null = null;
  let wallets: string | null = null;
  for (const file of files) {
    const text = await readText(file);
    const head = text.slice(0, 4096);
    // The wallet mirror opens with its `addresses` array; the SDN mirror has `entries` after its metadata.
    if (/^\s*\{\s*"addresses"/.test(head)) wallets = text;
    else sdn = text;
  }
  if (!sdn) throw new Error('no SDN mirror JSON among the .json files');
  return { format: 'mirror-json', sdn, wallets };
}

async function textsFromPath(target: string): Promise<SdnSourceTexts> {
  const stat = await fs.stat(target);
  if (stat.isDirectory()) {
    const sdnCsv = await sibling(target, 'sdn.csv');
    if (sdnCsv) return csvSetFrom(sdnCsv);
    const sdnXml = await sibling(target, 'sdn.xml');
    if (sdnXml) return { format: 'ofac-xml', xml: await readText(sdnXml) };
    const json = (await fs.readdir(target)).filter((f) => f.toLowerCase().endsWith('.json')).sort();
    if (json.length > 0) return mirrorFrom(json.map((f) => path.join(target, f)));
    throw new Error(`no sdn.csv, SDN.XML or mirror .json in ${target}`);
  }
  const lower = target.toLowerCase();
  if (lower.endsWith('.csv')) return csvSetFrom(target);
  if (lower.endsWith('.json')) return mirrorFrom([target]);
  const text = await readText(target);
  const format = sniffSdnFormat(text);
  if (format === 'ofac-xml') return { format, xml: text };
  if (format === 'mirror-json') return { format, sdn: text };
  return csvSetFrom(target);
}

// ------------------------------------------------------------------------------------------ downloads

export type DownloadOptions = {
  dataDir: string;
  fetch?: typeof fetch;
  /** Per file. */
  timeoutMs?: number;
  /** SDN.XML was about 30 MB in 2026; far more means something else is being served. */
  maxBytes?: number;
  signal?: AbortSignal;
};

const DEFAULT_TIMEOUT_MS = 120_000;
const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;

type CachedMeta = { url: string; etag: string | null; lastModified: string | null; downloadedAt: string };

/** Downloads of one source URL are kept under DATA_DIR/sanctions/<host>-<hash of the URL>/. */
export function cacheFolderFor(dataDir: string, url: URL): string {
  const digest = createHash('sha256').update(url.href).digest('hex').slice(0, 12);
  return path.join(dataDir, 'sanctions', `${url.hostname}-${digest}`);
}

function fileNameOf(url: URL): string {
  const name = decodeURIComponent(url.pathname.split('/').pop() ?? '');
  return /^[\w.-]+$/.test(name) ? name : 'list';
}

async function writeAtomically(file: string, data: Uint8Array | string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temporary, data);
  await fs.rename(temporary, file);
}

async function readMeta(file: string): Promise<CachedMeta | null> {
  try {
    return JSON.parse(await fs.readFile(`${file}.meta.json`, 'utf8')) as CachedMeta;
  } catch {
    return null;
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

type HttpStatusError = Error & { status: number };

function httpStatusError(status: number, url: URL): HttpStatusError {
  return Object.assign(new Error(`HTTP ${status} from ${url.href}`), { status });
}

/**
 * One file, conditionally (If-None-Match / If-Modified-Since from the cached copy, so an unchanged
 * list costs a 304), written to the cache only once complete.
 */
async function downloadFile(
  url: URL,
  folder: string,
  options: DownloadOptions,
): Promise<{ text: string; notModified: boolean }> {
  const file = path.join(folder, fileNameOf(url));
  const meta = (await exists(file)) ? await readMeta(file) : null;
  const headers: Record<string, string> = { accept: '*/*' };
  if (meta?.url === url.href) {
    if (meta.etag) headers['if-none-match'] = meta.etag;
    if (meta.lastModified) headers['if-modified-since'] = meta.lastModified;
  }
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const response = await (options.fetch ?? fetch)(url, { headers, signal, redirect: 'follow' });
  if (response.status === 304 && meta) return { text: await readText(file), notModified: true };
  if (!response.ok) {
    await response.body?.cancel();
    throw httpStatusError(response.status, url);
  }
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes)
    throw new Error(`${url.href} is ${declared} bytes, above the ${maxBytes}-byte limit`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (let part = await reader?.read(); part && !part.done; part = await reader?.read()) {
    size += part.value.byteLength;
    if (size > maxBytes) {
      await reader?.cancel();
      throw new Error(`${url.href} exceeds the ${maxBytes}-byte limit`);
    }
    chunks.push(part.value);
  }
  const bytes = Buffer.concat(chunks);
  await fs.mkdir(folder, { recursive: true });
  await writeAtomically(file, bytes);
  const fresh: CachedMeta = {
    url: url.href,
    etag: response.headers.get('etag'),
    lastModified: response.headers.get('last-modified'),
    downloadedAt: new Date().toISOString(),
  };
  await writeAtomically(`${file}.meta.json`, JSON.stringify(fresh));
  return { text: decodeListBytes(bytes), notModified: false };
}

function siblingUrl(url: URL, name: string): URL {
  const upper = fileNameOf(url) === fileNameOf(url).toUpperCase();
  return new URL(upper ? name.toUpperCase() : name, url);
}

async function textsFromUrl(
  url: URL,
  options: DownloadOptions,
): Promise<{ texts: SdnSourceTexts; notModified: boolean }> {
  const folder = cacheFolderFor(options.dataDir, url);
  const main = await downloadFile(url, folder, options);
  const lower = url.pathname.toLowerCase();
  const format = lower.endsWith('.xml')
    ? 'ofac-xml'
    : lower.endsWith('.csv')
      ? 'ofac-csv'
      : lower.endsWith('.json')
        ? 'mirror-json'
        : sniffSdnFormat(main.text);
  if (format === 'ofac-xml') return { texts: { format, xml: main.text }, notModified: main.notModified };
  if (format === 'mirror-json') return { texts: { format, sdn: main.text }, notModified: main.notModified };
  let notModified = main.notModified;
  // The siblings are optional, as in a folder: a 404 leaves that part out, any other failure fails the load.
  const optional = async (name: string) => {
    try {
      const part = await downloadFile(siblingUrl(url, name), folder, options);
      notModified &&= part.notModified;
      return part.text;
    } catch (error) {
      if ((error as Partial<HttpStatusError>).status === 404) return null;
      throw error;
    }
  };
  const csv = {
    sdn: main.text,
    alt: await optional('alt.csv'),
    add: await optional('add.csv'),
    comments: await optional('sdn_comments.csv'),
  };
  return { texts: { format, csv }, notModified };
}

// ------------------------------------------------------------------------------------------- loading

/** Reads and parses the list from its source (downloading a URL). Throws when it cannot. */
export async function loadSanctionsList(
  source: SanctionsSource,
  options: DownloadOptions,
): Promise<LoadedList> {
  if (source.kind === 'file') {
    return { list: parseSdnSource(await textsFromPath(source.path)), origin: source.path, via: 'file' };
  }
  const { texts, notModified } = await textsFromUrl(source.url, options);
  return {
    list: parseSdnSource(texts),
    origin: source.url.href,
    via: notModified ? 'not-modified' : 'download',
  };
}

/** The last complete download of a URL source, if any: screening can start before the network answers. */
export async function loadCachedList(url: URL, dataDir: string): Promise<LoadedList | null> {
  const folder = cacheFolderFor(dataDir, url);
  const main = path.join(folder, fileNameOf(url));
  if (!(await exists(main))) return null;
  const texts = url.pathname.toLowerCase().endsWith('.csv')
    ? await csvSetFrom(main)
    : await textsFromPath(main);
  return { list: parseSdnSource(texts), origin: `${url.href} (cached copy)`, via: 'cache' };
}

// ------------------------------------------------------------------------------ one-file lists

/** A list published as one file (the UN, EU, UK and OpenSanctions lists), read from a file or downloaded. */
export async function loadOneFileList(
  source: SanctionsSource,
  options: DownloadOptions,
  parse: (text: string) => SdnList,
): Promise<LoadedList> {
  if (source.kind === 'file') {
    return { list: parse(await readText(source.path)), origin: source.path, via: 'file' };
  }
  const file = await downloadFile(source.url, cacheFolderFor(options.dataDir, source.url), options);
  return {
    list: parse(file.text),
    origin: source.url.href,
    via: file.notModified ? 'not-modified' : 'download',
  };
}

/** The last complete download of a one-file list, if any. */
export async function loadCachedOneFileList(
  url: URL,
  dataDir: string,
  parse: (text: string) => SdnList,
): Promise<LoadedList | null> {
  const file = path.join(cacheFolderFor(dataDir, url), fileNameOf(url));
  if (!(await exists(file))) return null;
  return { list: parse(await readText(file)), origin: `${url.href} (cached copy)`, via: 'cache' };
}
