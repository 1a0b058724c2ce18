import type { SdnEntry } from './sdn-model.js';

// Zero-width characters ride along when an address is copied from a web page.
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/g;
const HEX = /^0x[0-9a-f]+$/i;
// bech32/bech32m segwit addresses (BTC, LTC and their test networks); only a single-case string is valid.
const BECH32 = /^(?:bc|tb|bcrt|ltc|tltc)1[02-9ac-hj-np-z]{6,}$/i;
// Bitcoin Cash CashAddr, with or without its `bitcoincash:` prefix.
const CASHADDR = /^(?:bitcoincash:)?([qp][02-9ac-hj-np-z]{41})$/i;

function singleCase(value: string): boolean {
  return value === value.toLowerCase() || value === value.toUpperCase();
}

/**
 * The form two spellings of one address share, per its encoding: surrounding whitespace dropped;
 * `0x…` hex (EVM chains, listed in EIP-55 mixed case) lower-cased; bech32 and CashAddr, which are
 * case-insensitive when written in one case, lower-cased (CashAddr without its prefix). Everything
 * else (Base58: legacy XBT, TRX, LTC, XMR, DASH, ZEC…) is case-sensitive and kept as is, so one
 * changed character is a different address.
 */
export function normalizeWalletAddress(raw: string): string {
  const value = raw.replace(ZERO_WIDTH, '').trim();
  if (HEX.test(value)) return value.toLowerCase();
  if (BECH32.test(value) && singleCase(value)) return value.toLowerCase();
  const cash = CASHADDR.exec(value);
  if (cash && singleCase(value)) return cash[1]!.toLowerCase();
  return value;
}

export type WalletListing = { uid: number; name: string; currency: string; address: string };

export type WalletIndex = Map<string, WalletListing[]>;

export function buildWalletIndex(entries: readonly SdnEntry[]): WalletIndex {
  const index: WalletIndex = new Map();
  for (const entry of entries) {
    for (const wallet of entry.wallets) {
      const key = normalizeWalletAddress(wallet.address);
      const listing = {
        uid: entry.uid,
        name: entry.name,
        currency: wallet.currency,
        address: wallet.address,
      };
      const listings = index.get(key);
      if (!listings) index.set(key, [listing]);
      else if (!listings.some((l) => l.uid === listing.uid && l.currency === listing.currency))
        listings.push(listing);
    }
  }
  return index;
}

export type WalletScreening = { outcome: 'match' | 'no_match'; matches: WalletListing[] };

/** Exact look-up after normalisation: a wallet address is an identifier, never fuzzy-matched. */
export function screenWalletAgainstIndex(index: WalletIndex, address: string): WalletScreening {
  const matches = index.get(normalizeWalletAddress(address)) ?? [];
  return { outcome: matches.length > 0 ? 'match' : 'no_match', matches: matches.map((m) => ({ ...m })) };
}
