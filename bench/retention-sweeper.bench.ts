import crypto from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.js';
import { createModules } from '../src/modules/index.js';
import { createPlatform, type Platform } from '../src/platform.js';
import { createApp } from '../src/http/app.js';
import { ensureBootstrapKeys } from '../src/bootstrap.js';
import { hashSecret } from '../src/core/api-keys/api-key.js';
import { createLogger } from '../src/adapters/logger.js';
import { createVerification } from '../src/use-cases/verifications/create-verification.js';
import { scratchDatabase } from './lib/scratch-database.js';
import { percentile, recordBenchmark } from './lib/report.js';
import { timedReadsWhile } from './lib/timed-reads.js';

/**
 * Issue 18: the retention sweeper over 100k verifications past every period (each with a 2 KB image
 * row, a barcode, reviewer detail, a face template and an audit entry, inserted directly in SQL), in
 * the service's own process; meanwhile 4 clients read a pending verification through the API (not
 * served by the read cache, so every read goes to the database the sweeper is writing). The same reads
 * without the sweep give the baseline.
 */
const VERIFICATIONS = Number(process.env.BENCH_RETENTION_VERIFICATIONS ?? 100_000);
const READERS = 4;
const BASELINE_MS = 3_000;
const PROBE_INTERVAL_MS = 10;
const DAY_MS = 86_400_000;

async function seed(platform: Platform, apiKeyId: number): Promise<number> {
  const started = performance.now();
  const db = platform.database.db;
  const decidedAt = new Date(platform.clock.now().getTime() - 400 * DAY_MS);
  const chunk = 10_000;
  for (let done = 0; done < VERIFICATIONS; done += chunk) {
    await sql`
      INSERT INTO verifications (id, api_key_id, external_ref, metadata, status, decision, score, decision_reasons,
        checks, doc_checks, barcode, consent_at, created_at, updated_at, expires_at, decided_at)
      SELECT gen_random_uuid(), ${apiKeyId}, 'bench-' || n, '{"plan":"bench"}', 'decided', 'approve', 90, '[]',
        '{"document":{"status":"ok","reasons":[]}}',
        jsonb_build_object('face_dedupe', jsonb_build_object('reason', 'no_matches'), 'sealed', repeat('x', 600)),
        jsonb_build_object('sealed', repeat('y', 900)),
        ${decidedAt}, ${decidedAt}, ${decidedAt}, ${decidedAt}::timestamptz + interval '1 day', ${decidedAt}
      FROM generate_series(${done + 1}::int, ${done + chunk}::int) AS n`.execute(db);
  }
  await sql`
    INSERT INTO media (id, verification_id, kind, idx, content_type, byte_size, bytes, created_at)
    SELECT gen_random_uuid(), id, 'document_front', 0, 'image/jpeg', 2048, decode(repeat('ab', 2048), 'hex'), created_at
    FROM verifications WHERE external_ref LIKE 'bench-%'`.execute(db);
  await sql`
    INSERT INTO face_templates (verification_id, api_key_id, identity, embedding, engine, created_at)
    SELECT id, api_key_id, '{"sealed":"x"}', array_fill(0.1::real, ARRAY[128]), 'bench', created_at
    FROM verifications WHERE external_ref LIKE 'bench-%'`.execute(db);
  await sql`
    INSERT INTO verification_audit (verification_id, occurred_at, actor, event, detail)
    SELECT id, created_at, 'end_user', 'consent.given', '{"ip":"203.0.113.9","user_agent":"bench"}'
    FROM verifications WHERE external_ref LIKE 'bench-%'`.execute(db);
  await sql`ANALYZE`.execute(db);
  return performance.now() - started;
}

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
  const modules = await createModules(platform);
  await ensureBootstrapKeys(platform);
  const app = await createApp(modules.http);
  await app.ready();
  try {
    const apiKeyId = (await platform.stores.apiKeys.findByHash(hashSecret(rootKey)))!.id;
    const seedMs = await seed(platform, apiKeyId);
    const pending = await createVerification(modules.verifications.deps, {
      apiKeyId,
      mode: 'live',
      externalRef: 'reader-during-sweep',
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
    /**
     * Each reader sends a request every 10 ms, timed from when it was due, not from when the event loop
     * got to it: a request that arrives while a sweeper batch holds the process (PGlite runs every query
     * inside it) counts the wait, as a client on a socket would see it.
     */
    const readWhile = (running: () => boolean) =>
      timedReadsWhile(read, running, { readers: READERS, intervalMs: PROBE_INTERVAL_MS });

    const baselineEnd = performance.now() + BASELINE_MS;
    const baseline = await readWhile(() => performance.now() < baselineEnd);

    let sweeping = true;
    const sweepStarted = performance.now();
    const sweep = modules.privacy.sweepRetention().finally(() => (sweeping = false));
    const during = await readWhile(() => sweeping);
    const result = await sweep;
    const sweepMs = performance.now() - sweepStarted;

    const left = await sql<{ media: number; templates: number; unredacted: number }>`
      SELECT (SELECT count(*)::int FROM media) AS media, (SELECT count(*)::int FROM face_templates) AS templates,
        (SELECT count(*)::int FROM verifications WHERE redacted_at IS NULL AND external_ref LIKE 'bench-%') AS unredacted`.execute(
      platform.database.db,
    );
    return {
      engine: platform.database.engine,
      seedMs,
      sweepMs,
      result,
      left: left.rows[0]!,
      baseline,
      during,
      load: os.loadavg()[0]!,
    };
  } finally {
    await app.close();
    await modules.close();
    await platform.close();
  }
}

const rows: string[] = [];
const server = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL, 'retention') : null;
try {
  for (const url of [undefined, ...(server ? [server.url] : [])]) {
    const m = await measure(url);
    const fmt = (xs: number[], p: number) => percentile(xs, p).toFixed(1);
    rows.push(
      `| ${m.engine} | ${(m.seedMs / 1000).toFixed(1)} | ${(m.sweepMs / 1000).toFixed(1)} | ${m.result?.batches ?? 'lease busy'} | ${m.result?.media ?? 0} / ${m.result?.pii ?? 0} / ${m.result?.templates ?? 0} | ${m.left.media} / ${m.left.unredacted} / ${m.left.templates} | ${fmt(m.baseline, 50)} / ${fmt(m.baseline, 99)} (${m.baseline.length}) | ${fmt(m.during, 50)} / ${fmt(m.during, 99)} / ${m.during.at(-1)!.toFixed(1)} (${m.during.length}) | ${m.load.toFixed(1)} |`,
    );
    console.log(rows.at(-1));
  }
} finally {
  await server?.drop();
}

recordBenchmark(
  'Retention sweeper over 100k verifications',
  `${VERIFICATIONS.toLocaleString('en')} decided verifications 400 days old (past every default period), each with one 2 KB image row, a barcode, reviewer detail, a face template and an audit entry, inserted in SQL; then one \`sweepRetention()\` (one transaction per batch: media, personal data, templates; batches of up to 500 that halve while one runs past 50 ms and grow back below 25 ms) in the service's process while ${READERS} clients each read a pending verification through \`app.inject\` every ${PROBE_INTERVAL_MS} ms (GET /v1/verifications/{id}, not cached: every read queries the database), timed from when the request was due, so time spent waiting for a sweeper batch to let go of the process counts. Baseline: the same reads for ${BASELINE_MS / 1000} s before the sweep. Latencies in ms; load is the 1-minute load average at the end.

| engine | seed s | sweep s | batches | swept media / PII / templates | left media / unredacted / templates | GET p50 / p99 baseline (n) | GET p50 / p99 / max during the sweep (n) | load |
|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}`,
);
