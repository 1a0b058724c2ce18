import fs from 'node:fs';
import { sharedDataPath } from '../../helpers/shared-data.js';

/** The AAMVA test data (SHARED_DATA_DIR/aamva): synthetic records with expectations, copied fixtures. */

export type ExpectedDocument = {
  parse_ok: boolean;
  reason_codes: string[];
  jurisdiction: string | null;
  iin: string | null;
  country: string | null;
  aamva_version: number | null;
  jurisdiction_version: number | null;
  document_type: 'DL' | 'ID' | null;
  last_name: string | null;
  first_name: string | null;
  middle_name: string | null;
  dob: string | null;
  expiry: string | null;
  issue_date: string | null;
  sex: 'M' | 'F' | 'X' | null;
  license_number: string | null;
  missing_mandatory?: string[];
};

export type SyntheticRecord = {
  id: string;
  category: string;
  tags: string[];
  reference_date: string;
  payload: string;
  expected: ExpectedDocument;
  note?: string;
};

export type FixtureRecord = {
  file: string;
  source_repo: string;
  expected: ExpectedDocument;
};

function readJsonl<T>(name: string): T[] {
  return fs
    .readFileSync(sharedDataPath('aamva', name), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}

export function syntheticRecords(): SyntheticRecord[] {
  return readJsonl<SyntheticRecord>('synthetic-dev.jsonl');
}

export function fixtureRecords(): FixtureRecord[] {
  return readJsonl<FixtureRecord>('fixtures.jsonl');
}

/** Fixture payloads are stored byte for byte (`.txt`, read as Latin-1) or as JSON vectors with `expectedBytes`. */
export function fixturePayload(file: string): string {
  const bytes = fs.readFileSync(sharedDataPath('aamva', file));
  if (file.endsWith('.json'))
    return (JSON.parse(bytes.toString('utf8')) as { expectedBytes: string }).expectedBytes;
  return bytes.toString('latin1');
}

/** The reference date every fixture expectation was derived with (README §1). */
export const fixtureReferenceDate = '2026-11-01';
