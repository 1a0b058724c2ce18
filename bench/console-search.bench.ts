import crypto from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import { createLogger } from '../src/adapters/logger.js';
import { ensureBootstrapKeys } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import { hashSecret } from '../src/core/api-keys/api-key.js';
import { createPlatform } from '../src/platform.js';
import {
  searchAccountVerifications,
  type AccountSearch,
} from '../src/use-cases/verifications/review-queue.js';
import { memberActor } from '../src/core/actor.js';
import { scratchDatabase } from './lib/scratch-database.js';
import { percentile, recordBenchmark } from './lib/report.js';

/**
 * The console's Verifications search over one account's long history: a page without filters, a
 * reason filter (a rare reason, and one the account never had), and a name search that must open its
 * whole window of 500. The reason filters run with the reasons index of migration 0041 and again with
 * it dropped, to show what the index is for. Rows are inserted in SQL (names in plain JSON, as rows of
 * earlier releases are read: no key lookup, so the name figure is the floor of a sealed history's).
 */
const VERIFICATIONS = Number(process.env.BENCH_CONSOLE_VERIFICATIONS ?? 200_000);
const RUNS = 15;

async function measure(databaseUrl: string | undefined) {
  const rootKey = `svc_${crypto.randomBytes(32).toString('base64url')}`;
  const config = loadConfig({
    DATA_DIR: 'memory://',
    BOOTSTRAP_API_KEY: rootKey,
    LOG_LEVEL: 'silent',
    ROLE: 'api',
    ML_DISABLED: '1',
    SANCTIONS_LIST: '/nonexistent/no-sanctions-list-in-this-bench',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const platform = await createPlatform(config, { logger: createLogger('silent') });
  await ensureBootstrapKeys(platform);
  try {
    const db = platform.database.db;
    const key = (await platform.stores.apiKeys.findByHash(hashSecret(rootKey)))!;
    const accountId = (await platform.stores.accounts.accountOfKey(key.id))!;
    const seedStarted = performance.now();
    const chunk = 20_000;
    for (let done = 0; done < VERIFICATIONS; done += chunk) {
      await sql`
        INSERT INTO verifications (id, api_key_id, external_ref, status, decision, score, decision_reasons,
          doc_checks, created_at, updated_at, expires_at, decided_at)
        SELECT gen_random_uuid(), ${key.id}, 'bench-' || n, 'decided', 'review', 60,
          CASE WHEN n % 500 = 0 THEN '["ofac_possible_match"]'::jsonb
               WHEN n % 3 = 0 THEN '["face_match_unavailable","liveness_unavailable"]'::jsonb
               ELSE '[]'::jsonb END,
          jsonb_build_object('document', jsonb_build_object('identity',
            jsonb_build_object('first_name', 'JANE', 'middle_name', null, 'last_name', 'DOE' || n))),
          timestamptz '2025-01-01 00:00:00+00' + n * interval '1 minute', now(),
          timestamptz '2100-01-01 00:00:00+00', now()
        FROM generate_series(${done + 1}::int, ${done + chunk}::int) AS n`.execute(db);
    }
    await sql`ANALYZE verifications`.execute(db);
    const seedMs = performance.now() - seedStarted;
    const member = memberActor({ id: 0, accountId, role: 'viewer', operator: false, displayName: 'bench' });
    const deps = {
      verifications: platform.stores.verifications,
      clock: platform.clock,
      accounts: platform.stores.accounts,
    };
    const time = async (search: Omit<AccountSearch, 'mode'>) => {
      const ms: number[] = [];
      let found = 0;
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        found = (await searchAccountVerifications(deps, member, { mode: 'live', ...search })).page.length;
        ms.push(performance.now() - started);
      }
      return { p50: percentile(ms, 50), found };
    };
    const cases: Array<[string, Omit<AccountSearch, 'mode'>]> = [
      ['newest 50, no filter', { limit: 50 }],
      ['reason 1 in 500 (ofac_possible_match)', { limit: 50, reason: 'ofac_possible_match' }],
      ['reason never seen (ofac_match)', { limit: 50, reason: 'ofac_match' }],
      ['name found in the newest (jane)', { limit: 25, name: 'jane' }],
      ['name not found: a whole window of 500', { limit: 25, name: 'nobody' }],
    ];
    const withIndex = [];
    for (const [label, search] of cases) withIndex.push({ label, ...(await time(search)) });
    await sql`DROP INDEX verifications_reasons_idx`.execute(db);
    const withoutIndex = [];
    for (const [label, search] of cases.slice(1, 3)) withoutIndex.push({ label, ...(await time(search)) });
    return { engine: platform.database.engine, seedMs, withIndex, withoutIndex, load: os.loadavg()[0]! };
  } finally {
    await platform.close();
  }
}

const rows: string[] = [];
const server = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL, 'console') : null;
try {
  for (const url of [undefined, ...(server ? [server.url] : [])]) {
    const m = await measure(url);
    for (const c of m.withIndex) {
      const without = m.withoutIndex.find((w) => w.label === c.label);
      rows.push(
        `| ${m.engine} | ${c.label} | ${c.found} | ${c.p50.toFixed(1)} | ${without ? without.p50.toFixed(1) : '—'} | ${m.load.toFixed(1)} |`,
      );
      console.log(rows.at(-1));
    }
  }
} finally {
  await server?.drop();
}

recordBenchmark(
  'Console verification search over one account',
  `${VERIFICATIONS.toLocaleString('en')} decided verifications of one account (one in 500 with \`ofac_possible_match\`, one in three with two other reasons), inserted in SQL; \`searchAccountVerifications\` (what \`GET /v1/console/verifications\` runs) ${RUNS} times per case, median in ms; then the reason cases again with the reasons index (migration 0041) dropped. Names are plain JSON here; a sealed history adds one key lookup and decryption per opened row. Load is the 1-minute load average at the end.

| engine | case | rows found | p50 ms | p50 ms without the reasons index | load |
|---|---|---|---|---|---|
${rows.join('\n')}`,
);
