import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IIN_TABLE } from '../../../src/core/documents/aamva/iin-table.js';
import { sharedDataPath } from '../../helpers/shared-data.js';

describe('IIN table', () => {
  it('equals iin.csv, from which it was generated (the product does not read the test data)', () => {
    const [header, ...rows] = fs
      .readFileSync(sharedDataPath('aamva', 'iin.csv'), 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(header).toBe('iin,code,jurisdiction,country');
    const fromCsv = Object.fromEntries(
      rows.map((row) => {
        const [iin, code, name, country] = row.split(',') as [string, string, string, string];
        return [iin, { code: code === '' ? null : code, name, country }];
      }),
    );
    expect(IIN_TABLE).toEqual(fromCsv);
  });
});
