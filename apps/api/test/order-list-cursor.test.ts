import { beforeAll, expect, it } from 'vitest';
import { describeApi } from './support/describe-api';
import { createOrder, errorOf, newShop } from './support/test-app';

/**
 * The order list's `limit`, the `starting_after` cursor that does not shift when orders
 * arrive (offset pages do: an order arriving between two pages showed one order twice), `has_more`,
 * and `updated_since`; `page` keeps working.
 */
describeApi('order list cursor', (t) => {
  let shop: Awaited<ReturnType<typeof newShop>>;
  const ids: string[] = [];
  beforeAll(async () => {
    shop = await newShop(t, 'Курсор');
    for (let i = 0; i < 25; i++) {
      t.clock.set(new Date(Date.UTC(2026, 9, 1, 10, i)));
      ids.push(
        (await createOrder(t, { products: [{ name: `Товар ${i + 1}`, price: 10, quantity: 1 }] }, shop.auth))
          .id,
      );
    }
  });

  type List = {
    items: { id: string; order_number: string; status: string }[];
    count: number;
    has_more: boolean;
  };
  const get = (query: string) =>
    t.app.inject({ method: 'GET', url: `/api/order/orders${query}`, headers: shop.auth });
  const list = async (query: string) => {
    const res = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as List;
  };
  const numbers = (l: List) => l.items.map((o) => Number(o.order_number));

  it('takes limit 1–100 (20 by default) and says whether more follow', async () => {
    const first = await list('');
    expect(first.items).toHaveLength(20);
    expect(first.has_more).toBe(true);
    expect(first.count).toBe(25);
    const five = await list('?limit=5');
    expect(numbers(five)).toEqual([25, 24, 23, 22, 21]);
    expect((await list('?limit=100')).has_more).toBe(false);
    expect(numbers(await list('?limit=5&page=5'))).toEqual([5, 4, 3, 2, 1]);
    expect((await list('?limit=5&page=5')).has_more).toBe(false);
    for (const bad of ['0', '101', '2.5', 'x']) {
      const res = await get(`?limit=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(errorOf(res).field).toBe('limit');
    }
  });

  it('pages with starting_after without shifting when orders arrive', async () => {
    const p1 = await list('?limit=10');
    expect(numbers(p1)).toEqual([25, 24, 23, 22, 21, 20, 19, 18, 17, 16]);
    // An order arrives between two pages: an offset page shifts, the cursor does not.
    t.clock.set(new Date(Date.UTC(2026, 9, 1, 11, 0)));
    const arrived = await createOrder(t, undefined, shop.auth);
    const shifted = await list('?limit=10&page=2');
    expect(numbers(shifted)[0]).toBe(16);
    const p2 = await list(`?limit=10&starting_after=${p1.items[9]?.id}`);
    expect(numbers(p2)).toEqual([15, 14, 13, 12, 11, 10, 9, 8, 7, 6]);
    expect(p2.has_more).toBe(true);
    expect(p2.count).toBe(26);
    const p3 = await list(`?limit=10&starting_after=${p2.items[9]?.id}`);
    expect(numbers(p3)).toEqual([5, 4, 3, 2, 1]);
    expect(p3.has_more).toBe(false);
    // With a filter the cursor walks the filtered list.
    await t.db.query("UPDATE orders SET status = 'app_approved' WHERE id = ANY($1::uuid[])", [
      [ids[0], ids[5], ids[10], arrived.id],
    ]);
    const approved = await list('?status=app_approved&limit=2');
    expect(numbers(approved)).toEqual([26, 11]);
    const rest = await list(`?status=app_approved&limit=2&starting_after=${approved.items[1]?.id}`);
    expect(numbers(rest)).toEqual([6, 1]);
    expect(rest.count).toBe(4);
    // …and through a number search too.
    const search = await list(`?order_id=1&limit=3`);
    const next = await list(`?order_id=1&limit=3&starting_after=${search.items[2]?.id}`);
    expect([...numbers(search), ...numbers(next)]).toEqual(
      numbers(await list('?order_id=1&limit=100')).slice(0, 6),
    );
  });

  it('walks a number search read through the trigram index with the cursor too', async () => {
    const other = await newShop(t, 'Номера');
    await t.db.query('UPDATE shops SET last_order_number = 1000 WHERE id = $1', [other.shop.id]);
    for (let i = 0; i < 5; i++) {
      t.clock.set(new Date(Date.UTC(2026, 9, 3, 10, i)));
      await createOrder(t, undefined, other.auth);
    }
    const get = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/order/orders${query}`,
        headers: other.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as List;
    };
    const first = await get('?order_id=100&limit=2');
    expect(numbers(first)).toEqual([1005, 1004]);
    expect(first.count).toBe(5);
    const second = await get(`?order_id=100&limit=2&starting_after=${first.items[1]?.id}`);
    expect(numbers(second)).toEqual([1003, 1002]);
    expect(second.count).toBe(5);
    expect(second.has_more).toBe(true);
  });

  it('pages back with ending_before: the page just before the cursor, newest first, has_more looking back', async () => {
    const back = await newShop(t, 'Назад');
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      t.clock.set(new Date(Date.UTC(2026, 9, 5, 10, i)));
      made.push((await createOrder(t, undefined, back.auth)).id);
    }
    const get = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/order/orders${query}`, headers: back.auth });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as List;
    };
    const ids = (l: List) => l.items.map((o) => o.id);
    // Walk forward to the oldest page, then back to the first: the same pages in the same order.
    const p1 = await get('?limit=3');
    const p2 = await get(`?limit=3&starting_after=${p1.items[2]?.id}`);
    const p3 = await get(`?limit=3&starting_after=${p2.items[2]?.id}`);
    expect(ids(p3)).toEqual([made[0]]);
    const b2 = await get(`?limit=3&ending_before=${p3.items[0]?.id}`);
    expect(ids(b2)).toEqual(ids(p2));
    expect(b2.has_more).toBe(true);
    expect(b2.count).toBe(7);
    const b1 = await get(`?limit=3&ending_before=${b2.items[0]?.id}`);
    expect(ids(b1)).toEqual(ids(p1));
    expect(b1.has_more).toBe(false);
    // Fewer than limit before the cursor: those, and nothing further back.
    const short = await get(`?limit=3&ending_before=${made[5]}`);
    expect(ids(short)).toEqual([made[6]]);
    expect(short.has_more).toBe(false);
    expect((await get(`?ending_before=${made[6]}`)).items).toEqual([]);
    // With a filter, and with several statuses (each read through its own index branch).
    await t.db.query("UPDATE orders SET status = 'cancelled' WHERE id = ANY($1::uuid[])", [
      [made[1], made[3], made[6]],
    ]);
    const filtered = await get(`?status=cancelled&limit=1&ending_before=${made[1]}`);
    expect(ids(filtered)).toEqual([made[3]]);
    expect(filtered.has_more).toBe(true);
    const two = await get(`?status=cancelled,client_expected&limit=2&ending_before=${made[2]}`);
    expect(ids(two)).toEqual([made[4], made[3]]);
    expect(two.has_more).toBe(true);
    // A number search walks back the same way.
    const third = (await get('?limit=100')).items.find((o) => o.id === made[2]);
    const search = await get(`?order_id=${third?.order_number}&limit=5&ending_before=${made[0]}`);
    expect(ids(search)).toEqual([made[2]]);
    expect(search.has_more).toBe(false);
  });

  it('refuses an unknown or foreign cursor, a cursor with page > 1, and both cursors together', async () => {
    const foreign = await createOrder(t);
    for (const cursor of ['starting_after', 'ending_before']) {
      for (const query of [
        `?${cursor}=${foreign.id}`,
        `?${cursor}=00000000-0000-4000-8000-000000000000`,
        `?${cursor}=12`,
        `?${cursor}=${ids[3]}&page=2`,
      ]) {
        const res = await get(query);
        expect(res.statusCode, query).toBe(400);
        expect(errorOf(res).field, query).toBe(cursor);
      }
      expect(errorOf(await get(`?${cursor}=${foreign.id}`)).message).toBe(
        `${cursor}: нет такого заказа магазина`,
      );
    }
    const both = await get(`?starting_after=${ids[3]}&ending_before=${ids[5]}`);
    expect(both.statusCode).toBe(400);
    expect(errorOf(both)).toMatchObject({
      field: 'ending_before',
      message:
        'starting_after и ending_before вместе нельзя: укажите один курсор — следующая страница или предыдущая',
    });
  });

  it('lists only orders changed since updated_since', async () => {
    t.clock.set(new Date(Date.UTC(2026, 9, 2, 12, 0)));
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/order/orders/${ids[2]}/cancel`,
      headers: shop.auth,
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const changed = await list('?updated_since=2026-10-02T12:00:00Z');
    expect(changed.items.map((o) => o.id)).toEqual([ids[2]]);
    expect(changed.count).toBe(1);
    expect((await list('?updated_since=2026-10-02T15:00:01%2B03:00')).items).toEqual([]);
    expect((await list('?updated_since=2026-10-01T00:00:00Z')).count).toBe(26);
    // A bare date, as date_from takes it: from the start of that day in Moscow.
    expect((await list('?updated_since=2026-10-02')).items.map((o) => o.id)).toEqual([ids[2]]);
    expect((await list('?updated_since=2026-10-03')).items).toEqual([]);
    expect((await get('?updated_since=2026-02-30')).statusCode).toBe(400);
    const bad = await get('?updated_since=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('updated_since');
  });
});
