import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { forbiddenAddressReason } from './address-policy.js';

export type ResolvedAddress = { address: string; family: number };

export type ResolveHost = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolve: ResolveHost = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

export type GuardVerdict = { ok: true; address: ResolvedAddress } | { ok: false; reason: string };

/** URL.hostname keeps the brackets of an IPv6 literal; resolvers want the bare address. */
export function bareHostname(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/**
 * Resolves `hostname` and refuses it when any of its addresses is not public: one private answer
 * among public ones is how DNS rebinding slips through, so the whole name is refused. The caller
 * connects to the returned address (see pinnedLookup), never resolving the name a second time.
 */
export async function checkWebhookHost(
  hostname: string,
  resolve: ResolveHost = systemResolve,
): Promise<GuardVerdict> {
  let addresses: ResolvedAddress[];
  try {
    addresses = await resolve(bareHostname(hostname));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, reason: `host ${hostname} could not be resolved${code ? ` (${code})` : ''}` };
  }
  if (addresses.length === 0) return { ok: false, reason: `host ${hostname} has no address` };
  for (const entry of addresses) {
    const reason = forbiddenAddressReason(entry.address);
    if (reason)
      return { ok: false, reason: `host ${hostname} resolves to a ${reason} address (${entry.address})` };
  }
  return { ok: true, address: addresses[0]! };
}

/**
 * A `lookup` for http(s).request that answers with the address already checked, so the connection
 * goes exactly where the guard looked (no second resolution an attacker's DNS could change).
 */
export function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      (callback as unknown as (err: null, addresses: ResolvedAddress[]) => void)(null, [pinned]);
    } else {
      callback(null, pinned.address, pinned.family);
    }
  };
}

/**
 * The creation-time check of an endpoint's host: null when allowed, otherwise why not. With
 * `allowInsecure` (WEBHOOK_ALLOW_INSECURE, tests and local development) the guard is off.
 */
export function createWebhookHostPolicy(options: {
  allowInsecure: boolean;
  resolve?: ResolveHost;
}): (hostname: string) => Promise<string | null> {
  if (options.allowInsecure) return async () => null;
  return async (hostname) => {
    const verdict = await checkWebhookHost(hostname, options.resolve);
    return verdict.ok ? null : verdict.reason;
  };
}
