// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../test/render';
import { request } from './http';
import { sessionHeaders, setSessionCredentials } from './session-credentials';
import { setShopMode } from './shop-mode';

afterEach(() => {
  setSessionCredentials(null);
  setShopMode('live');
});

describe('calls on a cabinet session', () => {
  it('adds nothing when there is no session', () => {
    expect(sessionHeaders('POST')).toEqual({});
  });

  it('names the shop on every call and adds the CSRF token only to calls that change something', async () => {
    setSessionCredentials({ csrfToken: 'csrf-1', shopId: 'shop-1' });
    const calls = mockFetch(() => json({}));
    await request({ method: 'GET', path: '/api/stats', errorStatuses: [] });
    await request({ method: 'PUT', path: '/api/shop/settings', body: {}, errorStatuses: [] });
    expect(calls[0]?.headers['x-shop-id']).toBe('shop-1');
    expect(calls[0]?.headers['x-csrf-token']).toBeUndefined();
    expect(calls[0]?.headers.authorization).toBeUndefined();
    expect(calls[1]?.headers['x-shop-id']).toBe('shop-1');
    expect(calls[1]?.headers['x-csrf-token']).toBe('csrf-1');
  });

  it('names the mode chosen at the moment each call is sent (X-B2BPay-Mode), live until test is chosen', async () => {
    setSessionCredentials({ csrfToken: 'csrf-1', shopId: 'shop-1' });
    const calls = mockFetch(() => json({}));
    await request({ method: 'GET', path: '/api/order/orders', errorStatuses: [] });
    setShopMode('test');
    await request({ method: 'POST', path: '/api/order/orders', body: {}, errorStatuses: [] });
    expect(calls.map((call) => call.headers['x-b2bpay-mode'])).toEqual(['live', 'test']);
    expect(sessionHeaders('GET')).toEqual({ 'X-Shop-Id': 'shop-1', 'X-B2BPay-Mode': 'test' });
  });

  it('a secret key wins: neither session header is sent beside it', async () => {
    setSessionCredentials({ csrfToken: 'csrf-1', shopId: 'shop-1' });
    const calls = mockFetch(() => json({}));
    await request({ method: 'POST', path: '/api/order/orders', body: {}, token: 'sk_x', errorStatuses: [] });
    expect(calls[0]?.headers.authorization).toBe('Bearer sk_x');
    expect(calls[0]?.headers['x-shop-id']).toBeUndefined();
    expect(calls[0]?.headers['x-csrf-token']).toBeUndefined();
    expect(calls[0]?.headers['x-b2bpay-mode']).toBeUndefined();
  });

  it('the cabinet pages carry the CSRF token without a shop', async () => {
    setSessionCredentials({ csrfToken: 'csrf-2', shopId: null });
    const calls = mockFetch(() => new Response(null, { status: 204 }));
    await request({ method: 'POST', path: '/api/cabinet/logout', errorStatuses: [] });
    expect(calls[0]?.headers['x-csrf-token']).toBe('csrf-2');
    expect(calls[0]?.headers['x-shop-id']).toBeUndefined();
    expect(calls[0]?.headers['x-b2bpay-mode']).toBeUndefined();
  });
});
