import { B2BPayConnectionError, errorFromResponse } from './errors.js';
import type {
  CancelOrderInput,
  DeliveryRetryInput,
  EventLog,
  ExportOrdersQuery,
  KeyRotated,
  KeyRotateInput,
  ListDeliveriesQuery,
  ListEventsQuery,
  ListOrdersQuery,
  ListWebhookEndpointsQuery,
  Order,
  OrderCreateInput,
  OrderList,
  ProductCreateInput,
  Refund,
  RefundCreateInput,
  RefundList,
  ShopSettings,
  ShopSettingsUpdateInput,
  StatusHistoryEntry,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointCreateInput,
  WebhookEndpointDeleted,
  WebhookEndpointList,
  WebhookEndpointSecretRotateInput,
  WebhookEndpointUpdateInput,
  WebhookHealth,
  WebhookResendInput,
  WebhookResendResult,
  WebhookTestInput,
} from './types.js';

export interface ClientOptions {
  /** The shop's secret key `sk_…` (server side only: it may do everything the shop area does). */
  apiKey: string;
  /** The B2BPay site, e.g. `https://pay.example.ru` (no `/api`). */
  baseUrl: string;
  /** Further attempts after a network error or a 429 (default 2; 0 turns retries off). */
  maxRetries?: number;
  /** One attempt's time limit in ms (default 30 000); running out counts as a network error. */
  timeoutMs?: number;
  /** The longest Retry-After honoured, in ms (default 60 000); a longer one is thrown as the 429. */
  maxRetryAfterMs?: number;
  /** Another fetch (tests, proxies); default the global one — Node ≥ 20 and browsers. */
  fetch?: typeof fetch;
  /** How to wait between attempts (tests pass one that records instead of waiting). */
  sleep?: (ms: number) => Promise<void>;
  /** New Idempotency-Key values (default crypto.randomUUID). */
  idempotencyKey?: () => string;
}

export interface RequestOptions {
  /** Your own Idempotency-Key (e.g. your order number) instead of a new random one. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
  /** The operation takes an Idempotency-Key: one is sent, the same on every attempt. */
  idempotent?: boolean;
  text?: boolean;
  options?: RequestOptions | undefined;
}

const defaultSleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));
/** 0.5 s, 1 s, 2 s … up to 8 s between attempts when the API gives no Retry-After. */
const backoff = (attempt: number) => Math.min(8000, 500 * 2 ** attempt);

function retryAfterMs(res: Response): number | undefined {
  const value = res.headers.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function queryString(query: Record<string, unknown> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, String(one));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

const segment = (id: string) => encodeURIComponent(id);

/**
 * Every item of a cursor list, page after page: `page(cursor)` asks for the page after the cursor (or,
 * `backwards`, before it); each page's items are yielded walking away from the cursor, and the walk
 * stops on an empty page or one without `has_more`.
 */
async function* walkPages<T>(
  page: (cursor: string | undefined) => Promise<{ items: T[]; has_more: boolean }>,
  idOf: (item: T) => string,
  backwards = false,
): AsyncGenerator<T> {
  let cursor: string | undefined;
  for (;;) {
    const { items, has_more } = await page(cursor);
    const walked = backwards ? [...items].reverse() : items;
    yield* walked;
    const next = walked.at(-1);
    if (next === undefined || !has_more) return;
    cursor = idOf(next);
  }
}

/**
 * The B2BPay API for a shop's server: one method per public operation, named as its operationId in
 * the OpenAPI document. Network errors and 429 are retried (429 after its Retry-After) — network
 * errors only where a repeat is safe: reads, PUTs, and POSTs that carry an Idempotency-Key, which
 * the client adds itself and keeps the same across the attempts of one call.
 */
export class B2BPay {
  readonly #apiKey: string;
  readonly #baseUrl: string;
  readonly #maxRetries: number;
  readonly #timeoutMs: number;
  readonly #maxRetryAfterMs: number;
  readonly #fetch: typeof fetch;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #newKey: () => string;

  constructor(options: ClientOptions) {
    if (!options?.apiKey) throw new TypeError('B2BPay: apiKey is required (the shop secret key sk_…)');
    if (!options.baseUrl) throw new TypeError('B2BPay: baseUrl is required, e.g. https://pay.example.ru');
    this.#apiKey = options.apiKey;
    this.#baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.#maxRetries = options.maxRetries ?? 2;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
    this.#fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.#sleep = options.sleep ?? defaultSleep;
    this.#newKey = options.idempotencyKey ?? (() => globalThis.crypto.randomUUID());
  }

  // Orders
  createOrder(input: OrderCreateInput, options?: RequestOptions): Promise<Order> {
    return this.#call({ method: 'POST', path: '/api/order/orders', body: input, idempotent: true, options });
  }
  getOrder(orderId: string, options?: RequestOptions): Promise<Order> {
    return this.#call({ method: 'GET', path: `/api/order/orders/${segment(orderId)}`, options });
  }
  listOrders(query: ListOrdersQuery = {}, options?: RequestOptions): Promise<OrderList> {
    return this.#call({ method: 'GET', path: '/api/order/orders', query, options });
  }
  /**
   * Every page of `listOrders` in turn, order by order: newest first (cursor `starting_after`), or,
   * given `ending_before`, every order newer than that one, nearest it first (as Stripe's backward
   * auto-pagination: each page is walked from its end, the next is the one before its first item).
   */
  listAllOrders(query: Omit<ListOrdersQuery, 'page' | 'starting_after'> = {}): AsyncGenerator<Order> {
    const backwards = query.ending_before !== undefined;
    const name = backwards ? 'ending_before' : 'starting_after';
    return walkPages(
      (cursor) => this.listOrders({ ...query, ...(cursor ? { [name]: cursor } : {}) }),
      (order) => order.id,
      backwards,
    );
  }
  getOrderHistory(orderId: string, options?: RequestOptions): Promise<StatusHistoryEntry[]> {
    return this.#call({ method: 'GET', path: `/api/order/orders/${segment(orderId)}/history`, options });
  }
  replaceOrderProducts(
    orderId: string,
    products: ProductCreateInput[],
    options?: RequestOptions,
  ): Promise<Order> {
    const path = `/api/order/orders/${segment(orderId)}/products`;
    return this.#call({ method: 'PUT', path, body: products, options });
  }
  cancelOrder(orderId: string, input: CancelOrderInput = {}, options?: RequestOptions): Promise<Order> {
    const path = `/api/order/orders/${segment(orderId)}/cancel`;
    return this.#call({ method: 'POST', path, body: input, options });
  }
  createRefund(orderId: string, input: RefundCreateInput, options?: RequestOptions): Promise<Refund> {
    const path = `/api/order/orders/${segment(orderId)}/refunds`;
    return this.#call({ method: 'POST', path, body: input, idempotent: true, options });
  }
  listRefunds(orderId: string, options?: RequestOptions): Promise<RefundList> {
    return this.#call({ method: 'GET', path: `/api/order/orders/${segment(orderId)}/refunds`, options });
  }
  /** The orders as CSV text (UTF-8, the shop area's export). */
  exportOrdersCsv(query: ExportOrdersQuery = {}, options?: RequestOptions): Promise<string> {
    return this.#call({ method: 'GET', path: '/api/order/orders/export.csv', query, text: true, options });
  }

  // Event log: the events the webhooks carry, in commit order; page on with `after: last.event_id`.
  listEvents(query: ListEventsQuery = {}, options?: RequestOptions): Promise<EventLog> {
    return this.#call({ method: 'GET', path: '/api/order/events', query, options });
  }
  /** Every page of `listEvents` in turn (cursor `after`), event by event, oldest first. */
  listAllEvents(query: Omit<ListEventsQuery, 'after'> = {}): AsyncGenerator<EventLog['items'][number]> {
    return walkPages(
      (after) => this.listEvents({ ...query, ...(after ? { after } : {}) }),
      (event) => event.event_id,
    );
  }

  // Shop settings, keys and webhooks
  getShopSettings(options?: RequestOptions): Promise<ShopSettings> {
    return this.#call({ method: 'GET', path: '/api/shop/settings', options });
  }
  updateShopSettings(input: ShopSettingsUpdateInput, options?: RequestOptions): Promise<ShopSettings> {
    return this.#call({ method: 'PUT', path: '/api/shop/settings', body: input, options });
  }
  /** The new key is in this answer only. Not repeated after a network error (it would rotate twice). */
  rotateShopKey(input: KeyRotateInput, options?: RequestOptions): Promise<KeyRotated> {
    return this.#call({ method: 'POST', path: '/api/shop/keys/rotate', body: input, options });
  }
  sendTestWebhook(input: WebhookTestInput = {}, options?: RequestOptions): Promise<WebhookDelivery> {
    return this.#call({ method: 'POST', path: '/api/webhooks/test', body: input, options });
  }
  listWebhookDeliveries(
    query: ListDeliveriesQuery = {},
    options?: RequestOptions,
  ): Promise<WebhookDeliveryList> {
    return this.#call({ method: 'GET', path: '/api/webhooks/deliveries', query, options });
  }
  /** Every page of `listWebhookDeliveries` in turn (cursor `starting_after`), newest first. */
  listAllWebhookDeliveries(
    query: Omit<ListDeliveriesQuery, 'page' | 'starting_after'> = {},
  ): AsyncGenerator<WebhookDeliveryList['items'][number]> {
    return walkPages(
      (after) => this.listWebhookDeliveries({ ...query, ...(after ? { starting_after: after } : {}) }),
      (delivery) => delivery.id,
    );
  }
  retryWebhookDelivery(
    deliveryId: string,
    input: DeliveryRetryInput = {},
    options?: RequestOptions,
  ): Promise<WebhookDelivery> {
    const path = `/api/webhooks/deliveries/${segment(deliveryId)}/retry`;
    return this.#call({ method: 'POST', path, body: input, options });
  }
  /** A delivery waiting for its retry: the next attempt now (409 DELIVERY_NOT_WAITING otherwise). */
  sendWebhookDeliveryNow(deliveryId: string, options?: RequestOptions): Promise<WebhookDelivery> {
    const path = `/api/webhooks/deliveries/${segment(deliveryId)}/send-now`;
    return this.#call({ method: 'POST', path, options });
  }
  resendFailedWebhooks(input: WebhookResendInput, options?: RequestOptions): Promise<WebhookResendResult> {
    return this.#call({ method: 'POST', path: '/api/webhooks/deliveries/resend', body: input, options });
  }
  getWebhookHealth(options?: RequestOptions): Promise<WebhookHealth> {
    return this.#call({ method: 'GET', path: '/api/webhooks/health', options });
  }

  /**
   * Webhook endpoints: several addresses, each with its own `whsec_` secret (in the answers of
   * `create` and `rotateSecret` only) and its own `enabled_events`, in the key's mode (test or live).
   */
  readonly webhookEndpoints = {
    list: (query: ListWebhookEndpointsQuery = {}, options?: RequestOptions): Promise<WebhookEndpointList> =>
      this.#call({ method: 'GET', path: '/api/webhooks/endpoints', query, options }),
    /** Not repeated after a network error: a repeat would make a second endpoint. */
    create: (input: WebhookEndpointCreateInput, options?: RequestOptions): Promise<WebhookEndpoint> =>
      this.#call({ method: 'POST', path: '/api/webhooks/endpoints', body: input, options }),
    retrieve: (endpointId: string, options?: RequestOptions): Promise<WebhookEndpoint> =>
      this.#call({ method: 'GET', path: `/api/webhooks/endpoints/${segment(endpointId)}`, options }),
    update: (
      endpointId: string,
      input: WebhookEndpointUpdateInput,
      options?: RequestOptions,
    ): Promise<WebhookEndpoint> =>
      this.#call({
        method: 'PATCH',
        path: `/api/webhooks/endpoints/${segment(endpointId)}`,
        body: input,
        options,
      }),
    delete: (endpointId: string, options?: RequestOptions): Promise<WebhookEndpointDeleted> =>
      this.#call({ method: 'DELETE', path: `/api/webhooks/endpoints/${segment(endpointId)}`, options }),
    /** The new secret is in this answer only. Not repeated after a network error (it would rotate twice). */
    rotateSecret: (
      endpointId: string,
      input: WebhookEndpointSecretRotateInput = {},
      options?: RequestOptions,
    ): Promise<WebhookEndpoint> =>
      this.#call({
        method: 'POST',
        path: `/api/webhooks/endpoints/${segment(endpointId)}/secret/rotate`,
        body: input,
        options,
      }),
  };

  async #call<T>(call: Call): Promise<T> {
    const url = `${this.#baseUrl}${call.path}${queryString(call.query)}`;
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.#apiKey}`,
      accept: call.text ? 'text/csv' : 'application/json',
    };
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    if (call.idempotent) headers['idempotency-key'] = call.options?.idempotencyKey ?? this.#newKey();
    // A repeat after a lost answer is safe when the API cannot do the work twice.
    const repeatable = call.method !== 'POST' || call.idempotent === true;
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);

    for (let attempt = 0; ; attempt++) {
      const signals = [AbortSignal.timeout(this.#timeoutMs)];
      if (call.options?.signal) signals.push(call.options.signal);
      let res: Response;
      try {
        res = await this.#fetch(url, {
          method: call.method,
          headers,
          ...(body === undefined ? {} : { body }),
          signal: AbortSignal.any(signals),
        });
      } catch (error) {
        if (call.options?.signal?.aborted) throw error;
        if (repeatable && attempt < this.#maxRetries) {
          await this.#sleep(backoff(attempt));
          continue;
        }
        const reason = error instanceof Error ? error.message : String(error);
        throw new B2BPayConnectionError(`B2BPay: ${call.method} ${call.path}: ${reason}`, { cause: error });
      }
      if (res.ok) return (call.text ? await res.text() : await res.json()) as T;

      const wait = retryAfterMs(res);
      // A 429 did nothing: any call may be repeated, once the API's wait is over.
      if (res.status === 429 && attempt < this.#maxRetries && (wait ?? 0) <= this.#maxRetryAfterMs) {
        await res.body?.cancel();
        await this.#sleep(wait ?? backoff(attempt));
        continue;
      }
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON (a proxy's page): kept as text in the error's body.
      }
      throw errorFromResponse(
        res.status,
        parsed,
        res.headers.get('x-request-id') ?? undefined,
        wait === undefined ? undefined : wait / 1000,
      );
    }
  }
}
