import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/adapters/db/database.js';
import { createFaceStore } from '../../src/adapters/db/face-store.js';
import { createTransactor } from '../../src/adapters/db/transactor.js';
import { addSeconds } from '../../src/core/time.js';
import type { FaceStore } from '../../src/ports/face-store.js';
import { engines, insertApiKey, openMigratedDatabase, type Engine } from '../helpers/contract-databases.js';

const T0 = new Date('2026-11-01T12:00:00Z');
const DIMENSIONS = 128;
/**
 * At most HNSW_EF_SEARCH (200) templates: with a candidate list as long as the table, the HNSW search
 * visits every template, so pgvector must give exactly the exact search's answer, never a near miss.
 */
const TEMPLATES = 150;
const PROBES = 40;

/** PGlite always ships pgvector; a PostgreSQL server may or may not have the extension installed. */
async function serverHasPgvector(): Promise<boolean> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query(
      "SELECT count(*)::int AS n FROM pg_available_extensions WHERE name = 'vector'",
    );
    return rows[0].n > 0;
  } finally {
    await client.end();
  }
}

type Backend = { name: string; engine: Engine; vectorSearch: boolean };
const backends: Backend[] = [];
for (const engine of engines) {
  backends.push({ name: `${engine}, exact search`, engine, vectorSearch: false });
  if (engine === 'pglite' || (await serverHasPgvector()))
    backends.push({ name: `${engine}, pgvector HNSW`, engine, vectorSearch: true });
}

/** A random direction in 128 dimensions, as float32 like the stored real[]. */
function randomUnitVector(): number[] {
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - Math.random())) * Math.cos(2 * Math.PI * Math.random());
  const v = Array.from({ length: DIMENSIONS }, gaussian);
  const norm = Math.hypot(...v);
  return v.map((x) => Math.fround(x / norm));
}

function moved(v: number[], distance: number): number[] {
  const direction = randomUnitVector();
  return v.map((x, i) => Math.fround(x + direction[i]! * distance));
}

function euclidean(a: number[], b: number[]): number {
  return Math.sqrt(a.reduce((sum, x, i) => sum + (x - b[i]!) ** 2, 0));
}

type Template = { verificationId: string; embedding: number[] };

/** Brute force over the templates in JS: the ground truth both search methods are held to. */
function trueNearest(templates: Template[], probe: number[], excludeId: string) {
  let best: { verificationId: string; distance: number } | null = null;
  for (const t of templates) {
    if (t.verificationId === excludeId) continue;
    const distance = euclidean(t.embedding, probe);
    if (!best || distance < best.distance) best = { verificationId: t.verificationId, distance };
  }
  return best;
}

describe.each(backends)('FaceStore contract on $name', (backend) => {
  let database: DatabaseHandle;
  let close: () => Promise<void>;
  let faces: FaceStore;
  let apiKeyId: number;
  const templates: Template[] = [];

  beforeAll(async () => {
    ({ database, close } = await openMigratedDatabase(backend.engine));
    if (backend.vectorSearch) expect(await database.hasVector()).toBe(true);
    faces = createFaceStore(database.db, backend.vectorSearch);
    apiKeyId = await insertApiKey(database);
  });
  afterAll(async () => close());

  it('finds nothing in an empty store', async () => {
    expect(await faces.nearest(randomUnitVector(), crypto.randomUUID())).toBeNull();
    expect(await faces.nearestListed(randomUnitVector())).toBeNull();
  });

  it('remembers templates in the decision transaction', async () => {
    const transact = createTransactor(database.db, { vectorSearch: backend.vectorSearch });
    await transact(async (tx) => {
      for (let i = 0; i < TEMPLATES; i += 1) {
        const template = { verificationId: crypto.randomUUID(), embedding: randomUnitVector() };
        await tx.verifications.insert({
          id: template.verificationId,
          apiKeyId,
          externalRef: `face-${i}`,
          metadata: {},
          createdAt: T0,
          expiresAt: addSeconds(T0, 3600),
        });
        await tx.faces.remember({
          ...template,
          apiKeyId,
          identity: i === 0 ? { name: 'JANE DOE', dob: '1990-01-31' } : null,
          at: T0,
        });
        templates.push(template);
      }
    });
    const first = templates[0]!;
    expect(await faces.nearest(first.embedding, crypto.randomUUID())).toEqual({
      verificationId: first.verificationId,
      apiKeyId,
      distance: expect.closeTo(0, 5),
      identity: { name: 'JANE DOE', dob: '1990-01-31' },
    });
  });

  it('returns the true nearest template for near duplicates and for random faces', async () => {
    expect(templates).toHaveLength(TEMPLATES);
    for (let i = 0; i < PROBES; i += 1) {
      const source = templates[(i * 7) % TEMPLATES]!;
      // Half re-presented faces (a small move from a stored one), half strangers.
      const probe = i % 2 === 0 ? moved(source.embedding, 0.1) : randomUnitVector();
      const expected = trueNearest(templates, probe, 'no-exclusion')!;
      if (i % 2 === 0) expect(expected.verificationId).toBe(source.verificationId);
      const found = await faces.nearest(probe, crypto.randomUUID());
      expect(found?.verificationId).toBe(expected.verificationId);
      expect(found?.distance).toBeCloseTo(expected.distance, 4);
      expect(found?.apiKeyId).toBe(apiKeyId);
    }
  });

  it('never returns the verification it is asked to exclude', async () => {
    for (const source of templates.slice(0, 10)) {
      const found = await faces.nearest(source.embedding, source.verificationId);
      expect(found?.verificationId).toBe(
        trueNearest(templates, source.embedding, source.verificationId)!.verificationId,
      );
    }
  });

  if (backend.vectorSearch) {
    it('agrees with exact search on the same templates', async () => {
      const exact = createFaceStore(database.db, false);
      for (let i = 0; i < PROBES; i += 1) {
        const probe = i % 2 === 0 ? moved(templates[i]!.embedding, 0.2) : randomUnitVector();
        const exclude = i % 3 === 0 ? templates[i]!.verificationId : crypto.randomUUID();
        const [viaIndex, viaScan] = await Promise.all([
          faces.nearest(probe, exclude),
          exact.nearest(probe, exclude),
        ]);
        expect(viaIndex?.verificationId).toBe(viaScan?.verificationId);
        expect(viaIndex?.distance).toBeCloseTo(viaScan!.distance, 4);
      }
    });
  }

  it('compares templates only with templates of the same engine, blocklist included', async () => {
    const engine = 'onnx/another_recognizer+sha256.000000000000';
    const other = createFaceStore(database.db, backend.vectorSearch, undefined, engine);
    const source = templates[3]!;
    // The bundled engine's templates are invisible to another engine, however close.
    expect(await other.nearest(source.embedding, crypto.randomUUID())).toBeNull();
    const transact = createTransactor(database.db, {
      vectorSearch: backend.vectorSearch,
      templateEngine: engine,
    });
    const id = crypto.randomUUID();
    await transact(async (tx) => {
      await tx.verifications.insert({
        id,
        apiKeyId,
        externalRef: 'other engine',
        metadata: {},
        createdAt: T0,
        expiresAt: addSeconds(T0, 3600),
      });
      await tx.faces.remember({
        verificationId: id,
        apiKeyId,
        identity: null,
        embedding: source.embedding,
        at: T0,
      });
    });
    expect((await other.nearest(source.embedding, crypto.randomUUID()))?.verificationId).toBe(id);
    expect((await faces.nearest(source.embedding, crypto.randomUUID()))?.verificationId).toBe(
      source.verificationId,
    );
    const operator = await insertApiKey(database, 'engine operator');
    const listed = await other.addListed({
      label: 'other engine',
      embedding: source.embedding,
      createdBy: operator,
      at: T0,
    });
    expect((await other.nearestListed(source.embedding))?.id).toBe(listed.id);
    expect((await faces.nearestListed(source.embedding))?.id).not.toBe(listed.id);
    await other.removeListed(listed.id, T0);
  });

  it('finds a remembered frame hash within 20 bits wherever the bits changed, under any key, and nothing farther', async () => {
    const randomHash = () =>
      Array.from(crypto.randomBytes(32), (byte) => byte.toString(2).padStart(8, '0')).join('');
    const flipped = (hash: string, positions: number[]) => {
      const bits = hash.split('');
      for (const at of positions) bits[at] = bits[at] === '1' ? '0' : '1';
      return bits.join('');
    };
    const stored = Array.from({ length: 8 }, randomHash);
    const earlier = crypto.randomUUID();
    const transact = createTransactor(database.db, { vectorSearch: backend.vectorSearch });
    await transact(async (tx) => {
      await tx.verifications.insert({
        id: earlier,
        apiKeyId,
        externalRef: 'frames',
        metadata: {},
        createdAt: T0,
        expiresAt: addSeconds(T0, 3600),
      });
      await tx.faces.rememberFrames({ verificationId: earlier, apiKeyId, hashes: stored, at: T0 });
    });
    // 20 changed bits spread so that every one of the index's 11 bands has one or two of them (the
    // hardest case for the band index), 20 bits in one run, and 22 spread bits (too far).
    const spread20 = Array.from({ length: 20 }, (_, i) => Math.floor(i * 12.8));
    const probes = [
      flipped(stored[0]!, spread20),
      flipped(
        stored[1]!,
        Array.from({ length: 20 }, (_, i) => 100 + i),
      ),
      flipped(
        stored[2]!,
        Array.from({ length: 22 }, (_, i) => Math.floor(i * 11.6)),
      ),
      randomHash(),
      stored[4]!,
    ];
    const seen = (exclude: string) =>
      faces.seenFrames({ excludeVerificationId: exclude, hashes: probes, maxDistance: 20 });
    expect(await seen(crypto.randomUUID())).toEqual([0, 1, 4]);
    expect(await seen(earlier)).toEqual([]);
  });

  describe('blocklist', () => {
    it('adds, lists in insertion order, matches by distance, and removes once', async () => {
      const operator = await insertApiKey(database, 'operator');
      const fraudster = randomUnitVector();
      const other = randomUnitVector();
      const first = await faces.addListed({
        label: 'chargeback ring',
        embedding: fraudster,
        createdBy: operator,
        at: T0,
      });
      const second = await faces.addListed({ label: 'other', embedding: other, createdBy: operator, at: T0 });
      expect(first).toEqual({ id: expect.any(Number), label: 'chargeback ring', created_at: T0 });
      expect(await faces.listListed()).toEqual([first, second]);

      const probe = moved(fraudster, 0.05);
      expect(await faces.nearestListed(probe)).toEqual({
        id: first.id,
        label: 'chargeback ring',
        distance: expect.closeTo(euclidean(fraudster, probe), 4),
      });

      expect(await faces.removeListed(first.id, addSeconds(T0, 60))).toBe(true);
      expect(await faces.removeListed(first.id, addSeconds(T0, 120))).toBe(false);
      expect(await faces.removeListed(first.id + 1000, T0)).toBe(false);
      expect(await faces.listListed()).toEqual([second]);
      expect((await faces.nearestListed(probe))?.id).toBe(second.id);
      expect(await faces.removeListed(second.id, T0)).toBe(true);
      expect(await faces.nearestListed(probe)).toBeNull();
    });
  });
});
