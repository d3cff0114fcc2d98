import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { rotateKey } from '../src/modules/shops';
import { sha256Hex } from '../src/shared/crypto';
import { describeApi } from './support/describe-api';
import { createOrder, errorOf, newShop, sampleProducts } from './support/test-app';

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: object;
}

/**
 * DESIGN §16: a secret key in its grace period (rotated with expire_old_in_seconds) creates and reads
 * orders only, until it ends. The rest — key rotation, settings, webhooks, order changes — is 403,
 * so whoever leaked the key cannot take the shop over by rotating again.
 */
// Frequent heartbeats: each checks the stream's key again.
const env = { LIVE_HEARTBEAT_MS: '50', ADMIN_TOKEN: 'admin-token-0123456789' };

describeApi('a key in its grace period', { env, startTimeout: 180_000 }, (t) => {
  let base = '';
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
  const call = (headers: Record<string, string>, c: Call) =>
    t.app.inject({ method: c.method, url: c.url, headers, ...(c.payload ? { payload: c.payload } : {}) });
  const list = (headers: Record<string, string>) =>
    call(headers, { method: 'GET', url: '/api/order/orders' });
  const rotate = (headers: Record<string, string>, payload: object) =>
    call(headers, { method: 'POST', url: '/api/shop/keys/rotate', payload });

  /** A shop whose first key K1 was rotated with an hour's grace: returns K1 (retiring) and K2. */
  async function rotatedShop(name: string) {
    const shop = await newShop(t, name);
    const rotated = await rotate(shop.auth, { kind: 'secret', expire_old_in_seconds: 3600 });
    expect(rotated.statusCode, rotated.body).toBe(200);
    return { shop, old: shop.auth, fresh: bearer(rotated.json().key) };
  }

  it('the leaked old key cannot rotate again: 403, and the shop’s new key stays valid', async () => {
    const { old, fresh } = await rotatedShop('Утечка ключа');
    const attack = await rotate(old, { kind: 'secret', expire_old_in_seconds: 0 });
    expect(attack.statusCode, attack.body).toBe(403);
    const error = errorOf(attack);
    expect(error.code).toBe('FORBIDDEN');
    expect(error.message).toContain('только создавать и читать заказы');
    expect(error.message).toContain('новый ключ');
    expect((await list(fresh)).statusCode).toBe(200);
    // Nor may it end the new key's life by a rotation with a grace of its own.
    expect((await rotate(old, { kind: 'secret', expire_old_in_seconds: 60 })).statusCode).toBe(403);
    expect((await rotate(old, { kind: 'publishable' })).statusCode).toBe(403);
    t.clock.advance(120_000);
    expect((await list(fresh)).statusCode).toBe(200);
    // The old key still does what it is for until its end.
    expect((await list(old)).statusCode).toBe(200);
    t.clock.advance(3_600_000);
    expect((await list(old)).statusCode).toBe(401);
    expect((await list(fresh)).statusCode).toBe(200);
  });

  it('a rotation that authenticated before the key became retiring is refused under the shop’s lock', async () => {
    // Two requests of the old key racing: both passed the authenticator; the first rotated with a grace.
    const shop = await newShop(t, 'Гонка ротаций');
    const first = await rotateKey(t.db, shop.shop.id, 'secret', {
      expireOldInSeconds: 3600,
      now: t.clock.now(),
      callerKeyHash: sha256Hex(shop.secret_key),
    });
    await expect(
      rotateKey(t.db, shop.shop.id, 'secret', {
        now: t.clock.now(),
        callerKeyHash: sha256Hex(shop.secret_key),
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', status: 403 });
    expect((await list(bearer(first.key))).statusCode).toBe(200);
  });

  it('allows creating and reading orders, refuses everything else — every shop-key operation is classified', async () => {
    const { old, fresh } = await rotatedShop('Льготный период');
    const order = await createOrder(t, { products: sampleProducts }, fresh);
    const orderUrl = `/api/order/orders/${order.id}`;
    const allowed: Record<string, Call> = {
      createOrder: { method: 'POST', url: '/api/order/orders', payload: { products: sampleProducts } },
      getOrder: { method: 'GET', url: orderUrl },
      listOrders: { method: 'GET', url: '/api/order/orders' },
      getOrderHistory: { method: 'GET', url: `${orderUrl}/history` },
      listRefunds: { method: 'GET', url: `${orderUrl}/refunds` },
      exportOrdersCsv: { method: 'GET', url: '/api/order/orders/export.csv' },
      listEvents: { method: 'GET', url: '/api/order/events' },
    };
    // The key is refused before the endpoint is looked up: an id that names none is enough.
    const NO_ENDPOINT = '00000000-0000-4000-8000-000000000000';
    const refused: Record<string, Call> = {
      rotateShopKey: { method: 'POST', url: '/api/shop/keys/rotate', payload: { kind: 'secret' } },
      getShopSettings: { method: 'GET', url: '/api/shop/settings' },
      updateShopSettings: {
        method: 'PUT',
        url: '/api/shop/settings',
        payload: { rotate_webhook_secret: true },
      },
      sendTestWebhook: { method: 'POST', url: '/api/webhooks/test', payload: {} },
      resendFailedWebhooks: {
        method: 'POST',
        url: '/api/webhooks/deliveries/resend',
        payload: { since: '2020-01-01T00:00:00Z' },
      },
      retryWebhookDelivery: {
        method: 'POST',
        url: '/api/webhooks/deliveries/00000000-0000-4000-8000-000000000000/retry',
        payload: {},
      },
      sendWebhookDeliveryNow: {
        method: 'POST',
        url: '/api/webhooks/deliveries/00000000-0000-4000-8000-000000000000/send-now',
      },
      listWebhookDeliveries: { method: 'GET', url: '/api/webhooks/deliveries' },
      getWebhookHealth: { method: 'GET', url: '/api/webhooks/health' },
      getStats: { method: 'GET', url: '/api/stats' },
      replaceOrderProducts: { method: 'PUT', url: `${orderUrl}/products`, payload: sampleProducts },
      cancelOrder: { method: 'POST', url: `${orderUrl}/cancel`, payload: {} },
      createRefund: { method: 'POST', url: `${orderUrl}/refunds`, payload: { amount: 1, reason: 'Возврат' } },
      listWebhookEndpoints: { method: 'GET', url: '/api/webhooks/endpoints' },
      createWebhookEndpoint: {
        method: 'POST',
        url: '/api/webhooks/endpoints',
        payload: { url: 'https://shop.example/hooks', enabled_events: ['*'] },
      },
      getWebhookEndpoint: { method: 'GET', url: `/api/webhooks/endpoints/${NO_ENDPOINT}` },
      updateWebhookEndpoint: {
        method: 'PATCH',
        url: `/api/webhooks/endpoints/${NO_ENDPOINT}`,
        payload: { disabled: true },
      },
      deleteWebhookEndpoint: { method: 'DELETE', url: `/api/webhooks/endpoints/${NO_ENDPOINT}` },
      rotateWebhookEndpointSecret: {
        method: 'POST',
        url: `/api/webhooks/endpoints/${NO_ENDPOINT}/secret/rotate`,
        payload: {},
      },
    };

    // Every operation that takes a shop key is in one list or the other (a new one must be decided).
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId: string; security?: Record<string, unknown>[] }>>;
    };
    const shopKeyOperations = Object.values(doc.paths)
      .flatMap((methods) => Object.values(methods))
      .filter((op) => op.security?.some((s) => 'SecretKey' in s || 'PublishableKey' in s))
      .map((op) => op.operationId);
    expect([...Object.keys(allowed), ...Object.keys(refused), 'streamEvents'].sort()).toEqual(
      shopKeyOperations.sort(),
    );

    const settingsBefore = (await call(fresh, { method: 'GET', url: '/api/shop/settings' })).json();
    for (const [operation, c] of Object.entries(allowed)) {
      const res = await call(old, c);
      expect(res.statusCode, `${operation}: ${res.body}`).toBe(200);
    }
    for (const [operation, c] of Object.entries(refused)) {
      const res = await call(old, c);
      expect(res.statusCode, `${operation}: ${res.body}`).toBe(403);
      expect(errorOf(res).code).toBe('FORBIDDEN');
    }
    // Nothing changed: the settings (secret hint, webhook address) and the order are as they were.
    expect((await call(fresh, { method: 'GET', url: '/api/shop/settings' })).json()).toEqual(settingsBefore);
    const after = (await call(fresh, { method: 'GET', url: orderUrl })).json();
    expect(after).toMatchObject({ status: 'client_expected', amount: order.amount, version: 1 });
    expect((await list(fresh)).statusCode).toBe(200);

    // The live stream (order events) opens with the old key, and its heartbeat's key check passes.
    const controller = new AbortController();
    const stream = await fetch(`${base}/api/events`, { headers: old, signal: controller.signal });
    expect(stream.status).toBe(200);
    const reader = stream.body?.getReader();
    if (!reader) throw new Error('no body');
    let text = '';
    const decoder = new TextDecoder();
    while (!text.includes(': ping')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    controller.abort();
    expect(text).toContain(': ping');
  });

  it('the same key without an end does everything', async () => {
    const shop = await newShop(t, 'Обычный ключ');
    expect((await call(shop.auth, { method: 'GET', url: '/api/shop/settings' })).statusCode).toBe(200);
    expect((await call(shop.auth, { method: 'GET', url: '/api/stats' })).statusCode).toBe(200);
  });

  it('a webhook secret, current or in its grace period, is no credential anywhere', async () => {
    const shop = await newShop(t, 'Секрет подписи');
    const rotated = await call(shop.auth, {
      method: 'PUT',
      url: '/api/shop/settings',
      payload: { rotate_webhook_secret: true, expire_old_in_seconds: 86_400 },
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json().previous_webhook_secret_expires_at).not.toBeNull();
    for (const secret of [shop.webhook_secret, rotated.json().webhook_secret as string]) {
      for (const c of [
        { method: 'GET', url: '/api/order/orders' },
        { method: 'POST', url: '/api/order/orders', payload: { products: sampleProducts } },
        { method: 'GET', url: '/api/shop/settings' },
        { method: 'POST', url: '/api/shop/keys/rotate', payload: { kind: 'secret' } },
      ] as Call[]) {
        const res = await call(bearer(secret), c);
        expect(res.statusCode, `${c.method} ${c.url}`).toBe(401);
      }
      const admin = await t.app.inject({
        method: 'POST',
        url: '/api/admin/shops',
        headers: bearer(secret),
        payload: { name: 'Чужой', email: 'x@shop.ru' },
      });
      expect(admin.statusCode).toBe(401);
    }
    expect((await list(shop.auth)).statusCode).toBe(200);
  });
});
