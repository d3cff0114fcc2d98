import { DEMO_SHOP } from '@b2bpay/domain';
import { describe, expect, it } from 'vitest';
import { describeApi } from './support/describe-api';
import {
  createOrder,
  demoAuth,
  demoPublishableAuth,
  errorOf,
  newShop,
  sampleProducts,
  startTestApp,
} from './support/test-app';

describeApi('orders API', (t) => {
  it('creates an order with an exact server-side amount, sequential number and link', async () => {
    const first = await createOrder(t);
    expect(first.amount).toBe(1050.6);
    const second = await createOrder(t);
    expect(Number(second.order_number)).toBe(Number(first.order_number) + 1);
    expect(typeof second.order_number).toBe('string');
    expect(second.link).toBe(`http://b2bpay.test/client/${second.id}`);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/order/orders/${second.id}`,
      headers: demoAuth,
    });
    expect(read.json()).toEqual(second);
  });

  it('numbers orders per shop from 1', async () => {
    const other = await newShop(t, 'Нумерация');
    const order = await createOrder(t, { products: sampleProducts }, other.auth);
    expect(order.order_number).toBe('1');
  });

  it('accepts a publishable key for creation only, with CORS for the widget', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order/orders',
      headers: { ...demoPublishableAuth, origin: 'https://shop.example' },
      payload: { products: sampleProducts },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/order/orders',
      headers: demoPublishableAuth,
    });
    expect(list.statusCode).toBe(403);
    expect(errorOf(list).code).toBe('FORBIDDEN');
    const preflight = await t.app.inject({ method: 'OPTIONS', url: '/api/order/orders' });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toContain('Authorization');
  });

  it('prefills the buyer from client-info and keeps the shop_id check', async () => {
    const order = await createOrder(t, {
      shop_id: DEMO_SHOP.id,
      products: sampleProducts,
      webhook_url: 'https://shop.example/hooks',
      client: {
        full_name: 'Иванов Иван Иванович',
        phone_number: '8 (916) 123-45-67',
        email: ' Ivan@Mail.RU ',
      },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/order/orders/${order.id}`,
      headers: demoAuth,
    });
    const body = res.json();
    expect(body.client).toMatchObject({
      surname: 'Иванов',
      name: 'Иван',
      middlename: 'Иванович',
      phone_number: '+79161234567',
      email: 'ivan@mail.ru',
      sms_confirmed: false,
    });
    expect(body.webhook_url).toBe('https://shop.example/hooks');
    // The create answer is built from what was written, not read back: it must be exactly the read.
    expect(order).toEqual(body);
    const other = await newShop(t, 'Чужой');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/order/orders',
      headers: demoAuth,
      payload: { shop_id: other.shop.id, products: sampleProducts },
    });
    expect(wrong.statusCode).toBe(403);
    expect(errorOf(wrong).code).toBe('FORBIDDEN');
  });

  it('refuses bad bodies with the field path and changes nothing', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/order/orders', headers: demoAuth })).json()
      .count;
    const cases: [object, string][] = [
      [{ products: [{ name: 'A', price: 1.005, quantity: 1 }] }, 'products.0.price'],
      [{ products: [{ name: 'A', price: -1, quantity: 1 }] }, 'products.0.price'],
      [{ products: [{ name: 'A', price: 1, quantity: 1.5 }] }, 'products.0.quantity'],
      [{ products: [{ name: 'A', price: 1, quantity: 0 }] }, 'products.0.quantity'],
      [{ products: [{ name: '  ', price: 1, quantity: 1 }] }, 'products.0.name'],
      [{ products: [{ name: 'x'.repeat(256), price: 1, quantity: 1 }] }, 'products.0.name'],
      [{ products: [] }, 'products'],
      [{}, 'products'],
      [{ products: Array.from({ length: 101 }, () => ({ name: 'A', price: 1, quantity: 1 })) }, 'products'],
      [{ products: sampleProducts, status: 'payment_sent' }, 'status'],
      [{ products: sampleProducts, amount: 1 }, 'amount'],
      [{ products: sampleProducts, webhook_url: 'ftp://x.example' }, 'webhook_url'],
      [{ products: sampleProducts, client: { phone_number: '123' } }, 'client.phone_number'],
      [{ products: sampleProducts, client: { email: 'nope' } }, 'client.email'],
    ];
    for (const [payload, field] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/order/orders',
        headers: demoAuth,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      const error = errorOf(res);
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.field).toBe(field);
      expect(error.message).toMatch(/[а-яА-Я]/);
    }
    const after = (await t.app.inject({ method: 'GET', url: '/api/order/orders', headers: demoAuth })).json()
      .count;
    expect(after).toBe(before);
  });

  it('uses the spec texts for product rules', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order/orders',
      headers: demoAuth,
      payload: { products: [{ name: '', price: 1, quantity: 1 }] },
    });
    expect(errorOf(res).message).toBe('Введите название товара');
  });

  it('requires a valid key: 401 without or with a wrong one', async () => {
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/order/orders',
      payload: { products: sampleProducts },
    });
    expect(none.statusCode).toBe(401);
    expect(errorOf(none).code).toBe('UNAUTHORIZED');
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/api/order/orders',
      headers: { authorization: 'Bearer sk_live_nope' },
    });
    expect(wrong.statusCode).toBe(401);
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/order/orders',
      headers: { authorization: 'Basic x' },
    });
    expect(malformed.statusCode).toBe(401);
  });

  it('reads an order: public view without a key, 404 for another shop and for unknown ids', async () => {
    const order = await createOrder(t);
    const pub = await t.app.inject({ method: 'GET', url: `/api/order/orders/${order.id}` });
    expect(pub.statusCode).toBe(200);
    expect(pub.json().webhook_url).toBeUndefined();
    expect(pub.json().amount).toBe(1050.6);
    const other = await newShop(t, 'Любопытный');
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/order/orders/${order.id}`,
      headers: other.auth,
    });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).code).toBe('NOT_FOUND');
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/order/orders/00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
    const garbage = await t.app.inject({ method: 'GET', url: '/api/order/orders/not-a-uuid' });
    expect(garbage.statusCode).toBe(404);
    const wrongClient = await t.app.inject({
      method: 'GET',
      url: `/api/order/orders/${order.id}?client_id=999999`,
    });
    expect(wrongClient.statusCode).toBe(404);
  });

  it('replaces products while the buyer has not applied, owner only', async () => {
    const order = await createOrder(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/order/orders/${order.id}/products`,
      headers: demoAuth,
      payload: [{ name: 'Стол', price: 12500.5, quantity: 2 }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().amount).toBe(25001);
    expect(res.json().products).toHaveLength(1);
    const other = await newShop(t, 'Чужие товары');
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/order/orders/${order.id}/products`,
      headers: other.auth,
      payload: [{ name: 'X', price: 1, quantity: 1 }],
    });
    expect(foreign.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/order/orders/${order.id}/products`,
      payload: [{ name: 'X', price: 1, quantity: 1 }],
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/order/orders/${order.id}/products`,
      headers: demoAuth,
      payload: [{ name: 'X', price: 1, quantity: -1 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('0.quantity');
  });

  it('refuses to change products once the order left client_expected (409)', async () => {
    const order = await createOrder(t);
    await t.db.query("UPDATE orders SET status = 'bank_info_expected' WHERE id = $1", [order.id]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/order/orders/${order.id}/products`,
      headers: demoAuth,
      payload: [{ name: 'X', price: 1, quantity: 1 }],
    });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toMatchObject({ code: 'ORDER_STATUS_CONFLICT', order_status: 'bank_info_expected' });
  });
});

describe('webhook_url on order creation', () => {
  it('is refused when it points inside, unless WEBHOOK_ALLOW_PRIVATE', async () => {
    const strict = await startTestApp('pglite');
    const relaxed = await startTestApp('pglite', { WEBHOOK_ALLOW_PRIVATE: 'true' });
    try {
      for (const url of [
        'http://127.0.0.1/hook',
        'http://10.0.0.1/',
        'http://[::1]/',
        'http://localhost:8080/x',
      ]) {
        const payload = { products: sampleProducts, webhook_url: url };
        const res = await strict.app.inject({
          method: 'POST',
          url: '/api/order/orders',
          headers: demoAuth,
          payload,
        });
        expect(res.statusCode, url).toBe(400);
        expect(errorOf(res)).toMatchObject({ field: 'webhook_url', code: 'VALIDATION_ERROR' });
        const ok = await relaxed.app.inject({
          method: 'POST',
          url: '/api/order/orders',
          headers: demoAuth,
          payload,
        });
        expect(ok.statusCode, url).toBe(200);
      }
    } finally {
      await strict.close();
      await relaxed.close();
    }
  });
});
