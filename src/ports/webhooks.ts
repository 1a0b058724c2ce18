import type { KeyMode } from '../core/api-keys/api-key.js';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'cancelled';

/**
 * Who an endpoint belongs to, and so whose events it receives: an API key (the key's verifications,
 * those of POST /v1/webhooks) or an account (every verification of the account, of the endpoint's mode).
 */
export type EndpointOwner = { apiKeyId: number } | { accountId: number };

export type WebhookEndpoint = {
  id: number;
  api_key_id: number | null;
  account_id: number | null;
  url: string;
  events: string[];
  /** The owning key's mode: a test endpoint receives only test verifications' events. */
  mode: KeyMode;
  active: boolean;
  created_at: Date;
  deactivated_at: Date | null;
};

export type WebhookDelivery = {
  id: number;
  endpoint_id: number;
  event_id: string;
  event_type: string;
  verification_id: string | null;
  payload: string;
  status: DeliveryStatus;
  attempts: number;
  run_attempts: number;
  next_attempt_at: Date;
  lease_token: string | null;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
};

export type WebhookAttempt = {
  id: number;
  delivery_id: number;
  attempt: number;
  attempted_at: Date;
  status_code: number | null;
  latency_ms: number;
  error: string | null;
  response_excerpt: string | null;
};

export type DeliveryWithAttempts = WebhookDelivery & { attempt_log: WebhookAttempt[] };

/** A delivery leased to one worker: only the holder of `leaseToken` may record its attempts. */
export type ClaimedDelivery = {
  id: number;
  leaseToken: string;
  attempts: number;
  runAttempts: number;
  eventId: string;
  payload: string;
  url: string;
  /** Null when the endpoint's secret cannot be opened with any configured key. */
  secret: string | null;
};

export type AttemptRecord = {
  deliveryId: number;
  leaseToken: string;
  attempt: number;
  attemptedAt: Date;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  responseExcerpt: string | null;
  next: { status: 'delivered' | 'failed' } | { status: 'pending'; retryInMs: number };
};

/** Webhook endpoints (merchant CRUD) and the delivery queue the worker drains. */
export type FailingDeliveries = { count: number; since: Date };

export type WebhookStore = {
  /** A key's endpoint takes the key's mode; an account's endpoint is given its mode. */
  insertEndpoint(input: {
    owner: { apiKeyId: number } | { accountId: number; mode: KeyMode };
    url: string;
    events: string[];
    secret: string;
  }): Promise<WebhookEndpoint>;
  listActive(owner: EndpointOwner): Promise<WebhookEndpoint[]>;
  findActiveOwned(id: number, owner: EndpointOwner): Promise<WebhookEndpoint | undefined>;
  deactivate(id: number, owner: EndpointOwner): Promise<{ cancelled: number } | null>;
  /** Fans undispatched outbox events out to the endpoints subscribed to them; returns how many events. */
  dispatchEvents(limit: number): Promise<number>;
  claimDue(limit: number, leaseMs: number): Promise<ClaimedDelivery[]>;
  recordAttempts(records: AttemptRecord[]): Promise<Map<number, DeliveryStatus>>;
  listDeliveries(
    endpointId: number,
    page: { limit: number; beforeId: number | null },
  ): Promise<{ items: DeliveryWithAttempts[]; hasMore: boolean }>;
  findDeliveryOwned(deliveryId: number, owner: EndpointOwner): Promise<DeliveryWithAttempts | undefined>;
  retryDelivery(deliveryId: number): Promise<void>;
  /**
   * Sends the endpoint its owner's events of `[from, to)` again (only `types`, when given): missing
   * deliveries are made, failed or cancelled ones become pending with a fresh run; returns how many.
   */
  redeliver(endpoint: WebhookEndpoint, filter: { from: Date; to: Date; types?: string[] }): Promise<number>;
  resealSecrets(): Promise<{ resealed: number; unreadable: number[] }>;
  /**
   * Per endpoint, the deliveries that failed (every attempt spent) since its last delivered one, and
   * when the first of them failed: an endpoint whose receiver is down. Endpoints with none are absent.
   */
  failingDeliveries(endpointIds: readonly number[]): Promise<Map<number, FailingDeliveries>>;
};

export type PostResult = {
  /** Null when no response arrived (refused, unreachable, timed out before headers). */
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  responseExcerpt: string | null;
};

export type WebhookHttpClient = {
  post(url: string, body: string, headers: Record<string, string>): Promise<PostResult>;
  close(): void;
};
