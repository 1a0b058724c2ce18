import type { SdnAlias, SdnDateOfBirth, SdnWalletAddress } from './sdn-model.js';

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

const DATE_PART = String.raw`(?:(\d{1,2}) )?(?:([A-Za-z]{3})[a-z]* )?(\d{4})`;
const DOB_PATTERN = new RegExp(String.raw`^(circa |approximately )?${DATE_PART}(?: to ${DATE_PART})?$`, 'i');

/** Parses OFAC's DOB notations (`23 Nov 1962`, `Nov 1962`, `1962`, `circa 1962`, `1960 to 1962`); null when unreadable. */
export function parseDateOfBirth(raw: string): SdnDateOfBirth | null {
  const text = raw.trim().replace(/\.$/, '');
  const m = DOB_PATTERN.exec(text);
  if (!m) return null;
  const year = Number(m[4]);
  const month = m[3] ? (MONTHS[m[3].toLowerCase()] ?? null) : null;
  const day = m[2] && month ? Number(m[2]) : null;
  const yearTo = m[7] ? Number(m[7]) : null;
  return {
    text,
    year,
    month: yearTo === null ? month : null,
    day: yearTo === null ? day : null,
    yearTo: yearTo !== null && yearTo !== year ? yearTo : null,
    circa: Boolean(m[1]),
  };
}

export type RemarksFacts = {
  datesOfBirth: SdnDateOfBirth[];
  nationalities: string[];
  wallets: SdnWalletAddress[];
  weakAliases: SdnAlias[];
};

const WALLET_PATTERN = /^Digital Currency Address - ([A-Za-z0-9]+)\s+(\S+)$/;
const WEAK_ALIAS_PATTERN = /([afn])\.k\.a\.,?\s+'([^']+)'/g;

/**
 * Reads the facts the CSV set keeps only in `Remarks` (items separated by `;`, each optionally prefixed
 * `alt.`). The text must already include its sdn_comments continuation: OFAC cuts Remarks at 1,000
 * characters, sometimes in the middle of a wallet address.
 */
export function parseRemarks(remarks: string | null): RemarksFacts {
  const facts: RemarksFacts = { datesOfBirth: [], nationalities: [], wallets: [], weakAliases: [] };
  if (!remarks) return facts;
  for (const m of remarks.matchAll(WEAK_ALIAS_PATTERN)) {
    const name = m[2]!.trim();
    if (name.length > 0)
      facts.weakAliases.push({ name, kind: `${m[1]!}ka` as SdnAlias['kind'], strength: 'weak' });
  }
  for (const rawItem of remarks.split(';')) {
    // A trailing period ends the whole Remarks text; it never belongs to a date, country or address.
    const item = rawItem
      .trim()
      .replace(/^alt\.\s+/, '')
      .replace(/\.$/, '');
    if (item.startsWith('DOB ')) {
      const dob = parseDateOfBirth(item.slice(4));
      if (dob) facts.datesOfBirth.push(dob);
    } else if (item.startsWith('nationality ') || item.startsWith('citizen ')) {
      const country = item.slice(item.indexOf(' ') + 1).trim();
      if (country && !facts.nationalities.includes(country)) facts.nationalities.push(country);
    } else if (item.startsWith('Digital Currency Address - ')) {
      const m = WALLET_PATTERN.exec(item);
      if (m) addWallet(facts.wallets, m[1]!.toUpperCase(), m[2]!);
    }
  }
  return facts;
}

/** idType `Digital Currency Address - XBT` → `XBT`; null for every other identifier type. */
export function walletCurrencyOf(idType: string): string | null {
  const m = /^Digital Currency Address - ([A-Za-z0-9]+)$/.exec(idType.trim());
  return m ? m[1]!.toUpperCase() : null;
}

export function addWallet(wallets: SdnWalletAddress[], currency: string, rawAddress: string): void {
  const address = rawAddress.trim().replace(/\.$/, '');
  if (address.length === 0) return;
  if (!wallets.some((w) => w.currency === currency && w.address === address))
    wallets.push({ currency, address });
}
