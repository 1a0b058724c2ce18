/**
 * An account's own webhook endpoints, managed by its admins in the console (docs/webhooks.md "Account
 * endpoints"). They receive the events of every verification of the account, whichever key created
 * it, through the same outbox, signing and delivery worker as the endpoints keys register; the same
 * SSRF rules apply to their URLs. Another account's endpoint or delivery is the same 404 as a missing one.
 * Adding and removing one are audited (host and events, never the path, which may carry a secret).
 */
import type { KeyMode } from '../../core/api-keys/api-key.js';
import type { AccountAudit } from '../../ports/account-audit.js';
import type { DeliveryWithAttempts, WebhookEndpoint } from '../../ports/webhooks.js';
import {
  listEndpointDeliveries,
  listWebhookEndpoints,
  registerWebhookEndpoint,
  removeWebhookEndpoint,
  retryWebhookDelivery,
  type WebhookEndpointDeps,
} from '../accounts/webhook-endpoints.js';
import { requireRole } from '../../core/actor.js';
import type { SignedInMember } from './team.js';

export type AccountWebhookDeps = WebhookEndpointDeps & { audit: AccountAudit };

const ownerOf = (admin: SignedInMember) => {
  requireRole(admin, 'admin');
  return { accountId: admin.accountId };
};

export function registerAccountEndpoint(
  deps: AccountWebhookDeps,
  admin: SignedInMember,
  input: { url: string; events: readonly string[]; mode: KeyMode },
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  return registerWebhookEndpoint(deps, { ...ownerOf(admin), mode: input.mode }, input, {
    trail: deps.audit,
    entry: (endpoint) => ({
      accountId: admin.accountId,
      event: 'webhook_endpoint.created',
      actor: { memberId: admin.id },
      detail: {
        endpoint_id: endpoint.id,
        host: new URL(endpoint.url).host,
        events: endpoint.events,
        mode: endpoint.mode,
      },
      at: deps.clock.now(),
    }),
  });
}

export function listAccountEndpoints(
  deps: WebhookEndpointDeps,
  admin: SignedInMember,
): Promise<WebhookEndpoint[]> {
  return listWebhookEndpoints(deps, ownerOf(admin));
}

export function removeAccountEndpoint(
  deps: AccountWebhookDeps,
  admin: SignedInMember,
  endpointId: number,
): Promise<void> {
  const owner = ownerOf(admin);
  return deps.audit.atomically(async () => {
    await removeWebhookEndpoint(deps, owner, endpointId);
    await deps.audit.record({
      accountId: admin.accountId,
      event: 'webhook_endpoint.removed',
      actor: { memberId: admin.id },
      detail: { endpoint_id: endpointId },
      at: deps.clock.now(),
    });
  });
}

export function listAccountEndpointDeliveries(
  deps: WebhookEndpointDeps,
  admin: SignedInMember,
  endpointId: number,
  page: { limit: number; beforeId: number | null },
): Promise<{ items: DeliveryWithAttempts[]; hasMore: boolean }> {
  return listEndpointDeliveries(deps, ownerOf(admin), endpointId, page);
}

export function retryAccountDelivery(
  deps: WebhookEndpointDeps,
  admin: SignedInMember,
  deliveryId: number,
): Promise<DeliveryWithAttempts> {
  return retryWebhookDelivery(deps, ownerOf(admin), deliveryId);
}
