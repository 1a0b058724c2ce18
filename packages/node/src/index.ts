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
  checkWebhookSignature,
  DEFAULT_TOLERANCE_SECONDS,
  verifyWebhook,
  WebhookVerificationError,
  type SignatureCheck,
  type WebhookEvent,
  type WebhookFailure,
} from './webhooks.js';
export type { paths } from './openapi.js';
