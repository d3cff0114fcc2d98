import { beforeAll, expect, it } from 'vitest';
import { describeApi } from './support/describe-api';
import { createOrder, demoAuth, errorOf, newShop } from './support/test-app';

describeApi('order list', (t) => {
  let shop: Awaited<ReturnType<typeof newShop>>;
  const ids: string[] = [];
  beforeAll(async () => {
    shop = await newShop(t, 'Список');
    // 45 orders, one a day from 2026-10-01 10:00 UTC (13:00 Moscow)
    for (let i = 0; i < 45; i++) {
      t.clock.set(new Date(Date.UTC(2026, 9, 1 + i, 10, 0, 0)));
      const o = await createOrder(
        t,
        { products: [{ name: `Товар ${i + 1}`, price: 10, quantity: 1 }] },
        shop.auth,
      );
      ids.push(o.id);
    }
    await t.db.query("UPDATE orders SET status = 'app_approved' WHERE id = ANY($1::uuid[])", [
      ids.slice(0, 3),
    ]);
    await t.db.query("UPDATE orders SET status = 'payment_sent' WHERE id = ANY($1::uuid[])", [
      ids.slice(3, 5),
    ]);
  });

  const list = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/order/orders${query}`, headers: shop.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: { id: string; order_number: string; status: string }[]; count: number };
  };

  it('pages by 20, newest first', async () => {
    const p1 = await list('');
    expect(p1.count).toBe(45);
    expect(p1.items).toHaveLength(20);
    expect(p1.items[0]?.order_number).toBe('45');
    const p3 = await list('?page=3');
    expect(p3.items.map((o) => o.order_number)).toEqual(['5', '4', '3', '2', '1']);
    expect((await list('?page=4')).items).toEqual([]);
  });

  it('filters by one or several statuses', async () => {
    expect((await list('?status=app_approved')).count).toBe(3);
    const both = await list('?status=app_approved&status=payment_sent');
    expect(both.count).toBe(5);
    expect(new Set(both.items.map((o) => o.status))).toEqual(new Set(['app_approved', 'payment_sent']));
    // Several statuses page as one list, newest first across them, a repeated status counted once.
    const many = '?status=client_expected&status=app_approved&status=client_expected';
    const p1 = await list(many);
    const p2 = await list(`${many}&page=2`);
    expect(p1.count).toBe(43);
    const numbers = [...p1.items, ...p2.items].map((o) => Number(o.order_number));
    expect(numbers).toEqual(Array.from({ length: 40 }, (_, k) => 45 - k));
    expect((await list(`${many}&page=3`)).items.map((o) => o.order_number)).toEqual(['3', '2', '1']);
    // Comma-separated, as client generators encode arrays, alone or mixed with repeats.
    expect((await list('?status=app_approved,payment_sent')).count).toBe(5);
    expect((await list('?status=app_approved,payment_sent&status=client_expected')).count).toBe(45);
  });

  it('names the allowed statuses when one is wrong', async () => {
    for (const q of ['?status=nope', '?status=app_approved,nope', '?status=app_approved&status=nope']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/order/orders${q}`, headers: shop.auth });
      expect(res.statusCode, q).toBe(400);
      expect(errorOf(res), q).toMatchObject({ field: 'status' });
      expect(errorOf(res).message, q).toContain('допустимые значения — client_expected, ');
    }
  });

  it('searches by a part of the order number', async () => {
    const found = await list('?order_id=4');
    expect(found.items.map((o) => o.order_number).sort()).toEqual(
      ['14', '24', '34', '4', '40', '41', '42', '43', '44', '45'].sort(),
    );
    expect((await list('?order_id=%25')).count).toBe(0);
  });

  it('filters by dates: a bare date covers its whole Moscow day', async () => {
    const day = await list('?date_from=2026-10-05&date_to=2026-10-05');
    expect(day.items.map((o) => o.order_number)).toEqual(['5']);
    const range = await list('?date_from=2026-10-05&date_to=2026-10-07');
    expect(range.count).toBe(3);
    const exact = await list('?date_from=2026-10-05T10:00:00Z&date_to=2026-10-05T10:00:00Z');
    expect(exact.count).toBe(1);
    const all = await list(
      '?status=app_approved&status=client_expected&order_id=1&date_from=2026-10-01&date_to=2026-10-15&page=1',
    );
    expect(all.items.map((o) => o.order_number).sort()).toEqual(
      ['1', '10', '11', '12', '13', '14', '15'].sort(),
    );
  });

  it('refuses bad queries with 400', async () => {
    for (const q of [
      '?page=0',
      '?page=x',
      '?status=nope',
      '?date_from=2026-13-45',
      '?date_from=yesterday',
      '?date_from=2024-02-30',
      '?date_to=2023-02-29T10:00:00Z',
      '?bogus=1',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/order/orders${q}`, headers: shop.auth });
      expect(res.statusCode, q).toBe(400);
      expect(errorOf(res).code).toBe('VALIDATION_ERROR');
    }
  });

  it("never shows another shop's orders", async () => {
    const demo = await t.app.inject({ method: 'GET', url: '/api/order/orders', headers: demoAuth });
    const demoIds = new Set((demo.json().items as { id: string }[]).map((o) => o.id));
    expect(ids.some((id) => demoIds.has(id))).toBe(false);
  });
});
