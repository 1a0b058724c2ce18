import { parseMirrorJson } from './parse-mirror-json.js';
import { parseOfacCsv, type OfacCsvSet } from './parse-ofac-csv.js';
import { parseSdnXml } from './parse-sdn-xml.js';
import { withListVersion, type SdnList } from './sdn-model.js';

export type SdnSourceTexts =
  | { format: 'ofac-xml'; xml: string }
  | { format: 'ofac-csv'; csv: OfacCsvSet }
  | { format: 'mirror-json'; sdn: string; wallets?: string | null };

/** Guesses the format of a list file from its first characters (for a URL or file name that does not say). */
export function sniffSdnFormat(text: string): SdnSourceTexts['format'] {
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (start.startsWith('<')) return 'ofac-xml';
  if (start.startsWith('{')) return 'mirror-json';
  return 'ofac-csv';
}

/**
 * Source texts into a versioned SDN list. A list without entries is an error, never an empty list:
 * a truncated download or an HTML error page must not silently clear screening.
 */
export function parseSdnSource(source: SdnSourceTexts): SdnList {
  let list: SdnList;
  if (source.format === 'ofac-xml') {
    list = withListVersion(parseSdnXml(source.xml), [source.xml]);
  } else if (source.format === 'ofac-csv') {
    const { sdn, alt, add, comments } = source.csv;
    list = withListVersion(parseOfacCsv(source.csv), [sdn, alt ?? '', add ?? '', comments ?? '']);
  } else {
    const wallets = source.wallets ? (JSON.parse(source.wallets) as unknown) : undefined;
    list = withListVersion(parseMirrorJson(JSON.parse(source.sdn) as unknown, wallets), [
      source.sdn,
      source.wallets ?? '',
    ]);
  }
  if (list.entries.length === 0) throw new Error(`the ${source.format} source holds no SDN entries`);
  return list;
}
