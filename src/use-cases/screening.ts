/**
 * Name and wallet screening for merchants and the keyless free lookup. A list
 * that is not loaded yet is `screening_unavailable` (503), never an empty answer that reads as clean.
 */
import { clientAddressBucket } from '../core/client-address.js';
import { ApiError } from '../core/errors.js';
import type { ScreeningListId } from '../core/screening/list-catalogue.js';
import type { NameQuery } from '../core/screening/screen-name.js';
import type { NameScreeningResult, WalletScreeningResult } from '../core/screening/screening-index.js';
import type { Metrics } from '../ports/metrics.js';
import type { RateLimiter } from '../ports/rate-limiter.js';
import type { ListStats, MultiListResult, SanctionsStats, ScreeningService } from '../ports/sanctions.js';

/** 30 lookups per client IP in a rolling 3600-second window. */
export const FREE_TIER_LIMIT = 30;
export const FREE_TIER_WINDOW_SECONDS = 3600;

export type ScreeningDeps = {
  sanctions: ScreeningService;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  metrics: Pick<Metrics, 'rateLimited'>;
};

function unavailableUnlessLoaded<T>(result: T | null): T {
  if (result === null) throw new ApiError('screening_unavailable');
  return result;
}

export function screenOfacName(deps: ScreeningDeps, query: NameQuery): NameScreeningResult {
  return unavailableUnlessLoaded(deps.sanctions.screenName(query));
}

export function screenWallet(deps: ScreeningDeps, address: string): WalletScreeningResult {
  return unavailableUnlessLoaded(deps.sanctions.screenWallet(address));
}

/** Against the requested lists, or every list the operator enabled (OFAC always among them). */
export function screenNameInLists(
  deps: ScreeningDeps,
  query: NameQuery,
  lists: readonly ScreeningListId[] | undefined,
): MultiListResult {
  return unavailableUnlessLoaded(deps.sanctions.screenNameInLists(query, lists));
}

export function ofacListStats(deps: ScreeningDeps): SanctionsStats {
  return deps.sanctions.stats();
}

export function enabledListStats(deps: ScreeningDeps): ListStats[] {
  return deps.sanctions.listStats();
}

export type FreeLookupAllowance = {
  limit: number;
  remaining: number;
  allowed: boolean;
  retryAfterSeconds: number;
};

/**
 * Counts one free lookup for the address. Every request counts, valid or not, and it is counted before
 * the body is read: a client cannot get free parsing work past its budget.
 */
export async function takeFreeLookup(
  deps: ScreeningDeps,
  clientAddress: string,
): Promise<FreeLookupAllowance> {
  const decision = await deps.rateLimiter.consume(`free:ofac:${clientAddressBucket(clientAddress)}`, {
    windowSeconds: FREE_TIER_WINDOW_SECONDS,
    max: FREE_TIER_LIMIT,
  });
  if (!decision.allowed) deps.metrics.rateLimited('free_tier');
  return {
    limit: FREE_TIER_LIMIT,
    remaining: decision.remaining,
    allowed: decision.allowed,
    retryAfterSeconds: decision.retryAfterSeconds,
  };
}
