import type { Logger } from 'pino';
import type { Config } from '../../config.js';
import { WEBHOOK_WORK_CHANNEL } from '../db/webhook-store.js';
import { listenForNotifications } from '../jobs/pg-listener.js';
import { createWebhookHostPolicy } from './ssrf-guard.js';
import { createWebhookHttpClient } from './webhook-http-client.js';

/** What webhook delivery runs on: the outbound client, the SSRF guard, and cross-process wake-ups. */
export function openWebhookTransport(config: Config, logger: Logger) {
  return {
    webhookClient: createWebhookHttpClient({
      timeoutMs: config.webhookTimeoutMs,
      allowInsecure: config.webhookAllowInsecure,
      onHostRefused: (reason) => logger.warn({ reason }, 'webhook delivery refused by the address policy'),
    }),
    /** SSRF guard at endpoint creation: null when the URL's host may be targeted, else why not. */
    webhookHostPolicy: createWebhookHostPolicy({ allowInsecure: config.webhookAllowInsecure }),
    /** Wake-ups of the webhook worker from other processes (PostgreSQL LISTEN); none on PGlite's one process. */
    listenForWebhookWork: config.databaseUrl
      ? (onWork: () => void) =>
          listenForNotifications(config.databaseUrl!, WEBHOOK_WORK_CHANNEL, onWork, logger)
      : undefined,
  };
}
