import { DEMO_SHOP } from '@b2bpay/domain';
import { expect, it } from 'vitest';
import { describeApi } from './support/describe-api';
import { demoAuth, demoPublishableAuth, errorOf, newShop, sampleProducts } from './support/test-app';

/** Publishable keys (public in the shop's HTML) cannot be turned against the shop. */
describeApi(
  'publishable keys',
  {
    env: {
      WEBHOOK_ALLOW_PRIVATE: 'true',
      RATE_LIMIT_PER_MINUTE: '5',
      PUBLISHABLE_KEY_LIMIT_PER_MINUTE: '8',
    },
    startTimeout: 180_000,
  },
  (t, kind) => {
    let address = 0;
    /** A client address of its own for each test, so the per-address limit of 5 never interferes. */
    const nextAddress = () => `203.0.113.${++address}`;
    const post = (
      headers: Record<string, string>,
      payload: object = { products: sampleProducts },
      from = nextAddress(),
    ) => t.app.inject({ method: 'POST', url: '/api/order/orders', headers, payload, remoteAddress: from });
    const orderCount = async () =>
      Number((await t.db.query<{ n: unknown }>('SELECT count(*) AS n FROM orders'))[0]?.n);

    it('cannot set webhook_url: 403 and nothing created', async () => {
      const before = await orderCount();
      const res = await post(demoPublishableAuth, {
        products: sampleProducts,
        webhook_url: 'https://attacker.example/x',
      });
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('FORBIDDEN');
      expect(await orderCount()).toBe(before);
      // The secret key still may.
      expect(
        (await post(demoAuth, { products: sampleProducts, webhook_url: 'https://shop.example/hook' }))
          .statusCode,
      ).toBe(200);
    });

    it('is accepted only from the listed widget_origins once the shop lists any', async () => {
      const shop = await newShop(t, 'Сайты виджета');
      const pk = { authorization: `Bearer ${shop.publishable_key}` };
      const put = (payload: object) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/shop/settings',
          headers: shop.auth,
          payload,
          remoteAddress: nextAddress(),
        });
      expect((await post({ ...pk, origin: 'https://anything.example' })).statusCode).toBe(200);

      const bad = await put({ widget_origins: ['http://shop.example'] });
      expect(bad.statusCode).toBe(400);
      expect((await put({ widget_origins: ['https://shop.example/path'] })).statusCode).toBe(400);
      const set = await put({ widget_origins: ['https://Shop.example/', 'https://www.shop.example:8443'] });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json().widget_origins).toEqual(['https://shop.example', 'https://www.shop.example:8443']);

      const other = await post({ ...pk, origin: 'https://evil.example' });
      expect(other.statusCode).toBe(403);
      expect(errorOf(other).code).toBe('FORBIDDEN');
      // The widget tells this refusal from a bad key by the setting its detail names (apps/widget/src/api.ts).
      expect(other.json().detail).toContain('widget_origins');
      expect((await post(pk)).statusCode).toBe(403);
      expect((await post({ ...pk, origin: 'https://shop.example' })).statusCode).toBe(200);
      expect((await post({ ...pk, origin: 'https://www.shop.example:8443' })).statusCode).toBe(200);
      // The secret key is for servers: no origin rule.
      expect((await post(shop.auth)).statusCode).toBe(200);
      // An empty list allows any origin again.
      expect((await put({ widget_origins: [] })).statusCode).toBe(200);
      expect((await post({ ...pk, origin: 'https://evil.example' })).statusCode).toBe(200);
    });

    it('takes an international site in punycode, as the settings form sends it and browsers send Origin', async () => {
      const shop = await newShop(t, 'Магазин.рф');
      const pk = { authorization: `Bearer ${shop.publishable_key}` };
      const set = await t.app.inject({
        method: 'PUT',
        url: '/api/shop/settings',
        headers: shop.auth,
        payload: { widget_origins: ['https://xn--80aairftm.xn--p1ai'] },
        remoteAddress: nextAddress(),
      });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json().widget_origins).toEqual(['https://xn--80aairftm.xn--p1ai']);
      expect((await post({ ...pk, origin: 'https://xn--80aairftm.xn--p1ai' })).statusCode).toBe(200);
      expect((await post({ ...pk, origin: 'https://xn--80aswg.xn--p1ai' })).statusCode).toBe(403);
    });

    it('never replays an answer made for the secret key (idempotency scope includes the key kind)', async () => {
      const key = `scope-${kind}-${Date.now()}`;
      const first = await post({ ...demoAuth, 'idempotency-key': key });
      expect(first.statusCode).toBe(200);
      const second = await post({ ...demoPublishableAuth, 'idempotency-key': key });
      expect(second.statusCode).toBe(200);
      expect(second.headers['idempotent-replayed']).toBeUndefined();
      expect(second.json().id).not.toBe(first.json().id);
      // Within one kind the key still replays.
      const again = await post({ ...demoPublishableAuth, 'idempotency-key': key });
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json().id).toBe(second.json().id);
    });

    it('is limited per key and client address, under a higher ceiling per key', async () => {
      const shop = await newShop(t, 'Лимиты виджета');
      const pk = { authorization: `Bearer ${shop.publishable_key}` };
      const flooder = nextAddress();
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) codes.push((await post(pk, undefined, flooder)).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
      // Another buyer's address is not blocked by the flooder.
      expect((await post(pk)).statusCode).toBe(200);
      expect((await post(pk)).statusCode).toBe(200);
      // The per-key ceiling (8 here) holds over all addresses together: 5 + 2 orders so far (the
      // flooder's refused sixth request did no work and is not counted), so one more, then 429.
      expect((await post(pk)).statusCode).toBe(200);
      const over = await post(pk);
      expect(over.statusCode).toBe(429);
      expect(errorOf(over).code).toBe('RATE_LIMITED');
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      // The shop's secret key has a counter of its own.
      expect((await post(shop.auth)).statusCode).toBe(200);
      expect(DEMO_SHOP.publishableKey.startsWith('pk_')).toBe(true);
    });
  },
);
