/**
 * An account's own webhook endpoints, managed by its admins in the console (docs/webhooks.md "Account
 * endpoints"). They receive the events of every verification of the account, whichever key created
 * it, through the same outbox, signing and delivery worker as the endpoints keys register; the same
 * SSRF rules apply to their URLs. Another account's endpoint or delivery is the same 404 as a missing one.
 */
import type { KeyMode } from '../../core/api-keys/api-key.js';
import type { DeliveryWithAttempts, WebhookEndpoint } from '../../ports/webhooks.js';
import {
  listEndpointDeliveries,
  listWebhookEndpoints,
  registerWebhookEndpoint,
  removeWebhookEndpoint,
  retryWebhookDelivery,
  type WebhookEndpointDeps,
} from '../accounts/webhook-endpoints.js';
import { requireRole, type SignedInMember } from './team.js';

const ownerOf = (admin: SignedInMember) => {
  requireRole(admin, 'admin');
  return { accountId: admin.accountId };
};

export function registerAccountEndpoint(
  deps: WebhookEndpointDeps,
  admin: SignedInMember,
  input: { url: string; events: readonly string[]; mode: KeyMode },
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  return registerWebhookEndpoint(deps, { ...ownerOf(admin), mode: input.mode }, input);
}

export function listAccountEndpoints(
  deps: WebhookEndpointDeps,
  admin: SignedInMember,
): Promise<WebhookEndpoint[]> {
  return listWebhookEndpoints(deps, ownerOf(admin));
}

export function removeAccountEndpoint(
  deps: WebhookEndpointDeps,
  admin: SignedInMember,
  endpointId: number,
): Promise<void> {
  return removeWebhookEndpoint(deps, ownerOf(admin), endpointId);
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
