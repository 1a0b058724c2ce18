import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSanctionsList } from '../src/adapters/sanctions-source/load-sanctions-list.js';
import { parseExtraList, type ExtraListId } from '../src/core/screening/list-catalogue.js';
import { prepareNameQuery } from '../src/core/screening/screen-name.js';
import {
  buildScreeningIndex,
  screenName,
  type ScreeningIndex,
} from '../src/core/screening/screening-index.js';
import { CSV_SNAPSHOT_DIR, MIRROR_SNAPSHOT_DIR, readEvalDev } from '../test/unit/screening/snapshot.js';
import { percentile, recordBenchmark } from './lib/report.js';
import { naturalOrder, sampleOf, seededRandom, toCyrillic, toHangul } from './lib/screening-queries.js';

/**
 * Cross-script and spelling-variant screening, built here from the 2023-12-28 OFAC list's own names:
 * - Cyrillic: each listed individual's name written back in Cyrillic (Russian-style letters);
 * - Hangul: DPRK-programme individuals written in Hangul (syllables found by romanising every
 *   Hangul syllable in the DPRK system and looking the listed syllables up);
 * - run-together: a legal form or particle written onto the next word (`JSCARGUMENT`, `ALQAIDA`);
 * - bare family name: the family name alone of an individual whose family name ≤ 5 individuals share.
 * Clean names: eval-dev's 97 clean names in Cyrillic and run together the same ways. Then the
 * per-name latency with every list loaded (OFAC 2023-12-28, the 2026-08 mirror standing in for a
 * second full-size list, and the UN, EU, UK and OpenSanctions fixtures).
 */

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test/fixtures/sanctions');
const ofac = (await loadSanctionsList({ kind: 'file', path: CSV_SNAPSHOT_DIR }, { dataDir: '/x' })).list;
const ofacIndex = buildScreeningIndex(ofac);

const random = seededRandom(20261123);
const sample = <T>(items: readonly T[], n: number) => sampleOf(items, n, random);

type Case = { kind: string; name: string; uid: number | null };
const individuals = ofac.entries.filter((e) => e.type === 'individual' && e.name.includes(','));
const cases: Case[] = [];
for (const e of sample(individuals, 400))
  cases.push({ kind: 'Cyrillic', name: toCyrillic(naturalOrder(e)), uid: e.uid });
for (const e of individuals.filter((e) => e.programs.some((p) => p.startsWith('DPRK')))) {
  const hangul = toHangul(e);
  if (hangul) cases.push({ kind: 'Hangul (DPRK programmes)', name: hangul, uid: e.uid });
}
const LEGAL_PREFIX = /^(JSC|OOO|OAO|PAO|ZAO|AO|LLC|PJSC)\s+(\S{4,})/i;
const PARTICLE = /\b(AL|EL|BIN|ABU|IBN)[\s-]+(\S{4,})/i;
for (const e of ofac.entries) {
  const legal = LEGAL_PREFIX.exec(e.name);
  if (legal)
    cases.push({ kind: 'legal form run together', name: e.name.replace(LEGAL_PREFIX, '$1$2'), uid: e.uid });
}
for (const e of sample(
  ofac.entries.filter((e) => PARTICLE.test(e.name)),
  300,
))
  cases.push({ kind: 'particle run together', name: naturalOrder(e).replace(PARTICLE, '$1$2'), uid: e.uid });
const familyCounts = new Map<string, number>();
for (const e of individuals) {
  const family = e.name.slice(0, e.name.indexOf(',')).trim().toLowerCase();
  familyCounts.set(family, (familyCounts.get(family) ?? 0) + 1);
}
for (const e of sample(individuals, 300)) {
  const family = e.name.slice(0, e.name.indexOf(',')).trim();
  if (/^\p{L}{4,}$/u.test(family) && familyCounts.get(family.toLowerCase())! <= 5)
    cases.push({ kind: 'bare family name', name: family, uid: e.uid });
}

const clean = readEvalDev()
  .filter((r) => r.kind === 'name' && !r.must_flag)
  .map((r) => r.query.name!);
const cleanCases = [
  ...clean.map((name) => ({ kind: 'Cyrillic', name: toCyrillic(name) })),
  ...clean.map((name) => ({ kind: 'run together', name: name.replace(/\s+/, '') })),
  ...clean.map((name) => ({ kind: 'as written', name })),
];

const kinds = [...new Set(cases.map((c) => c.kind))];
const recallRows = kinds.map((kind) => {
  const of = cases.filter((c) => c.kind === kind);
  const found = of.filter((c) =>
    screenName(ofacIndex, { name: c.name }).matches.some((m) => m.uid === c.uid),
  );
  const misses = of
    .filter((c) => !found.includes(c))
    .slice(0, 3)
    .map((c) => `\`${c.name}\``);
  return `| ${kind} | ${of.length} | ${found.length} | ${((found.length / of.length) * 100).toFixed(1)} % | ${misses.join(', ')} |`;
});
const fprRows = [...new Set(cleanCases.map((c) => c.kind))].map((kind) => {
  const of = cleanCases.filter((c) => c.kind === kind);
  const flagged = of.filter((c) => screenName(ofacIndex, { name: c.name }).outcome !== 'no_match');
  return `| ${kind} | ${of.length} | ${flagged.length} | ${((flagged.length / of.length) * 100).toFixed(1)} % | ${flagged
    .slice(0, 3)
    .map((c) => `\`${c.name}\``)
    .join(', ')} |`;
});

// Latency with every list loaded: one pass of the matcher per list, as POST /v1/screen/name does.
const mirror = (await loadSanctionsList({ kind: 'file', path: MIRROR_SNAPSHOT_DIR }, { dataDir: '/x' })).list;
const FIXTURE_FILES: Record<ExtraListId, string> = {
  un: 'un-consolidated.xml',
  eu: 'eu-fsf.xml',
  uk: 'uk-sanctions-list.xml',
  opensanctions: 'opensanctions-targets.simple.csv',
};
const indexes: ScreeningIndex[] = [
  ofacIndex,
  buildScreeningIndex(mirror),
  ...Object.entries(FIXTURE_FILES).map(([id, file]) =>
    buildScreeningIndex(
      parseExtraList(id as ExtraListId, fs.readFileSync(path.join(fixtures, file), 'utf8')),
    ),
  ),
];
const evalNames = readEvalDev()
  .filter((r) => r.kind === 'name')
  .map((r) => r.query.name!);
const latencyNames = [...evalNames, ...cases.map((c) => c.name)];
/** As POST /v1/screen/name does it: the query analysed once, then one matcher pass per list. */
function screenEveryList(name: string): void {
  const prepared = prepareNameQuery({ name });
  for (const index of indexes) screenName(index, { name }, prepared);
}
for (const name of latencyNames) screenEveryList(name);
const latencies: number[] = [];
for (let pass = 0; pass < 3; pass += 1) {
  for (const name of latencyNames) {
    const t = performance.now();
    screenEveryList(name);
    latencies.push(performance.now() - t);
  }
}
latencies.sort((a, b) => a - b);
const nonLatin = cases.filter((c) => /[^\p{ASCII}]/u.test(c.name)).map((c) => c.name);
const nonLatinLatencies: number[] = [];
for (const name of nonLatin) {
  const t = performance.now();
  screenEveryList(name);
  nonLatinLatencies.push(performance.now() - t);
}
nonLatinLatencies.sort((a, b) => a - b);
const ms = (x: number) => x.toFixed(3);

recordBenchmark(
  'Sanctions screening: other scripts and run-together names',
  `
\`npx tsx bench/screening-cross-script.bench.ts\`: variants built from the 2023-12-28 OFAC list's own names
(fixed seed), screened against that list; a variant counts as found when its listed uid is among the
matches (possible or strong). The hold-out figures (eval-dev) are in the OFAC SDN section above.

| variant of a listed name | names | found | recall | first misses |
|---|---|---|---|---|
${recallRows.join('\n')}

| eval-dev clean names (97) written | names | flagged | FPR | first flagged |
|---|---|---|---|---|
${fprRows.join('\n')}

**Latency with every list loaded** (OFAC 2023-12-28 with ${ofac.entries.length} entries, the 2026-08 mirror with
${mirror.entries.length} entries standing in for a second full-size list, and the four fixture lists; one matcher pass
per list, as \`POST /v1/screen/name\` does): p50 ${ms(percentile(latencies, 50))} ms, p95 ${ms(percentile(latencies, 95))} ms,
p99 ${ms(percentile(latencies, 99))} ms per name over ${latencies.length} screenings (eval-dev names and the variants above);
names in another script alone (up to eight romanisations each): p50 ${ms(percentile(nonLatinLatencies, 50))} ms,
p95 ${ms(percentile(nonLatinLatencies, 95))} ms. Load average during the run: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(
      ' / ',
    )} on ${os.cpus().length} cores (the machine is shared: latencies above 1 ms come from waiting for a core).
`,
);
