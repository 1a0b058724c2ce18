import { describe, expect, it } from 'vitest';
import { buildScreeningIndex, screenName } from '../../../src/core/screening/screening-index.js';
import { CSV_SNAPSHOT_DIR, loadSnapshot, MIRROR_SNAPSHOT_DIR, readEvalDev } from './snapshot.js';

/**
 * The whole developer split of the labelled screening set (263 must-flag names from 111 SDN uids, 97
 * clean names), in process. Recall counts `match` or `possible_match` on a must-flag query; the
 * false-positive rate counts either on a clean one.
 */
describe.each([
  ['2023-12-28 OFAC CSV set', CSV_SNAPSHOT_DIR],
  ['2026-08 mirror JSON', MIRROR_SNAPSHOT_DIR],
])('eval-dev.jsonl names against the %s', (_label, folder) => {
  it('reaches recall ≥ 0.98 and a false-positive rate ≤ 1%', async () => {
    const index = buildScreeningIndex(await loadSnapshot(folder));
    const rows = readEvalDev().filter((r) => r.kind === 'name');
    let mustFlag = 0;
    let flagged = 0;
    let uidHits = 0;
    let clean = 0;
    let falsePositives = 0;
    let strongExpected = 0;
    let strongGiven = 0;
    const misses: string[] = [];
    for (const row of rows) {
      const result = screenName(index, { name: row.query.name!, dob: row.query.dateOfBirth ?? null });
      const hit = result.outcome !== 'no_match';
      if (row.must_flag) {
        mustFlag += 1;
        if (hit) flagged += 1;
        else misses.push(`${row.id} ${row.variant}: ${row.query.name}`);
        if (result.matches.some((m) => row.acceptable_uids.includes(m.uid))) uidHits += 1;
        if (row.expected === 'match') {
          strongExpected += 1;
          if (result.outcome === 'match') strongGiven += 1;
        }
      } else {
        clean += 1;
        if (hit) {
          falsePositives += 1;
          misses.push(`${row.id} false positive: ${row.query.name} → ${result.matches[0]?.matched_name}`);
        }
      }
    }
    expect(mustFlag).toBe(263);
    expect(clean).toBe(97);
    expect(flagged / mustFlag, misses.join('\n')).toBeGreaterThanOrEqual(0.98);
    expect(falsePositives / clean, misses.join('\n')).toBeLessThanOrEqual(0.01);
    expect(uidHits / mustFlag).toBeGreaterThanOrEqual(0.98);
    expect(strongGiven / strongExpected).toBeGreaterThanOrEqual(0.95);
  });
});
