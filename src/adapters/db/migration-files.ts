import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The migration files beside the running code: migrations/ in a checkout, dist/migrations in a build. */
export const defaultMigrationsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../migrations',
);

export type MigrationFile = { version: number; name: string; sql: string; checksum: string };

export function readMigrations(dir = defaultMigrationsDir): MigrationFile[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((file) => {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      return {
        version: Number(file.slice(0, 4)),
        name: file.replace(/\.sql$/, ''),
        sql: text,
        checksum: crypto.createHash('sha256').update(text).digest('hex'),
      };
    });
}
