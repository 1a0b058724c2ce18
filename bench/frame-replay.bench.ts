/**
 * The liveness challenge's replay check (`FaceStore.seenFrames`): 8 frame hashes of a new selfie
 * compared with the frame hashes remembered for the same API key (256-bit dHash; the band index
 * narrows them to candidates, `bit_count` of the XOR checks those), as the history of one key grows. The check runs once per decided selfie, inside the
 * check job, so its time adds to every verification of that key. PGlite, and the PostgreSQL server
 * when DATABASE_URL is set (a fresh database, dropped afterwards).
 * Run: npx tsx bench/frame-replay.bench.ts   (BENCH_REPLAY_VERIFICATIONS: history sizes, default 1000,10000,100000)
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '../src/adapters/db/database.js';
import { createFaceStore, frameHashBands } from '../src/adapters/db/face-store.js';
import { migrate } from '../src/adapters/db/migrator.js';
import type { Database } from '../src/adapters/db/schema.js';
import { REPLAYED_FRAME_MAX_BITS } from '../src/core/faces/challenge.js';
import { scratchDatabase } from './lib/scratch-database.js';
import { percentile, recordBenchmark } from './lib/report.js';

const SIZES = (process.env.BENCH_REPLAY_VERIFICATIONS ?? '1000,10000,100000').split(',').map(Number);
const FRAMES_PER_VERIFICATION = 8;
const QUERIES = 15;
const BATCH = 10_000;

/** Decided verifications of key 1 with 8 pseudo-random frame hashes each (two md5s make 256 bits). */
async function grow(db: Kysely<Database>, from: number, to: number): Promise<void> {
  for (let start = from; start < to; start += BATCH) {
    const end = Math.min(to, start + BATCH);
    await sql`
      INSERT INTO verifications (id, api_key_id, external_ref, status, created_at, updated_at, expires_at)
      SELECT md5('v' || n)::uuid, 1, 'bench-' || n, 'decided', now(), now(), now() + interval '1 day'
      FROM generate_series(${start}::int, ${end - 1}::int) AS n`.execute(db);
    // bands as frameHashBands computes them (checked against it below).
    await sql`
      INSERT INTO selfie_frame_hashes (verification_id, api_key_id, frame_index, hash, bands, created_at)
      SELECT v, 1, f, h,
        ARRAY(SELECT lpad(substring(h FROM b * 23 + least(b, 3) + 1
                                                   FOR CASE WHEN b < 3 THEN 24 ELSE 23 END)::text, 32, '0')::bit(32)::integer
              FROM generate_series(0, 10) AS b ORDER BY b),
        now()
      FROM (SELECT md5('v' || n)::uuid AS v, f, ('x' || md5(n || ':' || f) || md5(f || ':' || n))::bit(256) AS h
            FROM generate_series(${start}::int, ${end - 1}::int) AS n,
                 generate_series(0, ${FRAMES_PER_VERIFICATION - 1}) AS f) AS generated`.execute(db);
  }
  await sql`ANALYZE selfie_frame_hashes`.execute(db);
}

const randomHash = () =>
  Array.from(crypto.randomBytes(32))
    .map((byte) => byte.toString(2).padStart(8, '0'))
    .join('');

/** A stored hash with `flips` bits changed: a re-sent frame after re-encoding. */
async function storedHashFlipped(db: Kysely<Database>, flips: number): Promise<string> {
  const { rows } = await sql<{ hash: string; bands: number[] }>`
    SELECT hash::text AS hash, bands FROM selfie_frame_hashes ORDER BY verification_id LIMIT 1`.execute(db);
  if (rows[0]!.bands.join() !== frameHashBands(rows[0]!.hash).join())
    throw new Error('the generated bands do not match frameHashBands');
  const bits = rows[0]!.hash.split('');
  for (let i = 0; i < flips; i++) bits[i * 11] = bits[i * 11] === '1' ? '0' : '1';
  return bits.join('');
}

async function measure(engine: string, url: string | undefined): Promise<string[]> {
  const database = await openDatabase(url ? { databaseUrl: url } : { dataDir: 'memory://' });
  await migrate(database);
  const db = database.db;
  await sql`
    INSERT INTO api_keys (label, scopes, key_hash, key_prefix)
    VALUES ('bench', '[]', 'bench-hash', 'bench')`.execute(db);
  const store = createFaceStore(db, true);
  const rows: string[] = [];
  let stored = 0;
  for (const size of SIZES) {
    const loadStarted = performance.now();
    await grow(db, stored, size);
    stored = size;
    const loadMs = performance.now() - loadStarted;
    const replay = await storedHashFlipped(db, 12);
    const times: number[] = [];
    let found: number[] = [];
    for (let q = 0; q < QUERIES; q++) {
      const hashes = [replay, ...Array.from({ length: FRAMES_PER_VERIFICATION - 1 }, randomHash)];
      const started = performance.now();
      found = await store.seenFrames({
        excludeVerificationId: crypto.randomUUID(),
        hashes,
        maxDistance: REPLAYED_FRAME_MAX_BITS,
      });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    rows.push(
      `| ${engine} | ${size.toLocaleString('en-US')} | ${(size * FRAMES_PER_VERIFICATION).toLocaleString('en-US')} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${found.join(', ') || 'none'} | ${(loadMs / 1000).toFixed(1)} |`,
    );
    console.log(rows[rows.length - 1]);
  }
  await database.close();
  return rows;
}

const rows = await measure('pglite', undefined);
const server = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL, 'replay') : null;
if (server) {
  try {
    rows.push(...(await measure('postgres', server.url)));
  } finally {
    await server.drop();
  }
}

recordBenchmark(
  'Liveness replay check: frame hashes per API key',
  [
    `One key's history of decided verifications, ${FRAMES_PER_VERIFICATION} remembered frame hashes each (pseudo-random 256-bit hashes generated in SQL). Each query is the product's \`seenFrames\`: the ${FRAMES_PER_VERIFICATION} hashes of a new selfie, one of them a stored hash with 12 bits flipped (a re-encoded frame), against the key's hashes, within ${REPLAYED_FRAME_MAX_BITS} bits, through the band indexes (multi-index hashing: 11 bands of 23–24 bits, each band's value and its one-bit neighbours looked up in that band's B-tree index, the exact distance checked on those rows only); ${QUERIES} queries per size. "Frames found" is the index of the probe frames seen before: 0 is the re-encoded one. The query runs once per decided selfie that answered a challenge.`,
    '',
    '| engine | verifications of the key | frame hashes | query p50 ms | p95 ms | frames found | load s |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `1-minute load average at the end: ${os.loadavg()[0]!.toFixed(1)}.`,
  ].join('\n'),
);
