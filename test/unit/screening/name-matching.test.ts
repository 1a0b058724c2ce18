import { describe, expect, it } from 'vitest';
import { parseDateOfBirth } from '../../../src/core/screening/remarks.js';
import { MATCHER_SETTINGS } from '../../../src/core/screening/screen-name.js';
import {
  buildScreeningIndex,
  screenLicenceHolder,
  screenName,
  type ScreeningIndex,
} from '../../../src/core/screening/screening-index.js';
import type { SdnAlias, SdnEntityType, SdnEntry } from '../../../src/core/screening/sdn-model.js';

function entry(
  uid: number,
  name: string,
  type: SdnEntityType,
  extra: { aliases?: Array<[string, SdnAlias['strength']]>; dobs?: string[] } = {},
): SdnEntry {
  return {
    uid,
    name,
    type,
    programs: ['TEST'],
    aliases: (extra.aliases ?? []).map(([aliasName, strength]) => ({
      name: aliasName,
      kind: 'aka',
      strength,
    })),
    datesOfBirth: (extra.dobs ?? []).map((d) => parseDateOfBirth(d)!),
    nationalities: [],
    wallets: [],
    addresses: [],
  };
}

const entries: SdnEntry[] = [
  entry(1, 'SENIN, Vladimir Borisovich', 'individual', { dobs: ['17 Sep 1960'] }),
  entry(2, 'MADURO MOROS, Nicolas', 'individual', { dobs: ['23 Nov 1962'] }),
  entry(3, 'AL-QADHAFI, Mutassim', 'individual', { dobs: ['1974'] }),
  entry(4, 'HUSSEIN, Yusuf Osama', 'individual'),
  entry(5, 'ABD AL-RAHMAN, Khalid', 'individual'),
  entry(6, 'WELMART GROUP LIMITED', 'entity'),
  entry(7, 'GALAXY PETROCHEMICAL FZE', 'entity'),
  entry(8, 'RODRIGUEZ OREJUELA, Gilberto Jose', 'individual', {
    aliases: [
      ['THE CHESS PLAYER', 'weak'],
      ['LUCAS', 'weak'],
    ],
  }),
  entry(9, 'NATIONAL IRANIAN OIL COMPANY', 'entity', { aliases: [['NIOC', 'strong']] }),
  entry(10, 'KIM, Jong Un', 'individual'),
  entry(11, 'MOROS TRADING CO., LTD.', 'entity'),
  entry(12, 'NICOLAS MADURO', 'vessel'),
  // Common words, so that the ones above are rare (as on the real list).
  entry(13, 'PETROCHEMICAL TRADING COMPANY', 'entity'),
  entry(14, 'OIL AND GAS TRADING LIMITED', 'entity'),
  entry(15, 'GROUP INDUSTRIES COMPANY', 'entity'),
  entry(16, 'AL-HASSAN, Ali', 'individual'),
  entry(17, 'IVANOV, Sergey Vladimirovich', 'individual'),
  entry(18, 'PETROV, Vladimir', 'individual'),
];

const index: ScreeningIndex = buildScreeningIndex({
  format: 'ofac-csv',
  publishedAt: null,
  version: 'sdn-test',
  entries,
});
const screen = (name: string, dob?: string) => screenName(index, { name, dob });
const top = (name: string, dob?: string) => {
  const result = screen(name, dob);
  return { outcome: result.outcome, uid: result.matches[0]?.uid, score: result.score };
};

describe('strong matches: the listed name up to normalisation', () => {
  it.each([
    ['as listed', 'MADURO MOROS, Nicolas'],
    ['natural order', 'Nicolas Maduro Moros'],
    ['token reordering', 'Moros Nicolas Maduro'],
    ['case change', 'nicolas maduro moros'],
    ['diacritics added', 'Nicolás Madúro Moros'],
    ['punctuation removed', 'MADURO MOROS Nicolas'],
  ])('%s', (_rule, name) => {
    expect(top(name)).toEqual({ outcome: 'match', uid: 2, score: 1 });
  });

  it('drops or expands a legal-form suffix', () => {
    expect(top('Welmart Group')).toMatchObject({ outcome: 'match', uid: 6 });
    expect(top('WELMART GROUP LTD')).toMatchObject({ outcome: 'match', uid: 6 });
    expect(top('Galaxy Petrochemical')).toMatchObject({ outcome: 'match', uid: 7 });
  });

  it('reads a misspelt legal form as the legal form', () => {
    expect(top('Welmart Group Limted')).toMatchObject({ outcome: 'match', uid: 6 });
    expect(top('Galaxy Petrochemical FZW')).toMatchObject({ uid: 7 });
  });

  it('matches a strong alias', () => {
    expect(top('NIOC')).toMatchObject({ outcome: 'match', uid: 9 });
  });

  it('returns the documented match shape', () => {
    const result = screen('Nicolas Maduro Moros');
    expect(result).toMatchObject({ outcome: 'match', score: 1, list_version: 'sdn-test' });
    expect(result.matches[0]).toEqual({
      uid: 2,
      name: 'MADURO MOROS, Nicolas',
      matched_name: 'MADURO MOROS, Nicolas',
      type: 'individual',
      programs: ['TEST'],
      score: 1,
      query_reading: null,
    });
    // The vessel named after him shares two of the three words: a possible match, ranked second.
    expect(result.matches[1]).toMatchObject({ uid: 12, type: 'vessel' });
    expect(result.matches[1]!.score).toBeLessThan(MATCHER_SETTINGS.strongThreshold);
  });
});

describe('possible matches', () => {
  it('one-letter typo (Jaro–Winkler)', () => {
    expect(top('Vladimir Borisovich Sennin')).toMatchObject({ outcome: 'possible_match', uid: 1 });
    expect(top('Nicolas Maduro Morros')).toMatchObject({ outcome: 'possible_match', uid: 2 });
  });

  it('one changed letter in a short word', () => {
    expect(top('Kum Jong Un')).toMatchObject({ outcome: 'possible_match', uid: 10 });
  });

  it('transliteration variants from the table', () => {
    expect(top('Mutassim Gaddafi')).toMatchObject({ outcome: 'possible_match', uid: 3 });
    expect(top('Youssef Usama Hussain')).toMatchObject({ outcome: 'possible_match', uid: 4 });
  });

  it('Abdel / Abd al / Abdul spell one name', () => {
    expect(top('Khalid Abdul Rahman')).toMatchObject({ uid: 5 });
    expect(top('Khalid Abdelrahman')).toMatchObject({ outcome: 'possible_match', uid: 5 });
  });

  it('a missing middle name', () => {
    expect(top('Vladimir Senin')).toMatchObject({ outcome: 'possible_match', uid: 1 });
  });

  it('an initial for a given name', () => {
    expect(top('Vladimir B. Senin')).toMatchObject({ outcome: 'possible_match', uid: 1 });
  });

  it('particles glued or split', () => {
    expect(top('Mutassim Alqadhafi')).toMatchObject({ outcome: 'possible_match', uid: 3 });
  });
});

describe('no match', () => {
  it('company words alone never match', () => {
    for (const name of ['LLC', 'AB', 'Joint Stock Company', 'Al Bin', 'J. K.']) {
      expect(screen(name).outcome, name).toBe('no_match');
    }
  });

  it('generic company words without the distinctive one', () => {
    for (const name of ['Trading Company Limited', 'Oil Trading']) {
      expect(screen(name).outcome, name).toBe('no_match');
    }
  });

  it('an entity without its distinctive word', () => {
    expect(screen('Evergreen Petrochemical FZE').outcome).toBe('no_match');
    expect(screen('Larkspur Oil Company').outcome).toBe('no_match');
  });

  it('one shared given name or surname', () => {
    expect(screen('Nicolas Green').outcome).toBe('no_match');
    expect(screen('Sarah Senin').outcome).toBe('no_match');
    expect(screen('Vladimir Smith').outcome).toBe('no_match');
  });

  it('names with nothing in common', () => {
    expect(screen('Jane Doe')).toMatchObject({ outcome: 'no_match', score: 0, matches: [] });
  });
});

describe('date of birth', () => {
  it('a contradicting date demotes an exact name to a possible match, never lower', () => {
    expect(top('Nicolas Maduro Moros', '1990-01-01')).toEqual({
      outcome: 'possible_match',
      uid: 2,
      score: 1 - MATCHER_SETTINGS.dobConflictPenalty,
    });
  });

  it('a contradicting date drops a possible match', () => {
    expect(top('Vladimir Senin')).toMatchObject({ outcome: 'possible_match' });
    expect(top('Vladimir Senin', '1990-05-05').outcome).toBe('no_match');
  });

  it('an equal date raises the score but cannot make a strong match', () => {
    const without = top('Vladimir Senin');
    const withDob = top('Vladimir Senin', '1960-09-17');
    expect(withDob.score).toBeCloseTo(Math.min(1, without.score + MATCHER_SETTINGS.dobExactBonus), 3);
    expect(withDob.outcome).toBe('possible_match');
  });

  it('a year-only listing accepts dates within two years and a swapped day/month counts as equal', () => {
    expect(top('Mutassim Gaddafi', '1975-06-01').outcome).toBe('possible_match');
    expect(top('Mutassim Gaddafi', '1990-06-01').outcome).toBe('no_match');
    expect(top('Vladimir Senin', '1960-17-09').score).toBe(top('Vladimir Senin').score);
    expect(top('Vladimir Senin', '1960-09-17').score).toBeGreaterThan(top('Vladimir Senin').score);
  });

  it('entries without a listed date are not affected', () => {
    expect(top('Yusuf Osama Hussein', '2001-01-01')).toMatchObject({ outcome: 'match', uid: 4 });
  });
});

describe('aliases, types and limits', () => {
  it('a weak alias of several words is at most a possible match; a one-word weak alias is not screened', () => {
    expect(top('The Chess Player')).toMatchObject({ outcome: 'possible_match', uid: 8 });
    expect(screen('Lucas').outcome).toBe('no_match');
  });

  it('filters by SDN type', () => {
    expect(
      screenName(index, { name: 'Nicolas Maduro', types: ['vessel'] }).matches.map((m) => m.uid),
    ).toEqual([12]);
    expect(screenName(index, { name: 'Nicolas Maduro', types: ['entity'] }).outcome).toBe('no_match');
  });

  it('limits the number of matches', () => {
    expect(screenName(index, { name: 'Nicolas Maduro Moros', limit: 1 }).matches).toHaveLength(1);
  });

  it('screens a licence holder against individuals only', () => {
    const result = screenLicenceHolder(index, {
      firstName: 'NICOLAS',
      middleName: null,
      lastName: 'MADURO',
      dob: null,
    });
    expect(result.matches.map((m) => m.type)).not.toContain('vessel');
    expect(
      screenLicenceHolder(index, {
        firstName: 'Nicolas',
        middleName: 'Maduro',
        lastName: 'Moros',
        dob: '1962-11-23',
      }),
    ).toMatchObject({ outcome: 'match', matches: [{ uid: 2 }] });
  });
});
