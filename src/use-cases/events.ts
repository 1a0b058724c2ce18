import { addSeconds, type Clock } from '../core/time.js';
import { EVENT_RETENTION_DAYS } from '../core/webhooks/event-catalogue.js';
import type { EventLog, EventPageFilter, LoggedEvent } from '../ports/events.js';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type EventDeps = { events: EventLog; clock: Clock };

/** The oldest moment whose events are still kept. */
export function eventRetentionStart(now: Date): Date {
  return addSeconds(now, -EVENT_RETENTION_DAYS * 86_400);
}

/**
 * A key's events (the changes of the verifications it owns), newest first, of the last 30 days; another
 * key's events are never listed, and a cursor naming one gives an empty page. A page reads older events
 * from a cursor (`startingAfter`) or newer ones (`endingBefore`: how a receiver catches up).
 */
export function listEvents(
  deps: EventDeps,
  apiKeyId: number,
  filter: DistributiveOmit<EventPageFilter, 'since'>,
): Promise<{ items: LoggedEvent[]; hasMore: boolean }> {
  return deps.events.list(apiKeyId, { ...filter, since: eventRetentionStart(deps.clock.now()) });
}

/** Deletes events past their 30 days, with their deliveries; returns how many events. */
export function purgeOldEvents(deps: EventDeps): Promise<number> {
  return deps.events.purge(eventRetentionStart(deps.clock.now()));
}
