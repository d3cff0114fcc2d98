import { beforeAll, expect, it } from 'vitest';
import { describeApi } from '../../../test/support/describe-api';
import { createOrder, newShop } from '../../../test/support/test-app';
import { type ListFilter, listOrders } from './orders.repository';

/**
 * The list's count comes from per-day status counters kept by triggers (migration 006) plus the
 * partial days at the ends of a range: it must equal a plain count(*) for any filter, after inserts,
 * status changes by any path, and deletes.
 */
describeApi('order counts', (t) => {
  let shopId: string;
  const ids: string[] = [];
  // Around Moscow midnights (21:00 UTC) on purpose: the counters' days must match the filter's.
  const times = [
    '2026-03-01T20:59:59.999Z',
    '2026-03-01T21:00:00.000Z',
    '2026-03-01T21:00:00.001Z',
    '2026-03-02T09:30:00.000Z',
    '2026-03-02T20:59:59.999Z',
    '2026-03-03T00:00:00.000Z',
    '2026-03-03T21:00:00.000Z',
    '2026-03-05T12:00:00.000Z',
    '2026-03-31T20:59:00.000Z',
    '2026-03-31T21:00:00.000Z',
    '2026-04-01T10:00:00.000Z',
  ];

  beforeAll(async () => {
    const shop = await newShop(t, 'Счётчики');
    shopId = shop.shop.id;
    const other = await newShop(t, 'Другой');
    for (const [i, at] of times.entries()) {
      t.clock.set(new Date(at));
      ids.push(
        (await createOrder(t, { products: [{ name: `Товар ${i}`, price: 10, quantity: 1 }] }, shop.auth)).id,
      );
      await createOrder(t, { products: [{ name: 'Чужой', price: 1, quantity: 1 }] }, other.auth);
    }
    // Status changes by plain SQL, like an operator's fix: the triggers see them too.
    await t.db.query("UPDATE orders SET status = 'app_approved' WHERE id = ANY($1::uuid[])", [
      ids.slice(0, 4),
    ]);
    await t.db.query("UPDATE orders SET status = 'payment_sent' WHERE id = $1", [ids[4]]);
    await t.db.query("UPDATE orders SET status = 'client_info_overdue' WHERE id = $1", [ids[5]]);
    await t.db.query("UPDATE orders SET status = 'client_expected' WHERE id = $1", [ids[5]]);
    await t.db.query("UPDATE orders SET created_at = '2026-03-10T10:00:00Z' WHERE id = $1", [ids[6]]);
    await t.db.query('DELETE FROM orders WHERE id = $1', [ids[7]]);
  });

  const truth = async (f: ListFilter) => {
    const where = ['shop_id = $1'];
    const params: unknown[] = [f.shopId];
    if (f.statuses.length) where.push(`status = ANY($${params.push(f.statuses)}::text[])`);
    if (f.from) where.push(`created_at >= $${params.push(f.from)}`);
    if (f.to) where.push(`created_at ${f.toExclusive ? '<' : '<='} $${params.push(f.to)}`);
    const rows = await t.db.query<{ n: unknown }>(
      `SELECT count(*) AS n FROM orders WHERE ${where.join(' AND ')}`,
      params,
    );
    return Number(rows[0]?.n);
  };

  it('equals count(*) for every combination of statuses and bounds', async () => {
    const bounds = [
      null,
      '2026-03-01T21:00:00.000Z',
      '2026-03-01T20:59:59.999Z',
      '2026-03-02T09:30:00.000Z',
      '2026-03-02T21:00:00.000Z',
      '2026-03-03T00:00:00.000Z',
      '2026-03-31T21:00:00.000Z',
      '2026-04-30T21:00:00.000Z',
    ];
    const statusSets = [[], ['client_expected'], ['app_approved', 'payment_sent'], ['app_rejected']];
    let checked = 0;
    for (const statuses of statusSets) {
      for (const from of bounds) {
        for (const to of bounds) {
          for (const toExclusive of [true, false]) {
            const f: ListFilter = {
              shopId,
              statuses,
              orderNumberLike: null,
              from: from ? new Date(from) : null,
              to: to ? new Date(to) : null,
              toExclusive,
              limit: 20,
              offset: 0,
            };
            const { count } = await listOrders(t.db, f);
            expect(count, JSON.stringify(f)).toBe(await truth(f));
            checked++;
          }
        }
      }
    }
    expect(checked).toBe(512);
  });

  it('counts a number search exactly too', async () => {
    const f: ListFilter = {
      shopId,
      statuses: [],
      orderNumberLike: '%1%',
      from: null,
      to: null,
      toExclusive: false,
      limit: 20,
      offset: 0,
    };
    const { count, rows } = await listOrders(t.db, f);
    // Orders 1, 10 and 11 of this shop (order 8 was deleted).
    expect(count).toBe(3);
    expect(rows.map((r) => r.order_number).sort()).toEqual([1, 10, 11]);
  });

  it('counts a short number search arithmetically when the numbers are exactly 1…last, else by rows', async () => {
    const gapFree = await newShop(t, 'Без пропусков');
    t.clock.set(new Date('2026-05-01T10:00:00Z'));
    for (let i = 0; i < 25; i++) {
      await createOrder(t, { products: [{ name: `Товар ${i}`, price: 1, quantity: 1 }] }, gapFree.auth);
    }
    for (const text of ['1', '2', '0', '5', '9', '12', '20', '21', '3']) {
      const f: ListFilter = {
        shopId: gapFree.shop.id,
        statuses: [],
        orderNumberLike: `%${text}%`,
        from: null,
        to: null,
        toExclusive: false,
        limit: 20,
        offset: 0,
      };
      const rows = await t.db.query<{ n: unknown }>(
        'SELECT count(*) AS n FROM orders WHERE shop_id = $1 AND order_number::text LIKE $2',
        [gapFree.shop.id, `%${text}%`],
      );
      expect((await listOrders(t.db, f)).count, text).toBe(Number(rows[0]?.n));
    }
    // A gap (order 7 deleted): the rows are counted instead, still exact.
    await t.db.query('DELETE FROM orders WHERE shop_id = $1 AND order_number = 7', [gapFree.shop.id]);
    const f: ListFilter = {
      shopId: gapFree.shop.id,
      statuses: [],
      orderNumberLike: '%7%',
      from: null,
      to: null,
      toExclusive: false,
      limit: 20,
      offset: 0,
    };
    expect((await listOrders(t.db, f)).count).toBe(1); // 17
  });
});
