/** The path of B2BPay's bank API under its base URL. */
export const BANK_API_PATH = '/api/bank/v1';

/** B2BPay answers within this or the call counts as failed (and is tried again). */
export const CALL_TIMEOUT_MS = 10_000;

export interface ApiCall {
  method: 'GET' | 'POST';
  /** Under /api/bank/v1, e.g. `/applications/<id>/decision`. */
  path: string;
  /** JSON body of a POST. */
  body?: object;
  /** Required on every POST: the same key for every try of one piece of work. */
  idempotencyKey?: string;
}

/** An answer that came back (any status); a network error or time-out throws instead. */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

/**
 * What to do about an answer: 2xx done; 409 done too — on a replayed call it means B2BPay already has
 * it (the same decision, a closed application), and trying again would not change that; 429 and 5xx
 * again later; any other 4xx is a mistake on one side or the other, logged and dropped.
 */
export function answerKind(status: number): 'ok' | 'conflict' | 'retry' | 'refused' {
  if (status >= 200 && status < 300) return 'ok';
  if (status === 409) return 'conflict';
  if (status === 429 || status >= 500) return 'retry';
  return 'refused';
}

/** One bank's client of B2BPay's bank API: its API key on every call, JSON both ways. */
export class BankApiClient {
  private readonly base: string;

  constructor(
    apiBaseUrl: string,
    private readonly apiKey: string,
    private readonly fetchImpl: typeof fetch,
  ) {
    this.base = `${apiBaseUrl.replace(/\/+$/, '')}${BANK_API_PATH}`;
  }

  async call({ method, path, body, idempotencyKey }: ApiCall): Promise<ApiAnswer> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.apiKey}`,
      accept: 'application/json',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
    const response = await this.fetchImpl(`${this.base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
    const text = await response.text();
    return { status: response.status, body: parseJson(text) };
  }
}

function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
