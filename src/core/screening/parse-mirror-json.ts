import { addWallet } from './remarks.js';
import type { ParsedSdnList, SdnEntityType, SdnEntry } from './sdn-model.js';

type MirrorEntry = {
  uid?: unknown;
  name?: unknown;
  type?: unknown;
  programs?: unknown;
  alternateNames?: unknown;
};
type MirrorWallet = { address?: unknown; entity_id?: unknown; ofac_tickers?: unknown };

function strings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    : [];
}

function entityTypeOf(type: unknown): SdnEntityType {
  return type === 'individual' || type === 'vessel' || type === 'aircraft' ? type : 'entity';
}

/** True for the third-party SDN mirror (`{published, entries: [{uid, name, type, programs, alternateNames}]}`). */
export function isMirrorSdnJson(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && Array.isArray((value as { entries?: unknown }).entries)
  );
}

/** True for the third-party wallet mirror (`{addresses: [{address, entity_id, ofac_tickers}]}`). */
export function isMirrorWalletJson(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && Array.isArray((value as { addresses?: unknown }).addresses)
  );
}

/**
 * Third-party JSON mirrors of the SDN list (an SDN.CSV + ALT.CSV rebuild, and a wallet list parsed
 * from sdn_advanced.xml). Supported as a secondary input only: they carry no remarks, so no dates of
 * birth or nationalities, and they are not OFAC's own publication. The product default stays OFAC's
 * SDN.XML; these serve offline installs and tests on a recent, larger list.
 */
export function parseMirrorJson(sdnJson: unknown, walletJson?: unknown): ParsedSdnList {
  if (!isMirrorSdnJson(sdnJson)) throw new Error('not an SDN mirror JSON: no entries array');
  const root = sdnJson as { published?: unknown; entries: MirrorEntry[] };
  const entries: SdnEntry[] = [];
  const byUid = new Map<number, SdnEntry>();
  for (const raw of root.entries) {
    const uid = Number(raw.uid);
    if (!Number.isInteger(uid) || typeof raw.name !== 'string' || raw.name.trim() === '') continue;
    const entry: SdnEntry = {
      uid,
      name: raw.name.trim(),
      type: entityTypeOf(raw.type),
      programs: strings(raw.programs),
      aliases: strings(raw.alternateNames).map((name) => ({ name, kind: 'aka', strength: 'strong' })),
      datesOfBirth: [],
      nationalities: [],
      wallets: [],
      addresses: [],
    };
    entries.push(entry);
    byUid.set(uid, entry);
  }
  if (walletJson !== undefined) {
    if (!isMirrorWalletJson(walletJson)) throw new Error('not a wallet mirror JSON: no addresses array');
    for (const raw of (walletJson as { addresses: MirrorWallet[] }).addresses) {
      const entry = byUid.get(Number(raw.entity_id));
      if (!entry || typeof raw.address !== 'string') continue;
      for (const ticker of strings(raw.ofac_tickers))
        addWallet(entry.wallets, ticker.toUpperCase(), raw.address);
    }
  }
  const published = typeof root.published === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(root.published);
  return { format: 'mirror-json', publishedAt: published ? (root.published as string) : null, entries };
}
