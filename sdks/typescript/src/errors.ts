import type { ErrorBody, FieldError } from './types.js';

/**
 * An answer other than 2xx. `code`, `message`, `field`, `request_id` and `errors` are the API's
 * error object (`{ detail, error: { code, message, … }, errors }`); a body that is not one (a proxy's
 * HTML page, say) gives the code `HTTP_<status>` and the status line as its message.
 */
export class B2BPayError extends Error {
  override readonly name = 'B2BPayError';
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly request_id: string | undefined;
  readonly order_id: string | undefined;
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
    this.errors = parsed?.errors ?? [];
    this.retryAfter = retryAfter;
    this.body = body;
  }
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
