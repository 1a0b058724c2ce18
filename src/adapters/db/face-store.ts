import { sql, type Kysely } from 'kysely';
import type { FaceStore, NearestFace, NearestListed } from '../../ports/face-store.js';
import type { FaceTemplateWrites } from '../../ports/verification-store.js';
import { BUNDLED_TEMPLATE_ENGINE } from '../../core/faces/face-dedupe.js';
import type { VerificationKeys } from '../../ports/verification-keys.js';
import { deleteTemplates } from './redaction.js';
import { openIdentity, sealIdentity } from './sealed-columns.js';
import type { Database, Executor } from './schema.js';

/**
 * HNSW's candidate list for a query. bench/face-dedupe.bench.ts (100k face-like templates, 1000 probes
 * near the duplicate threshold, recall@1 against exact search) over four index builds: 100 gave
 * 0.982 / 0.995 / 0.993 / 0.995, 160 0.992 / 0.997 / 0.997 / 0.997, 200 0.995 / 0.998 / 0.997 / 0.998
 * at p50 7–8 ms. 100 misses 0.99 on some builds; 200 clears it on every build by more than the
 * sampling error (about ±0.004), which 160 does not. A missed duplicate is a missed fraud, and 3 ms is
 * small next to the face models.
 */
export const HNSW_EF_SEARCH = 200;

/**
 * The frame-hash search index (migrations/0018_frame_hash_bands.sql): a 256-bit hash cut into
 * 11 bands, 3 of 24 bits then 8 of 23, each band's bits an integer with an index of its own. Two
 * hashes within 21 bits differ in at most one bit in some band (pigeonhole: 11 bands × 2 bits > 21),
 * so every hash within that many bits of a probe has, in some band, the probe's value or one of its
 * one-bit neighbours.
 */
const HASH_BANDS = 11;
const WIDE_BANDS = 3;
export const FRAME_HASH_MAX_INDEXED_BITS = 2 * HASH_BANDS - 1;

function bandBits(band: number): { start: number; length: number } {
  return { start: band * 23 + Math.min(band, WIDE_BANDS), length: band < WIDE_BANDS ? 24 : 23 };
}

/** A hash's bands (256 characters of 0 and 1), as stored in `selfie_frame_hashes.bands`. */
export function frameHashBands(hash: string): number[] {
  return Array.from({ length: HASH_BANDS }, (_, band) => {
    const { start, length } = bandBits(band);
    return parseInt(hash.slice(start, start + length), 2);
  });
}

/** Per band, the values a search for `hashes` looks up: each band value and those one bit away. */
function bandProbes(hashes: readonly string[]): number[][] {
  const probes = Array.from({ length: HASH_BANDS }, () => new Set<number>());
  for (const hash of hashes)
    frameHashBands(hash).forEach((value, band) => {
      probes[band]!.add(value);
      for (let bit = 0; bit < bandBits(band).length; bit++) probes[band]!.add(value ^ (1 << bit));
    });
  return probes.map((values) => [...values]);
}

/** A stored identity opened with its own verification's key (null once that key is destroyed). */
async function identityOf(keys: VerificationKeys | undefined, verificationId: string, stored: unknown) {
  return openIdentity(keys && stored !== null ? await keys.openerFor(verificationId) : undefined, stored);
}

function vectorLiteral(embedding: readonly number[]): string {
  return `[${embedding.map((v) => (Number.isFinite(v) ? v : 0)).join(',')}]`;
}

/**
 * Nearest-face queries over stored templates by Euclidean distance, among the templates of
 * `templateEngine` only. With pgvector they use the HNSW index (`<->`); without it, the same method
 * computes exact distances over `real[]`, which is correct but scans every row, so /readyz reports
 * the face search as degraded.
 */
export function createFaceStore(
  db: Kysely<Database>,
  vectorSearch: boolean,
  keys?: VerificationKeys,
  templateEngine: string = BUNDLED_TEMPLATE_ENGINE,
): FaceStore {
  const exactDistance = (column: string, probe: number[]) =>
    sql<number>`(SELECT sqrt(sum((a - b) * (a - b))) FROM unnest(${sql.ref(column)}, ${sql.val(probe)}::real[]) AS t(a, b))`;

  return {
    vectorSearch,

    async nearest(embedding: number[], excludeVerificationId: string): Promise<NearestFace | null> {
      if (vectorSearch) {
        return db.transaction().execute(async (trx) => {
          await sql`SET LOCAL hnsw.ef_search = ${sql.lit(HNSW_EF_SEARCH)}`.execute(trx);
          const { rows } = await sql<{
            verification_id: string;
            api_key_id: number;
            identity: unknown;
            distance: number;
          }>`
            SELECT verification_id, api_key_id, identity, embedding_vec <-> ${vectorLiteral(embedding)}::vector AS distance
            FROM face_templates
            WHERE verification_id <> ${excludeVerificationId} AND engine = ${templateEngine}
            ORDER BY embedding_vec <-> ${vectorLiteral(embedding)}::vector
            LIMIT 1`.execute(trx);
          const row = rows[0];
          return row
            ? {
                verificationId: row.verification_id,
                apiKeyId: row.api_key_id,
                distance: Number(row.distance),
                identity: await identityOf(keys, row.verification_id, row.identity),
              }
            : null;
        });
      }
      const row = await db
        .selectFrom('face_templates')
        .select([
          'verification_id',
          'api_key_id',
          'identity',
          exactDistance('embedding', embedding).as('distance'),
        ])
        .where('verification_id', '<>', excludeVerificationId)
        .where('engine', '=', templateEngine)
        .orderBy('distance')
        .limit(1)
        .executeTakeFirst();
      return row
        ? {
            verificationId: row.verification_id,
            apiKeyId: row.api_key_id,
            distance: Number(row.distance),
            identity: await identityOf(keys, row.verification_id, row.identity),
          }
        : null;
    },

    async nearestListed(embedding: number[]): Promise<NearestListed | null> {
      const row = await db
        .selectFrom('face_blocklist')
        .select(['id', 'label', exactDistance('embedding', embedding).as('distance')])
        .where('deleted_at', 'is', null)
        .where('engine', '=', templateEngine)
        .orderBy('distance')
        .limit(1)
        .executeTakeFirst();
      return row ? { id: row.id, label: row.label, distance: Number(row.distance) } : null;
    },

    async addListed(input: { label: string; embedding: number[]; createdBy: number; at: Date }) {
      return db
        .insertInto('face_blocklist')
        .values({
          label: input.label,
          embedding: sql`${sql.val(input.embedding)}::real[]`,
          engine: templateEngine,
          created_by: input.createdBy,
          created_at: input.at,
        } as never)
        .returning(['id', 'label', 'created_at'])
        .executeTakeFirstOrThrow();
    },

    async listListed() {
      return db
        .selectFrom('face_blocklist')
        .select(['id', 'label', 'created_at'])
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute();
    },

    async seenFrames({ excludeVerificationId, hashes, maxDistance }) {
      if (hashes.length === 0) return [];
      if (maxDistance > FRAME_HASH_MAX_INDEXED_BITS)
        throw new Error(
          `the frame-hash index finds hashes within ${FRAME_HASH_MAX_INDEXED_BITS} bits, not ${maxDistance}`,
        );
      // The band indexes narrow every remembered frame to those sharing a band value (or one bit from
      // it) with some probe; the exact distance is checked on those alone.
      const inSomeBand = sql.join(
        bandProbes(hashes).map(
          (values, band) => sql`seen.bands[${sql.lit(band + 1)}] = ANY(${sql.val(values)}::integer[])`,
        ),
        sql` OR `,
      );
      const { rows } = await sql<{ frame: number }>`
        WITH candidate AS (
          SELECT seen.hash FROM selfie_frame_hashes seen
          WHERE (${inSomeBand})
            AND seen.verification_id <> ${excludeVerificationId})
        SELECT probe.ordinality - 1 AS frame
        FROM unnest(${sql.val(hashes)}::text[]) WITH ORDINALITY AS probe(hash, ordinality)
        WHERE EXISTS (
          SELECT 1 FROM candidate WHERE bit_count(candidate.hash # probe.hash::bit(256)) <= ${maxDistance})
        ORDER BY frame`.execute(db);
      return rows.map((row) => Number(row.frame));
    },

    async removeListed(id: number, at: Date): Promise<boolean> {
      const rows = await db
        .updateTable('face_blocklist')
        .set({ deleted_at: at })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .returning('id')
        .execute();
      return rows.length > 0;
    },
  };
}

/** Keeps a selfie's template for later duplicate searches, inside the decision's transaction. */
export function createFaceTemplateWrites(
  db: Executor,
  vectorSearch: boolean,
  keys?: VerificationKeys,
  templateEngine: string = BUNDLED_TEMPLATE_ENGINE,
): FaceTemplateWrites {
  return {
    async remember(input) {
      const sealer = keys && input.identity ? await keys.sealerFor(input.verificationId) : undefined;
      await db
        .insertInto('face_templates')
        .values({
          verification_id: input.verificationId,
          api_key_id: input.apiKeyId,
          identity: sealIdentity(sealer, input.identity),
          embedding: sql`${sql.val(input.embedding)}::real[]`,
          engine: templateEngine,
          created_at: input.at,
        } as never)
        .execute();
      if (vectorSearch) {
        await sql`UPDATE face_templates SET embedding_vec = ${vectorLiteral(input.embedding)}::vector WHERE verification_id = ${input.verificationId}`.execute(
          db,
        );
      }
    },

    async forget(verificationId) {
      return (await deleteTemplates(db, [verificationId])).length > 0;
    },

    async rememberFrames({ verificationId, apiKeyId, hashes, at }) {
      if (hashes.length === 0) return;
      await db
        .insertInto('selfie_frame_hashes')
        .values(
          hashes.map((hash, index) => ({
            verification_id: verificationId,
            api_key_id: apiKeyId,
            frame_index: index,
            hash,
            bands: frameHashBands(hash),
            created_at: at,
          })),
        )
        .onConflict((oc) => oc.columns(['verification_id', 'frame_index']).doNothing())
        .execute();
    },
  };
}
