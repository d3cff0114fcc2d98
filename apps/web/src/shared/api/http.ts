/**
 * The one HTTP path of the web app (spec §8 "Client-side call handling"): 2xx is success; a status the
 * operation declares raises ApiError with the code, the body and the headers; any other status raises
 * 'Unknown API Status Code!'; network failure, time-out and abort have their own fixed messages.
 */
export const NETWORK_FAILED = 'Network request failed';
export const NETWORK_TIMEOUT = 'Network request timed out';
export const ABORTED = 'Aborted';
export const UNKNOWN_STATUS = 'Unknown API Status Code!';

/** The errors the public API documents (spec §8 table); operations add their own (409, 422). */
export const DOCUMENTED_ERRORS = [400, 401, 404, 429, 500] as const;

export const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * The headers a call without a key adds: the shop area on a cabinet session sets `get`
 * (session-credentials.ts) when it loads. Registered from there, so that the buyer's pages, which
 * share this file and never run on a session, do not carry that code.
 */
export const keylessHeaders: { get?: (method: string) => Record<string, string> } = {};

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    /** The body's error.code (e.g. NOT_FOUND), when the body has one. */
    readonly code: string | undefined,
    readonly body: unknown,
    readonly headers: Headers,
    /** The invalid field named by the server (e.g. products.0.price), when it names one. */
    readonly field?: string,
  ) {
    super(message);
  }
}

export type NetworkErrorKind = 'network' | 'timeout' | 'abort';

export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(readonly kind: NetworkErrorKind) {
    super(kind === 'timeout' ? NETWORK_TIMEOUT : kind === 'abort' ? ABORTED : NETWORK_FAILED);
  }
}

/** Raised before a call is made when a mandatory parameter is missing (spec §5). */
export class RequiredError extends Error {
  override readonly name = 'RequiredError';
  constructor(
    readonly api: string,
    readonly method: string,
    readonly field: string,
  ) {
    super(`Required parameter ${field} was null or undefined when calling ${api}.${method}.`);
  }
}

export function requireParam<T>(value: T | null | undefined, api: string, method: string, field: string): T {
  if (value === null || value === undefined || (typeof value === 'string' && value === '')) {
    throw new RequiredError(api, method, field);
  }
  return value;
}

export type QueryValue = string | number | readonly string[] | null | undefined;

export interface RequestOptions {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Bearer token for shop operations. */
  token?: string | null;
  signal?: AbortSignal;
  /** Statuses this operation declares; others become 'Unknown API Status Code!'. */
  errorStatuses: readonly number[];
  timeoutMs?: number;
  headers?: Record<string, string>;
}

export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, item);
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The one reader of an error body's text, for every caller (spec §8): the body's message, detail or
 * description — the body may be a JSON string — and otherwise the nested error object's message, as
 * the public API's error body has it.
 */
export function bodyMessage(body: unknown): string | undefined {
  let value = body;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return undefined;
    }
  }
  if (!isRecord(value)) return undefined;
  const nested = isRecord(value.error) ? value.error.message : undefined;
  return [value.message, value.detail, value.description, nested].find(
    (text): text is string => typeof text === 'string' && text.trim() !== '',
  );
}

export async function request<T>(options: RequestOptions): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', onAbort);

  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  else if (keylessHeaders.get) Object.assign(headers, keylessHeaders.get(options.method));

  let response: Response;
  try {
    response = await fetch(`${options.path}${buildQuery(options.query)}`, {
      method: options.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch {
    throw new NetworkError(timedOut ? 'timeout' : controller.signal.aborted ? 'abort' : 'network');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }

  let body: unknown;
  try {
    body = await readBody(response);
  } catch {
    throw new NetworkError(timedOut ? 'timeout' : controller.signal.aborted ? 'abort' : 'network');
  }
  if (response.status >= 200 && response.status < 300) return body as T;

  const declared = options.errorStatuses.includes(response.status);
  const code =
    isRecord(body) && isRecord(body.error) && typeof body.error.code === 'string'
      ? body.error.code
      : undefined;
  const field =
    isRecord(body) && isRecord(body.error) && typeof body.error.field === 'string'
      ? body.error.field
      : undefined;
  const message = declared ? (bodyMessage(body) ?? `HTTP ${response.status}`) : UNKNOWN_STATUS;
  throw new ApiError(message, response.status, code, body, response.headers, field);
}

/** Spec §8: a 404 is recognised by code, status, response status or a message mentioning it. */
export function isNotFoundError(error: unknown): boolean {
  if (!isRecord(error)) return false;
  if (error.code === 404 || error.code === 'NOT_FOUND' || error.status === 404) return true;
  if (isRecord(error.response) && error.response.status === 404) return true;
  const message = typeof error.message === 'string' ? error.message : '';
  return message.includes('404') || message.includes('Not Found') || message.includes('not found');
}

/** The server's message for an error, or undefined for network and unknown-status failures. */
export function serverMessage(error: unknown): string | undefined {
  if (error instanceof ApiError && error.message !== UNKNOWN_STATUS) return bodyMessage(error.body);
  return undefined;
}
