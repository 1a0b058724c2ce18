import crypto from 'node:crypto';
import pg from 'pg';

/**
 * A fresh database on the PostgreSQL server at `serverUrl`, for one benchmark run: its URL, and
 * `drop()` to remove it (closing any connection left open) when the run is over.
 */
export async function scratchDatabase(
  serverUrl: string,
  label: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `idv_bench_${label}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
