import crypto from 'node:crypto';
import os from 'node:os';
import { loadConfig } from '../src/config.js';
import { createModules } from '../src/modules/index.js';
import { createPlatform, type Platform } from '../src/platform.js';
import { createApp } from '../src/http/app.js';
import { ensureBootstrapKeys } from '../src/bootstrap.js';
import { hashSecret } from '../src/core/api-keys/api-key.js';
import { createLogger } from '../src/adapters/logger.js';
import { loadSanctionsList } from '../src/adapters/sanctions-source/load-sanctions-list.js';
import { sealDocChecks } from '../src/adapters/db/sealed-columns.js';
import { buildScreeningIndex } from '../src/core/screening/screening-index.js';
import type { SdnEntry, SdnList } from '../src/core/screening/sdn-model.js';
import { createVerification } from '../src/use-cases/verifications/create-verification.js';
import {
  recordListVersions,
  rescreenPendingDeltas,
  type ScreeningWatchDeps,
} from '../src/use-cases/screening-watch.js';
import type { HeldList } from '../src/ports/screening-watch.js';
import { sharedDataPath } from '../test/helpers/shared-data.js';
import { scratchDatabase } from './lib/scratch-database.js';
import { percentile, recordBenchmark } from './lib/report.js';
import { timedReadsWhile } from './lib/timed-reads.js';

/**
 * Re-screening on a list update: IDENTITIES retained verifications (decided, live, each with its
 * identity sealed under its own key, as the checks leave it) against the 2023-12-28 OFAC snapshot, then
 * (1) a daily delta (30 designations added, 10 entries changed, 5 removed) and (2) a change of every
 * entry, in the service's own process, while 4 clients read a pending verification through the API.
 */
const IDENTITIES = Number(process.env.BENCH_WATCH_IDENTITIES ?? 100_000);
const READERS = 4;
const PROBE_INTERVAL_MS = 10;
const BASELINE_MS = 3_000;
const SEED_BATCH = 1_000;

const GIVEN = [
  'JAMES',
  'MARIA',
  'WEI',
  'FATIMA',
  'OLGA',
  'CARLOS',
  'AIKO',
  'SAMUEL',
  'PRIYA',
  'LUCAS',
  'NOOR',
  'ELENA',
];
const FAMILY = [
  'JOHNSON',
  'GARCIA',
  'NGUYEN',
  'KOWALSKI',
  'OKAFOR',
  'SILVA',
  'TANAKA',
  'MULLER',
  'ROSSI',
  'DUBOIS',
  'HANSEN',
  'PETROVA',
  'AHMADI',
  'FERREIRA',
  'LINDQVIST',
  'MORALES',
  'SATO',
  'NOWAK',
  'BAKER',
  'WALSH',
];

function identity(i: number) {
  return {
    first_name: GIVEN[i % GIVEN.length]!,
    middle_name: i % 3 === 0 ? GIVEN[(i >> 2) % GIVEN.length]! : null,
    last_name: `${FAMILY[(i >> 3) % FAMILY.length]!}${i % 7 === 0 ? '-' + FAMILY[(i >> 5) % FAMILY.length]! : ''}`,
    dob: `19${String(40 + (i % 60)).padStart(2, '0')}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
  };
}

async function seed(platform: Platform, apiKeyId: number): Promise<number> {
  const started = performance.now();
  const now = platform.clock.now();
  for (let done = 0; done < IDENTITIES; done += SEED_BATCH) {
    const rows = [];
    for (let i = done; i < Math.min(IDENTITIES, done + SEED_BATCH); i += 1) {
      const id = crypto.randomUUID();
      const sealer = await platform.verificationKeys.sealerFor(id);
      rows.push({
        id,
        api_key_id: apiKeyId,
        external_ref: `watch-${i}`,
        metadata: '{}',
        status: 'decided',
        decision: 'approve',
        score: 92,
        decision_reasons: '[]',
        checks: '{}',
        doc_checks: sealDocChecks(sealer, { document: { identity: identity(i) } }),
        created_at: now,
        updated_at: now,
        expires_at: now,
        decided_at: now,
      });
    }
    await platform.database.db.insertInto('verifications').values(rows).execute();
  }
  return performance.now() - started;
}

const designation = (uid: number, name: string): SdnEntry => ({
  uid,
  name,
  type: 'individual',
  programs: ['RUSSIA-EO14024'],
  aliases: [],
  datesOfBirth: [],
  nationalities: [],
  wallets: [],
  addresses: [],
});

function held(list: SdnList): HeldList {
  return { listId: 'ofac', index: buildScreeningIndex(list), loadedAt: new Date() };
}

async function measure(databaseUrl: string | undefined) {
  const rootKey = `svc_${crypto.randomBytes(32).toString('base64url')}`;
  const config = loadConfig({
    DATA_DIR: 'memory://',
    BOOTSTRAP_API_KEY: rootKey,
    LOG_LEVEL: 'silent',
    ROLE: 'api',
    ML_DISABLED: '1',
    DATA_ENCRYPTION_KEY: 'b'.repeat(64),
    SANCTIONS_LIST: '/nonexistent/the-bench-hands-its-lists-over',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const platform = await createPlatform(config, { logger: createLogger('silent'), skipSanctions: true });
  const modules = await createModules(platform);
  await ensureBootstrapKeys(platform);
  const app = await createApp(modules.http);
  await app.ready();
  try {
    const apiKeyId = (await platform.stores.apiKeys.findByHash(hashSecret(rootKey)))!.id;
    const snapshot = (
      await loadSanctionsList(
        { kind: 'file', path: sharedDataPath('sanctions', 'ofac-csv-2023-12-28') },
        { dataDir: 'memory://' },
      )
    ).list;
    const seedMs = await seed(platform, apiKeyId);
    let current = held(snapshot);
    const deps: ScreeningWatchDeps = {
      store: platform.stores.screeningWatch,
      lists: () => [current],
      clock: { now: () => new Date() },
      retentionPiiDays: 90,
    };
    await recordListVersions(deps);

    const pending = await createVerification(modules.verifications.deps, {
      apiKeyId,
      mode: 'live',
      externalRef: 'reader-during-rescreen',
      metadata: {},
    });
    const read = async () => {
      const res = await app.inject({
        method: 'GET',
        url: `/v1/verifications/${pending.verification.id}`,
        headers: { 'x-api-key': rootKey },
      });
      if (res.statusCode !== 200) throw new Error(`GET answered ${res.statusCode}`);
    };
    const readWhile = (running: () => boolean) =>
      timedReadsWhile(read, running, { readers: READERS, intervalMs: PROBE_INTERVAL_MS });
    const baselineEnd = performance.now() + BASELINE_MS;
    const baseline = await readWhile(() => performance.now() < baselineEnd);

    const rescreen = async (next: SdnList) => {
      current = held(next);
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      let running = true;
      const work = (async () => {
        await recordListVersions(deps);
        return rescreenPendingDeltas(deps);
      })().finally(() => (running = false));
      const during = await readWhile(() => running);
      const [outcome] = await work;
      const cpu = process.cpuUsage(cpuBefore);
      return {
        wallMs: performance.now() - started,
        cpuMs: (cpu.user + cpu.system) / 1000,
        outcome: outcome!,
        during,
      };
    };

    const entries = snapshot.entries;
    const daily: SdnList = {
      ...snapshot,
      version: 'bench-daily',
      entries: [
        ...entries.slice(5).map((e, i) =>
          i < 10
            ? {
                ...e,
                aliases: [
                  ...e.aliases,
                  { name: `${e.name} X`, kind: 'aka' as const, strength: 'strong' as const },
                ],
              }
            : e,
        ),
        // Three of the thirty new designations are retained customers.
        ...Array.from({ length: 30 }, (_, i) => {
          if (i < 3) {
            const who = identity(i * 997);
            return designation(
              990_000 + i,
              `${who.last_name}, ${who.first_name}${who.middle_name ? ' ' + who.middle_name : ''}`,
            );
          }
          return designation(990_000 + i, `DESIGNATED${String.fromCharCode(65 + i)}, Person`);
        }),
      ],
    };
    const dailyRun = await rescreen(daily);
    const everything: SdnList = {
      ...daily,
      version: 'bench-full',
      entries: daily.entries.map((e) => ({
        ...e,
        aliases: [...e.aliases, { name: `${e.name} Y`, kind: 'aka' as const, strength: 'weak' as const }],
      })),
    };
    const fullRun = await rescreen(everything);
    return {
      engine: platform.database.engine,
      seedMs,
      baseline,
      dailyRun,
      fullRun,
      entries: entries.length,
      load: os.loadavg()[0]!,
    };
  } finally {
    await app.close();
    await modules.close();
    await platform.close();
  }
}

const rows: string[] = [];
const server = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL, 'watch') : null;
try {
  for (const url of [undefined, ...(server ? [server.url] : [])]) {
    const m = await measure(url);
    const fmt = (xs: number[], p: number) => percentile(xs, p).toFixed(1);
    for (const [label, run] of [
      ['daily delta (+30 ~10 −5)', m.dailyRun],
      [`every entry changed (${m.entries.toLocaleString('en')})`, m.fullRun],
    ] as const) {
      const d = run.outcome.delta;
      rows.push(
        `| ${m.engine} | ${label} | ${d.counts.added} / ${d.counts.changed} / ${d.counts.removed} | ${run.outcome.subjectsScreened.toLocaleString('en')} | ${run.outcome.matchesFound} | ${(run.wallMs / 1000).toFixed(1)} | ${(run.cpuMs / 1000).toFixed(1)} | ${((run.cpuMs * 1000) / Math.max(1, run.outcome.subjectsScreened)).toFixed(0)} | ${fmt(m.baseline, 50)} / ${fmt(m.baseline, 99)} | ${fmt(run.during, 50)} / ${fmt(run.during, 99)} / ${run.during.at(-1)?.toFixed(1) ?? '-'} (${run.during.length}) | ${m.load.toFixed(1)} |`,
      );
      console.log(rows.at(-1));
    }
    console.log(`seeded ${IDENTITIES} in ${(m.seedMs / 1000).toFixed(1)} s`);
  }
} finally {
  await server?.drop();
}

recordBenchmark(
  'Screening watch: re-screening retained verifications on a list update',
  `${IDENTITIES.toLocaleString('en')} decided live verifications, each with its screened identity sealed under its own key (as the checks leave it), inserted through the store's sealing; the 2023-12-28 OFAC snapshot recorded as the baseline; then in the service's process (1) a daily delta (30 designations added, three of them named as retained customers are: the generated holders share names, so those three names are held by many of them; 10 entries given an alias; 5 removed) and (2) a new alias on every entry. Each subject is opened and screened against the whole list index, as at its decision. CPU is the process's user+system time over the record and the re-screen; meanwhile ${READERS} clients read a pending verification through \`app.inject\` every ${PROBE_INTERVAL_MS} ms, timed from when the request was due (ms). Load is the 1-minute load average at the end.

| engine | delta | added / changed / removed | subjects | new matches | wall s | CPU s | CPU µs a subject | GET p50 / p99 before | GET p50 / p99 / max during (n) | load |
|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}`,
);
