import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { Kysely, PGliteDialect, PostgresDialect, sql, type Transaction } from 'kysely';
import { ambientDatabase } from './ambient-transaction.js';
import pg from 'pg';
import type { Logger } from 'pino';
import { startChangeFeed } from '../jobs/pg-listener.js';
import { lockDataDirectory } from './data-dir-lock.js';
import { initialDataDirFor } from './initial-data-dir.js';
import { ensurePrivateDirectory, tightenTree } from '../private-files.js';
import type { ChangeFeed } from './read-cache.js';
import type { Database } from './schema.js';

export type DatabaseEngine = 'pglite' | 'postgres';

/** Raw access for migration scripts, which hold several statements and so bypass prepared queries. */
export type ScriptSession = {
  exec(script: string): Promise<void>;
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
};

export type DatabaseHandle = {
  /** Joins the ambient transaction of `inTransaction` where there is one (ambient-transaction.ts). */
  db: Kysely<Database>;
  /** Runs `work` in one transaction that every query through `db` made inside it joins. */
  inTransaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  engine: DatabaseEngine;
  /** Runs `fn` in one transaction on one connection, with multi-statement scripts allowed. */
  scriptTransaction<T>(fn: (session: ScriptSession) => Promise<T>): Promise<T>;
  /** Whether pgvector is installed in this database (decides between HNSW and exact face search). */
  hasVector(): Promise<boolean>;
  ping(): Promise<boolean>;
  /** Queries this handle has sent through the query builder since it opened (a count, never reset). */
  queryCount(): number;
  /** Notifications on `channel` (sent by triggers) as a feed for the in-process read caches. */
  changes(channel: string, logger: Logger): Promise<ChangeFeed & { stop(): Promise<void> }>;
  /** PGlite only: the data directory as a tarball, loadable again through `initialData`. */
  dump?(compression?: 'none' | 'gzip'): Promise<Blob>;
  close(): Promise<void>;
};

/**
 * PostgreSQL zeroes its whole buffer pool at start, and PGlite's default of 128 MB made the pool
 * alone 124 MB of the embedded process's memory before any query (measured: 430 MB resident with
 * PGlite open at 128 MB, 329 MB at 32 MB). Its files sit in the operating system's page cache
 * besides, so a pool a quarter the size costs a copy, not a disk read, when a page is not in it.
 */
const PGLITE_SHARED_BUFFERS = '32MB';

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
  /**
   * PGlite only: start from this dumped data directory (the tests load one migrated snapshot per file);
   * `false` creates the cluster instead of using the build's migrated one, for a database migrated
   * with other migration files than the running code's (the upgrade tests).
   */
  initialData?: Blob | false | undefined;
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
    const counted = queryCounter();
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: counted.log });
    const databaseUrl = options.databaseUrl;
    const changes = (channel: string, logger: Logger) => startChangeFeed(databaseUrl, channel, logger);
    return handle(db, counted, 'postgres', changes, async (fn) => {
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
  const onDisk = !dataDir.startsWith('memory://');
  let unlock = () => {};
  if (onDisk) {
    ensurePrivateDirectory(path.dirname(path.resolve(dataDir)));
    unlock = lockDataDirectory(dataDir);
    ensurePrivateDirectory(dataDir);
  }
  let pglite: PGlite;
  try {
    const initialData =
      options.initialData === false ? undefined : (options.initialData ?? initialDataDirFor(dataDir));
    pglite = await PGlite.create(dataDir, {
      extensions: { vector },
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
      ...(initialData ? { loadDataDir: initialData } : {}),
      parsers: { [INT8_OID]: (v: string) => Number(v), [NUMERIC_OID]: (v: string) => Number(v) },
    });
  } catch (error) {
    unlock();
    throw error;
  }
  if (onDisk) tightenTree(dataDir);
  const counted = queryCounter();
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }), log: counted.log });
  // This process is PGlite's only client: notifications arrive with the writing query's own result,
  // so the feed is always connected and never behind.
  const changes = async (channel: string) => {
    const handlers: Array<(payload: string | null) => void> = [];
    const unlisten = await pglite.listen(channel, (payload) =>
      handlers.forEach((handler) => handler(payload)),
    );
    return {
      connected: () => true,
      onChange: (handler: (payload: string | null) => void) => void handlers.push(handler),
      stop: async () => {
        if (!pglite.closed) await unlisten();
      },
    };
  };
  const opened = handle(db, counted, 'pglite', changes, (fn) =>
    pglite.transaction((tx) =>
      fn({
        exec: async (script) => void (await tx.exec(script)),
        query: async <Row>(text: string, params?: unknown[]) => (await tx.query<Row>(text, params)).rows,
      }),
    ),
  );
  return {
    ...opened,
    dump: (compression = 'none') => pglite.dumpDataDir(compression),
    async close() {
      await opened.close();
      if (onDisk) tightenTree(dataDir);
      unlock();
    },
  };
}

/**
 * Counts the queries a Kysely instance runs: its log hook is called once for each query executed,
 * succeeded or failed, so the count is what the check path's round trips are measured by.
 */
function queryCounter(): { log: () => void; count: () => number } {
  let queries = 0;
  return {
    log: () => {
      queries += 1;
    },
    count: () => queries,
  };
}

function handle(
  db: Kysely<Database>,
  counted: { count: () => number },
  engine: DatabaseEngine,
  changes: DatabaseHandle['changes'],
  scriptTransaction: DatabaseHandle['scriptTransaction'],
): DatabaseHandle {
  let vectorKnown: boolean | undefined;
  const ambient = ambientDatabase(db);
  return {
    db: ambient.db,
    inTransaction: ambient.inTransaction,
    engine,
    scriptTransaction,
    changes,
    async hasVector() {
      if (vectorKnown === undefined) {
        const { rows } = await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM pg_extension WHERE extname = 'vector'`.execute(db);
        vectorKnown = (rows[0]?.n ?? 0) > 0;
      }
      return vectorKnown;
    },
    queryCount: counted.count,
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
