/**
 * Writes a migrated PGlite data directory (uncompressed tarball) to the path given as the only
 * argument. Run as its own process by test/helpers/migrated-databases.ts: a PGlite left behind in
 * Vitest's main process keeps it from exiting for the whole close timeout.
 */
import fs from 'node:fs';
import { openDatabase } from '../../src/adapters/db/database.js';
import { migrate } from '../../src/adapters/db/migrator.js';

const [output] = process.argv.slice(2);
if (!output) throw new Error('usage: make-migrated-snapshot.ts <output.tar>');
const pglite = await openDatabase({ dataDir: 'memory://', initialData: false });
await migrate(pglite);
fs.writeFileSync(output, Buffer.from(await (await pglite.dump!()).arrayBuffer()));
await pglite.close();
// PGlite's WebAssembly runtime leaves a 10-s timer behind after close (electric-sql/pglite#925).
process.exit(0);
