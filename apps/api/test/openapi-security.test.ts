import { expect, it } from 'vitest';
import { describeApi } from './support/describe-api';
import { createOrder, errorOf, newShop, sampleProducts } from './support/test-app';

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: object;
}
type Security = Record<string, unknown>[];

/**
 * The OpenAPI document tells an integrator which credentials each operation takes (SecretKey,
 * PublishableKey, CabinetSession, or none). Here the document is held to what the handlers do:
 * a publishable key works exactly where the operation names PublishableKey and is refused with 403
 * everywhere else a key is taken; an operation that also names `{}` answers without any credentials.
 */
/** An id nothing has: the call is refused (403, 401) before it is looked up. */
const NO_ID = '00000000-0000-4000-8000-000000000000';

describeApi('OpenAPI security is what the routes accept', { startTimeout: 180_000 }, (t) => {
  it('a pk_ key is accepted only where PublishableKey is named, refused with 403 elsewhere', async () => {
    const shop = await newShop(t, 'Ключи по операциям');
    const pk = { authorization: `Bearer ${shop.publishable_key}` };
    const order = await createOrder(t, { products: sampleProducts }, shop.auth);
    const orderUrl = `/api/order/orders/${order.id}`;
    const calls: Record<string, Call> = {
      createOrder: { method: 'POST', url: '/api/order/orders', payload: { products: sampleProducts } },
      getOrder: { method: 'GET', url: orderUrl },
      listOrders: { method: 'GET', url: '/api/order/orders' },
      getOrderHistory: { method: 'GET', url: `${orderUrl}/history` },
      replaceOrderProducts: { method: 'PUT', url: `${orderUrl}/products`, payload: sampleProducts },
      cancelOrder: { method: 'POST', url: `${orderUrl}/cancel`, payload: {} },
      createRefund: { method: 'POST', url: `${orderUrl}/refunds`, payload: { amount: 1, reason: 'Возврат' } },
      listRefunds: { method: 'GET', url: `${orderUrl}/refunds` },
      exportOrdersCsv: { method: 'GET', url: '/api/order/orders/export.csv' },
      rotateShopKey: { method: 'POST', url: '/api/shop/keys/rotate', payload: { kind: 'secret' } },
      getStats: { method: 'GET', url: '/api/stats' },
      streamEvents: { method: 'GET', url: '/api/events' },
      listEvents: { method: 'GET', url: '/api/order/events' },
      listWebhookDeliveries: { method: 'GET', url: '/api/webhooks/deliveries' },
      retryWebhookDelivery: {
        method: 'POST',
        url: '/api/webhooks/deliveries/00000000-0000-4000-8000-000000000000/retry',
        payload: {},
      },
      sendWebhookDeliveryNow: {
        method: 'POST',
        url: '/api/webhooks/deliveries/00000000-0000-4000-8000-000000000000/send-now',
      },
      resendFailedWebhooks: {
        method: 'POST',
        url: '/api/webhooks/deliveries/resend',
        payload: { since: '2020-01-01T00:00:00Z' },
      },
      getWebhookHealth: { method: 'GET', url: '/api/webhooks/health' },
      listWebhookEndpoints: { method: 'GET', url: '/api/webhooks/endpoints' },
      createWebhookEndpoint: {
        method: 'POST',
        url: '/api/webhooks/endpoints',
        payload: { url: 'https://hooks.example.ru/x' },
      },
      getWebhookEndpoint: { method: 'GET', url: `/api/webhooks/endpoints/${NO_ID}` },
      updateWebhookEndpoint: {
        method: 'PATCH',
        url: `/api/webhooks/endpoints/${NO_ID}`,
        payload: { disabled: true },
      },
      deleteWebhookEndpoint: { method: 'DELETE', url: `/api/webhooks/endpoints/${NO_ID}` },
      rotateWebhookEndpointSecret: {
        method: 'POST',
        url: `/api/webhooks/endpoints/${NO_ID}/secret/rotate`,
        payload: {},
      },
      sendTestWebhook: { method: 'POST', url: '/api/webhooks/test', payload: {} },
      getShopSettings: { method: 'GET', url: '/api/shop/settings' },
      updateShopSettings: {
        method: 'PUT',
        url: '/api/shop/settings',
        payload: { rotate_webhook_secret: true },
      },
    };

    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { operationId: string; security: Security }>>;
    };
    const keyOperations = Object.values(doc.paths)
      .flatMap((methods) => Object.values(methods))
      .filter((op) => op.security.some((s) => 'SecretKey' in s || 'PublishableKey' in s));
    // Every operation that takes a key is called (a new one must be added here).
    expect(keyOperations.map((op) => op.operationId).sort()).toEqual(Object.keys(calls).sort());

    const send = (c: Call, headers: Record<string, string>) =>
      t.app.inject({ method: c.method, url: c.url, headers, ...(c.payload ? { payload: c.payload } : {}) });
    for (const op of keyOperations) {
      const c = calls[op.operationId] as Call;
      const res = await send(c, pk);
      if (op.security.some((s) => 'PublishableKey' in s)) {
        expect(res.statusCode, `${op.operationId}: ${res.body}`).toBe(200);
      } else {
        expect(res.statusCode, `${op.operationId}: ${res.body}`).toBe(403);
        expect(errorOf(res).code, op.operationId).toBe('FORBIDDEN');
      }
      // Without credentials: 401, unless the operation names the empty requirement `{}`.
      const anonymous = await send(c, {});
      if (op.security.some((s) => Object.keys(s).length === 0)) {
        expect(anonymous.statusCode, `${op.operationId}: ${anonymous.body}`).toBe(200);
      } else {
        expect(anonymous.statusCode, `${op.operationId}: ${anonymous.body}`).toBe(401);
      }
    }
    expect(keyOperations.filter((op) => op.security.some((s) => 'PublishableKey' in s)).length).toBe(1);
  });
});
