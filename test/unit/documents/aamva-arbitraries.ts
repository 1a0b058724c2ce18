import fc from 'fast-check';
import { IIN_TABLE } from '../../../src/core/documents/aamva/iin-table.js';

/**
 * A generator of valid AAMVA payloads (an encoder written from the AAMVA standard, independent of the
 * parser) and of the tolerated variants the README lists, for parse(generate(x)) = x properties.
 */

export type Card = {
  aamvaVersion: number;
  jurisdictionVersion: number;
  iin: string;
  documentType: 'DL' | 'ID';
  lastName: string;
  firstName: string;
  middleName: string | null;
  dob: string;
  expiry: string;
  issueDate: string;
  sex: 'M' | 'F' | 'X';
  licenseNumber: string;
  street: string;
  city: string;
  postalCode: string;
  withJurisdictionSubfile: boolean;
};

const iins = Object.keys(IIN_TABLE).filter(
  (iin) => IIN_TABLE[iin]!.country === 'USA' || IIN_TABLE[iin]!.country === 'CAN',
);

/** Words that the name rules read as something else (no value, a generational suffix). */
const reservedWords = /^(NONE|UNAVL|UNAVAIL|JR|SR|II|III|IV|V|VI|VII|VIII|IX|X|I|[1-9](ST|ND|RD|TH))$/;

const word = fc
  .stringMatching(/^[A-Z][A-Z'-]{0,11}$/)
  .filter((w) => !reservedWords.test(w) && /[A-Z]$/.test(w));

const isoDate = fc
  .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

export const cardArbitrary: fc.Arbitrary<Card> = fc.record({
  aamvaVersion: fc.integer({ min: 1, max: 10 }),
  jurisdictionVersion: fc.integer({ min: 0, max: 99 }),
  iin: fc.constantFrom(...iins),
  documentType: fc.constantFrom('DL' as const, 'ID' as const),
  lastName: fc.tuple(word, fc.option(word, { nil: null })).map(([a, b]) => (b ? `${a} ${b}` : a)),
  firstName: word,
  middleName: fc.option(
    fc.tuple(word, fc.option(word, { nil: null })).map(([a, b]) => (b ? `${a} ${b}` : a)),
    { nil: null },
  ),
  dob: isoDate,
  expiry: isoDate,
  issueDate: isoDate,
  sex: fc.constantFrom('M' as const, 'F' as const, 'X' as const),
  licenseNumber: fc.stringMatching(/^[A-Z0-9][A-Z0-9-]{0,18}[A-Z0-9]$/),
  street: fc.stringMatching(/^[1-9][0-9]{0,4} [A-Z]{2,10} (ST|AVE|RD)$/),
  city: fc.stringMatching(/^[A-Z]{3,12}$/),
  postalCode: fc.stringMatching(/^[0-9]{9}$/),
  withJurisdictionSubfile: fc.boolean(),
});

export function countryOf(card: Card): 'USA' | 'CAN' {
  return IIN_TABLE[card.iin]!.country === 'CAN' ? 'CAN' : 'USA';
}

function formatDate(iso: string, card: Card): string {
  const [y, m, d] = iso.split('-') as [string, string, string];
  const ymd = card.aamvaVersion === 1 || (card.aamvaVersion >= 3 && countryOf(card) === 'CAN');
  return ymd ? `${y}${m}${d}` : `${m}${d}${y}`;
}

/** v01 cards have no country element and v02 dates are MMDDCCYY everywhere, so v02 cards here are US. */
export function normaliseCard(card: Card): Card {
  if (card.aamvaVersion === 2 && countryOf(card) === 'CAN') return { ...card, iin: '636000' };
  return card;
}

export function elementsOf(card: Card): [string, string][] {
  const date = (iso: string): string => formatDate(iso, card);
  const sex = card.sex === 'M' ? '1' : card.sex === 'F' ? '2' : '9';
  const middle = card.middleName ?? 'NONE';
  const dl = card.documentType === 'DL';
  const common: [string, string][] = [
    ['DAQ', card.licenseNumber],
    ['DBA', date(card.expiry)],
    ['DBB', date(card.dob)],
    ['DBC', sex],
    ['DBD', date(card.issueDate)],
    ['DAG', card.street],
    ['DAI', card.city],
    ['DAJ', IIN_TABLE[card.iin]!.code ?? 'XX'],
    ['DAK', `${card.postalCode}  `],
  ];
  if (card.aamvaVersion === 1) {
    const name = [card.lastName, card.firstName, ...(card.middleName ? [card.middleName] : [])].join(',');
    return [
      ...common,
      ['DAA', name],
      ...(dl
        ? ([
            ['DAR', 'D'],
            ['DAS', 'NONE'],
            ['DAT', 'NONE'],
          ] as [string, string][])
        : []),
    ];
  }
  const classCodes: [string, string][] = dl
    ? [
        ['DCA', 'D'],
        ['DCB', 'NONE'],
        ['DCD', 'NONE'],
      ]
    : [];
  const shared: [string, string][] = [
    ...classCodes,
    ...common,
    ['DCS', card.lastName],
    ['DAY', 'BRO'],
    ['DAU', '070 in'],
    ['DCF', 'DOC123'],
    ['DCG', countryOf(card)],
  ];
  if (card.aamvaVersion <= 3) {
    const given = card.middleName ? `${card.firstName} ${card.middleName}` : card.firstName;
    return [
      ...shared,
      ['DCT', given],
      ['DCH', 'NONE'],
      ...(card.aamvaVersion === 2
        ? ([
            ['DCU', 'NONE'],
            ['DCE', '4'],
          ] as [string, string][])
        : []),
    ];
  }
  return [...shared, ['DAC', card.firstName], ['DAD', middle], ['DDE', 'N'], ['DDF', 'N'], ['DDG', 'N']];
}

/** A standard payload: `@ LF RS CR`, header, designators with correct offsets and lengths, CR-terminated subfiles. */
export function encodeCard(card: Card): string {
  const elements = elementsOf(card);
  const dlBody = `${card.documentType}${elements.map(([id, value]) => `${id}${value}`).join('\n')}\r`;
  const letter = (IIN_TABLE[card.iin]!.code ?? 'X')[0]!;
  const zType = `Z${letter}`;
  const zBody = `${zType}${zType}A1\n${zType}BN\r`;
  const subfiles = card.withJurisdictionSubfile
    ? [
        [card.documentType, dlBody],
        [zType, zBody],
      ]
    : [[card.documentType, dlBody]];
  const header =
    `@\n\u001e\rANSI ${card.iin}${String(card.aamvaVersion).padStart(2, '0')}` +
    (card.aamvaVersion >= 2 ? String(card.jurisdictionVersion).padStart(2, '0') : '') +
    String(subfiles.length).padStart(2, '0');
  let offset = header.length + subfiles.length * 10;
  let designators = '';
  for (const [type, body] of subfiles) {
    designators += `${type}${String(offset).padStart(4, '0')}${String(body!.length).padStart(4, '0')}`;
    offset += body!.length;
  }
  return header + designators + subfiles.map(([, body]) => body).join('');
}

/** The README's tolerated variants, as transformations of a standard payload. */
export const variants: Record<string, (payload: string) => string> = {
  cr_as_lf: (p) => p.replace(/\r/g, '\n'),
  crlf_everywhere: (p) => p.replace(/\r|\n/g, '\r\n'),
  missing_record_separator: (p) => p.replace('@\n\u001e\r', '@\n\r'),
  leading_whitespace_or_bom: (p) => `\ufeff \n${p}`,
  leading_junk_before_compliance_indicator: (p) => `xQ]\u00c2\u00d4Q${p}`,
  trailing_bytes: (p) => `${p}\r\n\u0000   `,
  c1_control_noise: (p) => p.replace(/\n/g, '\n\u0085').replace('\u001e', '\u0082\u001e'),
  offset_off_by_one: (p) =>
    p.replace(
      /(ANSI \d{10,12}(?:DL|ID))(\d{4})/,
      (_m, head: string, o: string) => head + String(Number(o) + 1).padStart(4, '0'),
    ),
  offset_zero: (p) => p.replace(/(ANSI \d{10,12}(?:DL|ID))(\d{4})/, '$10000'),
  offset_non_numeric: (p) => p.replace(/(ANSI \d{10,12}(?:DL|ID))(\d{4})/, '$1abac'),
  offset_beyond_end: (p) => p.replace(/(ANSI \d{10,12}(?:DL|ID))(\d{4})/, '$19999'),
  length_wrong: (p) =>
    p.replace(
      /(ANSI \d{10,12}(?:DL|ID)\d{4})(\d{4})/,
      (_m, head: string, l: string) => head + String(Number(l) + 37).padStart(4, '0'),
    ),
  subfile_type_marker_omitted: (p) => p.replace(/((?:DL|ID)\d{8}(?:Z.\d{8})?)(DL|ID)/, '$1'),
};
