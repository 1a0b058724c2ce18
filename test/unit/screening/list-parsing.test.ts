import { beforeAll, describe, expect, it } from 'vitest';
import { parseMirrorJson } from '../../../src/core/screening/parse-mirror-json.js';
import { parseOfacCsv, parseOfacCsvRows } from '../../../src/core/screening/parse-ofac-csv.js';
import { parseSdnSource } from '../../../src/core/screening/parse-sdn-source.js';
import { parseDateOfBirth, parseRemarks } from '../../../src/core/screening/remarks.js';
import { countSdnList, type SdnList } from '../../../src/core/screening/sdn-model.js';
import { CSV_SNAPSHOT_DIR, loadSnapshot, MIRROR_SNAPSHOT_DIR } from './snapshot.js';

describe('OFAC CSV rows', () => {
  it('reads CRLF rows, -0- nulls (with trailing space), quoted commas and the 0x1A end byte', () => {
    const text =
      '36,"AEROCARIBBEAN AIRLINES",-0- ,"CUBA",-0- ,-0-\r\n173,"ANGLO-CARIBBEAN CO., LTD.",-0- ,"CUBA"\r\n\u001a';
    expect(parseOfacCsvRows(text)).toEqual([
      ['36', 'AEROCARIBBEAN AIRLINES', null, 'CUBA', null, null],
      ['173', 'ANGLO-CARIBBEAN CO., LTD.', null, 'CUBA'],
    ]);
  });

  it('reads doubled quotes inside a quoted field', () => {
    expect(parseOfacCsvRows('1,"say ""hi""",x\n')).toEqual([['1', 'say "hi"', 'x']]);
  });
});

describe('remarks', () => {
  it('parses every DOB notation', () => {
    expect(parseDateOfBirth('23 Nov 1962')).toMatchObject({
      year: 1962,
      month: 11,
      day: 23,
      yearTo: null,
      circa: false,
    });
    expect(parseDateOfBirth('Nov 1962')).toMatchObject({ year: 1962, month: 11, day: null });
    expect(parseDateOfBirth('1962')).toMatchObject({ year: 1962, month: null, day: null });
    expect(parseDateOfBirth('circa 1962')).toMatchObject({ year: 1962, circa: true });
    expect(parseDateOfBirth('1960 to 1962')).toMatchObject({ year: 1960, yearTo: 1962 });
    expect(parseDateOfBirth('01 Jan 1960 to 31 Dec 1962')).toMatchObject({
      year: 1960,
      yearTo: 1962,
      month: null,
    });
    expect(parseDateOfBirth('unknown')).toBeNull();
  });

  it('extracts DOBs, nationalities, wallets and weak aliases, dropping the final period', () => {
    const facts = parseRemarks(
      "DOB 10 Dec 1948; alt. DOB 1950; POB Egypt; nationality Egypt; citizen Sudan; a.k.a. 'THE CHESS PLAYER'; " +
        'Digital Currency Address - XBT 17a5bpKvEp1j1Trs4qTbcNZrby53JbaS9C; alt. Digital Currency Address - ETH 0x3AD9dB589d201A710Ed237c829c7860Ba86510Fc.',
    );
    expect(facts.datesOfBirth.map((d) => d.text)).toEqual(['10 Dec 1948', '1950']);
    expect(facts.nationalities).toEqual(['Egypt', 'Sudan']);
    expect(facts.weakAliases).toEqual([{ name: 'THE CHESS PLAYER', kind: 'aka', strength: 'weak' }]);
    expect(facts.wallets).toEqual([
      { currency: 'XBT', address: '17a5bpKvEp1j1Trs4qTbcNZrby53JbaS9C' },
      { currency: 'ETH', address: '0x3AD9dB589d201A710Ed237c829c7860Ba86510Fc' },
    ]);
  });

  it('joins Remarks with their sdn_comments continuation mid-token', () => {
    const cut = 'Digital Currency Address - XBT 1B64QRxf';
    const list = parseOfacCsv({
      sdn: `33151,"SUEX OTC, S.R.O.",-0- ,"CYBER2",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"${cut}"\r\n`,
      comments:
        '33151,"aa35MVkf7sDjuGUYAP5izQt7Qi; Digital Currency Address - ETH 0x19aa5fe80d33a56d56c78e82ea5e50e5d80b4dff."\r\n',
    });
    expect(list.entries[0]!.wallets).toEqual([
      { currency: 'XBT', address: '1B64QRxfaa35MVkf7sDjuGUYAP5izQt7Qi' },
      { currency: 'ETH', address: '0x19aa5fe80d33a56d56c78e82ea5e50e5d80b4dff' },
    ]);
  });
});

describe('the 2023-12-28 CSV snapshot', () => {
  let list: SdnList;
  beforeAll(async () => {
    list = await loadSnapshot(CSV_SNAPSHOT_DIR);
  });

  it('has the entries, types and aliases the data README counts', () => {
    const counts = countSdnList(list);
    expect(list.format).toBe('ofac-csv');
    expect(counts.entries).toBe(13_821);
    expect(counts.byType).toEqual({ individual: 6_646, entity: 6_033, vessel: 764, aircraft: 378 });
    expect(counts.strongAliases).toBe(17_091);
    // Quoted `a.k.a. 'X'` nicknames in the remarks (aka, fka and nka).
    expect(counts.weakAliases).toBe(3_378);
    expect(list.entries.reduce((n, e) => n + e.addresses.length, 0)).toBe(16_338);
  });

  it('finds every wallet, including the ones split into sdn_comments', () => {
    const counts = countSdnList(list);
    expect(counts.walletAddresses).toBe(563);
    expect(counts.entriesWithWallets).toBe(49);
    const byCurrency: Record<string, number> = {};
    for (const e of list.entries)
      for (const w of e.wallets) byCurrency[w.currency] = (byCurrency[w.currency] ?? 0) + 1;
    expect(byCurrency).toMatchObject({ XBT: 377, ETH: 147, USDT: 17, LTC: 9, BCH: 7, XMR: 3, TRX: 3 });
    const suex = list.entries.find((e) => e.uid === 33151)!;
    expect(suex.wallets.map((w) => w.address)).toContain('1B64QRxfaa35MVkf7sDjuGUYAP5izQt7Qi');
    expect(list.entries.flatMap((e) => e.wallets).every((w) => !w.address.endsWith('.'))).toBe(true);
  });

  it('reads dates of birth and nationalities of individuals', () => {
    const individuals = list.entries.filter((e) => e.type === 'individual');
    expect(individuals.filter((e) => e.datesOfBirth.length > 0)).toHaveLength(6_527);
    const maduro = list.entries.find((e) => e.name === 'MADURO MOROS, Nicolas')!;
    expect(maduro.datesOfBirth.map((d) => d.text)).toEqual(['23 Nov 1962']);
    expect(maduro.nationalities).toContain('Venezuela');
    expect(maduro.programs).toEqual(['VENEZUELA', 'IRAN-CON-ARMS-EO']);
  });

  it('has no publish date (the CSV set carries none) and a content version', () => {
    expect(list.publishedAt).toBeNull();
    expect(list.version).toMatch(/^sdn-[0-9a-f]{12}$/);
  });
});

describe('the 2026-08 mirror JSON', () => {
  it('has the entries, aliases and wallets its README counts, and its publish date', async () => {
    const list = await loadSnapshot(MIRROR_SNAPSHOT_DIR);
    const counts = countSdnList(list);
    expect(list.format).toBe('mirror-json');
    expect(list.publishedAt).toBe('2026-08-20');
    expect(list.version).toMatch(/^sdn-2026-08-20-[0-9a-f]{8}$/);
    expect(counts.entries).toBe(19_249);
    expect(counts.byType).toEqual({ individual: 7_502, entity: 9_871, vessel: 1_534, aircraft: 342 });
    expect(counts.aliases).toBe(20_194);
    expect(counts.walletAddresses).toBe(961);
    expect(counts.entriesWithWallets).toBe(94);
    expect(counts.datesOfBirth).toBe(0);
  });

  it('rejects JSON of another shape', () => {
    expect(() => parseMirrorJson({ hello: 'world' })).toThrow(/no entries array/);
  });
});

describe('parseSdnSource', () => {
  it('refuses a source without entries rather than clearing the list', () => {
    expect(() =>
      parseSdnSource({ format: 'ofac-csv', csv: { sdn: '<html>Service Unavailable</html>' } }),
    ).toThrow(/no SDN entries/);
  });
});
