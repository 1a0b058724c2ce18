import crypto from 'node:crypto';
import { openDatabase, type DatabaseHandle } from '../../src/adapters/db/database.js';
import { migrate } from '../../src/adapters/db/migrator.js';
import { createApiKeyStore } from '../../src/adapters/db/api-key-store.js';
import { hashSecret } from '../../src/core/api-keys/api-key.js';
import { createServerDatabase, engines, type Engine } from './test-app.js';

export { engines, type Engine };

/** A migrated, empty database on `engine` (a fresh server database for PostgreSQL), and its clean-up. */
export async function openMigratedDatabase(
  engine: Engine,
): Promise<{ database: DatabaseHandle; close(): Promise<void> }> {
  const server = engine === 'postgres' ? await createServerDatabase() : null;
  const database = await openDatabase({ databaseUrl: server?.url, dataDir: 'memory://' });
  await migrate(database);
  return {
    database,
    async close() {
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
  return key.id;
}
