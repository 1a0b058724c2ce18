import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type DatabaseEngine = 'pglite' | 'postgres';

/** Raw access for migration scripts, which hold several statements and so bypass prepared queries. */
export type ScriptSession = {
  exec(script: string): Promise<void>;
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
};

export type DatabaseHandle = {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  /** Runs `fn` in one transaction on one connection, with multi-statement scripts allowed. */
  scriptTransaction<T>(fn: (session: ScriptSession) => Promise<T>): Promise<T>;
  /** Whether pgvector is installed in this database (decides between HNSW and exact face search). */
  hasVector(): Promise<boolean>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * Opens PGlite (embedded PostgreSQL in WASM, files under `dataDir`, or in memory with `memory://`) or a
 * PostgreSQL server. Both return int8 and numeric as JS numbers so stores see identical rows.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir?: string;
  poolSize?: number;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      types: {
        getTypeParser: ((oid: number, format?: string) =>
          oid === INT8_OID || oid === NUMERIC_OID
            ? (v: string) => Number(v)
            : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
      },
    });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it and the next query reports any outage.
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return handle(db, 'postgres', async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          exec: async (script) => void (await client.query(script)),
          query: async <Row>(text: string, params?: unknown[]) =>
            (await client.query(text, params)).rows as Row[],
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    });
  }
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) fs.mkdirSync(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir, {
    extensions: { vector },
    parsers: { [INT8_OID]: (v: string) => Number(v), [NUMERIC_OID]: (v: string) => Number(v) },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return handle(db, 'pglite', (fn) =>
    pglite.transaction((tx) =>
      fn({
        exec: async (script) => void (await tx.exec(script)),
        query: async <Row>(text: string, params?: unknown[]) => (await tx.query<Row>(text, params)).rows,
      }),
    ),
  );
}

function handle(
  db: Kysely<Database>,
  engine: DatabaseEngine,
  scriptTransaction: DatabaseHandle['scriptTransaction'],
): DatabaseHandle {
  let vectorKnown: boolean | undefined;
  return {
    db,
    engine,
    scriptTransaction,
    async hasVector() {
      if (vectorKnown === undefined) {
        const { rows } = await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'vector'`.execute(db);
        vectorKnown = (rows[0]?.n ?? 0) > 0;
      }
      return vectorKnown;
    },
    async ping() {
      try {
        await sql`SELECT 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await db.destroy();
    },
  };
}
