import type { ErrorBody, FieldError } from './types.js';

/** Every `error.code` the API documents (its OpenAPI enum). */
export type ErrorCode = ErrorBody['error']['code'];

/**
 * An answer other than 2xx. `code`, `message`, `field`, `request_id` and `errors` are the API's
 * error object (`{ detail, error: { code, message, … }, errors }`); a body that is not one (a proxy's
 * HTML page, say) gives the code `HTTP_<status>` and the status line as its message.
 */
export class B2BPayError extends Error {
  override readonly name: string = 'B2BPayError';
  readonly status: number;
  /** One of ErrorCode, or `HTTP_<status>` when the body was not the API's. */
  readonly code: ErrorCode | `HTTP_${number}`;
  readonly field: string | undefined;
  readonly request_id: string | undefined;
  readonly order_id: string | undefined;
  /** ORDER_STATUS_CONFLICT: the status the order is in, which did not allow the action. */
  readonly order_status: ErrorBody['error']['order_status'];
  readonly errors: FieldError[];
  /** Seconds the API asked to wait (Retry-After), when it did. */
  readonly retryAfter: number | undefined;
  readonly body: unknown;

  constructor(status: number, body: unknown, requestId?: string, retryAfter?: number) {
    const parsed = isErrorBody(body) ? body : undefined;
    super(parsed?.error.message ?? `HTTP ${status}`);
    this.status = status;
    this.code = parsed?.error.code ?? `HTTP_${status}`;
    this.field = parsed?.error.field;
    this.request_id = parsed?.error.request_id ?? requestId;
    this.order_id = parsed?.error.order_id;
    this.order_status = parsed?.error.order_status;
    this.errors = parsed?.errors ?? [];
    this.retryAfter = retryAfter;
    this.body = body;
  }
}

/** 400 VALIDATION_ERROR: `field` and `errors` name what to fix. */
export class B2BPayValidationError extends B2BPayError {
  override readonly name = 'B2BPayValidationError';
}
/** 401 UNAUTHORIZED: no key, or one the API does not know (revoked, expired). */
export class B2BPayUnauthorizedError extends B2BPayError {
  override readonly name = 'B2BPayUnauthorizedError';
}
/** 403 FORBIDDEN: the key may not do this (a publishable key, a key in its grace period, a site not allowed). */
export class B2BPayForbiddenError extends B2BPayError {
  override readonly name: string = 'B2BPayForbiddenError';
}
/** 403 CSRF_FAILED: a personal-cabinet request made with its cookie, without its X-CSRF-Token (keys never get it). */
export class B2BPayCsrfFailedError extends B2BPayError {
  override readonly name = 'B2BPayCsrfFailedError';
}
/** 403 SHOP_SUSPENDED: B2BPay has suspended the shop; its keys work again once it is resumed. */
export class B2BPayShopSuspendedError extends B2BPayForbiddenError {
  override readonly name = 'B2BPayShopSuspendedError';
}
/** 404 NOT_FOUND: no such object for this shop. */
export class B2BPayNotFoundError extends B2BPayError {
  override readonly name = 'B2BPayNotFoundError';
}
/** 405 METHOD_NOT_ALLOWED. */
export class B2BPayMethodNotAllowedError extends B2BPayError {
  override readonly name = 'B2BPayMethodNotAllowedError';
}
/** The request conflicts with the state of things (409, or 422 for a reused Idempotency-Key); each cause has its class below. */
export class B2BPayConflictError extends B2BPayError {
  override readonly name: string = 'B2BPayConflictError';
}
/** 409 ORDER_STATUS_CONFLICT: the order's status (`order_status`) does not allow the action. */
export class B2BPayOrderStatusConflictError extends B2BPayConflictError {
  override readonly name = 'B2BPayOrderStatusConflictError';
}
/** 409 IDEMPOTENCY_KEY_IN_USE: a request with this Idempotency-Key is still running; retry with the same key. */
export class B2BPayIdempotencyKeyInUseError extends B2BPayConflictError {
  override readonly name = 'B2BPayIdempotencyKeyInUseError';
}
/** 422 IDEMPOTENCY_KEY_REUSED: the Idempotency-Key was used with another body. */
export class B2BPayIdempotencyKeyReusedError extends B2BPayConflictError {
  override readonly name = 'B2BPayIdempotencyKeyReusedError';
}
/** 409 REFUND_EXCEEDS_REMAINING: more than is left to return on the order. */
export class B2BPayRefundExceedsRemainingError extends B2BPayConflictError {
  override readonly name = 'B2BPayRefundExceedsRemainingError';
}
/** 409 ALREADY_MEMBER: the invited address is already in the shop's team. */
export class B2BPayAlreadyMemberError extends B2BPayConflictError {
  override readonly name = 'B2BPayAlreadyMemberError';
}
/** 409 LAST_OWNER: the shop's last owner can neither leave nor be demoted. */
export class B2BPayLastOwnerError extends B2BPayConflictError {
  override readonly name = 'B2BPayLastOwnerError';
}
/** 409 DELIVERY_PENDING: the webhook delivery is still waiting to be sent. */
export class B2BPayDeliveryPendingError extends B2BPayConflictError {
  override readonly name = 'B2BPayDeliveryPendingError';
}
/** 409 DELIVERY_NOT_WAITING: «send now» of a webhook delivery that is not waiting for a retry. */
export class B2BPayDeliveryNotWaitingError extends B2BPayConflictError {
  override readonly name = 'B2BPayDeliveryNotWaitingError';
}
/** 410 LINK_EXPIRED: a personal-cabinet link (confirmation, reset, invitation) used or past its end. */
export class B2BPayLinkExpiredError extends B2BPayError {
  override readonly name = 'B2BPayLinkExpiredError';
}
/** 409 ORDER_CHANGED: the order's products changed since it was read. */
export class B2BPayOrderChangedError extends B2BPayError {
  override readonly name = 'B2BPayOrderChangedError';
}
/** 409 DUPLICATE_EXTERNAL_ID: `order_id` names the shop's existing order with that external_id. */
export class B2BPayDuplicateExternalIdError extends B2BPayError {
  override readonly name = 'B2BPayDuplicateExternalIdError';
}
/** 413 PAYLOAD_TOO_LARGE. */
export class B2BPayPayloadTooLargeError extends B2BPayError {
  override readonly name = 'B2BPayPayloadTooLargeError';
}
/** 415 UNSUPPORTED_MEDIA_TYPE. */
export class B2BPayUnsupportedMediaTypeError extends B2BPayError {
  override readonly name = 'B2BPayUnsupportedMediaTypeError';
}
/** 429 RATE_LIMITED: `retryAfter` says how many seconds to wait (the client already waited its retries). */
export class B2BPayRateLimitedError extends B2BPayError {
  override readonly name = 'B2BPayRateLimitedError';
}
/** 5xx INTERNAL_ERROR: try again later; `request_id` is what support asks for. */
export class B2BPayInternalError extends B2BPayError {
  override readonly name = 'B2BPayInternalError';
}

type ErrorClass = new (status: number, body: unknown, requestId?: string, retryAfter?: number) => B2BPayError;
/**
 * One class per code: a code the API adds fails the type check here until it has its class. The
 * codes of the buyer's offer signing and of the partner banks' API share the document's error enum
 * but never answer a shop's key, so they take the general class of their status rather than one each.
 */
const ERROR_CLASSES: Record<ErrorCode, ErrorClass> = {
  VALIDATION_ERROR: B2BPayValidationError,
  UNAUTHORIZED: B2BPayUnauthorizedError,
  FORBIDDEN: B2BPayForbiddenError,
  CSRF_FAILED: B2BPayCsrfFailedError,
  NOT_FOUND: B2BPayNotFoundError,
  METHOD_NOT_ALLOWED: B2BPayMethodNotAllowedError,
  ORDER_STATUS_CONFLICT: B2BPayOrderStatusConflictError,
  IDEMPOTENCY_KEY_IN_USE: B2BPayIdempotencyKeyInUseError,
  IDEMPOTENCY_KEY_REUSED: B2BPayIdempotencyKeyReusedError,
  REFUND_EXCEEDS_REMAINING: B2BPayRefundExceedsRemainingError,
  DELIVERY_PENDING: B2BPayDeliveryPendingError,
  DELIVERY_NOT_WAITING: B2BPayDeliveryNotWaitingError,
  LEAD_STATUS_CONFLICT: B2BPayConflictError,
  SHOP_SUSPENDED: B2BPayShopSuspendedError,
  LINK_EXPIRED: B2BPayLinkExpiredError,
  ALREADY_MEMBER: B2BPayAlreadyMemberError,
  LAST_OWNER: B2BPayLastOwnerError,
  ORDER_CHANGED: B2BPayOrderChangedError,
  DUPLICATE_EXTERNAL_ID: B2BPayDuplicateExternalIdError,
  OFFER_ALREADY_ACCEPTED: B2BPayConflictError,
  OFFER_UNAVAILABLE: B2BPayConflictError,
  DECISION_CONFLICT: B2BPayConflictError,
  APPLICATION_CLOSED: B2BPayConflictError,
  OFFER_NOT_ACCEPTED: B2BPayConflictError,
  PAYMENT_AMOUNT_MISMATCH: B2BPayValidationError,
  PAYLOAD_TOO_LARGE: B2BPayPayloadTooLargeError,
  UNSUPPORTED_MEDIA_TYPE: B2BPayUnsupportedMediaTypeError,
  RATE_LIMITED: B2BPayRateLimitedError,
  INTERNAL_ERROR: B2BPayInternalError,
};

/** The error for an answer other than 2xx: the class of its code, else B2BPayError itself. */
export function errorFromResponse(status: number, body: unknown, requestId?: string, retryAfter?: number) {
  const code = isErrorBody(body) ? body.error.code : undefined;
  const ErrorOfCode: ErrorClass =
    (code && Object.hasOwn(ERROR_CLASSES, code) && ERROR_CLASSES[code]) || B2BPayError;
  return new ErrorOfCode(status, body, requestId, retryAfter);
}

/** The request never got an answer (connection refused or dropped, time limit), retries included. */
export class B2BPayConnectionError extends Error {
  override readonly name = 'B2BPayConnectionError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

function isErrorBody(body: unknown): body is ErrorBody {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}
