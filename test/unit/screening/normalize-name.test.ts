import { describe, expect, it } from 'vitest';
import { jaroWinkler } from '../../../src/core/screening/jaro-winkler.js';
import {
  canonicalSpelling,
  equivalenceGroups,
  phoneticKey,
} from '../../../src/core/screening/name-equivalents.js';
import { analyzeName, foldText, legalFormMask } from '../../../src/core/screening/normalize-name.js';
import { withinOneEdit } from '../../../src/core/screening/screen-name.js';

const tokens = (name: string) => analyzeName(name).tokens;

describe('name normalisation', () => {
  it('decomposes (NFKD) and drops diacritics', () => {
    expect(tokens('José Ñúñez Müller Çelik Dvořák')).toEqual(['jose', 'nunez', 'muller', 'celik', 'dvorak']);
  });

  it('folds the letters NFKD leaves alone', () => {
    expect(foldText('Straße Ørsted Łukasz Æsir Œuvre Đorđe')).toBe(
      'strasse orsted lukasz aesir oeuvre dorde',
    );
  });

  it('folds compatibility forms (full-width letters, ligatures)', () => {
    expect(tokens('ＭＡＤＵＲＯ ﬁnance')).toEqual(['maduro', 'finance']);
  });

  it('case-folds', () => {
    expect(tokens('MADURO MOROS, Nicolas')).toEqual(tokens('maduro moros nicolas'));
  });

  it('treats punctuation and hyphens as separators and keeps the hyphenated word as a glued form', () => {
    const analyzed = analyzeName('AL-UBAYDI, Intissar');
    expect(analyzed.tokens).toEqual(['al', 'ubaydi', 'intissar']);
    expect(analyzed.glued).toEqual(['alubaydi', 'intissar']);
    expect(analyzeName('OAO URANIS-RADIOSISTEMY').glued).toEqual(['oao', 'uranisradiosistemy']);
  });

  it('glues a leading particle to the next word', () => {
    expect(analyzeName('Mohammad Al Otaibi').glued).toEqual(['mohammad', 'alotaibi']);
    expect(analyzeName('Abu Bakr').glued).toEqual(['abubakr']);
    expect(analyzeName('Sergey Lukin').glued).toBeNull();
  });

  it('drops apostrophes and ayn marks inside words', () => {
    expect(tokens("AL-RABI'I, Nidal")).toEqual(['al', 'rabii', 'nidal']);
    expect(tokens('ʿAbd al-Rahman')).toEqual(tokens("'Abd al-Rahman"));
  });

  it('joins dotted acronyms and splits other dots', () => {
    expect(tokens('C.M.V. CARNES S.A.S.')).toEqual(['cmv', 'carnes', 'sas']);
    expect(tokens('ALMACEN FUTURO NO. 1')).toEqual(['almacen', 'futuro', 'no', '1']);
    expect(tokens('LLC VEB.RF ASSET MANAGEMENT')).toEqual(['llc', 'veb', 'rf', 'asset', 'management']);
  });

  it('reads & as and', () => {
    expect(tokens('DAR AL SALAM FOR TRAVEL & TOURISM')).toContain('and');
  });

  it('transliterates Cyrillic and Greek', () => {
    expect(tokens('Путин Владимир Владимирович')).toEqual(['putin', 'vladimir', 'vladimirovich']);
    expect(tokens('Шойгу')).toEqual(['shoygu']);
    expect(tokens('Παπαδόπουλος')).toEqual(['papadopoulos']);
  });

  it('writes every ʿAbd compound alike', () => {
    for (const spelling of ['Abd al-Rahman', 'Abdul Rahman', 'Abdel Rahman', 'Abd-el-Rahman', 'Abd Rahman']) {
      expect(tokens(spelling)).toEqual(['abd', 'rahman']);
    }
    expect(tokens('Abdelrahman')).toEqual(['abdrahman']);
    expect(analyzeName('Abd al-Rahman').glued).toEqual(['abdrahman']);
    expect(tokens('Abdullah')).toEqual(['abdullah']);
  });

  it('marks legal forms, including multi-word ones, only as whole phrases', () => {
    const words = tokens('Joint Stock Company Avangard Limited');
    expect(legalFormMask(words)).toEqual([true, true, true, false, true]);
    expect(legalFormMask(tokens('Stock Exchange'))).toEqual([false, false]);
    expect(legalFormMask(tokens('Valpark S.A. de C.V.'))).toEqual([false, true, true, true]);
  });
});

describe('token similarity building blocks', () => {
  it('computes Jaro–Winkler as published', () => {
    expect(jaroWinkler('martha', 'marhta')).toBeCloseTo(0.961, 3);
    expect(jaroWinkler('dwayne', 'duane')).toBeCloseTo(0.84, 2);
    expect(jaroWinkler('dixon', 'dicksonx')).toBeCloseTo(0.813, 3);
    expect(jaroWinkler('abc', 'abc')).toBe(1);
    expect(jaroWinkler('abc', 'xyz')).toBe(0);
  });

  it('recognises one edit (substitution, insertion, deletion, neighbour swap)', () => {
    expect(withinOneEdit('kim', 'kum')).toBe(true);
    expect(withinOneEdit('yan', 'yn')).toBe(true);
    expect(withinOneEdit('zaw', 'zwa')).toBe(true);
    expect(withinOneEdit('luo', 'luoo')).toBe(true);
    expect(withinOneEdit('kim', 'kai')).toBe(false);
    expect(withinOneEdit('hossein', 'husayn')).toBe(false);
  });

  it('maps the transliteration variants of the brief to one spelling', () => {
    const same = (...spellings: string[]) =>
      expect(new Set(spellings.map((s) => canonicalSpelling(s))).size, spellings.join('/')).toBe(1);
    same('mohammed', 'muhammad', 'mohamed', 'mohamad');
    same('yusuf', 'yousef', 'youssef');
    same('hussein', 'husayn', 'hussain', 'hossein');
    same('osama', 'usama');
    same('qaddafi', 'gaddafi', 'kadhafi');
    same('yevgeniy', 'evgeny');
    same('choe', 'choi');
    same('yuri', 'iurii');
    expect(canonicalSpelling('mahmoud')).not.toBe(canonicalSpelling('muhammad'));
  });

  it('lists each spelling on one line of the table only', () => {
    const all = equivalenceGroups().flat();
    expect(new Set(all).size).toBe(all.length);
  });

  it('gives romanisation variants one consonant skeleton', () => {
    expect(phoneticKey('maksim')).toBe(phoneticKey('maxim'));
    expect(phoneticKey('artyom')).toBe(phoneticKey('artem'));
    expect(phoneticKey('karpov')).toBe(phoneticKey('karpof'));
    expect(phoneticKey('moussa')).toBe(phoneticKey('mousa'));
    expect(phoneticKey('zhukov')).toBe(phoneticKey('jukov'));
    expect(phoneticKey('akhmat')).toBe(phoneticKey('ahmat'));
    expect(phoneticKey('smith')).not.toBe(phoneticKey('smart'));
  });
});
