import { translate as hanjaToHangul } from 'hanja/lib/translate.js';
import { hanjaToKorean, romaniseHangul } from '../../src/core/screening/korean.js';
import type { SdnEntry } from '../../src/core/screening/sdn-model.js';

/**
 * Names of listed entries written the ways a query arrives, for the screening benches: back in
 * Cyrillic, Hangul, Han characters or Arabic letters, or with a legal form or particle run into the
 * next word. All built from the list's own names with a fixed seed, so two runs screen the same names.
 */

export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

export function sampleOf<T>(items: readonly T[], n: number, random: () => number): T[] {
  return [...items].sort(() => random() - 0.5).slice(0, n);
}

/** `SURNAME, Given` as `Given SURNAME`; other names as listed. */
export function naturalOrder(entry: SdnEntry): string {
  const comma = entry.name.indexOf(',');
  return comma > 0 ? `${entry.name.slice(comma + 1).trim()} ${entry.name.slice(0, comma)}` : entry.name;
}

const LATIN_TO_CYRILLIC: Array<[string, string]> = [
  ['shch', 'щ'],
  ['kh', 'х'],
  ['zh', 'ж'],
  ['ch', 'ч'],
  ['sh', 'ш'],
  ['ts', 'ц'],
  ['yu', 'ю'],
  ['ya', 'я'],
  ['yo', 'ё'],
  ['a', 'а'],
  ['b', 'б'],
  ['v', 'в'],
  ['g', 'г'],
  ['d', 'д'],
  ['e', 'е'],
  ['z', 'з'],
  ['i', 'и'],
  ['y', 'й'],
  ['k', 'к'],
  ['l', 'л'],
  ['m', 'м'],
  ['n', 'н'],
  ['o', 'о'],
  ['p', 'п'],
  ['r', 'р'],
  ['s', 'с'],
  ['t', 'т'],
  ['u', 'у'],
  ['f', 'ф'],
  ['c', 'к'],
  ['h', 'х'],
  ['w', 'в'],
  ['x', 'кс'],
  ['q', 'к'],
  ['j', 'дж'],
];

/** A Latin name written in Russian-style Cyrillic letters, greedily by the longest Latin group. */
export function toCyrillic(name: string): string {
  let out = '';
  const lower = name.toLowerCase();
  for (let i = 0; i < lower.length;) {
    const pair = LATIN_TO_CYRILLIC.find(([latin]) => lower.startsWith(latin, i));
    if (pair) {
      out += pair[1];
      i += pair[0].length;
    } else {
      out += lower[i];
      i += 1;
    }
  }
  return out;
}

// Every Hangul syllable by its DPRK romanisation, for writing listed DPRK names back in Hangul.
let syllableOf: Map<string, string> | null = null;
function hangulSyllables(): Map<string, string> {
  if (syllableOf) return syllableOf;
  syllableOf = new Map();
  for (let code = 0xac00; code <= 0xd7a3; code += 1) {
    const syllable = String.fromCharCode(code);
    const latin = romaniseHangul(syllable, 'korean-dprk').toLowerCase();
    if (!syllableOf.has(latin)) syllableOf.set(latin, syllable);
  }
  return syllableOf;
}

const KOREAN_FAMILY: Record<string, string> = {
  kim: '김',
  ri: '리',
  pak: '박',
  choe: '최',
  jong: '정',
  jang: '장',
  o: '오',
  han: '한',
  kang: '강',
  yun: '윤',
  kwon: '권',
  hyon: '현',
  paek: '백',
  ryu: '류',
  so: '서',
  sin: '신',
  an: '안',
  ju: '주',
  jon: '전',
  mun: '문',
  ko: '고',
  ho: '허',
  cha: '차',
  rim: '림',
  hwang: '황',
  hong: '홍',
};

/** A listed Korean individual (`KIM, Jong Un`) in Hangul (`김정은`); null when a syllable is unknown. */
export function toHangul(entry: SdnEntry): string | null {
  const comma = entry.name.indexOf(',');
  if (comma < 0) return null;
  const family = KOREAN_FAMILY[entry.name.slice(0, comma).trim().toLowerCase()];
  const given = entry.name
    .slice(comma + 1)
    .trim()
    .toLowerCase()
    .split(/[\s-]+/);
  const syllables = given.map((g) => hangulSyllables().get(g));
  if (!family || syllables.some((s) => !s)) return null;
  return family + syllables.join('');
}

// One Han character per Korean reading (family names apart: their reading differs at the start).
let hanOf: { given: Map<string, string>; family: Map<string, string> } | null = null;
function hanCharacters(): NonNullable<typeof hanOf> {
  if (hanOf) return hanOf;
  hanOf = { given: new Map(), family: new Map() };
  for (let code = 0x4e00; code <= 0x9fff; code += 1) {
    const char = String.fromCharCode(code);
    const reading = hanjaToHangul(`·${char}`, 'SUBSTITUTION').slice(1);
    if (reading !== char && !hanOf.given.has(reading)) hanOf.given.set(reading, char);
    const family = hanjaToKorean(char);
    if (family !== char && !hanOf.family.has(family)) hanOf.family.set(family, char);
  }
  return hanOf;
}

/** A Hangul name in Han characters that read back to it (`김정은` → `金正恩`-like); null when one has none. */
export function toHan(hangul: string): string | null {
  const { given, family } = hanCharacters();
  const chars = [...hangul].map((syllable, i) => (i === 0 ? family : given).get(syllable));
  if (chars.some((c) => !c)) return null;
  const han = chars.join('');
  return hanjaToKorean(han) === hangul ? han : null;
}

const LATIN_TO_ARABIC: Array<[string, string]> = [
  ['muhammad', 'محمد'],
  ['mohammed', 'محمد'],
  ['mohammad', 'محمد'],
  ['ahmad', 'أحمد'],
  ['ahmed', 'أحمد'],
  ['abdullah', 'عبدالله'],
  ['abd', 'عبد'],
  ['abu', 'أبو'],
  ['bin', 'بن'],
  ['al-', 'ال'],
  ['al ', 'ال'],
  ['sh', 'ش'],
  ['kh', 'خ'],
  ['th', 'ث'],
  ['dh', 'ذ'],
  ['gh', 'غ'],
  ['b', 'ب'],
  ['t', 'ت'],
  ['j', 'ج'],
  ['h', 'ح'],
  ['d', 'د'],
  ['r', 'ر'],
  ['z', 'ز'],
  ['s', 'س'],
  ['f', 'ف'],
  ['q', 'ق'],
  ['k', 'ك'],
  ['l', 'ل'],
  ['m', 'م'],
  ['n', 'ن'],
  ['w', 'و'],
  ['y', 'ي'],
  ['aa', 'ا'],
  ['ee', 'ي'],
  ['oo', 'و'],
  ['i', 'ي'],
  ['u', 'و'],
  ['o', 'و'],
  ['e', ''],
  ['a', ''],
];

/**
 * A Latin name in Arabic letters the way Arabic writes it: long vowels and glides as letters, short
 * `a`/`e` left out except at the start of a word (an alif), common name parts whole.
 */
export function toArabic(name: string): string {
  return name
    .toLowerCase()
    .split(/\s+/)
    .map((word) => {
      let out = /^[ae]/.test(word) ? 'ا' : '';
      for (let i = /^[ae]/.test(word) ? 1 : 0; i < word.length;) {
        const pair = LATIN_TO_ARABIC.find(([latin]) => word.startsWith(latin, i));
        if (pair) {
          out += pair[1];
          i += pair[0].length;
        } else i += 1;
      }
      return out;
    })
    .filter((w) => w.length > 0)
    .join(' ');
}

export type ScriptQuery = { kind: string; name: string; uid: number };

/**
 * Listed names written the ways queries arrive, `perKind` of each at most (fewer when the list holds
 * fewer): Cyrillic, Hangul and Han (DPRK-programme individuals), Arabic (SDGT individuals), a legal
 * form run into the name (`JSCARGUMENT`) and a particle run into the next word (`ALQAIDA`).
 */
export function scriptQueries(entries: readonly SdnEntry[], perKind: number, seed: number): ScriptQuery[] {
  const random = seededRandom(seed);
  const individuals = entries.filter((e) => e.type === 'individual' && e.name.includes(','));
  const queries: ScriptQuery[] = [];
  for (const e of sampleOf(individuals, perKind, random))
    queries.push({ kind: 'Cyrillic', name: toCyrillic(naturalOrder(e)), uid: e.uid });
  const korean = individuals
    .filter((e) => e.programs.some((p) => p.startsWith('DPRK')))
    .map((e) => ({ e, hangul: toHangul(e) }))
    .filter((k): k is { e: SdnEntry; hangul: string } => k.hangul !== null);
  for (const { e, hangul } of sampleOf(korean, perKind, random))
    queries.push({ kind: 'Hangul', name: hangul, uid: e.uid });
  const han = korean
    .map(({ e, hangul }) => ({ e, han: toHan(hangul) }))
    .filter((k): k is { e: SdnEntry; han: string } => k.han !== null);
  for (const { e, han: name } of sampleOf(han, perKind, random))
    queries.push({ kind: 'Han', name, uid: e.uid });
  const arabic = individuals.filter((e) => e.programs.includes('SDGT'));
  for (const e of sampleOf(arabic, perKind, random))
    queries.push({ kind: 'Arabic', name: toArabic(naturalOrder(e)), uid: e.uid });
  const LEGAL_PREFIX = /^(JSC|OOO|OAO|PAO|ZAO|AO|LLC|PJSC)\s+(\S{4,})/i;
  const legal = entries.filter((e) => LEGAL_PREFIX.test(e.name));
  for (const e of sampleOf(legal, perKind, random))
    queries.push({ kind: 'legal form run together', name: e.name.replace(LEGAL_PREFIX, '$1$2'), uid: e.uid });
  const PARTICLE = /\b(AL|EL|BIN|ABU|IBN)[\s-]+(\S{4,})/i;
  const particle = entries.filter((e) => PARTICLE.test(e.name));
  for (const e of sampleOf(particle, perKind, random))
    queries.push({
      kind: 'particle run together',
      name: naturalOrder(e).replace(PARTICLE, '$1$2'),
      uid: e.uid,
    });
  return queries;
}
