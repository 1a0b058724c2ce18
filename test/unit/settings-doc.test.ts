import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { environmentSchema } from '../../src/config.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SETTINGS_DOC = 'docs/self-hosting.md';

/**
 * Every row of the settings tables in docs/self-hosting.md (tables whose first column is
 * `variable`): the variables a row names (one row may name two, set together) and its default cell.
 */
function documentedSettings(): Map<string, string> {
  const settings = new Map<string, string>();
  let inSettingsTable = false;
  for (const line of fs.readFileSync(path.join(repoRoot, SETTINGS_DOC), 'utf8').split('\n')) {
    if (!line.startsWith('|')) {
      inSettingsTable = false;
      continue;
    }
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (cells[0] === 'variable') {
      inSettingsTable = true;
      continue;
    }
    if (!inSettingsTable || /^-+$/.test(cells[0]!)) continue;
    for (const [, name] of cells[0]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) {
      expect(settings.has(name!), `${name} is listed twice`).toBe(false);
      settings.set(name!, cells[1]!);
    }
  }
  return settings;
}

const schemaSettings = Object.entries(environmentSchema.shape);

describe(`the settings in ${SETTINGS_DOC} match the schema in src/config.ts`, () => {
  const documented = documentedSettings();

  it('lists exactly the variables the schema reads', () => {
    expect([...documented.keys()].sort()).toEqual(schemaSettings.map(([name]) => name).sort());
  });

  it('gives each default the schema applies, as the schema has it', () => {
    for (const [name, field] of schemaSettings) {
      const cell = documented.get(name);
      if (field instanceof z.ZodDefault) {
        expect([name, cell]).toEqual([name, `\`${String(field.def.defaultValue)}\``]);
      } else {
        // No schema default: the cell says what happens instead (unset, derived, generated).
        expect([name, cell?.length ?? 0]).not.toEqual([name, 0]);
      }
    }
  });

  it('every setting carries a one-line description in the schema', () => {
    for (const [name, field] of schemaSettings) {
      expect([name, field.description]).toEqual([name, expect.stringMatching(/^[^\n]{10,120}\.$/)]);
    }
  });
});
