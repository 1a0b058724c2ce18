import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createScreeningLists } from '../../../src/adapters/sanctions-source/screening-lists.js';
import { parseExtraList } from '../../../src/core/screening/list-catalogue.js';
import { buildScreeningIndex, screenName } from '../../../src/core/screening/screening-index.js';
import { OFAC_SNAPSHOT } from '../../helpers/test-app.js';

const FIXTURES = path.resolve('test/fixtures/sanctions');
const fixture = (name: string) => path.join(FIXTURES, name);
const read = (name: string) => fs.readFileSync(fixture(name), 'utf8');
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('official list formats', () => {
  it('reads the UN consolidated XML: names, weak and original-script aliases, dates of birth', () => {
    const list = parseExtraList('un', read('un-consolidated.xml'));
    expect(list.format).toBe('un-xml');
    expect(list.publishedAt).toBe('2026-08-20');
    expect(list.version).toMatch(/^un-2026-08-20-[0-9a-f]{8}$/);
    expect(list.entries.map((e) => [e.reference, e.type])).toEqual([
      ['KPi.901', 'individual'],
      ['KPi.902', 'individual'],
      ['KPe.901', 'entity'],
    ]);
    const [testov, kwon] = list.entries;
    expect(testov!.name).toBe('TESTOV GRIGORY PAVLOVICH');
    expect(testov!.aliases).toEqual([
      { name: 'Grigori Testoff', kind: 'aka', strength: 'strong' },
      { name: 'The Tester', kind: 'aka', strength: 'weak' },
      { name: 'Тестов Григорий Павлович', kind: 'aka', strength: 'strong' },
    ]);
    expect(testov!.datesOfBirth[0]).toMatchObject({ year: 1961, month: 4, day: 12 });
    expect(kwon!.datesOfBirth[0]).toMatchObject({ year: 1970, yearTo: 1972, month: null });
  });

  it('reads the EU FSF XML: person and enterprise, strong and weak aliases, birth dates', () => {
    const list = parseExtraList('eu', read('eu-fsf.xml'));
    expect(list.publishedAt).toBe('2026-08-19');
    const [person, company] = list.entries;
    expect(person).toMatchObject({
      uid: 900011,
      reference: 'EU.9001.01',
      name: 'Mikhail Ivanovich Fixturov',
      type: 'individual',
      programs: ['UKR'],
      nationalities: ['RUSSIAN FEDERATION'],
    });
    expect(person!.datesOfBirth[0]).toMatchObject({ year: 1965, month: 9, day: 30 });
    expect(company!.type).toBe('entity');
    expect(company!.aliases.find((a) => a.name === 'FT')?.strength).toBe('weak');
  });

  it('reads the UK Sanctions List XML: name parts, ships, dd/mm/yyyy dates with unknown parts', () => {
    const list = parseExtraList('uk', read('uk-sanctions-list.xml'));
    expect(list.publishedAt).toBe('2026-08-18');
    expect(list.entries.map((e) => [e.reference, e.name, e.type])).toEqual([
      ['RUS9901', 'Oleg Viktorovich SAMPLENKO', 'individual'],
      ['RUS9902', 'FIXTURE SHIPPING OOO', 'entity'],
      ['RUS9903', 'SAMPLE STAR', 'vessel'],
    ]);
    expect(list.entries[0]!.datesOfBirth.map((d) => [d.year, d.month, d.day])).toEqual([
      [1970, null, null],
      [1971, 2, 14],
    ]);
  });

  it('reads OpenSanctions targets.simple.csv with `;`-separated values', () => {
    const list = parseExtraList('opensanctions', read('opensanctions-targets.simple.csv'));
    expect(list.entries.map((e) => [e.reference, e.type])).toEqual([
      ['NK-fixture001', 'individual'],
      ['NK-fixture002', 'entity'],
      ['NK-fixture003', 'vessel'],
    ]);
    expect(list.entries[0]!.aliases.map((a) => a.name)).toEqual(['Samir Fikstureddin', 'سمير فكستر الدين']);
    expect(list.entries[0]!.programs).toEqual(['EU Council Regulation 2012/36', 'UK Syria Regulations']);
  });

  it('refuses a file of another format, or one without entries', () => {
    expect(() => parseExtraList('un', read('eu-fsf.xml'))).toThrow(/not a UN consolidated list/);
    expect(() => parseExtraList('uk', '<Designations></Designations>')).toThrow(/holds no entries/);
  });

  it('matches original-script names of a list through their romanisation', () => {
    const index = buildScreeningIndex(parseExtraList('un', read('un-consolidated.xml')));
    expect(screenName(index, { name: 'Kwon Song Chol' }).matches[0]?.uid).toBe(9000002);
    // Listed only in Cyrillic under this spelling: the index holds its romanisation too.
    expect(screenName(index, { name: 'Тестов Григорий' }).outcome).not.toBe('no_match');
  });
});

describe('screening against several lists', () => {
  const options = {
    source: OFAC_SNAPSHOT,
    dataDir: '/nonexistent',
    refreshIntervalMs: 3_600_000,
    logger: silent,
  };

  it('loads each enabled list with its own version and status, and names the list of each match', async () => {
    const lists = createScreeningLists({
      ...options,
      enabledLists: ['un', 'eu', 'uk', 'opensanctions'],
      listSources: {
        un: fixture('un-consolidated.xml'),
        eu: fixture('eu-fsf.xml'),
        uk: fixture('uk-sanctions-list.xml'),
        opensanctions: fixture('opensanctions-targets.simple.csv'),
      },
    });
    expect(await lists.refresh()).toBe('loaded');
    const stats = lists.listStats();
    expect(stats.map((s) => [s.id, s.status, s.format])).toEqual([
      ['ofac', 'ready', 'ofac-csv'],
      ['un', 'ready', 'un-xml'],
      ['eu', 'ready', 'eu-fsf-xml'],
      ['uk', 'ready', 'uk-xml'],
      ['opensanctions', 'ready', 'opensanctions-csv'],
    ]);
    expect(stats[3]!.list_version).toMatch(/^uk-2026-08-18-/);
    expect(stats[3]!.entries).toEqual({ total: 3, individual: 1, entity: 1, vessel: 1, aircraft: 0 });

    const result = lists.screenNameInLists({ name: 'Михаил Фикстуров' })!;
    expect(result.outcome).not.toBe('no_match');
    expect(result.matches[0]).toMatchObject({ list: 'eu', reference: 'EU.9001.01' });
    expect(Object.keys(result.list_versions)).toEqual(['ofac', 'un', 'eu', 'uk', 'opensanctions']);

    const uk = lists.screenNameInLists({ name: 'Oleg Samplenko' }, ['uk'])!;
    expect(uk.matches.map((m) => m.list)).toEqual(['uk']);
    expect(uk.list_versions).toEqual({ uk: stats[3]!.list_version });

    // A licence holder is screened against OFAC and every enabled list.
    const holder = lists.screenLicenceHolder({
      firstName: 'Samir',
      lastName: 'Fixtureddin',
      dob: '1975-03-01',
    })!;
    expect(holder.outcome).toBe('match');
    expect(holder.matches[0]).toMatchObject({ list: 'opensanctions', reference: 'NK-fixture001' });
    expect(holder.lists_unavailable).toEqual([]);
    await lists.stop();
  });

  it('says honestly that a list whose official source cannot be reached is unavailable', async () => {
    const lists = createScreeningLists({
      ...options,
      enabledLists: ['un'],
      listSources: {},
      fetch: async () => {
        throw new Error('getaddrinfo ENOTFOUND scsanctions.un.org');
      },
    });
    await lists.refresh();
    const un = lists.listStats()[1]!;
    expect(un).toMatchObject({
      id: 'un',
      status: 'unavailable',
      source: 'https://scsanctions.un.org/resources/xml/en/consolidated.xml',
      list_version: null,
    });
    expect(un.last_refresh?.error).toMatch(/ENOTFOUND/);
    // OFAC alone still answers, and the answer says which list it could not screen.
    const holder = lists.screenLicenceHolder({ firstName: 'Jane', lastName: 'Doe' })!;
    expect(holder.lists_unavailable).toEqual(['un']);
    await lists.stop();
  });
});
