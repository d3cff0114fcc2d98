import { type ErrorCode, isOrderStatus, type OrderStatus } from '@b2bpay/domain';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  CSRF_FAILED: 403,
  LINK_EXPIRED: 410,
  SHOP_SUSPENDED: 403,
  LEAD_STATUS_CONFLICT: 409,
  ALREADY_MEMBER: 409,
  LAST_OWNER: 409,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  ORDER_STATUS_CONFLICT: 409,
  IDEMPOTENCY_KEY_IN_USE: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  REFUND_EXCEEDS_REMAINING: 409,
  DELIVERY_PENDING: 409,
  DELIVERY_NOT_WAITING: 409,
  ORDER_CHANGED: 409,
  DUPLICATE_EXTERNAL_ID: 409,
  OFFER_ALREADY_ACCEPTED: 409,
  OFFER_UNAVAILABLE: 409,
  DECISION_CONFLICT: 409,
  APPLICATION_CLOSED: 409,
  OFFER_NOT_ACCEPTED: 409,
  PAYMENT_AMOUNT_MISMATCH: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
};

/** The one error type of the API: a code, a Russian message for people, and optionally the field. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    options: {
      field?: string;
      status?: number;
      headers?: Record<string, string>;
      orderId?: string;
      orderStatus?: OrderStatus;
    } = {},
  ) {
    super(message);
    this.status = options.status ?? STATUS_BY_CODE[code];
    this.field = options.field;
    this.orderId = options.orderId;
    this.orderStatus = options.orderStatus;
    this.headers = options.headers ?? {};
  }
  readonly field: string | undefined;
  /** DUPLICATE_EXTERNAL_ID: the order that already has the external_id. */
  readonly orderId: string | undefined;
  /** ORDER_STATUS_CONFLICT: the status the order is in. */
  readonly orderStatus: OrderStatus | undefined;
  readonly headers: Record<string, string>;
}

export const validationError = (field: string | undefined, message: string) =>
  new AppError('VALIDATION_ERROR', message, { field });
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
/** The order's status does not allow the action: the status goes with the error, for clients to map. */
export const statusConflict = (message: string, orderStatus: string) =>
  new AppError('ORDER_STATUS_CONFLICT', message, isOrderStatus(orderStatus) ? { orderStatus } : {});
export const unauthorized = (message = 'Требуется ключ API магазина (Authorization: Bearer …)') =>
  new AppError('UNAUTHORIZED', message);
export const forbidden = (message: string) => new AppError('FORBIDDEN', message);

export const ORDER_NOT_FOUND = 'Заказ не найден';
/** A bank's application it may not see is answered as one that does not exist. */
export const APPLICATION_NOT_FOUND = 'Заявка не найдена';
