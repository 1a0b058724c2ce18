export {
  createClient,
  createSessionClient,
  IdvApiError,
  type ClientOptions,
  type IdvClient,
  type PathsFor,
  type RequestOptions,
} from './client.js';
export {
  DEFAULT_TOLERANCE_SECONDS,
  verifyWebhook,
  WebhookVerificationError,
  type WebhookEvent,
  type WebhookFailure,
} from './webhooks.js';
export type { paths } from './openapi.js';
