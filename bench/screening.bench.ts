import os from 'node:os';
import Fuse from 'fuse.js';
import { loadSanctionsList } from '../src/adapters/sanctions-source/load-sanctions-list.js';
import { jaroWinkler } from '../src/core/screening/jaro-winkler.js';
import { analyzeName } from '../src/core/screening/normalize-name.js';
import {
  MATCHER_SETTINGS,
  prepareNameQuery,
  screenNameAgainstIndex,
} from '../src/core/screening/screen-name.js';
import {
  buildScreeningIndex,
  screenName,
  screenWallet,
  type ScreeningIndex,
} from '../src/core/screening/screening-index.js';
import type { SdnList } from '../src/core/screening/sdn-model.js';
import {
  CSV_SNAPSHOT_DIR,
  MIRROR_SNAPSHOT_DIR,
  readEvalDev,
  type EvalRow,
} from '../test/unit/screening/snapshot.js';
import { loadAllLists } from './lib/all-lists.js';
import { percentile, recordBenchmark } from './lib/report.js';
import { scriptQueries } from './lib/screening-queries.js';

/**
 * Name and wallet screening: our matcher and fuse.js side by side on the labelled dev split
 * (eval-dev.jsonl) against the full 2023-12-28 OFAC list, then our matcher on the 2026-08 mirror,
 * then the time per name with every list loaded, by script. `--generated` adds a larger generated check (about 20 s more): clean names built like the eval's
 * and one-edit / dropped-middle-name variants of listed names.
 */

const generated = process.argv.includes('--generated');

async function load(folder: string): Promise<SdnList> {
  return (await loadSanctionsList({ kind: 'file', path: folder }, { dataDir: '/nonexistent' })).list;
}

function heapMiB(): number {
  globalThis.gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
}

const rows = readEvalDev();
const nameRows = rows.filter((r) => r.kind === 'name');
const walletRows = rows.filter((r) => r.kind === 'wallet');

type Rates = {
  recall: number;
  fpr: number;
  flagged: number;
  mustFlag: number;
  falsePositives: number;
  clean: number;
};

function rates(sample: EvalRow[], flaggedFor: (row: EvalRow) => boolean): Rates {
  let flagged = 0;
  let mustFlag = 0;
  let falsePositives = 0;
  let clean = 0;
  for (const row of sample) {
    const hit = flaggedFor(row);
    if (row.must_flag) {
      mustFlag += 1;
      if (hit) flagged += 1;
    } else {
      clean += 1;
      if (hit) falsePositives += 1;
    }
  }
  return {
    recall: flagged / mustFlag,
    fpr: falsePositives / clean,
    flagged,
    mustFlag,
    falsePositives,
    clean,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const ratio = (r: Rates) => `${pct(r.recall)} (${r.flagged}/${r.mustFlag})`;
const fprText = (r: Rates) => `${pct(r.fpr)} (${r.falsePositives}/${r.clean})`;

/** Per-query latencies (ms, sorted) over `passes` runs of the sample, after one warm-up pass unless told not to. */
function time(
  sample: EvalRow[],
  passes: number,
  run: (row: EvalRow) => unknown,
  warmUp = true,
): { sorted: number[]; qps: number } {
  if (warmUp) for (const row of sample) run(row);
  const latencies: number[] = [];
  const started = performance.now();
  for (let pass = 0; pass < passes; pass += 1) {
    for (const row of sample) {
      const t = performance.now();
      run(row);
      latencies.push(performance.now() - t);
    }
  }
  const elapsedS = (performance.now() - started) / 1000;
  return { sorted: latencies.sort((a, b) => a - b), qps: latencies.length / elapsedS };
}

const ms = (x: number) => (x < 1 ? x.toFixed(3) : x.toFixed(1));

// ------------------------------------------------------------------------------------ our matcher

const csvList = await load(CSV_SNAPSHOT_DIR);
let heapBefore = heapMiB();
let started = performance.now();
const csvIndex = buildScreeningIndex(csvList);
const buildMs = performance.now() - started;
const indexMiB = heapMiB() - heapBefore;

const screenRow = (index: ScreeningIndex, row: EvalRow) =>
  screenName(index, { name: row.query.name!, dob: row.query.dateOfBirth ?? null });
const oursResults = new Map(nameRows.map((row) => [row.id, screenRow(csvIndex, row)]));
const ours = rates(nameRows, (row) => oursResults.get(row.id)!.outcome !== 'no_match');
const strongRows = nameRows.filter((r) => r.expected === 'match');
const strongGiven = strongRows.filter((r) => oursResults.get(r.id)!.outcome === 'match').length;
const possibleRows = nameRows.filter((r) => r.expected === 'possible');
const possibleAsStrong = possibleRows.filter((r) => oursResults.get(r.id)!.outcome === 'match').length;
const uidHits = nameRows
  .filter((r) => r.must_flag)
  .filter((r) => oursResults.get(r.id)!.matches.some((m) => r.acceptable_uids.includes(m.uid))).length;
const oursTiming = time(nameRows, 10, (row) => screenRow(csvIndex, row));
const wallets = rates(walletRows, (row) => screenWallet(csvIndex, row.query.address!).outcome === 'match');
const walletTiming = time(walletRows, 200, (row) => screenWallet(csvIndex, row.query.address!));
const withoutDob = rates(
  nameRows,
  (row) => screenName(csvIndex, { name: row.query.name! }).outcome !== 'no_match',
);

const sweep = [0.65, 0.7, 0.75, 0.8, 0.85, 0.9].map((possibleThreshold) => {
  const r = rates(
    nameRows,
    (row) =>
      screenNameAgainstIndex(
        csvIndex.names,
        { name: row.query.name!, dob: row.query.dateOfBirth ?? null },
        { strongThreshold: MATCHER_SETTINGS.strongThreshold, possibleThreshold },
      ).outcome !== 'no_match',
  );
  return `| ${possibleThreshold.toFixed(2)}${possibleThreshold === MATCHER_SETTINGS.possibleThreshold ? ' (chosen)' : ''} | ${ratio(r)} | ${fprText(r)} |`;
});

// ----------------------------------------------------------------------------------------- fuse.js

/**
 * fuse.js over the same spellings our index holds (primary names and strong aliases, individuals
 * also in natural order), diacritics stripped on both sides, matching anywhere in the name.
 */
const strip = (s: string) => s.normalize('NFKD').replace(/\p{M}/gu, '');
const fuseRecords: Array<{ uid: number; name: string }> = [];
for (const entry of csvList.entries) {
  const spellings = [entry.name, ...entry.aliases.filter((a) => a.strength === 'strong').map((a) => a.name)];
  for (const spelling of spellings) {
    fuseRecords.push({ uid: entry.uid, name: strip(spelling) });
    const comma = spelling.indexOf(',');
    if (entry.type === 'individual' && comma > 0) {
      fuseRecords.push({
        uid: entry.uid,
        name: strip(`${spelling.slice(comma + 1).trim()} ${spelling.slice(0, comma)}`),
      });
    }
  }
}
heapBefore = heapMiB();
started = performance.now();
const fuse = new Fuse(fuseRecords, {
  keys: ['name'],
  includeScore: true,
  ignoreLocation: true,
  threshold: 0.4,
});
const fuseBuildMs = performance.now() - started;
const fuseMiB = heapMiB() - heapBefore;
// fuse.js scans every record with Bitap (about 1 s a query here), so it runs on a sample: every
// second clean name (short, quick, and where false positives show) and every eighth must-flag one.
const cleanRows = nameRows.filter((r) => !r.must_flag);
const mustFlagRows = nameRows.filter((r) => r.must_flag);
const fuseSample = [
  ...cleanRows.filter((_, i) => i % 2 === 0),
  ...mustFlagRows.filter((_, i) => i % 8 === 0),
];
const fuseBest = new Map<string, number>();
const fuseTiming = time(
  fuseSample,
  1,
  (row) => {
    const best = fuse.search(strip(row.query.name!), { limit: 1 })[0]?.score ?? 1;
    fuseBest.set(row.id, best);
  },
  false,
);
const fuseCuts = [0.05, 0.1, 0.2, 0.3, 0.4].map((cut) => ({
  cut,
  r: rates(fuseSample, (row) => (fuseBest.get(row.id) ?? 1) <= cut),
}));
const fuseChosen = [...fuseCuts].reverse().find((c) => c.r.fpr <= 0.01) ?? fuseCuts[0]!;
const oursOnSample = rates(fuseSample, (row) => oursResults.get(row.id)!.outcome !== 'no_match');

// ------------------------------------------------------------------------------- 2026-08 mirror

const mirrorList = await load(MIRROR_SNAPSHOT_DIR);
started = performance.now();
const mirrorIndex = buildScreeningIndex(mirrorList);
const mirrorBuildMs = performance.now() - started;
const mirror = rates(nameRows, (row) => screenRow(mirrorIndex, row).outcome !== 'no_match');
const mirrorTiming = time(nameRows, 5, (row) => screenRow(mirrorIndex, row));
const mirrorWallets = rates(
  walletRows,
  (row) => screenWallet(mirrorIndex, row.query.address!).outcome === 'match',
);

const body = `
Dev split of the labelled set (\`eval-dev.jsonl\`): ${ours.mustFlag} must-flag and ${ours.clean} clean names, ${wallets.mustFlag + wallets.clean} wallets.
Recall = must-flag queries answered \`match\` or \`possible_match\`; FPR = clean names answered either. One thread, in process.

**Side by side on the 2023-12-28 OFAC list** (${csvList.entries.length.toLocaleString('en-US')} entries; fuse.js on a sample of ${fuseSample.length} queries, every second clean name and every eighth must-flag one, both engines shown on that sample):

| engine | recall | FPR | p50 | p99 | queries/s | index build | index heap |
|---|---|---|---|---|---|---|---|
| ours, all ${nameRows.length} names | ${ratio(ours)} | ${fprText(ours)} | ${ms(percentile(oursTiming.sorted, 50))} ms | ${ms(percentile(oursTiming.sorted, 99))} ms | ${Math.round(oursTiming.qps).toLocaleString('en-US')} | ${Math.round(buildMs)} ms | ${Math.round(indexMiB)} MiB |
| ours, fuse's sample | ${ratio(oursOnSample)} | ${fprText(oursOnSample)} | | | | | |
| fuse.js 7 (score ≤ ${fuseChosen.cut}, the loosest cut with FPR ≤ 1 %) | ${ratio(fuseChosen.r)} | ${fprText(fuseChosen.r)} | ${ms(percentile(fuseTiming.sorted, 50))} ms | ${ms(percentile(fuseTiming.sorted, 99))} ms | ${fuseTiming.qps.toFixed(1)} | ${Math.round(fuseBuildMs)} ms | ${Math.round(fuseMiB)} MiB |

fuse.js at other cuts of its best score (same sample): ${fuseCuts.map((c) => `≤ ${c.cut}: recall ${pct(c.r.recall)}, FPR ${pct(c.r.fpr)}`).join('; ')}.

Our tiers: ${strongGiven}/${strongRows.length} rows labelled \`match\` answered \`match\`; ${possibleAsStrong}/${possibleRows.length} rows labelled \`possible\` answered \`match\` (an alias spelled exactly as the query, a dropped legal-form suffix, or a dropped particle); expected uid among the matches for ${uidHits}/${ours.mustFlag} must-flag rows.
Dates of birth (on ${nameRows.filter((r) => r.query.dateOfBirth).length} rows): ignoring them gives recall ${ratio(withoutDob)}, FPR ${fprText(withoutDob)}.

Possible-match threshold (strong stays ${MATCHER_SETTINGS.strongThreshold} with every token pair spelled alike):

| possible threshold | recall | FPR |
|---|---|---|
${sweep.join('\n')}

Wallets (exact after normalisation): recall ${ratio(wallets)}, FPR ${fprText(wallets)}, p50 ${(percentile(walletTiming.sorted, 50) * 1000).toFixed(1)} µs.

**Ours on the 2026-08-20 mirror** (${mirrorList.entries.length.toLocaleString('en-US')} entries, no dates of birth): recall ${ratio(mirror)}, FPR ${fprText(mirror)}, p50 ${ms(percentile(mirrorTiming.sorted, 50))} ms, p99 ${ms(percentile(mirrorTiming.sorted, 99))} ms, ${Math.round(mirrorTiming.qps).toLocaleString('en-US')} queries/s, build ${Math.round(mirrorBuildMs)} ms; wallets recall ${ratio(mirrorWallets)}, FPR ${fprText(mirrorWallets)}.
`;

recordBenchmark('Sanctions screening (OFAC SDN)', body);

// ------------------------------------------------------------------------ every list loaded

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');
const loadBefore = loadAverage();
const allLists = await loadAllLists();
started = performance.now();
const listIndexes = allLists.lists.map(({ list }) => buildScreeningIndex(list));
const allBuildMs = performance.now() - started;
const listQueries = [
  ...nameRows.map((row) => ({
    kind: 'Latin (eval-dev names)',
    name: row.query.name!,
    dob: row.query.dateOfBirth ?? null,
    uids: row.acceptable_uids,
  })),
  ...scriptQueries(csvList.entries, 150, 20261123).map((q) => ({ ...q, dob: null, uids: [q.uid] })),
];

/** As POST /v1/screen/name does it: the query analysed once, then one matcher pass per list. */
function screenAllLists(name: string, dob: string | null) {
  const query = { name, dob };
  const prepared = prepareNameQuery(query);
  return listIndexes.map((index) => screenName(index, query, prepared));
}

for (const q of listQueries) screenAllLists(q.name, q.dob);
const PASSES = 3;
const listRows = [...new Set(listQueries.map((q) => q.kind))].map((kind) => {
  const of = listQueries.filter((q) => q.kind === kind);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let pass = 0; pass < PASSES; pass += 1) {
    for (const q of of) {
      const cpuStart = process.cpuUsage();
      const wallStart = performance.now();
      screenAllLists(q.name, q.dob);
      wall.push(performance.now() - wallStart);
      const used = process.cpuUsage(cpuStart);
      cpu.push((used.user + used.system) / 1000);
    }
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const listed = of.filter((q) => q.uids.length > 0);
  const found = listed.filter((q) =>
    screenAllLists(q.name, q.dob).some((r) => r.matches.some((m) => q.uids.includes(m.uid))),
  ).length;
  return `| ${kind} | ${of.length} | ${ms(percentile(cpu, 50))} ms | ${ms(percentile(cpu, 95))} ms | ${ms(percentile(wall, 50))} ms | ${ms(percentile(wall, 95))} ms | ${found}/${listed.length} |`;
});

recordBenchmark(
  'Sanctions screening: every list loaded',
  `
Time to screen one name against every list, as \`POST /v1/screen/name\` does (the query analysed and romanised
once, then one matcher pass per list), ${PASSES} passes after a warm-up pass. Lists: ${allLists.description}.
Indexes built in ${Math.round(allBuildMs).toLocaleString('en-US')} ms. The names in other scripts and the
run-together names are built from the 2023-12-28 OFAC list's own names (fixed seed; \`bench/lib/screening-queries.ts\`):
Cyrillic, Hangul and Han (DPRK-programme individuals, Han characters that read back to the Hangul), Arabic
(SDGT individuals, long vowels only), a legal form run into the name (\`JSCARGUMENT\`), a particle run into the next
word (\`ALQAIDA\`). CPU time is the process's user + system time around the call (\`process.cpuUsage\`): on a
shared machine it leaves out the time spent waiting for a core, which the wall-clock time includes.

| names | count | CPU p50 | CPU p95 | wall p50 | wall p95 | listed uid among the matches (names of a listed entry) |
|---|---|---|---|---|---|---|
${listRows.join('\n')}

1-minute / 5-minute / 15-minute load average: ${loadBefore} before, ${loadAverage()} after, on ${os.cpus().length} cores.
`,
);

// ------------------------------------------------------------------------------ generated check

if (generated) {
  let seed = 20261122;
  const random = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const FIRST =
    'James Mary John Patricia Robert Jennifer Michael Linda David Elizabeth William Susan Richard Jessica Joseph Sarah Thomas Karen Charles Lisa Christopher Nancy Daniel Betty Matthew Sandra Anthony Ashley Mark Emily Paul Donna Steven Michelle Andrew Kevin Brian George Edward Luca Mateo Sofia Lucia Hugo Emma Noah Liam Olivia Aoi Yuki Haruto Sakura Jiho Seoyeon Minjun Wei Fang Jing Priya Rohan Arjun Sneha Kofi Kwame Ama Chinedu Ngozi Efua Fatima Aisha Omar Leila Emre Elif Tomasz Piotr Jonas Lena Felix Mia Florencia Agustin Tiago Camila Bruno Mathilde Antoine Chloe Sven Ingrid Lars Olga Ivan Hannah Samuel Nadia Rafael Isabel Diego Santiago Lucas Gabriel Amara Zanele Thabo Aoife Niamh Tariq Karim Samir Rania Yusuf Zainab'.split(
      ' ',
    );
  const LAST =
    'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Kelly Foster Myers Bailey Howard Evans Peterson Gomez Jimenez Visser Dubois Lefebvre Colombo Hansen Suzuki Watanabe Tanaka Sato Zhou Wang Yang Chen Liu Zhang Patel Menon Sharma Gupta Dlamini Adeyemi Okafor Mensah Kowalczyk Wisniewski Nowak Esposito Rossi Bianchi Hoffmann Schmidt Meyer Fischer Weber Becker Bondarenko Petrenko Shevchenko Haddad Nair Pham Tran Farouk Khoury Yilmaz Kaya Demir Jansen Bakker Silva Santos Oliveira Costa Ferreira Moreau Laurent Girard Johansson Nielsen Novak Horvat Popescu Papadopoulos Murphy Byrne Walsh'.split(
      ' ',
    );
  const DISTINCT =
    'Oakridge Hillcrest Bluewater Pebblebrook Goldcrest Elmhurst Marigold Granite Ironwood Hawthorne Crescent Clearwater Willowdale Kestrel Evergreen Larkspur Ashford Northfield Pinecrest Wildflower Redwood Silverline Brightwater Stonegate Maplewood Riverbend Sunfield Greenleaf Bayview Lakeside Westbrook Harborview Meadowbrook Foxglove Thornbury Cedarwood'.split(
      ' ',
    );
  const TRADES =
    'Landscaping Tutoring Bakery Orthodontics Childcare Pharmacy Insurance Printing Optometry Consulting Logistics Plumbing Dental Catering Roofing Accounting Marketing Software Furniture Cleaning Fitness Veterinary Photography'.split(
      ' ',
    );
  const SUFFIXES = [
    '',
    '',
    'GmbH',
    'Ltd',
    'LLC',
    'Inc.',
    'Co.',
    'S.L.',
    'Oy',
    'Pty Ltd',
    'S.A.',
    'Limited',
    'Corporation',
  ];

  // The eval's clean-name rules: rejected when (a) every token fuzzy-matches (JW ≥ 0.85) a distinct
  // token of one listed name, (b) every token of a listed name is matched (JW ≥ 0.9), or (c) the
  // whole strings reach JW ≥ 0.88.
  const names = csvIndex.names;
  const vocabulary = names.vocabulary;
  const nearCache = new Map<string, number[]>();
  const near = (token: string) => {
    let ids = nearCache.get(token);
    if (!ids) {
      ids = [];
      for (let id = 0; id < vocabulary.length; id += 1)
        if (jaroWinkler(token, vocabulary[id]!) >= 0.85) ids.push(id);
      nearCache.set(token, ids);
    }
    return ids;
  };
  const isClean = (name: string) => {
    const query = analyzeName(name).tokens.filter((t) => t.length > 1);
    const candidates = new Set<number>();
    for (const token of query) {
      for (const id of near(token)) {
        for (let p = names.postingStart[id]!; p < names.postingStart[id + 1]!; p += 1)
          candidates.add(names.postingNames[p]!);
      }
    }
    for (const nameId of candidates) {
      const listed = [...names.names[nameId]!.tokens]
        .map((id) => vocabulary[id]!)
        .filter((t) => t.length > 1);
      const used = new Set<number>();
      const allMatched = query.every((token) => {
        const j = listed.findIndex((l, k) => !used.has(k) && jaroWinkler(token, l) >= 0.85);
        if (j >= 0) used.add(j);
        return j >= 0;
      });
      if (allMatched) return false;
      if (listed.every((l) => query.some((token) => jaroWinkler(token, l) >= 0.9))) return false;
      if (jaroWinkler(query.join(' '), listed.join(' ')) >= 0.88) return false;
    }
    return true;
  };

  const individuals = csvList.entries.filter((e) => e.type === 'individual' && e.name.includes(','));
  const companies = csvList.entries.filter((e) => e.type === 'entity');
  const weightOf = (word: string) => {
    const id = names.tokenIds.get(analyzeName(word).tokens[0] ?? '');
    return id === undefined ? 0 : names.tokenWeight[id]!;
  };
  const clean: Array<{ variant: string; name: string }> = [];
  while (clean.length < 1200) {
    const k = random();
    let variant: string;
    let name: string;
    if (k < 0.3) {
      variant = 'ordinary person';
      name = random() < 0.25 ? `${pick(FIRST)} ${pick(FIRST)} ${pick(LAST)}` : `${pick(FIRST)} ${pick(LAST)}`;
    } else if (k < 0.5) {
      variant = 'same given name as a listed person';
      name = `${pick(individuals).name.split(',')[1]!.trim().split(/\s+/)[0]!} ${pick(LAST)}`;
    } else if (k < 0.7) {
      variant = 'same surname as a listed person';
      name = `${pick(FIRST)} ${pick(individuals).name.split(',')[0]!.trim().split(/\s+/).pop()!}`;
    } else if (k < 0.82) {
      variant = 'ordinary company';
      name = `${pick(DISTINCT)} ${pick(TRADES)} ${pick(SUFFIXES)}`.trim();
    } else {
      variant = 'listed company, distinctive words replaced';
      const words = pick(companies).name.split(/\s+/);
      if (!words.some((w) => weightOf(w) > 4.2)) continue;
      name = words.map((w) => (weightOf(w) > 4.2 ? pick(DISTINCT) : w)).join(' ');
    }
    if (isClean(name)) clean.push({ variant, name });
  }
  const falsePositives = clean.filter((c) => screenName(csvIndex, { name: c.name }).outcome !== 'no_match');

  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const typo = (name: string) => {
    const words = name.split(' ');
    const choices = words.map((w, i) => [w, i] as const).filter(([w]) => /^[A-Za-z]{3,}$/.test(w));
    if (choices.length === 0) return null;
    const [word, i] = pick(choices);
    const at = 1 + Math.floor(random() * (word.length - 1));
    const edits = [
      word.slice(0, at) + pick([...letters]) + word.slice(at + 1),
      word.slice(0, at) + word.slice(at + 1),
      word.slice(0, at) + pick([...letters]) + word.slice(at),
      at < word.length - 1 ? word.slice(0, at) + word[at + 1]! + word[at]! + word.slice(at + 2) : word,
    ];
    const changed = pick(edits);
    if (changed.toLowerCase() === word.toLowerCase()) return null;
    words[i] = changed;
    return words.join(' ');
  };
  const variants: Array<{ variant: string; name: string }> = [];
  while (variants.length < 1400) {
    const entry = pick(csvList.entries);
    const comma = entry.name.indexOf(',');
    const natural =
      entry.type === 'individual' && comma > 0
        ? `${entry.name.slice(comma + 1).trim()} ${entry.name.slice(0, comma)}`
        : entry.name;
    if (random() < 0.75) {
      const name = typo(natural);
      if (name) variants.push({ variant: 'one-letter typo (letters only, not the first)', name });
    } else if (entry.type === 'individual') {
      const words = natural.split(' ');
      if (words.length >= 3)
        variants.push({ variant: 'middle name dropped', name: [words[0], ...words.slice(2)].join(' ') });
    }
  }
  const missed = variants.filter((v) => screenName(csvIndex, { name: v.name }).outcome === 'no_match');
  const byVariant = (items: Array<{ variant: string }>, subset: Array<{ variant: string }>) =>
    [...new Set(items.map((i) => i.variant))]
      .map(
        (v) =>
          `| ${v} | ${items.filter((i) => i.variant === v).length} | ${subset.filter((i) => i.variant === v).length} |`,
      )
      .join('\n');

  recordBenchmark(
    'Sanctions screening: generated names',
    `
Generated against the 2023-12-28 list (\`npx tsx bench/screening.bench.ts --generated\`, fixed seed): clean names
filtered with the eval's own rules, and variants of listed names. No dates of birth.

**Clean names**: ${falsePositives.length} flagged of ${clean.length} (FPR ${pct(falsePositives.length / clean.length)}).

| clean kind | names | flagged |
|---|---|---|
${byVariant(clean, falsePositives)}

**Variants of listed names**: ${variants.length - missed.length} flagged of ${variants.length} (recall ${pct(1 - missed.length / variants.length)}).

| variant | names | missed |
|---|---|---|
${byVariant(variants, missed)}

Flagged clean names: ${falsePositives.map((c) => `\`${c.name}\``).join(', ') || 'none'}. Missed variants (first 12): ${missed
      .slice(0, 12)
      .map((v) => `\`${v.name}\``)
      .join(', ')}.
`,
  );
}
