import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeWalletAddress } from '../../../src/core/screening/screen-wallet.js';
import {
  buildScreeningIndex,
  screenWallet,
  type ScreeningIndex,
} from '../../../src/core/screening/screening-index.js';
import { CSV_SNAPSHOT_DIR, loadSnapshot, MIRROR_SNAPSHOT_DIR, readEvalDev } from './snapshot.js';

describe('wallet address normalisation', () => {
  it('trims surrounding whitespace and drops zero-width characters', () => {
    expect(normalizeWalletAddress('  1B64QRxfaa35MVkf7sDjuGUYAP5izQt7Qi\n')).toBe(
      '1B64QRxfaa35MVkf7sDjuGUYAP5izQt7Qi',
    );
    expect(normalizeWalletAddress('\u200b1B64QRxfaa35MVkf7sDjuGUYAP5izQt7Qi')).toBe(
      '1B64QRxfaa35MVkf7sDjuGUYAP5izQt7Qi',
    );
  });

  it('compares 0x hex addresses case-insensitively (EIP-55 mixed case is still one address)', () => {
    expect(normalizeWalletAddress('0x3AD9dB589d201A710Ed237c829c7860Ba86510Fc')).toBe(
      normalizeWalletAddress('0X3AD9DB589D201A710ED237C829C7860BA86510FC'),
    );
  });

  it('keeps Base58 case-sensitive', () => {
    expect(normalizeWalletAddress('TX5GV4DyfxNB3rPkzZJhmqZ1efVmL4rEqG')).not.toBe(
      normalizeWalletAddress('tx5gv4dyfxnb3rpkzzjhmqz1efvml4reqg'),
    );
  });

  it('lower-cases single-case bech32 and CashAddr, and drops the CashAddr prefix', () => {
    expect(normalizeWalletAddress('BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ')).toBe(
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    );
    expect(normalizeWalletAddress('bitcoincash:qpf2cphc5dkuclkqur7lhj2yuqq9pk3hmukle77vhq')).toBe(
      'qpf2cphc5dkuclkqur7lhj2yuqq9pk3hmukle77vhq',
    );
    // Mixed case is not valid bech32: left as typed, so it matches nothing.
    expect(normalizeWalletAddress('bc1QAR0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')).toBe(
      'bc1QAR0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    );
  });
});

describe('wallet screening on the snapshots', () => {
  let csv: ScreeningIndex;
  let mirror: ScreeningIndex;
  beforeAll(async () => {
    csv = buildScreeningIndex(await loadSnapshot(CSV_SNAPSHOT_DIR));
    mirror = buildScreeningIndex(await loadSnapshot(MIRROR_SNAPSHOT_DIR));
  });

  it('matches a listed address with its entry and currency, in the documented shape', () => {
    expect(screenWallet(csv, '0x3ad9db589d201a710ed237c829c7860ba86510fc')).toEqual({
      outcome: 'match',
      list_version: csv.listVersion,
      matches: [
        {
          uid: 38665,
          name: expect.any(String) as string,
          currency: 'ETH',
          address: '0x3AD9dB589d201A710Ed237c829c7860Ba86510Fc',
        },
      ],
    });
  });

  it('does not match one changed character', () => {
    expect(screenWallet(csv, '1B64QRxfaa35MVkf7sDjuGUYAP5izQt7Qj').outcome).toBe('no_match');
    expect(screenWallet(csv, '1B64QRxfaa35MVkf7sDjuGUYAP5izQt7Qi').outcome).toBe('match');
  });

  it('answers every wallet row of eval-dev.jsonl as labelled, on both snapshots', () => {
    const rows = readEvalDev().filter((r) => r.kind === 'wallet');
    expect(rows).toHaveLength(35);
    for (const index of [csv, mirror]) {
      for (const row of rows) {
        const result = screenWallet(index, row.query.address!);
        expect(result.outcome, `${row.id} ${row.variant}`).toBe(
          row.expected === 'match' ? 'match' : 'no_match',
        );
        if (row.must_flag) expect(result.matches.map((m) => m.uid)).toContain(row.expected_uid);
      }
    }
  });
});
