import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { describeApi } from './support/describe-api';
import { readEvents } from './support/sse';
import { createOrder, DB_KINDS, errorOf, newShop, startTestApp, type TestApp } from './support/test-app';

describeApi('shop area API: statistics, history, keys', (t) => {
  let shop: Awaited<ReturnType<typeof newShop>>;
  beforeAll(async () => {
    shop = await newShop(t, 'Статистика');
    // Fixtures: 6 orders on three Moscow days of November 2026.
    const at = (iso: string) => t.clock.set(iso);
    const make = async (iso: string, price: number) => {
      at(iso);
      return createOrder(t, { products: [{ name: 'Товар', price, quantity: 1 }] }, shop.auth);
    };
    const o1 = await make('2026-11-01T09:00:00Z', 1000.5);
    const o2 = await make('2026-11-01T20:59:00Z', 2000); // 23:59 Moscow, still Nov 1
    const o3 = await make('2026-11-01T21:00:00Z', 3000); // 00:00 Moscow, Nov 2
    const o4 = await make('2026-11-02T10:00:00Z', 4000);
    const o5 = await make('2026-11-03T10:00:00Z', 5000);
    await make('2026-11-03T11:00:00Z', 6000);
    const set = (id: string, status: string, extra = '') =>
      t.db.query(`UPDATE orders SET status = $2${extra} WHERE id = $1`, [id, status]);
    await set(
      o1.id,
      'payment_sent',
      ", submitted_at = created_at, link_opened_at = created_at, updated_at = '2026-11-03T12:00:00Z'",
    );
    await set(o2.id, 'app_approved', ', submitted_at = created_at, link_opened_at = created_at');
    await set(o3.id, 'app_rejected', ', submitted_at = created_at, link_opened_at = created_at');
    await set(o4.id, 'bank_info_expected', ', submitted_at = created_at, link_opened_at = created_at');
    // o5 opened through the public link: the API records it
    await t.app.inject({ method: 'GET', url: `/api/order/orders/${o5.id}` });
    t.clock.set('2026-11-22T10:00:00Z');
  });

  const stats = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/stats${query}`, headers: shop.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('aggregates a period exactly: statuses, funnel, approval rate, amounts, days', async () => {
    const s = await stats('?date_from=2026-11-01&date_to=2026-11-03');
    expect(s.orders).toBe(6);
    expect(s.amount).toBe(21000.5);
    expect(s.average_amount).toBe(3500.08);
    expect(s.funnel).toEqual({ created: 6, link_opened: 5, submitted: 4, approved: 2, paid: 1 });
    expect(s.approval_rate).toBeCloseTo(2 / 3, 4);
    expect(s.paid).toEqual({
      orders: 1,
      amount: 1000.5,
      refunded_orders: 0,
      refunded_amount: 0,
      net_amount: 1000.5,
    });
    expect(s.decisions).toEqual({ approved: 2, rejected: 1 });
    expect(s.by_status).toContainEqual({ status: 'client_expected', orders: 2, amount: 11000 });
    expect(s.daily).toEqual([
      { date: '2026-11-01', orders: 2, paid_orders: 0, paid_amount: 0, refunded_amount: 0 },
      { date: '2026-11-02', orders: 2, paid_orders: 0, paid_amount: 0, refunded_amount: 0 },
      { date: '2026-11-03', orders: 2, paid_orders: 1, paid_amount: 1000.5, refunded_amount: 0 },
    ]);
  });

  it('uses Moscow days and defaults to the last 30 days', async () => {
    const one = await stats('?date_from=2026-11-01&date_to=2026-11-01');
    expect(one.orders).toBe(2);
    const def = await stats('');
    expect(def.date_to).toBe('2026-11-22');
    expect(def.date_from).toBe('2026-10-24');
    expect(def.daily).toHaveLength(30);
    expect(def.orders).toBe(6);
  });

  it('refuses bad periods and other kinds of key', async () => {
    for (const q of [
      '?date_from=2026-11-05&date_to=2026-11-01',
      '?date_from=2024-01-01&date_to=2026-01-01',
      '?date_from=2026-02-30',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/stats${q}`, headers: shop.auth });
      expect(res.statusCode, q).toBe(400);
    }
    const pk = await t.app.inject({
      method: 'GET',
      url: '/api/stats',
      headers: { authorization: `Bearer ${shop.publishable_key}` },
    });
    expect(pk.statusCode).toBe(403);
  });

  it('shows an order status history to its shop only', async () => {
    const order = await createOrder(t, undefined, shop.auth);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/order/orders/${order.id}/history`,
      headers: shop.auth,
    });
    expect(res.json()).toEqual([
      expect.objectContaining({ from_status: null, to_status: 'client_expected', actor: 'shop' }),
    ]);
    const other = await newShop(t, 'Чужая история');
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/order/orders/${order.id}/history`,
      headers: other.auth,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('rotates a key: the new one works at once, the old one stops', async () => {
    const own = await newShop(t, 'Ротация');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shop/keys/rotate',
      headers: own.auth,
      payload: { kind: 'secret' },
    });
    expect(res.statusCode).toBe(200);
    const { key, hint } = res.json();
    expect(key).toMatch(/^sk_live_/);
    expect(hint).toBe(`sk_live_…${key.slice(-4)}`);
    const old = await t.app.inject({ method: 'GET', url: '/api/order/orders', headers: own.auth });
    expect(old.statusCode).toBe(401);
    const fresh = await t.app.inject({
      method: 'GET',
      url: '/api/order/orders',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(fresh.statusCode).toBe(200);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/shop/keys/rotate',
      headers: { authorization: `Bearer ${key}` },
      payload: { kind: 'admin' },
    });
    expect(errorOf(bad).field).toBe('kind');
  });
});

describe.each(DB_KINDS)('live event stream on %s', (kind) => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof buildApp>>;
  let base: string;
  let secondBase: string;
  let shop: Awaited<ReturnType<typeof newShop>>;
  beforeAll(async () => {
    // Frequent heartbeats: each one checks the stream's key again.
    t = await startTestApp(kind, { LIVE_HEARTBEAT_MS: '100' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    // A second API instance on the same database stands for a second process behind one PostgreSQL.
    second = await buildApp({ config: t.config, db: t.db, clock: t.clock }, { logger: false });
    await second.listen({ port: 0, host: '127.0.0.1' });
    secondBase = `http://127.0.0.1:${(second.server.address() as AddressInfo).port}`;
    shop = await newShop(t, 'Живые события');
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const step1 = (orderId: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/order/orders/${orderId}/client`,
      payload: {
        surname: 'Петров',
        name: 'Пётр',
        inn: '7707083893',
        organization_name: 'ПАО «Сбербанк России»',
      },
    });

  it('streams a change written through another API instance, and only the shop’s own', async () => {
    const order = await createOrder(t, undefined, shop.auth);
    const other = await newShop(t, 'Посторонний');
    const otherOrder = await createOrder(t, undefined, other.auth);
    const events = await readEvents(`${secondBase}/api/events`, shop.auth, 1, async () => {
      await step1(otherOrder.id);
      await step1(order.id);
    });
    expect(events).toHaveLength(1);
    expect(events[0]?.event).toBe('order.client.updated');
    expect(events[0]?.data.order_id).toBe(order.id);
  });

  it('replays what was missed after Last-Event-ID', async () => {
    const order = await createOrder(t, undefined, shop.auth);
    const first = await readEvents(`${base}/api/events`, shop.auth, 1, () => step1(order.id));
    const lastId = first[0]?.id ?? '0';
    await t.db.query("UPDATE orders SET status = 'client_expected' WHERE id = $1", [order.id]);
    await step1(order.id);
    await step1(order.id);
    const replayed = await readEvents(
      `${base}/api/events`,
      { ...shop.auth, 'last-event-id': lastId },
      2,
      async () => {},
    );
    expect(replayed).toHaveLength(2);
    expect(replayed.map((e) => e.data.order_id)).toEqual([order.id, order.id]);
    expect(replayed.map((e) => e.id)).not.toContain(lastId);
  });

  it('names each event by its own id (the event log’s event_id): nothing counts over other shops', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const order = await createOrder(t, undefined, shop.auth);
    const other = await newShop(t, 'Чужой объём');
    const otherOrder = await createOrder(t, undefined, other.auth);
    const first = await readEvents(`${base}/api/events`, shop.auth, 1, () => step1(order.id));
    // Another shop's changes between two of this shop's events.
    for (let i = 0; i < 3; i++) {
      await t.db.query("UPDATE orders SET status = 'client_expected' WHERE id = $1", [otherOrder.id]);
      await step1(otherOrder.id);
    }
    await t.db.query("UPDATE orders SET status = 'client_expected' WHERE id = $1", [order.id]);
    const second = await readEvents(
      `${base}/api/events`,
      { ...shop.auth, 'last-event-id': first[0]?.id ?? '' },
      1,
      () => step1(order.id),
    );
    const ids = [first[0]?.id, second[0]?.id];
    for (const id of ids) expect(id).toMatch(uuid);
    // The log shows an event once every older transaction on the server has ended (another suite's
    // may still run on a shared PostgreSQL): ask again until both are there.
    let logged: string[] = [];
    for (let i = 0; i < 2000 && logged.length < 2; i++) {
      const log = await t.app.inject({
        method: 'GET',
        url: `/api/order/events?order_id=${order.id}&type=order.client.updated`,
        headers: shop.auth,
      });
      logged = log.json().items.map((e: { event_id: string }) => e.event_id);
      if (logged.length < 2) await new Promise((r) => setTimeout(r, 5));
    }
    expect(logged).toEqual(ids);

    // Another shop's event id names no event of this shop: the stream resumes nothing, goes live.
    const othersLog = await t.app.inject({ method: 'GET', url: '/api/order/events', headers: other.auth });
    const othersFirst = othersLog.json().items[0].event_id as string;
    await t.db.query("UPDATE orders SET status = 'client_expected' WHERE id = $1", [order.id]);
    const live = await readEvents(
      `${base}/api/events`,
      { ...shop.auth, 'last-event-id': othersFirst },
      1,
      () => step1(order.id),
    );
    expect(live[0]?.id).toMatch(uuid);
    expect(ids).not.toContain(live[0]?.id);
    // A page opened before ids were UUIDs sends a number: it is not refused (the page would retry it
    // for ever), it resumes nothing.
    await t.db.query("UPDATE orders SET status = 'client_expected' WHERE id = $1", [order.id]);
    const legacy = await readEvents(`${base}/api/events`, { ...shop.auth, 'last-event-id': '12' }, 1, () =>
      step1(order.id),
    );
    expect(legacy[0]?.id).toMatch(uuid);
    expect([...ids, live[0]?.id]).not.toContain(legacy[0]?.id);
  });

  it('requires a secret key', async () => {
    const res = await fetch(`${base}/api/events`);
    expect(res.status).toBe(401);
  });

  it('ends a stream once its key is rotated, here or through another API instance', async () => {
    for (const rotateAt of [base, secondBase]) {
      const own = await newShop(t, 'Смена ключа');
      const res = await fetch(`${base}/api/events`, { headers: { ...own.auth, 'x-request-id': 'stream-1' } });
      expect(res.status).toBe(200);
      // Written by hand (hijacked), the stream's head still names its request.
      expect(res.headers.get('x-request-id')).toBe('stream-1');
      const reader = res.body?.getReader();
      if (!reader) throw new Error('no body');
      const rotated = await fetch(`${rotateAt}/api/shop/keys/rotate`, {
        method: 'POST',
        headers: { ...own.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'secret' }),
      });
      expect(rotated.status).toBe(200);
      // The server ends the response at the next heartbeat: the reader reaches its end by itself.
      let ended = false;
      const deadline = Date.now() + 10_000;
      while (!ended && Date.now() < deadline) ended = (await reader.read()).done;
      expect(ended, rotateAt).toBe(true);
    }
    // A stream whose key still holds goes on delivering.
    const order = await createOrder(t, undefined, shop.auth);
    const events = await readEvents(`${base}/api/events`, shop.auth, 1, () => step1(order.id));
    expect(events[0]?.data.order_id).toBe(order.id);
  });
});
