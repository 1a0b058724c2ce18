import { XMLParser } from 'fast-xml-parser';
import { addWallet, parseDateOfBirth, parseRemarks, walletCurrencyOf } from './remarks.js';
import type { ParsedSdnList, SdnAlias, SdnEntityType, SdnEntry } from './sdn-model.js';

type XmlNode = Record<string, unknown>;

const REPEATED = new Set([
  'sdnEntry',
  'program',
  'aka',
  'id',
  'address',
  'nationality',
  'citizenship',
  'dateOfBirthItem',
  'placeOfBirthItem',
]);

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  // Values stay strings: uids, idNumbers and years are text here, never numbers to be reformatted.
  parseTagValue: false,
  isArray: (tagName) => REPEATED.has(tagName),
});

function text(node: XmlNode | undefined, key: string): string | null {
  const value = node?.[key];
  if (typeof value === 'string' || typeof value === 'number') {
    const s = String(value).trim();
    return s.length > 0 ? s : null;
  }
  return null;
}

function list(node: XmlNode | undefined, container: string, item: string): XmlNode[] {
  const holder = node?.[container];
  if (!holder || typeof holder !== 'object') return [];
  const items = (holder as XmlNode)[item];
  return Array.isArray(items) ? (items.filter((i) => i && typeof i === 'object') as XmlNode[]) : [];
}

function textList(node: XmlNode, container: string, item: string): string[] {
  const holder = node[container];
  if (!holder || typeof holder !== 'object') return [];
  const items = (holder as XmlNode)[item];
  return Array.isArray(items)
    ? items.filter((i): i is string => typeof i === 'string' && i.trim().length > 0).map((i) => i.trim())
    : [];
}

/** `SURNAME, Given` like sdn.csv, so both formats give the same display names. */
function fullName(node: XmlNode): string | null {
  const last = text(node, 'lastName');
  const first = text(node, 'firstName');
  if (last && first) return `${last}, ${first}`;
  return last ?? first;
}

function entityTypeOf(sdnType: string | null): SdnEntityType {
  const t = (sdnType ?? '').toLowerCase();
  return t === 'individual' || t === 'vessel' || t === 'aircraft' ? t : 'entity';
}

/** `MM/DD/YYYY` → `YYYY-MM-DD`. */
function isoDate(usDate: string | null): string | null {
  const m = usDate ? /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(usDate) : null;
  return m ? `${m[3]!}-${m[1]!.padStart(2, '0')}-${m[2]!.padStart(2, '0')}` : null;
}

/**
 * OFAC's SDN.XML (`sdnList` schema, namespace `…/exports/XML`; older files `tempuri.org/sdnList.xsd`).
 * Wallets come from `idList` (idType `Digital Currency Address - XBT`), dates of birth from
 * `dateOfBirthList`, nationalities from `nationalityList` and `citizenshipList`; the remarks are still
 * read for anything OFAC left there.
 */
export function parseSdnXml(xml: string): ParsedSdnList {
  const doc = parser.parse(xml) as XmlNode;
  const root = doc.sdnList as XmlNode | undefined;
  if (!root || typeof root !== 'object') throw new Error('not an SDN.XML document: no <sdnList> root');
  const publish = root.publshInformation as XmlNode | undefined;
  const entries: SdnEntry[] = [];
  for (const node of (root.sdnEntry as XmlNode[] | undefined) ?? []) {
    const uid = text(node, 'uid');
    const name = fullName(node);
    if (!uid || !/^\d+$/.test(uid) || !name) continue;
    const facts = parseRemarks(text(node, 'remarks'));
    const aliases: SdnAlias[] = [];
    for (const aka of list(node, 'akaList', 'aka')) {
      const akaName = fullName(aka);
      if (!akaName) continue;
      const kind = (text(aka, 'type') ?? 'a.k.a.').toLowerCase().replace(/\./g, '');
      aliases.push({
        name: akaName,
        kind: kind === 'fka' || kind === 'nka' ? kind : 'aka',
        strength: text(aka, 'category')?.toLowerCase() === 'weak' ? 'weak' : 'strong',
      });
    }
    for (const weak of facts.weakAliases) {
      if (!aliases.some((a) => a.name === weak.name)) aliases.push(weak);
    }
    const datesOfBirth = [...facts.datesOfBirth];
    for (const item of list(node, 'dateOfBirthList', 'dateOfBirthItem')) {
      const dob = parseDateOfBirth(text(item, 'dateOfBirth') ?? '');
      if (dob && !datesOfBirth.some((d) => d.text === dob.text)) datesOfBirth.push(dob);
    }
    const nationalities = [...facts.nationalities];
    for (const item of [
      ...list(node, 'nationalityList', 'nationality'),
      ...list(node, 'citizenshipList', 'citizenship'),
    ]) {
      const country = text(item, 'country');
      if (country && !nationalities.includes(country)) nationalities.push(country);
    }
    const wallets = [...facts.wallets];
    for (const id of list(node, 'idList', 'id')) {
      const currency = walletCurrencyOf(text(id, 'idType') ?? '');
      const number = text(id, 'idNumber');
      if (currency && number) addWallet(wallets, currency, number);
    }
    entries.push({
      uid: Number(uid),
      name,
      type: entityTypeOf(text(node, 'sdnType')),
      programs: textList(node, 'programList', 'program'),
      aliases,
      datesOfBirth,
      nationalities,
      wallets,
      addresses: list(node, 'addressList', 'address').map((a) => ({
        street:
          [text(a, 'address1'), text(a, 'address2'), text(a, 'address3')].filter(Boolean).join(', ') || null,
        city:
          [text(a, 'city'), text(a, 'stateOrProvince'), text(a, 'postalCode')].filter(Boolean).join(' ') ||
          null,
        country: text(a, 'country'),
      })),
    });
  }
  return { format: 'ofac-xml', publishedAt: isoDate(text(publish, 'Publish_Date')), entries };
}
