import { ApiError, bodyMessage, NetworkError } from '../../../shared/api/http';

/**
 * A call's failure as the buyer's pages word it, for every buyer call (buyer-api.ts, offers-api.ts).
 * A file of its own: the offers' part (offers-api.ts) needs only this, not step 1 and 2's calls.
 */

/** What went wrong, as the pages need it: the server answered, the network failed, or neither. */
export type FailureKind = 'api' | 'network' | 'unexpected';

export interface CallFailure {
  success: false;
  kind: FailureKind;
  /** The server's own text (Russian), when its answer had one. */
  error?: string;
  status?: number;
  /** The field the server blames, e.g. sms_code_input. */
  field?: string;
  /** From a 429's Retry-After header. */
  retryAfterSeconds?: number;
}

export type CallResult<T> = { success: true; data: T } | CallFailure;

function parseRetryAfter(headers: Headers): number | undefined {
  const raw = headers.get('retry-after');
  if (raw === null) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds > 0) return Math.ceil(seconds);
  const date = Date.parse(raw);
  if (Number.isNaN(date)) return undefined;
  return Math.max(1, Math.ceil((date - Date.now()) / 1000));
}

export function toFailure(error: unknown): CallFailure {
  if (error instanceof ApiError) {
    return {
      success: false,
      kind: 'api',
      error: bodyMessage(error.body),
      status: error.status,
      field: error.field,
      retryAfterSeconds: error.status === 429 ? parseRetryAfter(error.headers) : undefined,
    };
  }
  if (error instanceof NetworkError) return { success: false, kind: 'network' };
  return { success: false, kind: 'unexpected' };
}
