import { beforeAll, expect, it } from 'vitest';
import { registerOwner } from './support/cabinet';
import { describeApi } from './support/describe-api';
import { errorOf, sampleProducts } from './support/test-app';

/**
 * Test mode (DESIGN §16) works in a test twin of the shop, but the shop knows itself by its live id:
 * the cabinet, its links and the shop area name that one. An order made in test mode may name it as
 * `shop_id`, through a test key or a session in test mode; another shop's id is still refused.
 */
describeApi('shop_id of an order made in test mode', (t) => {
  let a: Awaited<ReturnType<typeof registerOwner>>;
  let b: Awaited<ReturnType<typeof registerOwner>>;
  const create = (headers: Record<string, string>, shopId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/order/orders',
      headers,
      payload: { shop_id: shopId, products: sampleProducts },
    });

  beforeAll(async () => {
    a = await registerOwner(t, 'modes-a@shop.example');
    b = await registerOwner(t, 'modes-b@shop.example');
  });

  it('a session in test mode may name the live shop: the order is a test order', async () => {
    const res = await create({ ...a.on(a.shopId), 'x-b2bpay-mode': 'test' }, a.shopId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ livemode: false });
    const live = await t.app.inject({
      method: 'GET',
      url: '/api/order/orders',
      headers: { ...a.cookie, 'x-shop-id': a.shopId },
    });
    expect(live.json().items.map((o: { id: string }) => o.id)).not.toContain(res.json().id);
  });

  it('a test key may name the live shop too', async () => {
    const res = await create({ authorization: `Bearer ${a.testSecretKey}` }, a.shopId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ livemode: false });
  });

  it("another shop's id is refused in either mode, and nothing is made", async () => {
    const callers: Record<string, string>[] = [
      { ...a.on(a.shopId), 'x-b2bpay-mode': 'test' },
      { authorization: `Bearer ${a.testSecretKey}` },
      { authorization: `Bearer ${a.secretKey}` },
    ];
    for (const headers of callers) {
      const res = await create(headers, b.shopId);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toMatchObject({ code: 'FORBIDDEN' });
    }
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/order/orders',
      headers: { authorization: `Bearer ${b.testSecretKey}` },
    });
    expect(list.json().items).toEqual([]);
  });
});
