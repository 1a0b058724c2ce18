/**
 * A merchant's webhook endpoints and their deliveries (docs/webhooks.md), for both doors. Each endpoint
 * belongs to the key that registered it (the API's endpoints) or to an account (those an admin registers
 * in the console, docs/webhooks.md "Account endpoints": they receive the events of every verification of
 * the account, whichever key created it, through the same outbox, signing and delivery worker, under the
 * same SSRF rules). A key reaches its own endpoints, an admin the account's; every read and change checks
 * the owner, and a foreign id is the same 404 as a missing one. An admin's adding and removing are
 * audited (host and events, never the path, which may carry a secret).
 */
import { ApiError, validationError } from '../../core/errors.js';
import { generateWebhookSecret } from '../../core/webhooks/secret-box.js';
import { addSeconds, type Clock } from '../../core/time.js';
import { EVENT_RETENTION_DAYS } from '../../core/webhooks/event-catalogue.js';
import { auditActorOf, requireAdministrator, type Actor } from '../../core/actor.js';
import type { AccountAudit } from '../../ports/account-audit.js';
import type { Metrics } from '../../ports/metrics.js';
import type { KeyMode } from '../../core/api-keys/api-key.js';
import type {
  DeliveryWithAttempts,
  EndpointOwner,
  FailingDeliveries,
  WebhookEndpoint,
  WebhookStore,
} from '../../ports/webhooks.js';

/** The only thing a client learns about a refused webhook host. */
export const WEBHOOK_HOST_REFUSED = 'url is not allowed: host is not publicly routable';

export type WebhookEndpointDeps = {
  webhooks: WebhookStore;
  metrics: Pick<Metrics, 'webhookDelivery'>;
  /** SSRF guard: null when the URL's host may be targeted, else why not (for the log only). */
  checkHost(hostname: string): Promise<string | null>;
  /** Wakes this process's delivery worker; a no-op where none runs. */
  kickDeliveries(): void;
  /** Where a refusal's reason goes: it names internal addresses, so never to the client. */
  logRefusal(refusal: string): void;
  clock: Clock;
  audit: AccountAudit;
};

/** A key's own endpoints, or the account's for its admin. */
function ownerFor(actor: Actor): EndpointOwner {
  requireAdministrator(actor);
  return actor.kind === 'key' ? { apiKeyId: actor.keyId } : { accountId: actor.accountId };
}

/**
 * Registers an endpoint; its signing secret is in the answer and nowhere else in plaintext. An account's
 * endpoint receives one mode's events, the one the admin picks (live unless given).
 */
export async function registerWebhookEndpoint(
  deps: WebhookEndpointDeps,
  actor: Actor,
  input: { url: string; events: readonly string[]; mode?: KeyMode | undefined },
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  requireAdministrator(actor);
  const refusal = await deps.checkHost(new URL(input.url).hostname);
  if (refusal) {
    // One message whether the name did not resolve or resolved inside: the reason would let any
    // webhooks:write key map the deployment's private DNS.
    deps.logRefusal(refusal);
    throw validationError([{ loc: ['body', 'url'], msg: WEBHOOK_HOST_REFUSED, type: 'url_not_allowed' }]);
  }
  const secret = generateWebhookSecret();
  const events = [...new Set(input.events)];
  if (actor.kind === 'key') {
    const endpoint = await deps.webhooks.insertEndpoint({
      owner: { apiKeyId: actor.keyId },
      url: input.url,
      events,
      secret,
    });
    return { endpoint, secret };
  }
  const endpoint = await deps.audit.atomically(async () => {
    const row = await deps.webhooks.insertEndpoint({
      owner: { accountId: actor.accountId, mode: input.mode ?? 'live' },
      url: input.url,
      events,
      secret,
    });
    await deps.audit.record({
      accountId: actor.accountId,
      event: 'webhook_endpoint.created',
      actor: auditActorOf(actor),
      detail: { endpoint_id: row.id, host: new URL(row.url).host, events: row.events, mode: row.mode },
      at: deps.clock.now(),
    });
    return row;
  });
  return { endpoint, secret };
}

export function listWebhookEndpoints(deps: WebhookEndpointDeps, actor: Actor): Promise<WebhookEndpoint[]> {
  return deps.webhooks.listActive(ownerFor(actor));
}

/**
 * The actor's endpoints, each with the deliveries that failed since its last delivered one: what the
 * console shows so a receiver that was down is noticed and its events sent again.
 */
export async function listWebhookEndpointsWithFailures(
  deps: WebhookEndpointDeps,
  actor: Actor,
): Promise<Array<{ endpoint: WebhookEndpoint; failing: FailingDeliveries | null }>> {
  const endpoints = await listWebhookEndpoints(deps, actor);
  const failing = await deps.webhooks.failingDeliveries(endpoints.map((e) => e.id));
  return endpoints.map((endpoint) => ({ endpoint, failing: failing.get(endpoint.id) ?? null }));
}

/** Deactivates the endpoint: deliveries stop and pending ones are cancelled. */
export async function removeWebhookEndpoint(
  deps: WebhookEndpointDeps,
  actor: Actor,
  endpointId: number,
): Promise<void> {
  const owner = ownerFor(actor);
  const deactivate = async () => {
    const result = await deps.webhooks.deactivate(endpointId, owner);
    if (!result) throw new ApiError('webhook_not_found');
    for (let i = 0; i < result.cancelled; i += 1) deps.metrics.webhookDelivery('cancelled');
  };
  if (actor.kind === 'key') return deactivate();
  return deps.audit.atomically(async () => {
    await deactivate();
    await deps.audit.record({
      accountId: actor.accountId,
      event: 'webhook_endpoint.removed',
      actor: auditActorOf(actor),
      detail: { endpoint_id: endpointId },
      at: deps.clock.now(),
    });
  });
}

export async function listEndpointDeliveries(
  deps: WebhookEndpointDeps,
  actor: Actor,
  endpointId: number,
  page: { limit: number; beforeId: number | null },
): Promise<{ items: DeliveryWithAttempts[]; hasMore: boolean }> {
  const endpoint = await deps.webhooks.findActiveOwned(endpointId, ownerFor(actor));
  if (!endpoint) throw new ApiError('webhook_not_found');
  return deps.webhooks.listDeliveries(endpoint.id, page);
}

/** Sends a delivery again with a fresh run of attempts, and answers its state after the reset. */
export async function retryWebhookDelivery(
  deps: WebhookEndpointDeps,
  actor: Actor,
  deliveryId: number,
): Promise<DeliveryWithAttempts> {
  const owner = ownerFor(actor);
  if (!(await deps.webhooks.findDeliveryOwned(deliveryId, owner))) throw new ApiError('delivery_not_found');
  await deps.webhooks.retryDelivery(deliveryId);
  deps.kickDeliveries();
  const delivery = await deps.webhooks.findDeliveryOwned(deliveryId, owner);
  if (!delivery) throw new ApiError('delivery_not_found');
  return delivery;
}

/**
 * Re-sends an endpoint the events of a time range (by default all that are kept, the last 30 days), of
 * some types only when given: for a receiver that was down or rejected them. Delivered ones are not sent
 * twice; the answer is how many deliveries were queued.
 */
export async function redeliverEvents(
  deps: WebhookEndpointDeps,
  actor: Actor,
  endpointId: number,
  filter: { from?: Date; to?: Date; types?: string[] },
): Promise<{ redelivered: number; from: Date; to: Date }> {
  const endpoint = await deps.webhooks.findActiveOwned(endpointId, ownerFor(actor));
  if (!endpoint) throw new ApiError('webhook_not_found');
  const now = deps.clock.now();
  const oldest = addSeconds(now, -EVENT_RETENTION_DAYS * 86_400);
  const from = filter.from && filter.from > oldest ? filter.from : oldest;
  const to = filter.to && filter.to < now ? filter.to : addSeconds(now, 1);
  const redelivered = await deps.webhooks.redeliver(endpoint, {
    from,
    to,
    ...(filter.types ? { types: filter.types } : {}),
  });
  if (redelivered > 0) deps.kickDeliveries();
  return { redelivered, from, to };
}
