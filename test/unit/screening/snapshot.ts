import fs from 'node:fs';
import { loadSanctionsList } from '../../../src/adapters/sanctions-source/load-sanctions-list.js';
import type { SdnList } from '../../../src/core/screening/sdn-model.js';
import { sharedDataPath } from '../../helpers/shared-data.js';

/** OFAC's own CSV set of 2023-12-28 (sdn.csv, alt.csv, add.csv, sdn_comments.csv). */
export const CSV_SNAPSHOT_DIR = sharedDataPath('sanctions', 'ofac-csv-2023-12-28');
/** The third-party JSON mirrors of 2026-08 (names, aliases, wallets; no remarks). */
export const MIRROR_SNAPSHOT_DIR = sharedDataPath('sanctions', 'current-2026-08');

export async function loadSnapshot(folder: string): Promise<SdnList> {
  return (await loadSanctionsList({ kind: 'file', path: folder }, { dataDir: '/nonexistent' })).list;
}

export type EvalRow = {
  kind: 'name' | 'wallet';
  query: { name?: string; dateOfBirth?: string; address?: string };
  expected: 'match' | 'possible' | 'none';
  must_flag: boolean;
  expected_uid: number | null;
  acceptable_uids: number[];
  variant: string;
  id: string;
};

export function readEvalDev(): EvalRow[] {
  return fs
    .readFileSync(sharedDataPath('sanctions', 'eval-dev.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as EvalRow);
}
