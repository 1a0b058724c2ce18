import type { RequireScope } from '../http/route-context.js';
import { webhookRoutes } from '../http/routes/webhooks.js';
import type { Platform } from '../platform.js';
import { createWebhookDeliveryWorker } from '../worker/webhook-delivery-worker.js';
import type { Module } from './module.js';

/** Webhook endpoints (routes) and the delivery worker that posts the outbox's events to them. */
export function webhooksModule(platform: Platform, wiring: { requireScope: RequireScope }) {
  const { config, metrics, logger, stores } = platform;
  const worker = createWebhookDeliveryWorker({
    store: stores.webhooks,
    client: platform.webhookClient,
    metrics,
    logger,
    timeoutMs: config.webhookTimeoutMs,
    listen: platform.listenForWebhookWork,
  });
  const endpointDeps = {
    webhooks: stores.webhooks,
    metrics,
    checkHost: platform.webhookHostPolicy,
    kickDeliveries: () => worker.kick(),
    clock: platform.clock,
    audit: stores.accountAudit,
  };
  return {
    /** What the console's account endpoints (src/modules/members.ts) run on: the same store and worker. */
    endpointDeps,
    /** Wakes this process's delivery worker (a decision committed, a manual retry); a no-op where none runs. */
    kick: () => worker.kick(),
    async routes(app) {
      await app.register(webhookRoutes, {
        deps: endpointDeps,
        allowInsecure: config.webhookAllowInsecure,
        requireScope: wiring.requireScope,
      });
    },
    loops: [worker],
  } satisfies Module & Record<string, unknown>;
}
