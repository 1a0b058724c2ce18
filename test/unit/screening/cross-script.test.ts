import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { romaniseArabic } from '../../../src/core/screening/arabic.js';
import { hanjaToKorean, romaniseHangul } from '../../../src/core/screening/korean.js';
import {
  buildScreeningIndex,
  screenName,
  type ScreeningIndex,
} from '../../../src/core/screening/screening-index.js';
import { parseExtraList } from '../../../src/core/screening/list-catalogue.js';
import { prepareNameQuery } from '../../../src/core/screening/screen-name.js';
import { readingsOf } from '../../../src/core/screening/transliterate.js';
import { CSV_SNAPSHOT_DIR, loadSnapshot } from './snapshot.js';

describe('romanisation', () => {
  it('writes Hangul names in the DPRK, McCune–Reischauer and Revised systems', () => {
    expect(romaniseHangul('김정은', 'korean-dprk')).toBe('Kim Jong Un');
    expect(romaniseHangul('김정은', 'korean-mr')).toBe('Kim Chong-un');
    expect(romaniseHangul('김정은', 'korean-rr')).toBe('Gim Jeong-eun');
    expect(romaniseHangul('장성택', 'korean-dprk')).toBe('Jang Song Thaek');
    expect(romaniseHangul('리선권', 'korean-dprk')).toBe('Ri Son Gwon');
    expect(romaniseHangul('리병철', 'korean-mr')).toBe('Lee Pyong-chol');
  });

  it('reads Han characters in Korean with family-name readings', () => {
    expect(hanjaToKorean('金正恩')).toBe('김정은');
    expect(hanjaToKorean('崔龍海')).toBe('최룡해');
    expect(hanjaToKorean('李雪主')).toBe('리설주');
  });

  it('reads Arabic name parts as the lists spell them', () => {
    expect(romaniseArabic('أسامة بن لادن')).toBe('usama bin ladin');
    expect(romaniseArabic('ابو بكر البغدادي')).toBe('abu bakr al baghdadi');
    // An unknown word: long vowels as written, `a` between bare consonants.
    expect(romaniseArabic('كامل')).toBe('kamal');
  });

  it('gives each script its systems and nothing for Latin names', () => {
    expect(readingsOf('José María Pérez')).toEqual([]);
    expect(readingsOf('金正恩').map((r) => r.system)).toEqual([
      'pinyin',
      'hanja-korean-dprk',
      'hanja-korean-mr',
      'hanja-korean-rr',
    ]);
    expect(readingsOf('金正恩')[0]!.text).toBe('Jin Zhengen');
    expect(readingsOf('Зеленський Володимир').map((r) => r.text)).toContain('zelenskyi volodymyr');
    expect(readingsOf('Владимир Путин').map((r) => r.text)).toContain('wladimir putin');
    expect(readingsOf('ไทย')).toEqual([{ system: 'any-ascii', text: 'aithy' }]);
  });
});

describe('cross-script and run-together names against the 2023-12-28 OFAC list', () => {
  let index: ScreeningIndex;
  beforeAll(async () => {
    index = buildScreeningIndex(await loadSnapshot(CSV_SNAPSHOT_DIR));
  }, 60_000);

  // moov-io/watchman's expectations that the matcher missed before (issue 24).
  it.each([
    ['김정은', 20157, 'korean-dprk'],
    ['金正恩', 20157, 'hanja-korean-dprk'],
    ['최룡해', 23213, 'korean-dprk'],
    ['金與正', 21444, 'hanja-korean-dprk'],
    ['أسامة بن لادن', 6365, 'arabic-names'],
  ])('%s is a match for uid %i through its %s reading, the original kept', (name, uid, system) => {
    const result = screenName(index, { name });
    expect(result.outcome).toBe('match');
    expect(result.matches[0]).toMatchObject({ uid, query_reading: { system } });
    expect(result.query.name).toBe(name);
    expect(result.query.readings.map((r) => r.system)).toContain(system);
  });

  it('keeps Cyrillic working, as written', () => {
    const result = screenName(index, { name: 'Владимир Путин' });
    expect(result.outcome).toBe('match');
    expect(result.matches[0]).toMatchObject({ uid: 35096, query_reading: null });
  });

  it.each([
    ['JSCARGUMENT', 37447],
    ['ARGUMENTJSC', 37447],
    ['ALQAIDA', 6366],
  ])('splits the run-together %s back into the listed words: a possible match', (name, uid) => {
    const result = screenName(index, { name });
    expect(result.outcome).toBe('possible_match');
    expect(result.matches[0]!.uid).toBe(uid);
  });

  it('does not split a particle off an ordinary word', () => {
    // `LADEN` is no `LA DEN` (which made it a possible match for DENA).
    expect(screenName(index, { name: 'Albert Laden' }).matches.map((m) => m.uid)).not.toContain(15048);
  });

  it('gives a bare family name of a few listed people the lowest possible score', () => {
    const maduro = screenName(index, { name: 'maduro' });
    expect(maduro.outcome).toBe('possible_match');
    expect(maduro.score).toBe(0.75);
    expect(maduro.matches.map((m) => m.uid)).toContain(22790);
    expect(screenName(index, { name: 'BINLADEN' }).outcome).toBe('possible_match');
    // KIM is the family name of 50 listed individuals: it says nothing about who is meant.
    expect(screenName(index, { name: 'Kim' }).matches.map((m) => m.type)).not.toContain('individual');
  });

  it('screens a query prepared once against several lists exactly as each list alone', () => {
    const un = buildScreeningIndex(
      parseExtraList(
        'un',
        fs.readFileSync(path.resolve('test/fixtures/sanctions/un-consolidated.xml'), 'utf8'),
      ),
    );
    const names = [
      '김정은',
      '金正恩',
      '권성철',
      'Владимир Путин',
      'Тестов Григорий',
      'JSCARGUMENT',
      'Muhammad Ali',
    ];
    for (const name of names) {
      const query = { name, dob: '1961-04-12' };
      const prepared = prepareNameQuery(query);
      // Each list alone first, then the shared preparation (its caches filled by the other list).
      const alone = [screenName(index, query), screenName(un, query)];
      expect([screenName(un, query, prepared), screenName(index, query, prepared)].reverse(), name).toEqual(
        alone,
      );
    }
  });
});
