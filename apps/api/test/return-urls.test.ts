import { HTTP_URL_MESSAGE } from '@b2bpay/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SHOP_PAGE_HTTPS_REQUIRED, SHOP_PAGE_ORIGIN_FORBIDDEN } from '../src/modules/orders/shop-pages';
import { describeApi } from './support/describe-api';
import { PRODUCTION_ENV } from './support/production-env';
import {
  createOrder,
  demoAuth,
  errorOf,
  newShop,
  sampleProducts,
  startTestApp,
  type TestApp,
} from './support/test-app';

const RETURN_URL = 'https://shop.example/checkout/done?cart=8841';
const CANCEL_URL = 'http://localhost:8080/cart';

/** return_url and cancel_url: the buyer's way back to the shop, stored on the order and shown to the buyer. */
describeApi('return and cancel URLs of an order', { startTimeout: 300_000 }, (t, kind) => {
  /** A second app on the same kind of database, with production's settings. */
  let production: TestApp;
  beforeAll(async () => {
    production = await startTestApp(kind, {
      ...PRODUCTION_ENV,
      DEMO_SHOP: 'true',
      DEMO_SHOP_IN_PRODUCTION: 'true',
    });
  }, 300_000);
  afterAll(() => production?.close());

  const post = (app: TestApp, payload: object, headers: Record<string, string> = demoAuth) =>
    app.app.inject({ method: 'POST', url: '/api/order/orders', headers, payload });
  const orderCount = async () =>
    Number((await t.db.query<{ n: unknown }>('SELECT count(*) AS n FROM orders'))[0]?.n);

  it('are stored and returned in the owner view, the public view and the list', async () => {
    const created = await post(t, {
      products: sampleProducts,
      return_url: RETURN_URL,
      cancel_url: CANCEL_URL,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id as string;
    expect(created.json()).toMatchObject({ return_url: RETURN_URL, cancel_url: CANCEL_URL });

    const owner = await t.app.inject({ method: 'GET', url: `/api/order/orders/${id}`, headers: demoAuth });
    expect(owner.json()).toMatchObject({ return_url: RETURN_URL, cancel_url: CANCEL_URL });
    // The buyer's pages read the public view (no key): they link both.
    const buyer = await t.app.inject({ method: 'GET', url: `/api/order/orders/${id}` });
    expect(buyer.statusCode).toBe(200);
    expect(buyer.json().webhook_url).toBeUndefined();
    expect(buyer.json()).toMatchObject({ return_url: RETURN_URL, cancel_url: CANCEL_URL });
    const list = await t.app.inject({ method: 'GET', url: '/api/order/orders?limit=100', headers: demoAuth });
    const listed = (list.json().items as { id: string }[]).find((o) => o.id === id);
    expect(listed).toMatchObject({ return_url: RETURN_URL, cancel_url: CANCEL_URL });

    const rows = await t.db.query<{ return_url: string; cancel_url: string }>(
      'SELECT return_url, cancel_url FROM orders WHERE id = $1',
      [id],
    );
    expect(rows).toEqual([{ return_url: RETURN_URL, cancel_url: CANCEL_URL }]);
  });

  it('travel in every webhook body and the event log, as the order has them (null when it has none)', async () => {
    const created = await post(t, {
      products: sampleProducts,
      return_url: RETURN_URL,
      cancel_url: CANCEL_URL,
    });
    const id = created.json().id as string;
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/order/orders/${id}/cancel`,
      headers: demoAuth,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const bodies = await t.db.query<{ payload: Record<string, unknown> | string }>(
      'SELECT payload FROM events WHERE order_id = $1',
      [id],
    );
    expect(bodies.length).toBeGreaterThan(0);
    for (const row of bodies) {
      const body = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
      expect(body).toMatchObject({ return_url: RETURN_URL, cancel_url: CANCEL_URL });
    }
    // The event log shows an event once no older transaction runs (on PostgreSQL other test files
    // may hold one open for a moment): asked again until it is there.
    const logged = async (orderId: string) => {
      for (let i = 0; ; i++) {
        const log = await t.app.inject({
          method: 'GET',
          url: `/api/order/events?order_id=${orderId}`,
          headers: demoAuth,
        });
        expect(log.statusCode, log.body).toBe(200);
        const items = log.json().items as Record<string, unknown>[];
        if (items.length > 0 || i === 2000) return items;
        await new Promise((done) => setImmediate(done));
      }
    };
    expect((await logged(id))[0]).toMatchObject({ return_url: RETURN_URL, cancel_url: CANCEL_URL });

    const plain = await createOrder(t);
    await t.app.inject({
      method: 'POST',
      url: `/api/order/orders/${plain.id}/cancel`,
      headers: demoAuth,
      payload: {},
    });
    expect((await logged(plain.id))[0]).toMatchObject({ return_url: null, cancel_url: null });
  });

  it('are null for an order created without them', async () => {
    const order = await createOrder(t);
    const view = await t.app.inject({ method: 'GET', url: `/api/order/orders/${order.id}` });
    expect(view.json()).toMatchObject({ return_url: null, cancel_url: null });
  });

  it('refuse javascript:, data: and over-long addresses with a 400 in Russian, creating nothing', async () => {
    const before = await orderCount();
    const script = await post(t, {
      products: sampleProducts,
      return_url: 'javascript:alert(document.cookie)',
    });
    expect(script.statusCode).toBe(400);
    expect(errorOf(script)).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'return_url',
      message: HTTP_URL_MESSAGE,
    });
    const data = await post(t, {
      products: sampleProducts,
      cancel_url: 'data:text/html,<script>alert(1)</script>',
    });
    expect(data.statusCode).toBe(400);
    expect(errorOf(data)).toMatchObject({ field: 'cancel_url', message: HTTP_URL_MESSAGE });
    const long = await post(t, {
      products: sampleProducts,
      return_url: `https://shop.example/${'a'.repeat(2000 - 'https://shop.example/'.length + 1)}`,
    });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long)).toMatchObject({ field: 'return_url', message: 'Адрес — не длиннее 2000 символов' });
    expect(await orderCount()).toBe(before);
    // Exactly 2000 characters pass.
    const longest = `https://shop.example/${'a'.repeat(2000 - 'https://shop.example/'.length)}`;
    expect((await post(t, { products: sampleProducts, return_url: longest })).statusCode).toBe(200);
  });

  it('take only https:// in production, and no private-address rule: the buyer follows them, we never call them', async () => {
    const plain = await post(production, {
      products: sampleProducts,
      return_url: 'http://shop.example/done',
    });
    expect(plain.statusCode).toBe(400);
    expect(errorOf(plain)).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'return_url',
      message: SHOP_PAGE_HTTPS_REQUIRED,
    });
    const plainCancel = await post(production, {
      products: sampleProducts,
      cancel_url: 'http://shop.example/',
    });
    expect(errorOf(plainCancel)).toMatchObject({ field: 'cancel_url', message: SHOP_PAGE_HTTPS_REQUIRED });
    const secure = await post(production, {
      products: sampleProducts,
      return_url: 'https://shop.example/done',
      cancel_url: 'https://localhost:8443/cart',
    });
    expect(secure.statusCode, secure.body).toBe(200);
    expect(secure.json()).toMatchObject({
      return_url: 'https://shop.example/done',
      cancel_url: 'https://localhost:8443/cart',
    });
  });

  it('from a publishable key, go only to the sites the shop lists in widget_origins (when it lists any)', async () => {
    const shop = await newShop(t, 'Возврат в магазин');
    const pk = { authorization: `Bearer ${shop.publishable_key}`, origin: 'https://shop.example' };
    // No list yet: the key works from any site, and may send the buyer back to any page.
    const open = await post(t, { products: sampleProducts, return_url: 'https://elsewhere.example/x' }, pk);
    expect(open.statusCode, open.body).toBe(200);

    const set = await t.app.inject({
      method: 'PUT',
      url: '/api/shop/settings',
      headers: shop.auth,
      payload: { widget_origins: ['https://shop.example', 'https://pay.shop.example:8443'] },
    });
    expect(set.statusCode, set.body).toBe(200);

    const before = await orderCount();
    for (const payload of [
      { return_url: 'https://evil.example/phish' },
      { cancel_url: 'https://evil.example/phish' },
      // Same host over http, or another port: another origin.
      { return_url: 'http://shop.example/done' },
      { cancel_url: 'https://shop.example:444/cart' },
      // A look-alike that only starts with a listed origin.
      { return_url: 'https://shop.example.evil.example/done' },
    ]) {
      const refused = await post(t, { products: sampleProducts, ...payload }, pk);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(403);
      expect(errorOf(refused)).toEqual({
        code: 'FORBIDDEN',
        message: SHOP_PAGE_ORIGIN_FORBIDDEN,
        field: Object.keys(payload)[0],
      });
      // The widget reads «widget_origins» in a 403 as its page's Origin refused: this is not that.
      expect(refused.json().detail).not.toContain('widget_origins');
    }
    expect(await orderCount()).toBe(before);

    const listed = await post(
      t,
      {
        products: sampleProducts,
        return_url: 'https://SHOP.example/done?x=1',
        cancel_url: 'https://pay.shop.example:8443/cart',
      },
      pk,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toMatchObject({
      return_url: 'https://SHOP.example/done?x=1',
      cancel_url: 'https://pay.shop.example:8443/cart',
    });
    // The secret key is the shop's own server: any allowed address.
    const secret = await post(
      t,
      { products: sampleProducts, return_url: 'https://evil.example/x' },
      shop.auth,
    );
    expect(secret.statusCode).toBe(200);
  });
});
