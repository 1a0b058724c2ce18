/** Every event the service emits. The catalogue may grow; `*` subscribes to all of it. */
/**
 * Every change of a verification's state (docs/api.md, Events), in the order a verification can meet them.
 * Beyond the base `verification.decided`: `created`, `processing` (submitted, its checks queued),
 * `reviewed` (a reviewer settled a verification decided `review`), `expired` (undecided past expires_at),
 * `canceled` (the merchant ended it while open) and `redacted` (its personal data was erased,
 * docs/privacy.md). Then the watch kept on the people verified and the names merchants monitor
 * (docs/screening.md): `screening.match` (a list update matches one) and `screening.match_removed`
 * (the entry that matched left its list).
 */
export const WEBHOOK_EVENT_TYPES = [
  'verification.created',
  'verification.processing',
  'verification.decided',
  'verification.reviewed',
  'verification.expired',
  'verification.canceled',
  'verification.redacted',
  'screening.match',
  'screening.match_removed',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WILDCARD_SUBSCRIPTION = '*';

/** How long events are kept and listed by GET /v1/events (and so how far back they can be re-sent). */
export const EVENT_RETENTION_DAYS = 30;

export function isKnownEventType(name: string): name is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly string[]).includes(name);
}

/** An endpoint receives an event when it names the event exactly or subscribes with `*`. */
export function subscribesTo(subscribed: readonly string[], eventType: string): boolean {
  return subscribed.includes(WILDCARD_SUBSCRIPTION) || subscribed.includes(eventType);
}

/**
 * Checks an `events` list as given to POST /v1/webhooks: known names, or `["*"]` alone. Returns the
 * problems by index (empty when valid) so the route can report them in the 422 error shape.
 */
export function subscriptionProblems(
  events: readonly string[],
): Array<{ index: number | null; message: string }> {
  if (events.length === 0) return [{ index: null, message: 'at least one event name, or "*", is required' }];
  const problems: Array<{ index: number | null; message: string }> = [];
  const wildcard = events.includes(WILDCARD_SUBSCRIPTION);
  events.forEach((name, index) => {
    if (name === WILDCARD_SUBSCRIPTION) return;
    if (wildcard) {
      problems.push({ index, message: '"*" already subscribes to every event; give it alone' });
    } else if (!isKnownEventType(name)) {
      problems.push({
        index,
        message: `unknown event "${name}"; expected one of: ${[...WEBHOOK_EVENT_TYPES, WILDCARD_SUBSCRIPTION].join(', ')}`,
      });
    }
  });
  return problems;
}
