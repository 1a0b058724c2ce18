/**
 * Name normalisation shared by the list index and the queries, so both sides always agree:
 * NFKD + combining marks dropped (José → jose), letters NFKD leaves alone folded (ß → ss, ø → o),
 * Cyrillic and Greek transliterated, lower case, apostrophes dropped (Rabi'i → rabii), dotted
 * acronyms joined (S.A. → sa), every other non-letter/digit a separator (hyphens included).
 */

const LETTER_FOLDS: Record<string, string> = {
  ß: 'ss',
  ẞ: 'ss',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ø: 'o',
  Ø: 'o',
  đ: 'd',
  Đ: 'd',
  ð: 'd',
  Ð: 'd',
  ł: 'l',
  Ł: 'l',
  ı: 'i',
  þ: 'th',
  Þ: 'th',
  ħ: 'h',
  Ħ: 'h',
  ŋ: 'ng',
  ĸ: 'k',
  ſ: 's',
};

// BGN/PCGN-style romanisation: the form the SDN list itself uses for Russian and Ukrainian names.
const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  є: 'ye',
  ж: 'zh',
  з: 'z',
  и: 'i',
  і: 'i',
  ї: 'yi',
  й: 'y',
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
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

const GREEK: Record<string, string> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

const APOSTROPHES = /['’‘`´ʻʼʹʾʿ′]/g;
// A dot between two single letters (`C.M.V.`, `S.A.`) joins them; any other dot separates.
const ACRONYM_DOT = /(?<=(?:^|[^\p{L}\p{N}])\p{L})\.(?=\p{L}(?:[.\s]|$))/gu;

const CYRILLIC_OR_GREEK = /[\u0370-\u03ff\u0400-\u04ff]/g;

function romanise(s: string): string {
  return s.replace(/ου/g, 'ou').replace(CYRILLIC_OR_GREEK, (c) => CYRILLIC[c] ?? GREEK[c] ?? c);
}

export function foldText(input: string): string {
  let s = input.toLowerCase();
  // Before NFKD, so й/ё/ї keep their own romanisation; after it, for the accented Greek vowels.
  const foreign = /[\u0370-\u03ff\u0400-\u04ff]/.test(s);
  if (foreign) s = romanise(s.normalize('NFC'));
  s = s.normalize('NFKD').replace(/\p{M}/gu, '');
  if (foreign) s = romanise(s);
  s = s.replace(/[ßẞæÆœŒøØđĐðÐłŁıþÞħĦŋĸſ]/g, (c) => LETTER_FOLDS[c] ?? c).toLowerCase();
  return s.replace(APOSTROPHES, '').replace(/&/g, ' and ').replace(ACRONYM_DOT, '');
}

const ABD_PARTICLES = new Set([
  'al',
  'el',
  'ul',
  'ol',
  'il',
  'ar',
  'ur',
  'as',
  'ad',
  'an',
  'ash',
  'at',
  'az',
]);
const ABD_JOINED = /^abd(?:al|el|ul|ol|il|ar|ur|as|ad|an|ash|at|az)([a-z]{4,})$/;

export type AnalyzedName = {
  /** Lower-case ASCII-folded tokens; a hyphenated word gives its parts (`al-otaibi` → `al`, `otaibi`). */
  tokens: string[];
  /** The same name with each hyphenated word and each leading particle written as one word, when that differs. */
  glued: string[] | null;
};

/**
 * Tokens of a name. The ʿAbd compounds lose their article, so their romanisations meet: `Abdul`,
 * `Abdel`, `Abd al-` and `Abd-el` become `abd` + the next part, and a joined `Abdelrahman` becomes
 * `abdrahman` (which the glued form of `abd rahman` equals); `Abdullah`/`Abdallah` stay whole (the
 * equivalence table joins them).
 */
export function analyzeName(input: string): AnalyzedName {
  const tokens: string[] = [];
  const groupOf: number[] = [];
  let group = 0;
  for (const word of foldText(input).split(/[^\p{L}\p{N}-]+/u)) {
    const parts = word.split('-').filter((p) => p.length > 0);
    for (const part of parts) {
      if (tokens[tokens.length - 1] === 'abd' && ABD_PARTICLES.has(part)) continue;
      const joined = ABD_JOINED.exec(part);
      tokens.push(joined ? `abd${joined[1]!}` : /^abd(?:ul|el|ol|al|il)$/.test(part) ? 'abd' : part);
      groupOf.push(group);
    }
    group += 1;
  }
  const glued: string[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    let word = tokens[i]!;
    while (
      i + 1 < tokens.length &&
      (groupOf[i + 1] === groupOf[i] || GLUEABLE_PREFIXES.has(tokens[i]!)) &&
      /^\p{L}+$/u.test(tokens[i + 1]!)
    ) {
      i += 1;
      word += tokens[i]!;
    }
    glued.push(word);
  }
  return { tokens, glued: glued.length < tokens.length ? glued : null };
}

/**
 * Legal-form words. Dropped when a query is scored against an entity, vessel or aircraft (never
 * against an individual), so `WELMART GROUP` equals `WELMART GROUP LIMITED` and a name made only of
 * company words matches nothing.
 */
export const LEGAL_FORM_WORDS: ReadonlySet<string> = new Set([
  'ab',
  'ad',
  'ag',
  'aps',
  'as',
  'asa',
  'bhd',
  'bv',
  'ca',
  'cia',
  'cjsc',
  'co',
  'company',
  'corp',
  'corporation',
  'cv',
  'dd',
  'doo',
  'dooel',
  'eood',
  'est',
  'establishment',
  'fze',
  'fzc',
  'fzco',
  'fzllc',
  'gmbh',
  'inc',
  'incorporated',
  'jsc',
  'kft',
  'kg',
  'llc',
  'llp',
  'lp',
  'ltd',
  'ltda',
  'limited',
  'nv',
  'oao',
  'ojsc',
  'ooo',
  'oy',
  'oyj',
  'pao',
  'pjsc',
  'plc',
  'pte',
  'pty',
  'pvt',
  'sa',
  'sac',
  'sae',
  'sal',
  'sarl',
  'sas',
  'sdn',
  'sl',
  'spa',
  'srl',
  'sro',
  'tov',
  'wll',
  'zao',
  'zrt',
]);

/** Word runs that are a legal form only as a whole (`joint stock company`, `sociedad anonima`). */
const LEGAL_FORM_PHRASES: readonly string[][] = [
  ['public', 'joint', 'stock', 'company'],
  ['closed', 'joint', 'stock', 'company'],
  ['open', 'joint', 'stock', 'company'],
  ['joint', 'stock', 'company'],
  ['joint', 'stock'],
  ['limited', 'liability', 'company'],
  ['limited', 'liability', 'partnership'],
  ['limited', 'partnership'],
  ['private', 'limited', 'company'],
  ['public', 'limited', 'company'],
  ['sociedad', 'anonima'],
  ['sociedad', 'de', 'responsabilidad', 'limitada'],
  ['societe', 'anonyme'],
  ['sp', 'z', 'o', 'o'],
  ['sdn', 'bhd'],
  ['fz', 'llc'],
  ['s', 'a'],
  ['s', 'a', 's'],
  ['s', 'r', 'l'],
  ['s', 'r', 'o'],
  ['sa', 'de', 'cv'],
  ['sapi', 'de', 'cv'],
  ['de', 'cv'],
  ['s', 'de', 'rl'],
  ['ltd', 'sti'],
];

/** Every word that is, or is part of, a legal form. */
export const LEGAL_FORM_VOCABULARY: readonly string[] = [
  ...new Set([...LEGAL_FORM_WORDS, ...LEGAL_FORM_PHRASES.flat().filter((w) => w.length >= 3)]),
];

/** Marks every token that belongs to a legal form. */
export function legalFormMask(tokens: readonly string[]): boolean[] {
  const mask = tokens.map((t) => LEGAL_FORM_WORDS.has(t));
  for (const phrase of LEGAL_FORM_PHRASES) {
    for (let i = 0; i + phrase.length <= tokens.length; i += 1) {
      if (phrase.every((word, k) => tokens[i + k] === word))
        for (let k = 0; k < phrase.length; k += 1) mask[i + k] = true;
    }
  }
  return mask;
}

/**
 * Name particles and generational suffixes: they carry little identity (`AL`, `BIN`, `DE`, `JR`), so
 * they weigh a quarter of an ordinary token and never select candidates on their own.
 */
export const NAME_PARTICLES: ReadonlySet<string> = new Set([
  'abu',
  'abou',
  'abd',
  'ag',
  'al',
  'as',
  'ash',
  'at',
  'az',
  'bin',
  'bint',
  'ben',
  'binti',
  'bou',
  'das',
  'de',
  'del',
  'della',
  'der',
  'des',
  'dos',
  'ed',
  'el',
  'er',
  'ibn',
  'ii',
  'iii',
  'iv',
  'jr',
  'la',
  'los',
  'mc',
  'of',
  'ould',
  'sr',
  'the',
  'ul',
  'um',
  'umm',
  'ur',
  'van',
  'von',
  'and',
  'for',
  'no',
]);

/** Particles written glued to the next word in some spellings (`Al Otaibi` / `Alotaibi`, `Abu Bakr` / `Abubakr`). */
export const GLUEABLE_PREFIXES: ReadonlySet<string> = new Set([
  'al',
  'el',
  'ul',
  'ar',
  'as',
  'ash',
  'ad',
  'az',
  'abd',
  'abu',
  'abou',
  'bin',
  'ben',
  'ibn',
  'bou',
  'da',
  'de',
  'del',
  'di',
  'du',
  'la',
  'le',
  'mac',
  'mc',
  'van',
  'von',
]);
