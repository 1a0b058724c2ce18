import crypto from 'node:crypto';
import { openDatabase, type DatabaseHandle } from '../../src/adapters/db/database.js';
import { migrate } from '../../src/adapters/db/migrator.js';
import { lendPglite } from './lent-databases.js';
import { createApiKeyStore } from '../../src/adapters/db/api-key-store.js';
import { hashSecret } from '../../src/core/api-keys/api-key.js';
import { createServerDatabase, engines, migratedSnapshot, type Engine } from './test-app.js';

export { engines, type Engine };

/**
 * A migrated, empty database on `engine` (a fresh server database for PostgreSQL), and its clean-up.
 * `connectAgain` gives a second client of the same database, as another process would have: its own
 * connection pool on PostgreSQL; on PGlite, which has one client per process, the same handle.
 */
export async function openMigratedDatabase(engine: Engine): Promise<{
  database: DatabaseHandle;
  connectAgain(): Promise<DatabaseHandle>;
  close(): Promise<void>;
}> {
  const server = engine === 'postgres' ? await createServerDatabase({ migrated: true }) : null;
  const database = server
    ? await openDatabase({ databaseUrl: server.url })
    : await lendPglite(migratedSnapshot);
  await migrate(database);
  const others: DatabaseHandle[] = [];
  return {
    database,
    async connectAgain() {
      if (!server) return database;
      const other = await openDatabase({ databaseUrl: server.url });
      others.push(other);
      return other;
    },
    async close() {
      for (const other of others) await other.close();
      await database.close();
      await server?.drop();
    },
  };
}

/** An API key row to own the rows a contract suite writes (foreign keys point at it). */
export async function insertApiKey(database: DatabaseHandle, label = 'contract'): Promise<number> {
  const secret = `svc_${crypto.randomBytes(32).toString('base64url')}`;
  const key = await createApiKeyStore(database.db).insert({
    label,
    scopes: ['*'],
    keyHash: hashSecret(secret),
    keyPrefix: secret.slice(0, 8),
    ownerKeyId: null,
  });
  if (!key) throw new Error('a key without an owner is never refused');
  return key.id;
}
