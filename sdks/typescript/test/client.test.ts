import { afterEach, describe, expect, it } from 'vitest';
import {
  B2BPay,
  B2BPayConflictError,
  B2BPayConnectionError,
  B2BPayDuplicateExternalIdError,
  B2BPayError,
  B2BPayForbiddenError,
  B2BPayNotFoundError,
  B2BPayOrderStatusConflictError,
  B2BPayRateLimitedError,
  B2BPayShopSuspendedError,
  B2BPayValidationError,
} from '../src/index';
import { type Reply, startScriptedServer } from './scripted-server';

/**
 * The client's own rules against a scripted local server: the Idempotency-Key it adds and keeps
 * across attempts, which failures it repeats (and after how long: the injected sleep records the
 * waits instead of waiting), and the errors it throws.
 */

const order = { id: '6c1f1a52-7c0e-4d8e-9a51-0a7f3c1e2b44', status: 'client_expected' };
const ok = (body: unknown = order): Reply => ({ status: 200, body: JSON.stringify(body) });
const limited = (seconds: string): Reply => ({
  status: 429,
  headers: { 'retry-after': seconds },
  body: JSON.stringify({
    detail: 'Слишком много запросов',
    error: { code: 'RATE_LIMITED', message: 'Слишком много запросов', request_id: 'r-429' },
  }),
});
const products = [{ name: 'Бумага', price: 350.1, quantity: 3 }];

let scripted: Awaited<ReturnType<typeof startScriptedServer>> | undefined;
afterEach(async () => {
  await scripted?.close();
  scripted = undefined;
});

async function clientFor(replies: Reply[], options: { maxRetries?: number; maxRetryAfterMs?: number } = {}) {
  scripted = await startScriptedServer(replies);
  const waits: number[] = [];
  const client = new B2BPay({
    apiKey: 'sk_test_key',
    baseUrl: `${scripted.url}/`,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });
  return { client, waits, seen: scripted.seen };
}

describe('@b2bpay/sdk client', () => {
  it('sends the key, JSON and a new Idempotency-Key, the same one on the attempt after a 429', async () => {
    const { client, waits, seen } = await clientFor([limited('3'), ok(), ok()]);
    await expect(client.createOrder({ products })).resolves.toEqual(order);
    expect(seen).toHaveLength(2);
    expect(waits).toEqual([3000]);
    const [first, second] = seen;
    expect(first?.method).toBe('POST');
    expect(first?.url).toBe('/api/order/orders');
    expect(first?.headers.authorization).toBe('Bearer sk_test_key');
    expect(first?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(first?.body ?? '')).toEqual({ products });
    expect(first?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.headers['idempotency-key']).toBe(first?.headers['idempotency-key']);

    await client.createOrder({ products });
    expect(seen[2]?.headers['idempotency-key']).not.toBe(first?.headers['idempotency-key']);
  });

  it('repeats a createOrder whose connection dropped with the same key, and takes the caller’s key', async () => {
    const { client, waits, seen } = await clientFor(['drop', ok()]);
    await client.createOrder({ products }, { idempotencyKey: 'cart-8841' });
    expect(seen.map((s) => s.headers['idempotency-key'])).toEqual(['cart-8841', 'cart-8841']);
    expect(waits).toEqual([500]);
  });

  it('repeats reads after network errors with a growing wait, then gives up with a connection error', async () => {
    const { client, waits, seen } = await clientFor(['drop', 'drop', ok()]);
    await expect(client.getOrder(order.id)).resolves.toEqual(order);
    expect(seen.map((s) => s.url)).toEqual(Array(3).fill(`/api/order/orders/${order.id}`));
    expect(seen[0]?.headers['idempotency-key']).toBeUndefined();
    expect(waits).toEqual([500, 1000]);

    const again = await clientFor(['drop', 'drop', 'drop'], { maxRetries: 2 });
    await expect(again.client.getOrder(order.id)).rejects.toBeInstanceOf(B2BPayConnectionError);
    expect(again.seen).toHaveLength(3);
  });

  it('does not repeat a POST without an Idempotency-Key after a lost answer, but does after a 429', async () => {
    const { client, seen } = await clientFor(['drop']);
    await expect(client.cancelOrder(order.id, { reason: 'Передумал' })).rejects.toBeInstanceOf(
      B2BPayConnectionError,
    );
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers['idempotency-key']).toBeUndefined();

    const limitedOnce = await clientFor([limited('1'), ok()]);
    await limitedOnce.client.cancelOrder(order.id);
    expect(limitedOnce.seen).toHaveLength(2);
    expect(limitedOnce.waits).toEqual([1000]);
  });

  it('throws the 429 once the retries are spent, or at once when Retry-After is longer than allowed', async () => {
    const spent = await clientFor([limited('1'), limited('1'), limited('1')], { maxRetries: 2 });
    const error = await spent.client.listOrders().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(B2BPayRateLimitedError);
    expect(error).toBeInstanceOf(B2BPayError);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfter: 1, request_id: 'r-429' });
    expect((error as Error).name).toBe('B2BPayRateLimitedError');
    expect(spent.seen).toHaveLength(3);

    const long = await clientFor([limited('120')], { maxRetryAfterMs: 60_000 });
    await expect(long.client.listOrders()).rejects.toMatchObject({ status: 429, retryAfter: 120 });
    expect(long.waits).toEqual([]);
  });

  it('throws the API error object with every field error, and a plain one for a non-JSON answer', async () => {
    const body = {
      detail: 'Введите количество',
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Введите количество',
        field: 'products.0.quantity',
        request_id: 'r-1',
      },
      errors: [
        { code: 'VALIDATION_ERROR', message: 'Введите количество', field: 'products.0.quantity' },
        { code: 'VALIDATION_ERROR', message: 'Неверный формат email', field: 'client.email' },
      ],
    };
    const { client, seen } = await clientFor([
      { status: 400, body: JSON.stringify(body) },
      { status: 502, headers: { 'content-type': 'text/html', 'x-request-id': 'r-proxy' }, body: '<h1>' },
    ]);
    const error = (await client.createOrder({ products }).catch((e: unknown) => e)) as B2BPayError;
    expect(error).toBeInstanceOf(B2BPayValidationError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'Введите количество',
      field: 'products.0.quantity',
      request_id: 'r-1',
      errors: body.errors,
    });
    const proxy = (await client.getOrder('x').catch((e: unknown) => e)) as B2BPayError;
    expect(proxy).toMatchObject({ status: 502, code: 'HTTP_502', request_id: 'r-proxy', body: '<h1>' });
    expect(proxy.constructor).toBe(B2BPayError);
    expect(seen).toHaveLength(2);
  });

  it('writes repeated query parameters, leaves out undefined ones and escapes path ids', async () => {
    const { client, seen } = await clientFor([ok({ items: [], count: 0, has_more: false }), ok('a;b')]);
    await client.listOrders({ status: ['client_expected', 'cancelled'], limit: 5, external_id: undefined });
    expect(seen[0]?.url).toBe('/api/order/orders?status=client_expected&status=cancelled&limit=5');
    await client.getOrder('a/b?c');
    expect(seen[1]?.url).toBe('/api/order/orders/a%2Fb%3Fc');
  });

  it('pages through every order with the starting_after cursor', async () => {
    const a = { ...order, id: 'a' };
    const b = { ...order, id: 'b' };
    const { client, seen } = await clientFor([
      ok({ items: [a], count: 2, has_more: true }),
      ok({ items: [b], count: 2, has_more: false }),
    ]);
    const ids: string[] = [];
    for await (const one of client.listAllOrders({ limit: 1 })) ids.push(one.id);
    expect(ids).toEqual(['a', 'b']);
    expect(seen.map((s) => s.url)).toEqual([
      '/api/order/orders?limit=1',
      '/api/order/orders?limit=1&starting_after=a',
    ]);
  });

  it('pages through every webhook delivery with the starting_after cursor', async () => {
    const delivery = (id: string) => ({ id, event_id: 'e', status: 'delivered' });
    const { client, seen } = await clientFor([
      ok({ items: [delivery('d1')], count: 2, has_more: true }),
      ok({ items: [delivery('d2')], count: 2, has_more: false }),
    ]);
    const ids: string[] = [];
    for await (const one of client.listAllWebhookDeliveries({ limit: 1 })) ids.push(one.id);
    expect(ids).toEqual(['d1', 'd2']);
    expect(seen.map((s) => s.url)).toEqual([
      '/api/webhooks/deliveries?limit=1',
      '/api/webhooks/deliveries?limit=1&starting_after=d1',
    ]);
  });

  it('pages back from ending_before, nearest the cursor first, until has_more is false', async () => {
    const { client, seen } = await clientFor([
      ok({
        items: [
          { ...order, id: 'c' },
          { ...order, id: 'd' },
        ],
        count: 5,
        has_more: true,
      }),
      ok({ items: [{ ...order, id: 'b' }], count: 5, has_more: false }),
    ]);
    const ids: string[] = [];
    for await (const one of client.listAllOrders({ limit: 2, ending_before: 'e' })) ids.push(one.id);
    expect(ids).toEqual(['d', 'c', 'b']);
    expect(seen.map((s) => s.url)).toEqual([
      '/api/order/orders?limit=2&ending_before=e',
      '/api/order/orders?limit=2&ending_before=c',
    ]);
  });

  it('pages through every event with the after cursor, and stops on a page without has_more', async () => {
    const event = (id: string) => ({ event: 'order.status.changed', event_id: id });
    const { client, seen } = await clientFor([
      ok({ items: [event('e1'), event('e2')], has_more: true }),
      ok({ items: [event('e3')], has_more: false }),
    ]);
    const ids: string[] = [];
    for await (const one of client.listAllEvents({ limit: 2 })) ids.push(one.event_id);
    expect(ids).toEqual(['e1', 'e2', 'e3']);
    expect(seen.map((s) => s.url)).toEqual([
      '/api/order/events?limit=2',
      '/api/order/events?limit=2&after=e2',
    ]);
  });

  it('throws the class of the error code, and B2BPayError itself for a code it does not know', async () => {
    const answer = (status: number, code: string, extra: object = {}): Reply => ({
      status,
      body: JSON.stringify({ detail: code, error: { code, message: code, ...extra } }),
    });
    const { client } = await clientFor([
      answer(404, 'NOT_FOUND'),
      answer(409, 'DUPLICATE_EXTERNAL_ID', { order_id: order.id }),
      answer(409, 'ORDER_STATUS_CONFLICT', { order_status: 'payment_sent' }),
      answer(418, 'SOMETHING_NEW'),
      answer(403, 'SHOP_SUSPENDED'),
    ]);
    const missing = await client.getOrder('x').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(B2BPayNotFoundError);
    const duplicate = await client.getOrder('x').catch((e: unknown) => e);
    expect(duplicate).toBeInstanceOf(B2BPayDuplicateExternalIdError);
    expect(duplicate).toMatchObject({ code: 'DUPLICATE_EXTERNAL_ID', order_id: order.id });
    const status = await client.getOrder('x').catch((e: unknown) => e);
    expect(status).toBeInstanceOf(B2BPayOrderStatusConflictError);
    expect(status).toBeInstanceOf(B2BPayConflictError);
    expect(status).toMatchObject({ name: 'B2BPayOrderStatusConflictError', order_status: 'payment_sent' });
    const unknown = (await client.getOrder('x').catch((e: unknown) => e)) as B2BPayError;
    expect(unknown.constructor).toBe(B2BPayError);
    expect(unknown.code).toBe('SOMETHING_NEW');
    const suspended = await client.getOrder('x').catch((e: unknown) => e);
    expect(suspended).toBeInstanceOf(B2BPayShopSuspendedError);
    expect(suspended).toBeInstanceOf(B2BPayForbiddenError);
  });
});
