import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/adapters/db/database.js';
import { openDatabase } from '../../src/adapters/db/database.js';
import { migrate } from '../../src/adapters/db/migrator.js';
import { dumpSchema, schemaColumns, type DumpedColumn } from '../../src/adapters/db/schema-dump.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const schemaTypesFile = path.join(root, 'src/adapters/db/schema.ts');
const schemaDumpFile = path.join(root, 'src/adapters/db/schema.sql');
/**
 * Tables no query builder reaches: the PostgreSQL rate limiter's upserts compute the new bucket in
 * SQL (adapters/rate-limit/postgres-rate-limiter.ts), so they have no table type to keep in step.
 */
const SQL_ONLY_TABLES = ['rate_limit_buckets', 'rate_limit_hits'];

/** Each table type of schema.ts's `Database`: column name → whether its selected type admits null. */
function declaredTables(): Map<string, Map<string, boolean>> {
  const config = ts.readConfigFile(path.join(root, 'tsconfig.json'), (file) => ts.sys.readFile(file));
  const options = ts.parseJsonConfigFileContent(config.config, ts.sys, root).options;
  const program = ts.createProgram([schemaTypesFile], { ...options, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(schemaTypesFile)!;
  const database = source.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Database',
  )!;
  const tables = new Map<string, Map<string, boolean>>();
  for (const table of checker.getTypeAtLocation(database).getProperties()) {
    const tableType = checker.getTypeOfSymbolAtLocation(table, database);
    const columns = new Map<string, boolean>();
    for (const column of tableType.getProperties()) {
      const columnType = checker.getTypeOfSymbolAtLocation(column, database);
      // Kysely's ColumnType<Select, Insert, Update> carries what a query reads as `__select__`.
      const selected = columnType.getProperty('__select__');
      const readType = selected ? checker.getTypeOfSymbolAtLocation(selected, database) : columnType;
      const parts = readType.isUnion() ? readType.types : [readType];
      columns.set(
        column.name,
        // `unknown` admits null as well.
        parts.some((t) => (t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Unknown)) !== 0),
      );
    }
    tables.set(table.name, columns);
  }
  return tables;
}

describe('the schema dump (src/adapters/db/schema.sql)', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://', initialData: false });
    await migrate(database);
  }, 120_000);
  afterAll(() => database.close());

  it('is what the migrations make: `npm run schema:dump` regenerates it', async () => {
    expect(fs.readFileSync(schemaDumpFile, 'utf8')).toBe(await dumpSchema(database));
  });

  it("matches schema.ts's table types: every table, every column and its nullability", async () => {
    const dumped = new Map<string, DumpedColumn[]>();
    for (const c of await schemaColumns(database))
      if (!SQL_ONLY_TABLES.includes(c.table)) dumped.set(c.table, [...(dumped.get(c.table) ?? []), c]);
    const declared = declaredTables();
    expect([...declared.keys()].sort()).toEqual([...dumped.keys()].sort());
    const disagreements: string[] = [];
    for (const [table, columns] of dumped) {
      const types = declared.get(table)!;
      for (const c of columns) {
        if (!types.has(c.column)) disagreements.push(`${table}.${c.column} has no type`);
        else if (types.get(c.column) !== c.nullable)
          disagreements.push(`${table}.${c.column} is ${c.nullable ? '' : 'NOT '}NULL in the database`);
      }
      for (const name of types.keys())
        if (!columns.some((c) => c.column === name)) disagreements.push(`${table}.${name} is not a column`);
    }
    expect(disagreements).toEqual([]);
  }, 60_000);
});
