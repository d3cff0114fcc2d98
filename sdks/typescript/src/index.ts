export { B2BPay, type ClientOptions, type RequestOptions } from './client.js';
export { B2BPayConnectionError, B2BPayError } from './errors.js';
export type { components, operations, paths, webhooks } from './schema.generated.js';
export type * from './types.js';
export {
  verifyWebhook,
  type WebhookHeaders,
  type WebhookPayload,
  type WebhookTestEvent,
  WebhookVerificationError,
} from './webhook.js';
