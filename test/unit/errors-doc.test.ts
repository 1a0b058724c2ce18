import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/core/errors.js';
import { REASON_CODES } from '../../src/core/verifications/reason-codes.js';

const doc = fs.readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');

function tableRows(heading: string): string[][] {
  const section = doc.split(/^## /m).find((s) => s.startsWith(heading)) ?? '';
  return section
    .split('\n')
    .filter((line) => /^\| `/.test(line))
    .map((line) =>
      line
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((cell) => cell.trim().replace(/\\\|/g, '|')),
    );
}

describe('docs/errors.md stays in step with the code', () => {
  it('lists every error code with its status and message, and nothing else', () => {
    const rows = tableRows('Error codes');
    const documented = new Map(
      rows.map(([code, status, message]) => [code!.replace(/`/g, ''), { status: Number(status), message }]),
    );
    expect([...documented.keys()].sort()).toEqual(Object.keys(ERRORS).sort());
    for (const [code, entry] of Object.entries(ERRORS)) {
      expect(documented.get(code), code).toEqual({ status: entry.status, message: entry.message });
    }
  });

  it('lists every decision reason code in the stable order, and nothing else', () => {
    const rows = tableRows('Decision reason codes');
    expect(rows.map(([code]) => code!.replace(/`/g, ''))).toEqual([...REASON_CODES]);
  });
});
