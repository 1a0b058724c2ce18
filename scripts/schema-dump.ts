/**
 * Writes src/adapters/db/schema.sql: the schema of an embedded database migrated to the latest
 * migration, sorted. Run after adding a migration (`npm run schema:dump`); a test fails while the
 * committed file is stale.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/adapters/db/database.js';
import { migrate } from '../src/adapters/db/migrator.js';
import { dumpSchema } from '../src/adapters/db/schema-dump.js';

export const schemaDumpFile = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/adapters/db/schema.sql',
);

const database = await openDatabase({ dataDir: 'memory://', initialData: false });
try {
  await migrate(database);
  fs.writeFileSync(schemaDumpFile, await dumpSchema(database));
  console.log(`wrote ${path.relative(process.cwd(), schemaDumpFile)}`);
} finally {
  await database.close();
}
