/*
 * Over 400 lines on purpose: one matcher (retrieval, scoring, tiers and the tuning table with the
 * eval-dev figures behind each constant); its parts only make sense read together.
 */
import { compareDateOfBirth, parseIsoDate, type DobAgreement, type IsoDate } from './dob.js';
import { jaroWinkler } from './jaro-winkler.js';
import { canonicalSpelling, phoneticKey } from './name-equivalents.js';
import {
  deletionHashes,
  INITIAL_WEIGHT,
  PARTICLE_WEIGHT,
  TOKEN_INITIAL,
  TOKEN_NUMBER,
  TOKEN_PARTICLE,
  TOKEN_WORD,
  tokenKindOf,
  tokensWithDeletionHash,
  typeBit,
  type IndexedName,
  type NameIndex,
} from './name-index.js';
import {
  analyzeName,
  GLUEABLE_PREFIXES,
  LEGAL_FORM_VOCABULARY,
  LEGAL_FORM_WORDS,
  legalFormMask,
} from './normalize-name.js';
import { SDN_ENTITY_TYPES, type SdnEntityType } from './sdn-model.js';
import { readingsOf, type NameReading } from './transliterate.js';

/**
 * Tuning, chosen on eval-dev.jsonl (263 must-flag and 97 clean names against the 2023-12-28 list)
 * and checked on generated names; the measured effect of each threshold is in docs/screening.md and
 * BENCHMARKS.md (bench/screening.bench.ts).
 */
export const MATCHER_SETTINGS = {
  /**
   * A strong match is the listed name or an alias up to normalisation: every token pair spelled alike
   * and a name score (before DOB) from here, which leaves room for an unmatched particle (`AL`). On
   * eval-dev, 164/164 rows labelled `match` reach it.
   */
  strongThreshold: 0.97,
  /**
   * Score from which an entry is a possible match. On eval-dev: 0.70 lets 1 of 97 clean names through
   * (1 %), 0.75 none at 100 % recall, 0.80 loses 2 of 263 must-flag names.
   */
  possibleThreshold: 0.75,
  /**
   * Highest score of an entity, vessel or aircraft whose rarest listed word the query lacks: `Ashford
   * Oil And Gas Equipment Holding Limited Company` scored 0.77 against URALMASH's name without it.
   */
  withoutRarestWordCap: 0.7,
  /**
   * Jaro–Winkler below this counts as no similarity between two tokens. A one-letter typo after the
   * first letter stays at or above it in 98.5 % or more of cases for words of 4 to 10 letters (2,000
   * random typos per length); the one-edit rule in computeSimilarity catches the rest.
   */
  tokenFloor: 0.85,
  /** Two spellings on one line of the equivalence table. */
  canonicalSimilarity: 0.95,
  /** Same consonant skeleton (3+ consonants): a bonus on Jaro–Winkler, capped below the table's value. */
  phoneticBonus: 0.05,
  phoneticCap: 0.94,
  /**
   * A skeleton of this many consonants is specific enough to count as similar on its own
   * (Zhukov/Jukov JW 0.82, Khodorkovsky/Hodorkovskiy 0.79); shorter ones are not (Hasan/Husain).
   */
  longSkeleton: 4,
  longSkeletonSimilarity: 0.88,
  /** An initial against a word that starts with it. */
  initialSimilarity: 0.8,
  /** A spelling with particles or hyphenated parts glued into one word (`AlOtaibi`): possible, not strong. */
  gluedFactor: 0.97,
  /** Date of birth equal to a listed one: lifts a borderline name (0.67 to 0.75) to a possible match. */
  dobExactBonus: 0.08,
  /**
   * Date of birth more than two years from every listed one (five for `circa`): a strong name becomes
   * a possible match (score lowered by this much, as nomenklatura does for a disjoint birth year), any
   * weaker name no match.
   */
  dobConflictPenalty: 0.15,
  /**
   * A query of one word that is the family name of a listed individual (`maduro`) is a possible
   * match at the lowest possible score, when at most this many individuals carry that family name:
   * a common one (`KIM`: 60 individuals on the 2023-12-28 list) says nothing about who is meant.
   */
  familyNameOnlyMaxEntries: 5,
  defaultLimit: 10,
} as const;

export type NameQuery = {
  name: string;
  /** YYYY-MM-DD; ignored when it is not a valid date. */
  dob?: string | null;
  /** Only these SDN types are candidates (a licence holder is screened against individuals only). */
  types?: readonly SdnEntityType[];
  limit?: number;
};

export type NameMatch = {
  uid: number;
  name: string;
  matched_name: string;
  type: SdnEntityType;
  programs: string[];
  score: number;
  /** The romanisation of the query that matched; null when the name as written did. */
  query_reading: NameReading | null;
};

export type NameOutcome = 'match' | 'possible_match' | 'no_match';

export type NameScreening = {
  outcome: NameOutcome;
  /** The best candidate's score (0..1); below the possible threshold it is only indicative. */
  score: number;
  matches: NameMatch[];
  /** The romanisations screened besides the name as written (empty for a name in Latin letters). */
  readings: NameReading[];
};

/** What a query word is, whatever the list: worked out once per query. */
type TokenInfo = {
  kind: number;
  canonical: string;
  phonetic: string;
  /** A word one typo away from a legal-form word (`LIMTED`, `COMPANh`), unless it is one. */
  nearLegalWord: boolean;
  /**
   * Listed word → similarity, across the lists: they share most of their words, and the similarity
   * of two words depends on nothing else.
   */
  byListedWord: Map<string, number>;
};

/**
 * One query word's matches in one list, shared by every spelling of the query screened against it
 * (the readings of a name in another script repeat most of their words).
 */
type TokenMatches = {
  /** Token id → similarity, filled by candidate retrieval and then lazily while scoring. */
  similarity: Map<number, number>;
  /** Retrieved similar tokens as [id, sim·(w_query + w_listed), …], largest contribution first; null until retrieved. */
  reached: number[] | null;
  /** Token id → its position in `reached` (pairs), for looking one listed word up. */
  rankOf: Map<number, number>;
};

type QueryToken = TokenInfo & {
  text: string;
  weightIndividual: number;
  /** 0 for a legal-form word: dropped when scoring entities, vessels and aircraft. */
  weightOther: number;
  matches: TokenMatches;
  /** Not a legal-form word but one typo away from one. */
  nearLegal: boolean;
};

type PreparedQuery = {
  tokens: QueryToken[];
  totalIndividual: number;
  totalOther: number;
  /** totalOther without the near-legal tokens: what it can fall to when those turn out to be typos of the listed legal form. */
  totalOtherAtBest: number;
  glued: boolean;
};

/** One typo away from a legal-form word: a short one within one edit, a long one also by Jaro–Winkler. */
function isNearLegalForm(token: string, legalWord: string): boolean {
  if (token[0] !== legalWord[0] || Math.max(token.length, legalWord.length) < 3) return false;
  return withinOneEdit(token, legalWord) || (legalWord.length >= 5 && jaroWinkler(token, legalWord) >= 0.9);
}

function tokenSimilarity(index: NameIndex, q: QueryToken, id: number): number {
  const cached = q.matches.similarity.get(id);
  if (cached !== undefined) return cached;
  const listed = index.vocabulary[id]!;
  let s = q.byListedWord.get(listed);
  if (s === undefined) {
    s = computeSimilarity(index, q, id);
    q.byListedWord.set(listed, s);
  }
  q.matches.similarity.set(id, s);
  return s;
}

function computeSimilarity(index: NameIndex, q: QueryToken, id: number): number {
  const listed = index.vocabulary[id]!;
  if (listed === q.text) return 1;
  const kind = index.tokenKind[id]!;
  if (q.kind === TOKEN_NUMBER || kind === TOKEN_NUMBER) return 0;
  if (q.kind === TOKEN_INITIAL || kind === TOKEN_INITIAL) {
    return q.text[0] === listed[0] ? MATCHER_SETTINGS.initialSimilarity : 0;
  }
  if (q.canonical === index.canonical[id]) return MATCHER_SETTINGS.canonicalSimilarity;
  if (q.kind === TOKEN_PARTICLE || kind === TOKEN_PARTICLE) return 0;
  const { tokenFloor, phoneticBonus, phoneticCap, longSkeleton, longSkeletonSimilarity } = MATCHER_SETTINGS;
  let s = jaroWinkler(q.text, listed);
  if (q.phonetic.length >= 3 && q.phonetic === index.phonetic[id]) {
    s = Math.max(s, Math.min(phoneticCap, s + phoneticBonus));
    if (q.phonetic.length >= longSkeleton) s = Math.max(s, longSkeletonSimilarity);
  }
  // Jaro–Winkler punishes one changed letter in a short word hard (Kim/Kum 0.80): one edit after the
  // same first letter still counts as similar.
  if (
    s < tokenFloor &&
    q.text[0] === listed[0] &&
    Math.max(q.text.length, listed.length) >= 3 &&
    withinOneEdit(q.text, listed)
  ) {
    s = tokenFloor;
  }
  return s >= tokenFloor ? s : 0;
}

/** Damerau–Levenshtein distance ≤ 1: one substitution, insertion, deletion or swap of neighbours. */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > 1) return false;
  let i = 0;
  while (i < la && i < lb && a[i] === b[i]) i += 1;
  if (la === lb) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return la > lb ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

function tokenInfoOf(cache: Map<string, TokenInfo>, text: string): TokenInfo {
  let info = cache.get(text);
  if (!info) {
    const kind = tokenKindOf(text);
    const canonical = canonicalSpelling(text);
    info = {
      kind,
      canonical,
      phonetic: phoneticKey(canonical),
      nearLegalWord: kind === TOKEN_WORD && LEGAL_FORM_VOCABULARY.some((w) => isNearLegalForm(text, w)),
      byListedWord: new Map(),
    };
    cache.set(text, info);
  }
  return info;
}

/** What one screening of a prepared query against one list keeps between the query's spellings. */
type ListPass = {
  index: NameIndex;
  tokenInfo: Map<string, TokenInfo>;
  /** Query word → its matches in this list: a word repeated within or across spellings is retrieved once. */
  matches: Map<string, TokenMatches>;
};

function prepareQuery(pass: ListPass, tokens: string[], glued: boolean): PreparedQuery {
  const { index } = pass;
  const legal = legalFormMask(tokens);
  const prepared: QueryToken[] = tokens.map((text, i) => {
    const info = tokenInfoOf(pass.tokenInfo, text);
    const id = index.tokenIds.get(text);
    const weight =
      info.kind === TOKEN_PARTICLE
        ? PARTICLE_WEIGHT
        : info.kind === TOKEN_INITIAL
          ? INITIAL_WEIGHT
          : id !== undefined
            ? index.tokenWeight[id]!
            : index.unknownTokenWeight;
    let matches = pass.matches.get(text);
    if (!matches) {
      matches = { similarity: new Map(), reached: null, rankOf: new Map() };
      pass.matches.set(text, matches);
    }
    return {
      kind: info.kind,
      canonical: info.canonical,
      phonetic: info.phonetic,
      nearLegalWord: info.nearLegalWord,
      byListedWord: info.byListedWord,
      text,
      weightIndividual: weight,
      weightOther: legal[i] ? 0 : weight,
      matches,
      nearLegal: !legal[i] && info.nearLegalWord,
    };
  });
  let totalIndividual = 0;
  let totalOther = 0;
  let totalOtherAtBest = 0;
  for (const t of prepared) {
    totalIndividual += t.weightIndividual;
    totalOther += t.weightOther;
    if (!t.nearLegal) totalOtherAtBest += t.weightOther;
  }
  return { tokens: prepared, totalIndividual, totalOther, totalOtherAtBest, glued };
}

/** Phonetic buckets larger than this (`md`: Ahmad, Mahdi, Muhammad…) are too generic to find candidates by. */
const MAX_PHONETIC_BUCKET = 64;

/** Tokens of the list that may be similar to a query token: same spelling, table line, skeleton, or one edit away. */
function retrieveSimilarTokens(index: NameIndex, q: QueryToken): void {
  if (q.matches.reached) return;
  const candidates = new Set<number>();
  const add = (ids: readonly number[] | undefined) => {
    if (ids) for (const id of ids) candidates.add(id);
  };
  const exact = index.tokenIds.get(q.text);
  if (exact !== undefined) candidates.add(exact);
  add(index.byCanonical.get(q.canonical));
  if (q.kind === TOKEN_WORD) {
    const phonetic = q.phonetic.length >= 2 ? index.byPhonetic.get(q.phonetic) : undefined;
    if (phonetic && phonetic.length <= MAX_PHONETIC_BUCKET) add(phonetic);
    const ids: number[] = [];
    for (const hash of deletionHashes(q.text)) tokensWithDeletionHash(index, hash, ids);
    add(ids);
  }
  // Largest contribution first, so the bound counts only a name's best pair with this query token.
  const reached: Array<[number, number]> = [];
  for (const id of candidates) {
    const s = tokenSimilarity(index, q, id);
    if (s > 0) reached.push([id, s * (q.weightIndividual + index.tokenWeight[id]!)]);
  }
  reached.sort((a, b) => b[1] - a[1]);
  q.matches.reached = reached.flat();
  reached.forEach(([id], rank) => q.matches.rankOf.set(id, rank));
}

const scratch = { pairs: new Float64Array(4 * 1024) };

type NameScore = {
  score: number;
  /** Every assigned token pair is spelled identically after normalisation (no typo, table or skeleton pair). */
  exact: boolean;
};

const NO_SCORE: NameScore = { score: 0, exact: false };

function rarestToken(name: IndexedName): number {
  let rarest = 0;
  for (let j = 1; j < name.weights.length; j += 1) if (name.weights[j]! > name.weights[rarest]!) rarest = j;
  return rarest;
}

/**
 * Weighted one-to-one token assignment: Σ sim·(w_query + w_listed) / (Σ w_query + Σ w_listed), pairs
 * taken greedily from the most similar. Unmatched tokens on either side lower the score: a query must
 * cover the listed name, not one word of it.
 */
function scoreName(
  index: NameIndex,
  query: PreparedQuery,
  name: IndexedName,
  individual: boolean,
): NameScore {
  const qTokens = query.tokens;
  const total = (individual ? query.totalIndividual : query.totalOther) + name.totalWeight;
  const needed = qTokens.length * name.tokens.length * 4;
  if (scratch.pairs.length < needed) scratch.pairs = new Float64Array(needed * 2);
  const pairs = scratch.pairs;
  let count = 0;
  for (let i = 0; i < qTokens.length; i += 1) {
    const q = qTokens[i]!;
    const wq = individual ? q.weightIndividual : q.weightOther;
    if (wq === 0) continue;
    for (let j = 0; j < name.tokens.length; j += 1) {
      const wl = name.weights[j]!;
      if (wl === 0) continue;
      const s = tokenSimilarity(index, q, name.tokens[j]!);
      if (s === 0) continue;
      pairs[count * 4] = s;
      pairs[count * 4 + 1] = s * (wq + wl);
      pairs[count * 4 + 2] = i;
      pairs[count * 4 + 3] = j;
      count += 1;
    }
  }
  if (count === 0) return NO_SCORE;
  const order = Array.from({ length: count }, (_, k) => k);
  order.sort((a, b) => pairs[b * 4]! - pairs[a * 4]! || pairs[b * 4 + 1]! - pairs[a * 4 + 1]!);
  const usedQ = new Uint8Array(qTokens.length);
  const usedL = new Uint8Array(name.tokens.length);
  let matched = 0;
  let exact = true;
  for (const k of order) {
    const i = pairs[k * 4 + 2]!;
    const j = pairs[k * 4 + 3]!;
    if (usedQ[i] || usedL[j]) continue;
    usedQ[i] = 1;
    usedL[j] = 1;
    matched += pairs[k * 4 + 1]!;
    if (pairs[k * 4]! < 1) exact = false;
  }
  // A misspelt legal form (`LIMTED`) against the listed one is still a legal form: it leaves the total.
  let excused = 0;
  if (!individual) {
    qTokens.forEach((q, i) => {
      if (usedQ[i] || !q.nearLegal) return;
      const listedLegal = name.tokens.some(
        (id, j) => name.weights[j] === 0 && isNearLegalForm(q.text, index.vocabulary[id]!),
      );
      if (listedLegal) excused += q.weightOther;
    });
  }
  if (total - excused <= 0) return NO_SCORE;
  let score = Math.min(1, matched / (total - excused));
  // An entity's rarest word is what identifies it: `URALMASH OIL AND GAS EQUIPMENT HOLDING` without
  // `URALMASH` is a different company, however many generic words agree.
  if (!individual && !usedL[rarestToken(name)])
    score = Math.min(score, MATCHER_SETTINGS.withoutRarestWordCap);
  return { score, exact };
}

type Candidate = {
  score: number;
  nameScore: number;
  exact: boolean;
  name: IndexedName;
  dob: DobAgreement;
  reading: NameReading | null;
};

function collectCandidates(
  index: NameIndex,
  query: PreparedQuery,
  allowedTypeBits: number,
  pruneBelow: number,
  best: Map<number, Candidate>,
  reading: NameReading | null,
): void {
  let slack = 0;
  // Each listed word pairs with one query word at most: a name of m words can gain no more than its
  // own weight plus the m heaviest query words, however often a word repeats in the query.
  const heaviestFirst = query.tokens.map((q) => q.weightIndividual).sort((a, b) => b - a);
  const heaviestSum = [0];
  for (const w of heaviestFirst) heaviestSum.push(heaviestSum[heaviestSum.length - 1]! + w);
  for (const q of query.tokens) {
    retrieveSimilarTokens(index, q);
    if (q.kind === TOKEN_PARTICLE) slack += 2 * PARTICLE_WEIGHT;
    else if (q.kind === TOKEN_INITIAL)
      slack += MATCHER_SETTINGS.initialSimilarity * (INITIAL_WEIGHT + index.unknownTokenWeight);
  }
  // Upper bound of each name's score from the retrieved token pairs: most names reached through a
  // common word (`MOHAMMAD`, `TRADING`) are dropped here without an assignment.
  const scratch = boundScratch(index.names.length);
  const { bound, touched, lastToken, firstTouch } = scratch;
  const { postingStart, postingNames } = index;
  const skipBelow = weakEntryThresholds(index, query, pruneBelow, slack);
  let touchedCount = 0;
  for (let t = 0; t < query.tokens.length; t += 1) {
    const q = query.tokens[t]!;
    if (q.kind !== TOKEN_WORD && q.kind !== TOKEN_NUMBER) continue;
    const reached = q.matches.reached!;
    const partial = skipBelow ? skipBelow[t]! > 0 : false;
    for (let r = 0; r < reached.length; r += 2) {
      const id = reached[r]!;
      if (partial && entryValue(index, skipBelow!, reached, r) < skipBelow![t]!) continue;
      const contribution = partial ? 0 : reached[r + 1]!;
      const key = t * MAX_REACHED + r / 2;
      for (let p = postingStart[id]!, end = postingStart[id + 1]!; p < end; p += 1) {
        const nameId = postingNames[p]!;
        if (lastToken[nameId] === t + 1) continue;
        lastToken[nameId] = t + 1;
        if (firstTouch[nameId] === 0) {
          touched[touchedCount++] = nameId;
          firstTouch[nameId] = key + 1;
        }
        bound[nameId] = bound[nameId]! + contribution;
      }
    }
  }
  // A word whose weakest matches were skipped adds its best pair with each name found otherwise, and
  // the names are taken in the order a full walk would have found them (it decides which of an
  // entry's equally scored names is kept).
  if (skipBelow) {
    let partialMost = 0;
    query.tokens.forEach((q, t) => {
      if (skipBelow[t]! > 0) partialMost += q.matches.reached![1]!;
    });
    let kept = 0;
    for (let k = 0; k < touchedCount; k += 1) {
      const nameId = touched[k]!;
      const typeBit = index.nameTypeBit[nameId]!;
      const total =
        (typeBit === INDIVIDUAL_BIT ? query.totalIndividual : query.totalOtherAtBest) +
        index.nameTotalWeight[nameId]!;
      if ((typeBit & allowedTypeBits) === 0 || (bound[nameId]! + partialMost + slack) / total < pruneBelow) {
        bound[nameId] = 0;
        lastToken[nameId] = 0;
        firstTouch[nameId] = 0;
        continue;
      }
      touched[kept++] = nameId;
      const name = index.names[nameId]!;
      let first = firstTouch[nameId]! - 1;
      for (let t = 0; t < query.tokens.length; t += 1) {
        if (!(skipBelow[t]! > 0)) continue;
        const { reached, rankOf } = query.tokens[t]!.matches;
        let bestRank = -1;
        for (let j = 0; j < name.tokens.length; j += 1) {
          if (name.weights[j] === 0) continue;
          const rank = rankOf.get(name.tokens[j]!);
          if (rank !== undefined && (bestRank < 0 || rank < bestRank)) bestRank = rank;
        }
        if (bestRank < 0) continue;
        bound[nameId] = bound[nameId]! + reached![bestRank * 2 + 1]!;
        first = Math.min(first, t * MAX_REACHED + bestRank);
      }
      firstTouch[nameId] = first + 1;
    }
    touchedCount = kept;
    const order = touched.subarray(0, touchedCount);
    order.sort((a, b) => firstTouch[a]! - firstTouch[b]! || a - b);
  }
  for (let k = 0; k < touchedCount; k += 1) {
    const nameId = touched[k]!;
    const upper = bound[nameId]!;
    bound[nameId] = 0;
    lastToken[nameId] = 0;
    firstTouch[nameId] = 0;
    const typeBit = index.nameTypeBit[nameId]!;
    if ((typeBit & allowedTypeBits) === 0) continue;
    const individual = typeBit === INDIVIDUAL_BIT;
    const total =
      (individual ? query.totalIndividual : query.totalOtherAtBest) + index.nameTotalWeight[nameId]!;
    if ((upper + slack) / total < pruneBelow) continue;
    const name = index.names[nameId]!;
    const reachable = Math.min(
      upper + slack,
      name.totalWeight + heaviestSum[Math.min(name.tokens.length, heaviestFirst.length)]!,
    );
    if (reachable / total < pruneBelow) continue;
    const scored = scoreName(index, query, name, individual);
    const glued = name.glued || query.glued;
    const nameScore = glued ? scored.score * MATCHER_SETTINGS.gluedFactor : scored.score;
    const previous = best.get(name.entry);
    if (!previous || nameScore > previous.nameScore) {
      best.set(name.entry, {
        score: nameScore,
        nameScore,
        exact: scored.exact && !glued,
        name,
        dob: 'unknown',
        reading,
      });
    }
  }
}

const INDIVIDUAL_BIT = typeBit('individual');
const ALL_TYPE_BITS = SDN_ENTITY_TYPES.reduce((bits, type) => bits | typeBit(type), 0);

const bounds = {
  bound: new Float64Array(0),
  touched: new Int32Array(0),
  lastToken: new Int32Array(0),
  /** 1 + (query token · MAX_REACHED + rank of the retrieved word) that first reached the name. */
  firstTouch: new Float64Array(0),
};

/** Reused between queries (matching is synchronous): left all zero after each use. */
function boundScratch(size: number): typeof bounds {
  if (bounds.bound.length < size) {
    bounds.bound = new Float64Array(size);
    bounds.touched = new Int32Array(size);
    bounds.lastToken = new Int32Array(size);
    bounds.firstTouch = new Float64Array(size);
  }
  return bounds;
}

/** More retrieved words than any query token has (the vocabulary holds fewer than 2^20 words). */
const MAX_REACHED = 2 ** 20;

/** Margin for rounding: a skipped entry stays this far below what could let a name through. */
const BOUND_MARGIN = 1e-9;

/**
 * What one retrieved word can add towards passing the bound, whatever else a name holds: its pair's
 * contribution less the share of the name's own weight it brings (a name weighs at least as much as
 * each of its words, and at most `words` query tokens pair with it). skipBelow[length] holds that share.
 */
function entryValue(index: NameIndex, skipBelow: Float64Array, reached: number[], r: number): number {
  return reached[r + 1]! - skipBelow[skipBelow.length - 1]! * index.tokenWeight[reached[r]!]!;
}

/**
 * The walk over names is the costly part: a common word (`IVAN`, `MUHAMMAD`) reaches thousands.
 * A name passes the bound only when Σ contributions + slack ≥ pruneBelow · (query weight + name
 * weight); with the name weight at least each paired word's weight, that needs Σ over query tokens
 * of entryValue ≥ pruneBelow · query weight − slack. So each query token t may skip its retrieved
 * words of value below skipBelow[t], as long as the skipBelow add up to less than that: a name
 * reached only through skipped words cannot pass. The largest posting lists are skipped first.
 * Null when nothing can be skipped.
 */
function weakEntryThresholds(
  index: NameIndex,
  query: PreparedQuery,
  pruneBelow: number,
  slack: number,
): Float64Array | null {
  const tokens = query.tokens;
  let words = 0;
  for (const q of tokens)
    if ((q.kind === TOKEN_WORD || q.kind === TOKEN_NUMBER) && q.matches.reached!.length > 0) words += 1;
  const budget = pruneBelow * Math.min(query.totalIndividual, query.totalOtherAtBest) - slack - BOUND_MARGIN;
  if (words === 0 || budget <= 0) return null;
  const skipBelow = new Float64Array(tokens.length + 1);
  skipBelow[tokens.length] = pruneBelow / words;
  const entries: Array<{ t: number; value: number; postings: number }> = [];
  tokens.forEach((q, t) => {
    if (q.kind !== TOKEN_WORD && q.kind !== TOKEN_NUMBER) return;
    const reached = q.matches.reached!;
    for (let r = 0; r < reached.length; r += 2) {
      const id = reached[r]!;
      const postings = index.postingStart[id + 1]! - index.postingStart[id]!;
      if (postings > 0) entries.push({ t, value: entryValue(index, skipBelow, reached, r), postings });
    }
  });
  entries.sort((a, b) => b.postings - a.postings);
  let used = 0;
  let skipped = false;
  for (const { t, value, postings } of entries) {
    if (postings < MIN_POSTINGS_TO_SKIP) break;
    const raise = Math.max(0, value + BOUND_MARGIN - skipBelow[t]!);
    if (used + raise >= budget) continue;
    used += raise;
    skipBelow[t] = Math.max(skipBelow[t]!, value + BOUND_MARGIN);
    skipped = true;
  }
  return skipped ? skipBelow : null;
}

/** Posting lists shorter than this cost less to walk than the per-name look-ups skipping them adds. */
const MIN_POSTINGS_TO_SKIP = 64;

/** Company words, particles and initials alone (`LLC`, `Trading Company Ltd`, `Al Bin`) never match. */
function hasDistinctiveWord(tokens: string[]): boolean {
  const legal = legalFormMask(tokens);
  return tokens.some((t, i) => {
    const kind = tokenKindOf(t);
    return (kind === TOKEN_WORD || kind === TOKEN_NUMBER) && !legal[i];
  });
}

export type MatchThresholds = { strongThreshold: number; possibleThreshold: number };

function strongName(candidate: Candidate, thresholds: MatchThresholds): boolean {
  return candidate.exact && candidate.nameScore >= thresholds.strongThreshold && !candidate.name.weak;
}

function tierOf(candidate: Candidate, thresholds: MatchThresholds): NameOutcome {
  if (candidate.dob === 'conflict') return strongName(candidate, thresholds) ? 'possible_match' : 'no_match';
  if (strongName(candidate, thresholds)) return 'match';
  return candidate.score >= thresholds.possibleThreshold ? 'possible_match' : 'no_match';
}

type Spelling = {
  tokens: string[];
  glued: string[] | null;
  reading: NameReading | null;
  /** Has a word that is not a legal form, particle or initial: only such spellings are screened. */
  distinctive: boolean;
};

/**
 * A query analysed once for every list it is screened against: its romanisations, their words and
 * what each word is do not depend on the list.
 */
export type PreparedNameQuery = {
  dob: IsoDate | null;
  allowedTypeBits: number;
  readings: NameReading[];
  spellings: Spelling[];
  tokenInfo: Map<string, TokenInfo>;
  limit: number;
};

export function prepareNameQuery(query: NameQuery): PreparedNameQuery {
  const readings = readingsOf(query.name);
  const spellings = [
    { ...analyzeName(query.name), reading: null },
    ...readings.map((reading) => ({ ...analyzeName(reading.text), reading })),
  ].map((spelling) => ({ ...spelling, distinctive: hasDistinctiveWord(spelling.tokens) }));
  return {
    dob: query.dob ? parseIsoDate(query.dob) : null,
    allowedTypeBits: query.types
      ? query.types.reduce((bits, type) => bits | typeBit(type), 0)
      : ALL_TYPE_BITS,
    readings,
    spellings,
    tokenInfo: new Map(),
    limit: query.limit ?? MATCHER_SETTINGS.defaultLimit,
  };
}

/**
 * Screens one name against the index. A date of birth equal to a listed one adds a bonus (it can lift
 * a borderline name to a possible match, never to a strong one); one that contradicts every listed
 * date demotes a strong match to possible and drops any other. Entries without a listed date, and
 * entities, are not affected. Thresholds other than MATCHER_SETTINGS serve the benchmark's sweep.
 */
export function screenNameAgainstIndex(
  index: NameIndex,
  query: NameQuery,
  thresholds: MatchThresholds = MATCHER_SETTINGS,
): NameScreening {
  return screenPreparedName(index, prepareNameQuery(query), thresholds);
}

/** screenNameAgainstIndex for a query prepared once and screened against several lists. */
export function screenPreparedName(
  index: NameIndex,
  query: PreparedNameQuery,
  thresholds: MatchThresholds = MATCHER_SETTINGS,
): NameScreening {
  const { dob, allowedTypeBits, readings, spellings } = query;
  const { possibleThreshold, strongThreshold } = thresholds;
  const { dobExactBonus, dobConflictPenalty } = MATCHER_SETTINGS;
  const pruneBelow = possibleThreshold - (dob ? dobExactBonus : 0);
  const best = new Map<number, Candidate>();
  const pass: ListPass = { index, tokenInfo: query.tokenInfo, matches: new Map() };
  // Readings often agree (`Kim Jong Un` in two systems): the same words screened again cannot
  // change the best candidates, which keep the first reading that found them.
  const screened = new Set<string>();
  const splitSpellings: Array<{ tokens: string[]; reading: NameReading | null }> = [];
  for (const spelling of spellings) {
    if (!spelling.distinctive) continue;
    const collect = (tokens: string[], derived: boolean) => {
      const key = `${derived ? 'derived' : 'as written'}:${tokens.join(' ')}`;
      if (screened.has(key)) return;
      screened.add(key);
      collectCandidates(
        index,
        prepareQuery(pass, tokens, derived),
        allowedTypeBits,
        pruneBelow,
        best,
        spelling.reading,
      );
    };
    collect(spelling.tokens, false);
    if (spelling.glued) collect(spelling.glued, true);
    const split = splitRunTogether(index, spelling.tokens);
    if (split) {
      collect(split, true);
      splitSpellings.push({ tokens: split, reading: spelling.reading });
    }
  }
  if (best.size === 0)
    addFamilyNameOnly(index, [...spellings, ...splitSpellings], allowedTypeBits, possibleThreshold, best);
  const candidates = [...best.values()];
  for (const c of candidates) {
    const entry = index.entries[c.name.entry]!;
    c.dob = dob ? compareDateOfBirth(dob, entry.datesOfBirth) : 'unknown';
    if (c.dob === 'exact') c.score = Math.min(1, c.nameScore + dobExactBonus);
    if (c.dob === 'conflict') {
      // An exact name is never dismissed on a date alone: it stays a possible match for review.
      // Any other name with a clearly different date is another person.
      c.score = strongName(c, thresholds)
        ? Math.max(c.nameScore - dobConflictPenalty, possibleThreshold)
        : Math.min(c.nameScore - dobConflictPenalty, possibleThreshold - 0.001);
    }
    if (c.name.weak) c.score = Math.min(c.score, strongThreshold - 0.01);
  }
  const ranked = candidates
    .map((c) => ({ c, tier: tierOf(c, thresholds) }))
    .sort((a, b) => b.c.score - a.c.score || a.c.name.entry - b.c.name.entry);
  const hits = ranked.filter((r) => r.tier !== 'no_match');
  const outcome: NameOutcome = hits.some((r) => r.tier === 'match')
    ? 'match'
    : hits.length > 0
      ? 'possible_match'
      : 'no_match';
  return {
    outcome,
    readings,
    score: round(ranked[0]?.c.score ?? 0),
    matches: hits.slice(0, query.limit).map(({ c }) => {
      const entry = index.entries[c.name.entry]!;
      return {
        uid: entry.uid,
        name: entry.name,
        matched_name: c.name.text,
        type: entry.type,
        programs: entry.programs,
        score: round(c.score),
        query_reading: c.reading,
      };
    }),
  };
}

/**
 * A word written together with a legal form or a particle (`JSCARGUMENT`, `ARGUMENTJSC`, `ALQAIDA`,
 * `BINLADEN`) split back into the listed words, when the rest is itself a listed word (so `ALBERT`
 * never becomes `AL BERT`). Null when no word splits.
 */
export function splitRunTogether(index: NameIndex, tokens: readonly string[]): string[] | null {
  let changed = false;
  const out: string[] = [];
  for (const token of tokens) {
    const parts = splitToken(index, token);
    if (parts) changed = true;
    out.push(...(parts ?? [token]));
  }
  return changed ? out : null;
}

const MIN_SPLIT_REST = 3;

/**
 * Arabic particles written onto the next word (`ALQAIDA`, `BINLADEN`, `ABUBAKR`). The European ones
 * of GLUEABLE_PREFIXES (`la`, `de`, `di`, `van`) are left out: split off common words they made
 * `LADEN` into `LA DEN`, a possible match for `DENA`.
 */
const SPLIT_PREFIXES: ReadonlySet<string> = new Set(
  ['al', 'el', 'ul', 'ar', 'as', 'ash', 'ad', 'az', 'abd', 'abu', 'abou', 'bin', 'ben', 'ibn', 'bou'].filter(
    (p) => GLUEABLE_PREFIXES.has(p),
  ),
);

function isListedWord(index: NameIndex, word: string): boolean {
  const id = index.tokenIds.get(word);
  return (
    id !== undefined &&
    index.tokenKind[id] === TOKEN_WORD &&
    index.postingStart[id + 1]! > index.postingStart[id]!
  );
}

function splitToken(index: NameIndex, token: string): [string, string] | null {
  if (!/^\p{L}+$/u.test(token) || token.length < MIN_SPLIT_REST + 2) return null;
  for (let cut = 2; cut <= token.length - MIN_SPLIT_REST; cut += 1) {
    const head = token.slice(0, cut);
    const rest = token.slice(cut);
    if (
      (SPLIT_PREFIXES.has(head) || (LEGAL_FORM_WORDS.has(head) && head.length >= 3)) &&
      isListedWord(index, rest)
    )
      return [head, rest];
  }
  for (let cut = token.length - 3; cut >= MIN_SPLIT_REST; cut -= 1) {
    const head = token.slice(0, cut);
    const tail = token.slice(cut);
    if (LEGAL_FORM_WORDS.has(tail) && isListedWord(index, head)) return [head, tail];
  }
  return null;
}

/**
 * A bare family name (`maduro`): the only distinctive word of the query is the family name of a few
 * listed individuals. It cannot identify anyone, so it gets the lowest possible-match score, for a
 * reviewer to ask for the full name; a family name shared by many listed individuals gets nothing.
 */
function addFamilyNameOnly(
  index: NameIndex,
  spellings: ReadonlyArray<{ tokens: string[]; reading: NameReading | null }>,
  allowedTypeBits: number,
  possibleThreshold: number,
  best: Map<number, Candidate>,
): void {
  if ((allowedTypeBits & INDIVIDUAL_BIT) === 0) return;
  for (const spelling of spellings) {
    const words = spelling.tokens.filter((t) => tokenKindOf(t) === TOKEN_WORD);
    if (words.length !== 1 || words[0]!.length < 4) continue;
    const id = index.tokenIds.get(words[0]!);
    const entries = id === undefined ? undefined : index.familyNameEntries.get(id);
    if (!entries || entries.length > MATCHER_SETTINGS.familyNameOnlyMaxEntries) continue;
    for (const entry of entries) {
      const nameId = index.primaryName[entry]!;
      if (nameId < 0 || best.has(entry)) continue;
      best.set(entry, {
        score: possibleThreshold,
        nameScore: possibleThreshold,
        exact: false,
        name: index.names[nameId]!,
        dob: 'unknown',
        reading: spelling.reading,
      });
    }
  }
}

function round(score: number): number {
  return Math.round(Math.max(0, Math.min(1, score)) * 1000) / 1000;
}
