// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/render';
import { createOrder, getOrder, getShop, listOrders } from './endpoints';
import {
  ApiError,
  bodyMessage,
  buildQuery,
  isNotFoundError,
  RequiredError,
  request,
  serverMessage,
} from './http';

describe('request error handling (spec §8)', () => {
  it('returns the body for 2xx', async () => {
    mockFetch(() => json({ ok: 1 }, 201));
    await expect(request({ method: 'GET', path: '/api/x', errorStatuses: [] })).resolves.toEqual({ ok: 1 });
  });

  it('raises ApiError with code, body and headers for a declared status', async () => {
    const body = { detail: 'Заказ не найден', error: { code: 'NOT_FOUND', message: 'Заказ не найден' } };
    mockFetch(() => new Response(JSON.stringify(body), { status: 404, headers: { 'X-Request-Id': 'r1' } }));
    const error = await request({ method: 'GET', path: '/api/x', errorStatuses: [404] }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', body, message: 'Заказ не найден' });
    expect((error as ApiError).headers.get('x-request-id')).toBe('r1');
    expect(serverMessage(error)).toBe('Заказ не найден');
  });

  it("raises 'Unknown API Status Code!' for any other status", async () => {
    mockFetch(() => json({ detail: 'nope' }, 418));
    const error = await request({ method: 'GET', path: '/api/x', errorStatuses: [404] }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ message: 'Unknown API Status Code!', status: 418 });
    expect(serverMessage(error)).toBeUndefined();
  });

  it("says 'Network request failed' when the network fails", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(request({ method: 'GET', path: '/api/x', errorStatuses: [] })).rejects.toThrow(
      'Network request failed',
    );
  });

  it("says 'Network request timed out' after the time-out", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('x', 'AbortError'))),
          ),
      ),
    );
    await expect(
      request({ method: 'GET', path: '/api/x', errorStatuses: [], timeoutMs: 20 }),
    ).rejects.toThrow('Network request timed out');
  });

  it("says 'Aborted' when the caller aborts", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('x', 'AbortError'))),
          ),
      ),
    );
    const controller = new AbortController();
    const pending = request({ method: 'GET', path: '/api/x', errorStatuses: [], signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toThrow('Aborted');
  });

  it('recognises not-found errors by code, status, response status or message', () => {
    expect(isNotFoundError({ code: 404 })).toBe(true);
    expect(isNotFoundError({ status: 404 })).toBe(true);
    expect(isNotFoundError({ response: { status: 404 } })).toBe(true);
    expect(isNotFoundError(new Error('Request failed: 404'))).toBe(true);
    expect(isNotFoundError(new Error('Not Found'))).toBe(true);
    expect(isNotFoundError(new Error('order not found'))).toBe(true);
    expect(isNotFoundError(new Error('Internal error'))).toBe(false);
    expect(isNotFoundError(null)).toBe(false);
  });

  it('repeats array query values and skips empty ones', () => {
    expect(buildQuery({ status: ['a', 'b'], page: 2, order_id: '', x: undefined })).toBe(
      '?status=a&status=b&page=2',
    );
    expect(buildQuery({})).toBe('');
  });
});

describe('endpoints', () => {
  it('returns null for a missing order and rethrows other errors', async () => {
    mockFetch(() => json({ detail: 'Заказ не найден', error: { code: 'NOT_FOUND', message: 'x' } }, 404));
    await expect(getOrder('o1')).resolves.toBeNull();
    mockFetch(() => json({ detail: 'Сбой', error: { code: 'INTERNAL_ERROR', message: 'x' } }, 500));
    await expect(getOrder('o1')).rejects.toThrow('Сбой');
  });

  it('passes client_id and the token when reading an order', async () => {
    const calls = mockFetch(() => json({ id: 'o1' }));
    await getOrder('o 1', { clientId: 7, token: 't' });
    expect(calls[0]?.url).toBe('/api/order/orders/o%201?client_id=7');
    expect(calls[0]?.headers.authorization).toBe('Bearer t');
  });

  it('refuses calls with a missing mandatory parameter, naming api, method and field', async () => {
    await expect(getOrder('')).rejects.toBeInstanceOf(RequiredError);
    await expect(getShop('')).rejects.toThrow(
      'Required parameter shopId was null or undefined when calling ShopApi.getShop.',
    );
    await expect(createOrder(undefined as never, 't')).rejects.toThrow(RequiredError);
  });

  it('lists orders with the list parameters', async () => {
    const calls = mockFetch(() => json({ items: [], count: 0 }));
    await listOrders({ page: 1, statuses: ['app_approved'], search: ' 12 ', dateFrom: '2026-01-01' }, 'tok');
    expect(calls[0]?.url).toBe('/api/order/orders?page=1&status=app_approved&q=12&date_from=2026-01-01');
  });
});

describe('the one error reader', () => {
  it('takes the error text from message, detail or description, also from a JSON string', () => {
    expect(bodyMessage({ message: 'a', detail: 'b' })).toBe('a');
    expect(bodyMessage({ detail: 'b' })).toBe('b');
    expect(bodyMessage({ description: 'c' })).toBe('c');
    expect(bodyMessage('{"detail":"d"}')).toBe('d');
    expect(bodyMessage({ error: { code: 'X', message: 'e' } })).toBe('e');
    expect(bodyMessage('not json')).toBeUndefined();
    expect(bodyMessage(null)).toBeUndefined();
  });
});
