import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const doc = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

const sourceFiles = (folder: string) =>
  fs
    .readdirSync(path.join(root, 'src', folder))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `${folder}/${name}`);

/** A newcomer's map names every module and port, as the settings table names every setting. */
describe('docs/architecture.md', () => {
  it.each(['modules', 'ports'])('names every file of src/%s/', (folder) => {
    const unnamed = sourceFiles(folder).filter((file) => !doc.includes(`\`${file}\``));
    expect(unnamed).toEqual([]);
  });
});
