import { translate as hanjaToHangul } from 'hanja/lib/translate.js';

/**
 * Korean names in Hangul (or in Hanja, read in Korean) written in the three romanisations that
 * sanctions lists and passports use:
 * - `korean-dprk`: the DPR Korea's official system (1992), which the UN and OFAC listings of North
 *   Koreans follow: one word per syllable, ㅈ = j, ㅓ/ㅗ = o, ㅡ/ㅜ = u, aspirates kh/th/ph
 *   (`KIM Jong Un`, `CHOE Ryong Hae`, `JANG Song Thaek`);
 * - `korean-mr`: McCune–Reischauer without its breves (South Korean usage before 2000, most older
 *   passports: `Kim Chong-un`);
 * - `korean-rr`: the Revised Romanization of 2000 (`Kim Jeong-eun`).
 * The family name is the first syllable (two for the double family names below) and is written in
 * its customary spelling (`Kim`, `Ri`/`Lee`, `Pak`/`Park`, `Choe`/`Choi`), as lists and passports do.
 */

export type KoreanSystem = 'korean-dprk' | 'korean-mr' | 'korean-rr';

const HANGUL_FIRST = 0xac00;
const HANGUL_LAST = 0xd7a3;

// Initial consonants in jamo order: ㄱ ㄲ ㄴ ㄷ ㄸ ㄹ ㅁ ㅂ ㅃ ㅅ ㅆ ㅇ ㅈ ㅉ ㅊ ㅋ ㅌ ㅍ ㅎ
const INITIAL_RR = [
  'g',
  'kk',
  'n',
  'd',
  'tt',
  'r',
  'm',
  'b',
  'pp',
  's',
  'ss',
  '',
  'j',
  'jj',
  'ch',
  'k',
  't',
  'p',
  'h',
];
const INITIAL_MR = [
  'k',
  'kk',
  'n',
  't',
  'tt',
  'r',
  'm',
  'p',
  'pp',
  's',
  'ss',
  '',
  'ch',
  'tch',
  'ch',
  'k',
  't',
  'p',
  'h',
];
const INITIAL_MR_VOICED = [
  'g',
  'kk',
  'n',
  'd',
  'tt',
  'r',
  'm',
  'b',
  'pp',
  's',
  'ss',
  '',
  'j',
  'tch',
  'ch',
  'k',
  't',
  'p',
  'h',
];
const INITIAL_DPRK = [
  'k',
  'kk',
  'n',
  't',
  'tt',
  'r',
  'm',
  'p',
  'pp',
  's',
  'ss',
  '',
  'j',
  'jj',
  'ch',
  'kh',
  'th',
  'ph',
  'h',
];
const INITIAL_DPRK_VOICED = [
  'g',
  'kk',
  'n',
  'd',
  'tt',
  'r',
  'm',
  'b',
  'pp',
  's',
  'ss',
  '',
  'j',
  'jj',
  'ch',
  'kh',
  'th',
  'ph',
  'h',
];
// Vowels: ㅏ ㅐ ㅑ ㅒ ㅓ ㅔ ㅕ ㅖ ㅗ ㅘ ㅙ ㅚ ㅛ ㅜ ㅝ ㅞ ㅟ ㅠ ㅡ ㅢ ㅣ
const VOWEL_RR = [
  'a',
  'ae',
  'ya',
  'yae',
  'eo',
  'e',
  'yeo',
  'ye',
  'o',
  'wa',
  'wae',
  'oe',
  'yo',
  'u',
  'wo',
  'we',
  'wi',
  'yu',
  'eu',
  'ui',
  'i',
];
const VOWEL_MR = [
  'a',
  'ae',
  'ya',
  'yae',
  'o',
  'e',
  'yo',
  'ye',
  'o',
  'wa',
  'wae',
  'oe',
  'yo',
  'u',
  'wo',
  'we',
  'wi',
  'yu',
  'u',
  'ui',
  'i',
];
// Finals: none ㄱ ㄲ ㄳ ㄴ ㄵ ㄶ ㄷ ㄹ ㄺ ㄻ ㄼ ㄽ ㄾ ㄿ ㅀ ㅁ ㅂ ㅄ ㅅ ㅆ ㅇ ㅈ ㅊ ㅋ ㅌ ㅍ ㅎ
const FINAL = [
  '',
  'k',
  'k',
  'k',
  'n',
  'n',
  'n',
  't',
  'l',
  'k',
  'm',
  'l',
  'l',
  'l',
  'p',
  'l',
  'm',
  'p',
  'p',
  't',
  't',
  'ng',
  't',
  't',
  'k',
  't',
  'p',
  't',
];
// Finals after which the next initial is voiced (McCune–Reischauer and the DPRK system): none, ㄴ ㄹ ㅁ ㅇ.
const VOICING_FINALS = new Set([0, 4, 8, 16, 21]);

/**
 * Customary spellings of the common family names: [DPRK, South Korean customary, RR]. North Korean
 * listings keep the initial ㄹ (`Ri`, `Ryu`, `Rim`); South Korean usage drops it (`Lee`, `Yu`, `Im`).
 */
const FAMILY_NAMES: Record<string, [string, string, string]> = {
  김: ['Kim', 'Kim', 'Gim'],
  리: ['Ri', 'Lee', 'I'],
  이: ['Ri', 'Lee', 'I'],
  박: ['Pak', 'Park', 'Bak'],
  최: ['Choe', 'Choi', 'Choe'],
  정: ['Jong', 'Chung', 'Jeong'],
  강: ['Kang', 'Kang', 'Gang'],
  조: ['Jo', 'Cho', 'Jo'],
  윤: ['Yun', 'Yoon', 'Yun'],
  장: ['Jang', 'Chang', 'Jang'],
  림: ['Rim', 'Lim', 'Im'],
  임: ['Rim', 'Lim', 'Im'],
  한: ['Han', 'Han', 'Han'],
  오: ['O', 'Oh', 'O'],
  서: ['So', 'Suh', 'Seo'],
  신: ['Sin', 'Shin', 'Sin'],
  권: ['Kwon', 'Kwon', 'Gwon'],
  황: ['Hwang', 'Hwang', 'Hwang'],
  안: ['An', 'Ahn', 'An'],
  송: ['Song', 'Song', 'Song'],
  류: ['Ryu', 'Yoo', 'Yu'],
  유: ['Ryu', 'Yoo', 'Yu'],
  전: ['Jon', 'Chun', 'Jeon'],
  홍: ['Hong', 'Hong', 'Hong'],
  고: ['Ko', 'Ko', 'Go'],
  문: ['Mun', 'Moon', 'Mun'],
  량: ['Ryang', 'Yang', 'Yang'],
  양: ['Ryang', 'Yang', 'Yang'],
  손: ['Son', 'Son', 'Son'],
  배: ['Pae', 'Bae', 'Bae'],
  백: ['Paek', 'Baek', 'Baek'],
  허: ['Ho', 'Huh', 'Heo'],
  로: ['Ro', 'Roh', 'No'],
  노: ['Ro', 'Roh', 'No'],
  남: ['Nam', 'Nam', 'Nam'],
  심: ['Sim', 'Shim', 'Sim'],
  주: ['Ju', 'Joo', 'Ju'],
  현: ['Hyon', 'Hyun', 'Hyeon'],
  우: ['U', 'Woo', 'U'],
  하: ['Ha', 'Ha', 'Ha'],
  곽: ['Kwak', 'Kwak', 'Gwak'],
  차: ['Cha', 'Cha', 'Cha'],
  구: ['Ku', 'Koo', 'Gu'],
  민: ['Min', 'Min', 'Min'],
  명: ['Myong', 'Myung', 'Myeong'],
  태: ['Thae', 'Tae', 'Tae'],
  방: ['Pang', 'Bang', 'Bang'],
};
const DOUBLE_FAMILY_NAMES = new Set(['남궁', '황보', '선우', '제갈', '독고', '사공', '서문']);
// Hanja whose usual reading is not the family-name one (金 is 금 "gold", 김 as a family name).
const HANJA_FAMILY_READINGS: Record<string, string> = {
  金: '김',
  李: '리',
  柳: '류',
  林: '림',
  梁: '량',
  盧: '로',
};

const SYSTEM_COLUMN: Record<KoreanSystem, number> = { 'korean-dprk': 0, 'korean-mr': 1, 'korean-rr': 2 };

export function isHangulSyllable(char: string): boolean {
  const code = char.codePointAt(0)!;
  return code >= HANGUL_FIRST && code <= HANGUL_LAST;
}

type Jamo = { initial: number; vowel: number; final: number };

function jamoOf(char: string): Jamo {
  const code = char.codePointAt(0)! - HANGUL_FIRST;
  return { initial: Math.floor(code / 588), vowel: Math.floor((code % 588) / 28), final: code % 28 };
}

/** One syllable; `afterVoiced` when the previous syllable of the same word ends in a vowel, ㄴ, ㄹ, ㅁ or ㅇ. */
function romaniseSyllable(jamo: Jamo, system: KoreanSystem, afterVoiced: boolean | null): string {
  const voiced = afterVoiced === true;
  const initial =
    system === 'korean-rr'
      ? INITIAL_RR[jamo.initial]!
      : system === 'korean-mr'
        ? (voiced ? INITIAL_MR_VOICED : INITIAL_MR)[jamo.initial]!
        : (voiced ? INITIAL_DPRK_VOICED : INITIAL_DPRK)[jamo.initial]!;
  const vowel = (system === 'korean-rr' ? VOWEL_RR : VOWEL_MR)[jamo.vowel]!;
  return initial + vowel + FINAL[jamo.final]!;
}

function capitalise(word: string): string {
  return word.length === 0 ? word : word[0]!.toUpperCase() + word.slice(1);
}

/** The given-name syllables: one word each in the DPRK system, hyphenated in the southern ones. */
function romaniseGivenName(syllables: string[], system: KoreanSystem): string {
  const parts: string[] = [];
  let previous: Jamo | null = null;
  for (const syllable of syllables) {
    const jamo = jamoOf(syllable);
    const afterVoiced = previous ? VOICING_FINALS.has(previous.final) : null;
    parts.push(romaniseSyllable(jamo, system, afterVoiced));
    previous = jamo;
  }
  if (system === 'korean-dprk') return parts.map(capitalise).join(' ');
  return capitalise(parts.join('-'));
}

function romaniseFamilyName(syllables: string[], system: KoreanSystem): string {
  const known = syllables.length === 1 ? FAMILY_NAMES[syllables[0]!] : undefined;
  if (known) return known[SYSTEM_COLUMN[system]]!;
  return capitalise(syllables.map((s) => romaniseSyllable(jamoOf(s), system, null)).join(''));
}

/**
 * A Hangul word as a person's name: family name first, then the given name. A word of one syllable,
 * or of more than four, is not split (it is read as one name part).
 */
function romaniseHangulWord(word: string, system: KoreanSystem): string {
  const syllables = [...word];
  if (syllables.length < 2 || syllables.length > 4)
    return romaniseGivenName(syllables, system).replace(/ /g, '');
  const familyLength =
    DOUBLE_FAMILY_NAMES.has(syllables.slice(0, 2).join('')) && syllables.length > 2 ? 2 : 1;
  const family = romaniseFamilyName(syllables.slice(0, familyLength), system);
  return `${family} ${romaniseGivenName(syllables.slice(familyLength), system)}`;
}

/** Every Hangul word of `text` romanised in `system`; other characters are kept. */
export function romaniseHangul(text: string, system: KoreanSystem): string {
  return text.replace(/[\uac00-\ud7a3]+/g, (word) => romaniseHangulWord(word, system));
}

/**
 * The Korean reading of Han characters (Hanja). The hanja package gives each character its usual
 * reading without the southern initial-sound rule (which `Ri`, `Ryong` keep); a leading character
 * that is a family name gets its family-name reading.
 */
export function hanjaToKorean(text: string): string {
  return text.replace(/\p{Script=Han}+/gu, (word) => {
    const chars = [...word];
    return chars
      .map((char, i) => {
        if (i === 0 && HANJA_FAMILY_READINGS[char]) return HANJA_FAMILY_READINGS[char];
        // A leading non-Han character keeps the package from applying the word-initial rule.
        const reading = hanjaToHangul(`·${char}`, 'SUBSTITUTION').slice(1);
        return reading;
      })
      .join('');
  });
}

export const KOREAN_SYSTEMS: readonly KoreanSystem[] = ['korean-dprk', 'korean-mr', 'korean-rr'];
