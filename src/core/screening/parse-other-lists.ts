import { XMLParser } from 'fast-xml-parser';
import { parseOfacCsvRows } from './parse-ofac-csv.js';
import type { ParsedSdnList, SdnAlias, SdnDateOfBirth, SdnEntityType, SdnEntry } from './sdn-model.js';

/**
 * Parsers of the other official lists into the SDN model the matcher indexes: the UN Security
 * Council consolidated list (XML), the EU Financial Sanctions Files (FSF XML 1.1), the UK Sanctions
 * List (FCDO XML) and OpenSanctions' consolidated `targets.simple.csv`. Each keeps names, aliases
 * (strong and weak), original-script names, dates of birth and nationalities.
 */

type XmlNode = Record<string, unknown>;

function asArray<T>(value: T | T[] | undefined | null): T[] {
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? value : [value];
}

function text(node: unknown, key?: string): string | null {
  const value = key === undefined ? node : (node as XmlNode | undefined)?.[key];
  if (typeof value === 'string' || typeof value === 'number') {
    const s = String(value).trim();
    return s.length > 0 ? s : null;
  }
  if (value && typeof value === 'object' && '#text' in value) return text((value as XmlNode)['#text']);
  return null;
}

function isoDateOfBirth(
  year: number,
  month: number | null,
  day: number | null,
  circa = false,
): SdnDateOfBirth {
  const pad = (n: number) => String(n).padStart(2, '0');
  const label = [year, month ? pad(month) : null, day && month ? pad(day) : null].filter((p) => p !== null);
  return { text: label.join('-'), year, month, day: month ? day : null, yearTo: null, circa };
}

function dateFromIso(value: string | null, circa = false): SdnDateOfBirth | null {
  const m = value ? /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(value) : null;
  if (!m) return null;
  const month = m[2] ? Number(m[2]) : null;
  const day = m[3] ? Number(m[3]) : null;
  return isoDateOfBirth(Number(m[1]), month || null, day || null, circa);
}

function uniqueAliases(primary: string, aliases: SdnAlias[]): SdnAlias[] {
  const seen = new Set([primary.toLowerCase()]);
  return aliases.filter((a) => {
    const key = a.name.toLowerCase();
    if (a.name.length === 0 || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function joinNames(...parts: Array<string | null>): string {
  return parts
    .filter((p): p is string => p !== null && p.length > 0)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The document element; an empty one (`<Designations></Designations>`) is an empty object, not missing. */
function rootElement(document: XmlNode, name: string): XmlNode | null {
  if (!(name in document)) return null;
  const root = document[name];
  return root && typeof root === 'object' ? (root as XmlNode) : {};
}

// ------------------------------------------------------------------------------------------------ UN

const unParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  isArray: (name) =>
    [
      'INDIVIDUAL',
      'ENTITY',
      'INDIVIDUAL_ALIAS',
      'ENTITY_ALIAS',
      'INDIVIDUAL_DATE_OF_BIRTH',
      'NATIONALITY',
      'VALUE',
    ].includes(name),
});

/**
 * `consolidated.xml` of the UN Security Council: INDIVIDUALS and ENTITIES with FIRST_NAME to
 * FOURTH_NAME (given names first), NAME_ORIGINAL_SCRIPT, aliases with a QUALITY (`Low` quality
 * aliases are weak), dates of birth as DATE, YEAR or FROM_YEAR/TO_YEAR.
 */
export function parseUnXml(xml: string): ParsedSdnList {
  const root = rootElement(unParser.parse(xml) as XmlNode, 'CONSOLIDATED_LIST');
  if (!root) throw new Error('not a UN consolidated list (no CONSOLIDATED_LIST element)');
  const generated = text(root, '@dateGenerated');
  const entries: SdnEntry[] = [];
  const read = (node: XmlNode, type: SdnEntityType, aliasKey: string) => {
    const name = joinNames(
      text(node, 'FIRST_NAME'),
      text(node, 'SECOND_NAME'),
      text(node, 'THIRD_NAME'),
      text(node, 'FOURTH_NAME'),
    );
    if (!name) return;
    const aliases: SdnAlias[] = asArray(node[aliasKey] as XmlNode[]).flatMap((alias) => {
      const aliasName = text(alias, 'ALIAS_NAME');
      if (!aliasName) return [];
      const weak = (text(alias, 'QUALITY') ?? '').toLowerCase() === 'low';
      return [
        { name: aliasName, kind: 'aka' as const, strength: weak ? ('weak' as const) : ('strong' as const) },
      ];
    });
    const original = text(node, 'NAME_ORIGINAL_SCRIPT');
    if (original) aliases.push({ name: original, kind: 'aka', strength: 'strong' });
    const datesOfBirth = asArray(node.INDIVIDUAL_DATE_OF_BIRTH as XmlNode[]).flatMap((dob) => {
      const circa = (text(dob, 'TYPE_OF_DATE') ?? '').toUpperCase() === 'APPROXIMATELY';
      const exact = dateFromIso(text(dob, 'DATE'), circa);
      if (exact) return [exact];
      const year = Number(text(dob, 'YEAR') ?? text(dob, 'FROM_YEAR'));
      if (!year) return [];
      const to = Number(text(dob, 'TO_YEAR'));
      return [{ ...isoDateOfBirth(year, null, null, circa), yearTo: to && to !== year ? to : null }];
    });
    const nationalities = asArray(node.NATIONALITY as XmlNode[]).flatMap((n) =>
      asArray(n.VALUE as unknown[]).flatMap((v) => text(v) ?? []),
    );
    entries.push({
      uid: Number(text(node, 'DATAID')) || entries.length + 1,
      reference: text(node, 'REFERENCE_NUMBER') ?? undefined,
      name,
      type,
      programs: [text(node, 'UN_LIST_TYPE')].filter((p): p is string => p !== null),
      aliases: uniqueAliases(name, aliases),
      datesOfBirth,
      nationalities: [...new Set(nationalities)],
      wallets: [],
      addresses: [],
    });
  };
  for (const node of asArray((root.INDIVIDUALS as XmlNode | undefined)?.INDIVIDUAL as XmlNode[]))
    read(node, 'individual', 'INDIVIDUAL_ALIAS');
  for (const node of asArray((root.ENTITIES as XmlNode | undefined)?.ENTITY as XmlNode[]))
    read(node, 'entity', 'ENTITY_ALIAS');
  return { format: 'un-xml', publishedAt: generated?.slice(0, 10) ?? null, entries };
}

// ------------------------------------------------------------------------------------------------ EU

const euParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => ['sanctionEntity', 'nameAlias', 'birthdate', 'citizenship', 'regulation'].includes(name),
});

const EU_TYPES: Record<string, SdnEntityType> = { person: 'individual', enterprise: 'entity' };

/**
 * The EU's consolidated financial sanctions file (FSF, XML 1.1): one `sanctionEntity` per subject
 * with `nameAlias` elements (wholeName, strong="true|false", names in other scripts included),
 * `birthdate`, `citizenship`, and the regulation's programme.
 */
export function parseEuXml(xml: string): ParsedSdnList {
  const root = rootElement(euParser.parse(xml) as XmlNode, 'export');
  if (!root) throw new Error('not an EU financial sanctions file (no export element)');
  const entries: SdnEntry[] = [];
  for (const node of asArray(root.sanctionEntity as XmlNode[])) {
    const names = asArray(node.nameAlias as XmlNode[])
      .map((alias) => ({
        name:
          text(alias, '@wholeName') ??
          joinNames(text(alias, '@firstName'), text(alias, '@middleName'), text(alias, '@lastName')),
        strong: text(alias, '@strong') !== 'false',
      }))
      .filter((n) => n.name.length > 0);
    if (names.length === 0) continue;
    const primary = names.find((n) => n.strong) ?? names[0]!;
    const subject = text(node.subjectType as XmlNode, '@code') ?? '';
    const datesOfBirth = asArray(node.birthdate as XmlNode[]).flatMap((b) => {
      const circa = text(b, '@circa') === 'true';
      const exact = dateFromIso(text(b, '@birthdate'), circa);
      if (exact) return [exact];
      const year = Number(text(b, '@year'));
      return year
        ? [
            isoDateOfBirth(
              year,
              Number(text(b, '@monthOfYear')) || null,
              Number(text(b, '@dayOfMonth')) || null,
              circa,
            ),
          ]
        : [];
    });
    entries.push({
      uid: Number(text(node, '@logicalId')) || entries.length + 1,
      reference: text(node, '@euReferenceNumber') ?? undefined,
      name: primary.name,
      type: EU_TYPES[subject] ?? 'entity',
      programs: [
        ...new Set(asArray(node.regulation as XmlNode[]).flatMap((r) => text(r, '@programme') ?? [])),
      ],
      aliases: uniqueAliases(
        primary.name,
        names.map((n) => ({ name: n.name, kind: 'aka', strength: n.strong ? 'strong' : 'weak' })),
      ),
      datesOfBirth,
      nationalities: [
        ...new Set(
          asArray(node.citizenship as XmlNode[]).flatMap((c) => text(c, '@countryDescription') ?? []),
        ),
      ],
      wallets: [],
      addresses: [],
    });
  }
  const generated = text(root, '@generationDate');
  return { format: 'eu-fsf-xml', publishedAt: generated?.slice(0, 10) ?? null, entries };
}

// ------------------------------------------------------------------------------------------------ UK

const ukParser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => ['Designation', 'Name', 'NonLatinName', 'DOB', 'Nationality'].includes(name),
});

const UK_TYPES: Record<string, SdnEntityType> = {
  individual: 'individual',
  entity: 'entity',
  ship: 'vessel',
};

/** `dd/mm/yyyy` with unknown parts written `dd` or `mm` (`dd/mm/1950`). */
function ukDateOfBirth(value: string): SdnDateOfBirth | null {
  const m = /^(\d{2}|dd)\/(\d{2}|mm)\/(\d{4})$/i.exec(value.trim());
  if (!m) return null;
  const month = /^\d+$/.test(m[2]!) ? Number(m[2]) : null;
  const day = /^\d+$/.test(m[1]!) ? Number(m[1]) : null;
  return isoDateOfBirth(Number(m[3]), month, day);
}

/**
 * The UK Sanctions List (FCDO; the only UK list since OFSI's consolidated list closed): one
 * `Designation` per subject, names in Name1–Name6 (Name6 the family or entity name), NameType
 * `Primary Name`, `Primary Name Variation` or `Alias`, non-Latin names apart, DOBs as dd/mm/yyyy.
 */
export function parseUkXml(xml: string): ParsedSdnList {
  const root = rootElement(ukParser.parse(xml) as XmlNode, 'Designations');
  if (!root) throw new Error('not a UK sanctions list (no Designations element)');
  const entries: SdnEntry[] = [];
  for (const node of asArray(root.Designation as XmlNode[])) {
    const names = asArray((node.Names as XmlNode | undefined)?.Name as XmlNode[]).map((n) => ({
      name: joinNames(
        text(n, 'Name1'),
        text(n, 'Name2'),
        text(n, 'Name3'),
        text(n, 'Name4'),
        text(n, 'Name5'),
        text(n, 'Name6'),
      ),
      type: (text(n, 'NameType') ?? '').toLowerCase(),
      weak: (text(n, 'AliasStrength') ?? '').toLowerCase().startsWith('low'),
    }));
    const primary = names.find((n) => n.type === 'primary name') ?? names[0];
    if (!primary?.name) continue;
    const nonLatin = asArray((node.NonLatinNames as XmlNode | undefined)?.NonLatinName as XmlNode[]).flatMap(
      (n) => text(n, 'NameNonLatinScript') ?? [],
    );
    const individual = (node.IndividualDetails as XmlNode | undefined)?.Individual as XmlNode | undefined;
    const reference = text(node, 'UniqueID') ?? undefined;
    entries.push({
      uid: entries.length + 1,
      reference,
      name: primary.name,
      type: UK_TYPES[(text(node, 'IndividualEntityShip') ?? '').toLowerCase()] ?? 'entity',
      programs: [text(node, 'RegimeName')].filter((p): p is string => p !== null),
      aliases: uniqueAliases(primary.name, [
        ...names
          .filter((n) => n !== primary)
          .map((n) => ({
            name: n.name,
            kind: 'aka' as const,
            strength: n.weak ? ('weak' as const) : ('strong' as const),
          })),
        ...nonLatin.map((name) => ({ name, kind: 'aka' as const, strength: 'strong' as const })),
      ]),
      datesOfBirth: asArray((individual?.DOBs as XmlNode | undefined)?.DOB as unknown[]).flatMap(
        (d) => ukDateOfBirth(text(d) ?? '') ?? [],
      ),
      nationalities: asArray(
        (individual?.Nationalities as XmlNode | undefined)?.Nationality as unknown[],
      ).flatMap((n) => text(n) ?? []),
      wallets: [],
      addresses: [],
    });
  }
  const generated = text(root, 'DateGenerated');
  const m = generated ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(generated) : null;
  return { format: 'uk-xml', publishedAt: m ? `${m[3]}-${m[2]}-${m[1]}` : null, entries };
}

// -------------------------------------------------------------------------------------- OpenSanctions

const OPENSANCTIONS_TYPES: Record<string, SdnEntityType> = {
  Person: 'individual',
  Vessel: 'vessel',
  Airplane: 'aircraft',
};

/**
 * OpenSanctions' `targets.simple.csv`: a header row, then id, schema, name, aliases, birth_date,
 * countries, …, sanctions, …, dataset; several values in one field are separated by `;`.
 */
export function parseOpenSanctionsCsv(csv: string): ParsedSdnList {
  const [header, ...rows] = parseOfacCsvRows(csv.replace(/^\uFEFF/, ''));
  const column = (name: string) => (header ?? []).indexOf(name);
  const [id, schema, name, aliases, birthDate, countries, sanctions] = [
    'id',
    'schema',
    'name',
    'aliases',
    'birth_date',
    'countries',
    'sanctions',
  ].map(column);
  if (id === -1 || name === -1 || schema === -1)
    throw new Error('not an OpenSanctions targets.simple.csv (no id, schema and name columns)');
  const values = (row: (string | null)[], index: number | undefined) =>
    index === undefined || index < 0
      ? []
      : (row[index] ?? '')
          .split(';')
          .map((v) => v.trim())
          .filter((v) => v.length > 0);
  const entries: SdnEntry[] = [];
  for (const row of rows) {
    const primary = row[name!]?.trim();
    if (!primary) continue;
    entries.push({
      uid: entries.length + 1,
      reference: row[id!] ?? undefined,
      name: primary,
      type: OPENSANCTIONS_TYPES[row[schema!] ?? ''] ?? 'entity',
      programs: values(row, sanctions),
      aliases: uniqueAliases(
        primary,
        values(row, aliases).map((alias) => ({ name: alias, kind: 'aka', strength: 'strong' })),
      ),
      datesOfBirth: values(row, birthDate).flatMap((d) => dateFromIso(d) ?? []),
      nationalities: values(row, countries),
      wallets: [],
      addresses: [],
    });
  }
  return { format: 'opensanctions-csv', publishedAt: null, entries };
}
