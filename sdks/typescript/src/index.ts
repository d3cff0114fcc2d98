export { B2BPay, type ClientOptions, type RequestOptions } from './client.js';
export {
  B2BPayAlreadyMemberError,
  B2BPayConflictError,
  B2BPayConnectionError,
  B2BPayCsrfFailedError,
  B2BPayDeliveryNotWaitingError,
  B2BPayDeliveryPendingError,
  B2BPayDuplicateExternalIdError,
  B2BPayError,
  B2BPayForbiddenError,
  B2BPayIdempotencyKeyInUseError,
  B2BPayIdempotencyKeyReusedError,
  B2BPayInternalError,
  B2BPayLastOwnerError,
  B2BPayLinkExpiredError,
  B2BPayMethodNotAllowedError,
  B2BPayNotFoundError,
  B2BPayOrderChangedError,
  B2BPayOrderStatusConflictError,
  B2BPayPayloadTooLargeError,
  B2BPayRateLimitedError,
  B2BPayRefundExceedsRemainingError,
  B2BPayShopSuspendedError,
  B2BPayUnauthorizedError,
  B2BPayUnsupportedMediaTypeError,
  B2BPayValidationError,
  type ErrorCode,
} from './errors.js';
export type { components, operations, paths, webhooks } from './schema.generated.js';
export type * from './types.js';
export {
  verifyWebhook,
  type WebhookHeaders,
  type WebhookPayload,
  type WebhookTestEvent,
  WebhookVerificationError,
} from './webhook.js';
