import { addWallet, parseRemarks } from './remarks.js';
import type { ParsedSdnList, SdnAlias, SdnEntityType, SdnEntry } from './sdn-model.js';

const DOS_EOF = String.fromCharCode(0x1a);

/**
 * RFC 4180 rows as OFAC writes them: no header, CRLF, a trailing 0x1A (DOS end-of-file) byte,
 * quoted text fields, and `-0-` (often `-0- `) for an empty field, returned here as null.
 */
export function parseOfacCsvRows(text: string): (string | null)[][] {
  const rows: (string | null)[][] = [];
  const unquoted = /[^,\n]*/y;
  let row: (string | null)[] = [];
  let i = 0;
  while (i < text.length) {
    let value: string | null;
    if (text[i] === '"') {
      let end = text.indexOf('"', i + 1);
      let raw = '';
      let from = i + 1;
      while (end !== -1 && text[end + 1] === '"') {
        raw += text.slice(from, end + 1);
        from = end + 2;
        end = text.indexOf('"', from);
      }
      if (end === -1) end = text.length;
      value = raw + text.slice(from, end);
      i = end + 1;
      // Anything between the closing quote and the separator (OFAC writes none) is dropped.
      while (i < text.length && text[i] !== ',' && text[i] !== '\n') i += 1;
    } else {
      unquoted.lastIndex = i;
      unquoted.exec(text);
      const raw = text.slice(i, unquoted.lastIndex).replaceAll('\r', '').replaceAll(DOS_EOF, '').trim();
      value = raw === '' || raw === '-0-' ? null : raw;
      i = unquoted.lastIndex;
    }
    row.push(value);
    if (i >= text.length || text[i] === '\n') {
      if (row.length > 1 || row[0] !== null) rows.push(row);
      row = [];
    }
    i += 1;
  }
  return rows;
}

export type OfacCsvSet = {
  /** sdn.csv: ent_num, SDN_Name, SDN_Type, Program, Title, Call_Sign, Vess_type, Tonnage, GRT, Vess_flag, Vess_owner, Remarks */
  sdn: string;
  /** alt.csv: ent_num, alt_num, alt_type, alt_name, alt_remarks */
  alt?: string | null;
  /** add.csv: ent_num, add_num, address, city/state/zip, country, add_remarks */
  add?: string | null;
  /** sdn_comments.csv: ent_num, remarks continuation */
  comments?: string | null;
};

function entityTypeOf(sdnType: string | null): SdnEntityType {
  const t = (sdnType ?? '').toLowerCase();
  return t === 'individual' || t === 'vessel' || t === 'aircraft' ? t : 'entity';
}

function programsOf(program: string | null): string[] {
  // Several programs are written `SDGT] [IRGC`: brackets only between programs.
  return (program ?? '')
    .split(/\]\s*\[/)
    .map((p) => p.replace(/[[\]]/g, '').trim())
    .filter((p) => p.length > 0);
}

function aliasKindOf(altType: string | null): SdnAlias['kind'] {
  const t = (altType ?? '').toLowerCase().replace(/\./g, '');
  return t === 'fka' || t === 'nka' ? t : 'aka';
}

/** The legacy CSV set into the SDN model. alt/add/comments are optional (a lone sdn.csv still screens). */
export function parseOfacCsv(set: OfacCsvSet): ParsedSdnList {
  const continuations = new Map<string, string>();
  for (const row of set.comments ? parseOfacCsvRows(set.comments) : []) {
    // Joined by plain concatenation: the cut falls mid-token, so no space may be added or removed.
    if (row[0] && row[1]) continuations.set(row[0], (continuations.get(row[0]) ?? '') + row[1]);
  }
  const entries: SdnEntry[] = [];
  const byUid = new Map<string, SdnEntry>();
  for (const row of parseOfacCsvRows(set.sdn)) {
    const uid = row[0];
    const name = row[1];
    if (!uid || !name || !/^\d+$/.test(uid)) continue;
    const remarks = (row[11] ?? '') + (continuations.get(uid) ?? '');
    const facts = parseRemarks(remarks || null);
    const entry: SdnEntry = {
      uid: Number(uid),
      name,
      type: entityTypeOf(row[2] ?? null),
      programs: programsOf(row[3] ?? null),
      aliases: [...facts.weakAliases],
      datesOfBirth: facts.datesOfBirth,
      nationalities: facts.nationalities,
      wallets: [],
      addresses: [],
    };
    for (const wallet of facts.wallets) addWallet(entry.wallets, wallet.currency, wallet.address);
    entries.push(entry);
    byUid.set(uid, entry);
  }
  for (const row of set.alt ? parseOfacCsvRows(set.alt) : []) {
    const entry = row[0] ? byUid.get(row[0]) : undefined;
    const name = row[3];
    if (!entry || !name) continue;
    // Strong aliases go before the weak ones taken from the remarks.
    const strongCount = entry.aliases.filter((a) => a.strength === 'strong').length;
    entry.aliases.splice(strongCount, 0, { name, kind: aliasKindOf(row[2] ?? null), strength: 'strong' });
  }
  for (const row of set.add ? parseOfacCsvRows(set.add) : []) {
    const entry = row[0] ? byUid.get(row[0]) : undefined;
    if (!entry) continue;
    const street = row[2] ?? null;
    const city = row[3] ?? null;
    const country = row[4] ?? null;
    if (street || city || country) entry.addresses.push({ street, city, country });
  }
  return { format: 'ofac-csv', publishedAt: null, entries };
}
