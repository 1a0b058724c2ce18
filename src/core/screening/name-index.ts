import { canonicalSpelling, phoneticKey } from './name-equivalents.js';
import { analyzeName, legalFormMask, NAME_PARTICLES } from './normalize-name.js';
import { readingsOf } from './transliterate.js';
import { SDN_ENTITY_TYPES, type SdnEntityType, type SdnEntry } from './sdn-model.js';

export const TOKEN_WORD = 0;
export const TOKEN_PARTICLE = 1;
export const TOKEN_INITIAL = 2;
export const TOKEN_NUMBER = 3;

/** Fixed weights of the token kinds that carry little identity (an ordinary word weighs 2.3 to 5.8 here). */
export const PARTICLE_WEIGHT = 0.5;
export const INITIAL_WEIGHT = 1;

/**
 * (1 + ln(N/df))^0.75: rare words weigh more (`URALMASH` 5.8, `COMPANY` 2.3, `MOHAMMAD` 3.4 on the
 * 2023-12-28 list). The power compresses plain IDF so one missing rare middle name does not sink a
 * name, yet keeps generic words light. On the generated check (bench/screening.bench.ts --generated:
 * 1,200 clean names, 1,400 variants) plain IDF gave 1 false positive and 6 misses, ^0.75 none and 4,
 * ^0.5 2 and 1; eval-dev is 100 % recall and 0 % FPR for all three.
 */
export function rarityWeight(entryCount: number, documentFrequency: number): number {
  return Math.pow(1 + Math.log(entryCount / documentFrequency), 0.75);
}

/** One indexed spelling of an entry: its primary name, an alias, or one of those written with particles glued. */
export type IndexedName = {
  entry: number;
  /** Verbatim, as OFAC lists it (the glued form shows the listed spelling too). */
  text: string;
  tokens: Int32Array;
  /** Weight of each token in this name: 0 for a legal-form word of a non-individual. */
  weights: Float64Array;
  totalWeight: number;
  glued: boolean;
  weak: boolean;
};

export type NameIndex = {
  entries: readonly SdnEntry[];
  names: IndexedName[];
  vocabulary: string[];
  tokenIds: Map<string, number>;
  tokenKind: Uint8Array;
  /** rarityWeight over entries (a token counts once per entry), or the fixed weight of its kind. */
  tokenWeight: Float64Array;
  canonical: string[];
  phonetic: string[];
  byCanonical: Map<string, number[]>;
  byPhonetic: Map<string, number[]>;
  /**
   * Symmetric-delete keys of words of 3+ letters (the word itself and each spelling with one letter
   * removed), hashed, as sorted `hash · 2^20 + token id`: words one edit apart share a key. A hash
   * collision only adds a candidate that the similarity check then drops.
   */
  deletionKeys: Float64Array;
  /**
   * deletionKeys by the top 16 bits of their hash: keys of bucket b are at
   * deletionBucketStart[b] .. deletionBucketStart[b + 1]. A look-up searches a few keys near each
   * other instead of the whole array (a million keys with every list loaded).
   */
  deletionBucketStart: Int32Array;
  /** Token id t → names that contain it: postingNames[postingStart[t] .. postingStart[t + 1]). */
  postingStart: Int32Array;
  postingNames: Int32Array;
  /** Per name, for the candidate loop: its entry's type (bit of SDN_ENTITY_TYPES) and its total weight. */
  nameTypeBit: Uint8Array;
  nameTotalWeight: Float64Array;
  /** Weight given to a query token the list does not contain: that of a token seen once. */
  unknownTokenWeight: number;
  /** Token id of a family-name word → individuals whose primary name has it as family name. */
  familyNameEntries: Map<number, number[]>;
  /** Entry → index (in names) of its primary name. */
  primaryName: Int32Array;
};

export function tokenKindOf(token: string): number {
  if (/\d/.test(token)) return TOKEN_NUMBER;
  if (token.length === 1) return TOKEN_INITIAL;
  if (NAME_PARTICLES.has(token)) return TOKEN_PARTICLE;
  return TOKEN_WORD;
}

const TOKEN_ID_SPACE = 2 ** 20;

/** FNV-1a of a token with the character at `skip` left out (-1: the whole token). */
export function deletionHash(token: string, skip: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i += 1) {
    if (i === skip) continue;
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * Hashes of a token's symmetric-delete keys. A 2-letter token gets only its own key (it finds the
 * 3-letter words one deletion away); its deletions, single letters, would match almost anything.
 */
export function deletionHashes(token: string): number[] {
  if (token.length < 2) return [];
  const hashes = [deletionHash(token, -1)];
  if (token.length >= 3) for (let i = 0; i < token.length; i += 1) hashes.push(deletionHash(token, i));
  return hashes;
}

const BUCKET_SHIFT = 16;

/** Token ids stored under one deletion hash. */
export function tokensWithDeletionHash(index: NameIndex, hash: number, out: number[]): void {
  const keys = index.deletionKeys;
  const low = hash * TOKEN_ID_SPACE;
  const bucket = hash >>> BUCKET_SHIFT;
  let lo = index.deletionBucketStart[bucket]!;
  let hi = index.deletionBucketStart[bucket + 1]!;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < low) lo = mid + 1;
    else hi = mid;
  }
  const high = low + TOKEN_ID_SPACE;
  for (let i = lo; i < keys.length && keys[i]! < high; i += 1) out.push(keys[i]! - low);
}

export function typeBit(type: SdnEntityType): number {
  return 1 << SDN_ENTITY_TYPES.indexOf(type);
}

function push(map: Map<string, number[]>, key: string, id: number): void {
  const list = map.get(key);
  if (list) {
    if (list[list.length - 1] !== id) list.push(id);
  } else map.set(key, [id]);
}

type PendingName = {
  entry: number;
  primary: boolean;
  text: string;
  tokens: string[];
  legal: boolean[];
  glued: boolean;
  weak: boolean;
};

/**
 * Weak aliases of one significant word (`'PAT'`, `'LUCAS'`) are not indexed: OFAC describes weak
 * AKAs as broad or generic; longer ones (`'THE CHESS PLAYER'`) are, and can only give a possible match.
 */
function indexableWeakAlias(tokens: string[]): boolean {
  return tokens.filter((t) => tokenKindOf(t) === TOKEN_WORD).length >= 2;
}

const LATIN_ONLY = /^[\p{Script=Latin}\p{M}\p{N}\p{P}\p{Z}\p{S}]*$/u;

/** The family name of a listed individual: before the comma of `SURNAME, Given`, else the last word. */
function familyNameTokens(listedName: string): string[] {
  const comma = listedName.indexOf(',');
  const tokens = analyzeName(comma > 0 ? listedName.slice(0, comma) : listedName).tokens;
  return comma > 0 ? tokens : tokens.slice(-1);
}

export function buildNameIndex(entries: readonly SdnEntry[]): NameIndex {
  const pending: PendingName[] = [];
  entries.forEach((entry, entryIndex) => {
    const spellings: Array<{ text: string; weak: boolean; romanised: string | null }> = [
      { text: entry.name, weak: false, romanised: null },
      ...entry.aliases.map((a) => ({ text: a.name, weak: a.strength === 'weak', romanised: null })),
    ];
    // Names listed in another script (the UN, EU and UK lists give original-script names) are also
    // indexed in their first romanisation, as a derived spelling: a possible match, never strong.
    for (const spelling of [...spellings]) {
      if (LATIN_ONLY.test(spelling.text)) continue;
      const reading = readingsOf(spelling.text)[0];
      if (reading) spellings.push({ text: spelling.text, weak: spelling.weak, romanised: reading.text });
    }
    const seen = new Set<string>();
    spellings.forEach((spelling, spellingIndex) => {
      const analyzed = analyzeName(spelling.romanised ?? spelling.text);
      if (analyzed.tokens.length === 0) return;
      if (spelling.weak && !indexableWeakAlias(analyzed.tokens)) return;
      const variants: Array<{ tokens: string[]; glued: boolean }> = [
        { tokens: analyzed.tokens, glued: spelling.romanised !== null },
      ];
      if (analyzed.glued) variants.push({ tokens: analyzed.glued, glued: true });
      for (const variant of variants) {
        const key = variant.tokens.join(' ');
        if (seen.has(key)) continue;
        seen.add(key);
        pending.push({
          entry: entryIndex,
          primary: spellingIndex === 0 && !variant.glued,
          text: spelling.text,
          tokens: variant.tokens,
          legal:
            entry.type === 'individual' ? variant.tokens.map(() => false) : legalFormMask(variant.tokens),
          glued: variant.glued,
          weak: spelling.weak,
        });
      }
    });
  });

  const tokenIds = new Map<string, number>();
  const vocabulary: string[] = [];
  const documentFrequency: number[] = [];
  const lastEntrySeen: number[] = [];
  for (const name of pending) {
    for (const token of name.tokens) {
      let id = tokenIds.get(token);
      if (id === undefined) {
        id = vocabulary.length;
        tokenIds.set(token, id);
        vocabulary.push(token);
        documentFrequency.push(0);
        lastEntrySeen.push(-1);
      }
      if (lastEntrySeen[id] !== name.entry) {
        lastEntrySeen[id] = name.entry;
        documentFrequency[id]! += 1;
      }
    }
  }

  const entryCount = Math.max(1, entries.length);
  const familyNameEntries = new Map<number, number[]>();
  const addFamilyName = (id: number, entry: number) => {
    const list = familyNameEntries.get(id);
    if (!list) familyNameEntries.set(id, [entry]);
    else if (list[list.length - 1] !== entry) list.push(entry);
  };
  const primaryName = new Int32Array(entries.length).fill(-1);
  pending.forEach((name, nameId) => {
    if (!name.primary) return;
    primaryName[name.entry] = nameId;
    const entry = entries[name.entry]!;
    if (entry.type !== 'individual') return;
    for (const token of familyNameTokens(entry.name)) {
      const id = tokenIds.get(token);
      if (id !== undefined && tokenKindOf(token) === TOKEN_WORD) addFamilyName(id, name.entry);
    }
  });
  // Token ids share a float64 with a 32-bit hash in deletionKeys; the SDN list has about 35,000 words.
  if (vocabulary.length >= TOKEN_ID_SPACE)
    throw new Error(`${vocabulary.length} distinct name words: too many to index`);
  const tokenKind = new Uint8Array(vocabulary.length);
  const tokenWeight = new Float64Array(vocabulary.length);
  const canonical: string[] = [];
  const phonetic: string[] = [];
  const byCanonical = new Map<string, number[]>();
  const byPhonetic = new Map<string, number[]>();
  const deletionKeyList: number[] = [];
  vocabulary.forEach((token, id) => {
    const kind = tokenKindOf(token);
    tokenKind[id] = kind;
    tokenWeight[id] =
      kind === TOKEN_PARTICLE
        ? PARTICLE_WEIGHT
        : kind === TOKEN_INITIAL
          ? INITIAL_WEIGHT
          : rarityWeight(entryCount, documentFrequency[id]!);
    const canon = canonicalSpelling(token);
    const key = phoneticKey(canon);
    canonical.push(canon);
    phonetic.push(key);
    if (kind !== TOKEN_WORD) return;
    push(byCanonical, canon, id);
    if (key.length >= 2) push(byPhonetic, key, id);
    if (token.length >= 3)
      for (const hash of deletionHashes(token)) deletionKeyList.push(hash * TOKEN_ID_SPACE + id);
  });

  const deletionKeys = Float64Array.from(deletionKeyList).sort();
  const deletionBucketStart = new Int32Array(2 ** (32 - BUCKET_SHIFT) + 1);
  for (const key of deletionKeys)
    deletionBucketStart[(Math.floor(key / TOKEN_ID_SPACE) >>> BUCKET_SHIFT) + 1]! += 1;
  for (let b = 1; b < deletionBucketStart.length; b += 1)
    deletionBucketStart[b]! += deletionBucketStart[b - 1]!;
  const postingCount = new Int32Array(vocabulary.length + 1);
  const names: IndexedName[] = pending.map((name) => {
    const tokens = Int32Array.from(name.tokens, (t) => tokenIds.get(t)!);
    // A name made only of legal-form words (`CORP`) keeps them: dropping all would leave nothing to compare.
    const dropLegal = name.legal.some((l) => !l);
    const weights = Float64Array.from(tokens, (id, i) => (dropLegal && name.legal[i] ? 0 : tokenWeight[id]!));
    let totalWeight = 0;
    for (const w of weights) totalWeight += w;
    new Set(tokens.filter((_, i) => weights[i]! > 0)).forEach((id) => (postingCount[id + 1]! += 1));
    return {
      entry: name.entry,
      text: name.text,
      tokens,
      weights,
      totalWeight,
      glued: name.glued,
      weak: name.weak,
    };
  });
  const postingStart = new Int32Array(vocabulary.length + 1);
  for (let id = 0; id < vocabulary.length; id += 1)
    postingStart[id + 1] = postingStart[id]! + postingCount[id + 1]!;
  const postingNames = new Int32Array(postingStart[vocabulary.length]!);
  const fill = postingStart.slice(0, vocabulary.length);
  names.forEach((name, nameId) => {
    new Set(name.tokens.filter((_, i) => name.weights[i]! > 0)).forEach((id) => {
      postingNames[fill[id]!] = nameId;
      fill[id]! += 1;
    });
  });

  return {
    entries,
    names,
    vocabulary,
    tokenIds,
    tokenKind,
    tokenWeight,
    canonical,
    phonetic,
    byCanonical,
    byPhonetic,
    deletionKeys,
    deletionBucketStart,
    postingStart,
    postingNames,
    nameTypeBit: Uint8Array.from(names, (n) => typeBit(entries[n.entry]!.type)),
    nameTotalWeight: Float64Array.from(names, (n) => n.totalWeight),
    unknownTokenWeight: rarityWeight(entryCount, 1),
    familyNameEntries,
    primaryName,
  };
}
