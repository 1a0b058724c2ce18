import anyAscii from 'any-ascii';
import { romaniseArabic } from './arabic.js';
import { hanjaToKorean, KOREAN_SYSTEMS, romaniseHangul, type KoreanSystem } from './korean.js';

/**
 * Romanisations of a name written in another script, screened next to the name as written. The
 * matcher itself compares Latin letters (normalize-name.ts folds Cyrillic and Greek in its own
 * BGN/PCGN way); these readings add the other systems in which the same person is found on a list
 * or in a passport. Which script gets which systems: docs/screening.md.
 */
export type RomanisationSystem =
  | KoreanSystem
  | 'pinyin'
  | 'hanja-korean-dprk'
  | 'hanja-korean-mr'
  | 'hanja-korean-rr'
  | 'arabic-names'
  | 'cyrillic-icao'
  | 'cyrillic-ukrainian'
  | 'cyrillic-german'
  | 'any-ascii';

export type NameReading = { system: RomanisationSystem; text: string };

const HANGUL = /[\uac00-\ud7a3]/;
const HAN = /\p{Script=Han}/u;
const KANA = /[\u3040-\u30ff]/;
const ARABIC = /[\u0600-\u06ff]/;
const CYRILLIC = /[\u0400-\u04ff]/;
/** Letters the matcher reads itself: Latin (with its accents) and Greek; Cyrillic gets extra readings below. */
const FOLDED_BY_MATCHER =
  /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{M}\p{N}\p{P}\p{Z}\p{S}]*$/u;

// ICAO Doc 9303 (machine-readable passports since 2013, Russian and Ukrainian) and the Ukrainian
// national system (2010): `Iurii`, `Oleksandr`, `Zelenskyi`.
const CYRILLIC_ICAO: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  є: 'ie',
  ж: 'zh',
  з: 'z',
  и: 'i',
  і: 'i',
  ї: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: 'ie',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'iu',
  я: 'ia',
};
const CYRILLIC_UKRAINIAN: Record<string, string> = {
  ...CYRILLIC_ICAO,
  г: 'h',
  и: 'y',
  є: 'ie',
  ї: 'i',
  й: 'i',
  щ: 'shch',
  ь: '',
  ъ: '',
};
// German (Duden) transcription, common in older German and Austrian papers: `Wladimir`, `Schukow`.
const CYRILLIC_GERMAN: Record<string, string> = {
  ...CYRILLIC_ICAO,
  в: 'w',
  е: 'e',
  ж: 'sch',
  з: 's',
  й: 'j',
  с: 's',
  х: 'ch',
  ц: 'z',
  ч: 'tsch',
  ш: 'sch',
  щ: 'schtsch',
  ю: 'ju',
  я: 'ja',
  ъ: '',
  ы: 'y',
  э: 'e',
};

function mapCyrillic(text: string, table: Record<string, string>): string {
  return text.toLowerCase().replace(/[\u0400-\u04ff]/g, (c) => table[c] ?? c);
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Pinyin syllables as any-ascii writes them (`XiJinPing`), split into the words lists use: `Xi Jinping`. */
function pinyinOf(text: string): string {
  return text
    .replace(/\p{Script=Han}+/gu, (word) => {
      const syllables = anyAscii(word).match(/[A-Z][a-z]*/g) ?? [];
      if (syllables.length < 2) return ` ${syllables.join('')} `;
      return ` ${syllables[0]} ${capitalise(syllables.slice(1).join('').toLowerCase())} `;
    })
    .trim();
}

/**
 * The readings to screen besides the name as written; empty for a name in Latin or Greek letters.
 * The first reading of each script is its most likely one; at most eight, so a query costs at most
 * nine passes of the matcher.
 */
export function readingsOf(name: string): NameReading[] {
  if (/^[\p{ASCII}]*$/u.test(name)) return [];
  const readings: NameReading[] = [];
  const add = (system: RomanisationSystem, text: string) => {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (clean.length > 0 && clean !== name && !readings.some((r) => r.text === clean))
      readings.push({ system, text: clean });
  };
  if (CYRILLIC.test(name)) {
    add('cyrillic-icao', mapCyrillic(name, CYRILLIC_ICAO));
    add('cyrillic-ukrainian', mapCyrillic(name, CYRILLIC_UKRAINIAN));
    add('cyrillic-german', mapCyrillic(name, CYRILLIC_GERMAN));
  }
  if (FOLDED_BY_MATCHER.test(name)) return readings.slice(0, 8);
  if (HANGUL.test(name)) for (const system of KOREAN_SYSTEMS) add(system, romaniseHangul(name, system));
  if (HAN.test(name) && !KANA.test(name)) {
    add('pinyin', anyAscii(pinyinOf(name)));
    const korean = hanjaToKorean(name);
    for (const system of KOREAN_SYSTEMS)
      add(`hanja-${system}` as RomanisationSystem, anyAscii(romaniseHangul(korean, system)));
  }
  if (ARABIC.test(name)) add('arabic-names', anyAscii(romaniseArabic(name)));
  // Every other script: any-ascii's per-character transliteration (for the scripts above it only
  // glues syllables or drops vowels, so it would cost a pass and find nothing).
  if (readings.length === 0) add('any-ascii', anyAscii(name));
  return readings.slice(0, 8);
}
