import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { patchClient, STEP1 } from './support/buyer';
import { describeApi } from './support/describe-api';
import { createOrder, errorOf, newShop } from './support/test-app';

/**
 * The event log (GET /api/order/events) — the shop's events in commit order, with the
 * very ids and bodies its webhooks carried, paged by `after` without ever skipping one.
 */

type Event = { event: string; event_id: string; order_id: string; sequence: number } & Record<
  string,
  unknown
>;
interface Page {
  items: Event[];
  has_more: boolean;
}

async function startReceiver() {
  const bodies: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      bodies.push(body);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    payloads: () => bodies.map((b) => JSON.parse(b) as Event),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

describeApi('event log', { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } }, (t, kind) => {
  let shop: Awaited<ReturnType<typeof newShop>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  const orders: string[] = [];

  const read = async (query = '', auth: Record<string, string> = shop.auth) =>
    t.app.inject({ method: 'GET', url: `/api/order/events${query}`, headers: auth });
  /**
   * A page, read again while it is shorter than expected: on a PostgreSQL server other test files
   * share, another database's transaction still running holds back the log for that moment.
   */
  const page = async (query = '', atLeast = 0): Promise<Page> => {
    for (let i = 0; ; i++) {
      const res = await read(query);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as Page;
      if (body.items.length >= atLeast || i === 2000) return body;
      await new Promise((r) => setImmediate(r));
    }
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    shop = await newShop(t, 'Журнал событий');
    const settings = await t.app.inject({
      method: 'PUT',
      url: '/api/shop/settings',
      headers: shop.auth,
      payload: { webhook_url: receiver.url },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    for (let i = 0; i < 3; i++) orders.push((await createOrder(t, undefined, shop.auth)).id);
    const [a, b, c] = orders as [string, string, string];
    // Events of several types and orders: products replaced, buyer's step 1, cancellations.
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/order/orders/${a}/products`,
      headers: shop.auth,
      payload: [{ name: 'Картридж', price: 100, quantity: 2 }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await patchClient(t, b, STEP1)).statusCode).toBe(200);
    for (const id of [c, a]) {
      const cancel = await t.app.inject({
        method: 'POST',
        url: `/api/order/orders/${id}/cancel`,
        headers: shop.auth,
        payload: { reason: 'Тест' },
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
    }
    // Another shop's events never show.
    await createOrder(t);
    await t.worker.drain();
  });
  afterAll(async () => {
    await receiver.close();
  });

  it('lists the shop events in commit order with the same ids and bodies as the webhooks', async () => {
    const webhooks = receiver.payloads();
    expect(webhooks.length).toBeGreaterThanOrEqual(4);
    const log = await page('?limit=100', webhooks.length + 3);
    expect(log.has_more).toBe(false);
    // The webhook_url setting does not take order.created; the log has every event.
    const changes = log.items.filter((e) => e.event !== 'order.created');
    expect(changes.map((e) => e.event_id).sort()).toEqual(webhooks.map((e) => e.event_id).sort());
    for (const sent of webhooks) expect(log.items.find((e) => e.event_id === sent.event_id)).toEqual(sent);
    // Commit order: the order of the changes above.
    const [a, b, c] = orders;
    expect(log.items.map((e) => [e.event, e.order_id])).toEqual([
      ['order.created', a],
      ['order.created', b],
      ['order.created', c],
      ['order.products.updated', a],
      ['order.client.updated', b],
      ['order.status.changed', c],
      ['order.status.changed', a],
    ]);
  });

  it('pages with after and limit, each event once, has_more on every page but the last', async () => {
    const all = (await page('?limit=100', 4)).items;
    const seen: string[] = [];
    let after = '';
    for (;;) {
      const p = await page(`?limit=3${after ? `&after=${after}` : ''}`);
      seen.push(...p.items.map((e) => e.event_id));
      if (!p.has_more) break;
      expect(p.items).toHaveLength(3);
      after = p.items[2]?.event_id ?? '';
    }
    expect(seen).toEqual(all.map((e) => e.event_id));
    const first = await page('?limit=1');
    expect(first.items).toHaveLength(1);
    expect(first.has_more).toBe(true);
    const last = all[all.length - 1]?.event_id;
    expect(await page(`?after=${last}`)).toEqual({ items: [], has_more: false });
    // starting_after, the name every list of the API uses, is the same cursor.
    const second = await page(`?limit=2&starting_after=${all[0]?.event_id}`);
    expect(second.items.map((e) => e.event_id)).toEqual(all.slice(1, 3).map((e) => e.event_id));
    const both = await read(`?after=${all[0]?.event_id}&starting_after=${all[1]?.event_id}`);
    expect(both.statusCode).toBe(400);
    expect(errorOf(both).field).toBe('starting_after');
  });

  it('filters by type (repeatable) and order_id', async () => {
    const cancelled = await page('?type=order.status.changed', 2);
    expect(cancelled.items.map((e) => e.order_id)).toEqual([orders[2], orders[0]]);
    const two = await page('?type=order.products.updated&type=order.client.updated', 2);
    expect(two.items.map((e) => e.event)).toEqual(['order.products.updated', 'order.client.updated']);
    const commas = await page('?type=order.products.updated,order.client.updated', 2);
    expect(commas.items).toEqual(two.items);
    const ofA = await page(`?order_id=${orders[0]}`, 3);
    expect(ofA.items.map((e) => e.event)).toEqual([
      'order.created',
      'order.products.updated',
      'order.status.changed',
    ]);
    expect(ofA.items.map((e) => e.sequence)).toEqual([0, 1, 2]);
  });

  it('starts at a time with since (a moment or a Moscow day), for a reader whose cursor is gone', async () => {
    const times = await t.db.query<{ created_at: Date }>(
      'SELECT created_at FROM events WHERE shop_id = $1 ORDER BY created_at',
      [shop.shop.id],
    );
    const first = times[0]?.created_at as Date;
    const last = times[times.length - 1]?.created_at as Date;
    const at = (d: Date, shiftMs: number) =>
      encodeURIComponent(new Date(d.getTime() + shiftMs).toISOString());
    expect((await page(`?since=${at(first, 0)}`, 7)).items).toHaveLength(7);
    expect((await page(`?since=${at(last, 1)}`)).items).toEqual([]);
    const moscowDay = (d: Date, days: number) =>
      new Date(d.getTime() + 3 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
    expect((await page(`?since=${moscowDay(first, 0)}`, 7)).items).toHaveLength(7);
    expect((await page(`?since=${moscowDay(last, 1)}`)).items).toEqual([]);
    const bad = await read('?since=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('since');
  });

  it('takes only the secret key and refuses a bad cursor, limit or type with 400', async () => {
    expect((await read('', {})).statusCode).toBe(401);
    const pk = await read('', { authorization: `Bearer ${shop.publishable_key}` });
    expect(pk.statusCode).toBe(403);
    const foreignEvent = await t.db.query<{ id: string }>(
      'SELECT id FROM events WHERE shop_id <> $1 LIMIT 1',
      [shop.shop.id],
    );
    for (const [query, field] of [
      [`?after=${foreignEvent[0]?.id}`, 'after'],
      [`?after=${randomUUID()}`, 'after'],
      ['?after=nope', 'after'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?limit=2.5', 'limit'],
      ['?type=order.deleted', 'type'],
    ] as const) {
      const res = await read(query);
      expect(res.statusCode, query).toBe(400);
      const error = errorOf(res);
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.field, query).toBe(field);
    }
  });

  it('lists an event written before a field joined every body, and keeps fields it does not know', async () => {
    const [a] = orders as [string];
    const all = (await page('?limit=100', 4)).items;
    const { external_id: _e, metadata: _m, refunded_amount: _r, ...older } = all[0] as Event;
    const id = randomUUID();
    await t.db.query(
      `INSERT INTO events (id, shop_id, order_id, type, sequence, payload, created_at)
       VALUES ($1, $2, $3, 'order.status.changed', 98, $4, now())`,
      [id, shop.shop.id, a, JSON.stringify({ ...older, event_id: id, future_field: 'x' })],
    );
    // Order a's three events (order.created, products, status) and this one.
    const listed = (await page(`?order_id=${a}&limit=100`, 4)).items.find((e) => e.event_id === id);
    expect(listed).toMatchObject({ external_id: null, metadata: {}, refunded_amount: 0, future_field: 'x' });
    await t.db.query('DELETE FROM events WHERE id = $1', [id]);
  });

  it('after a restore from another server (transaction ids ahead), the start-up rebases them', async () => {
    const before = (await page('?limit=100', 4)).items;
    // As if restored from a server whose transaction counter was far ahead of this one's.
    await t.db.query('UPDATE events SET xid = (xid::text::numeric + 1000000000)::text::xid8');
    expect((await read('?limit=100')).json().items).toEqual([]);
    await migrate(t.db);
    expect((await page('?limit=100', before.length)).items).toEqual(before);
    // A new event sorts after the restored ones, and a cursor at the last restored one finds it.
    const order = await createOrder(t, undefined, shop.auth);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/order/orders/${order.id}/cancel`,
      headers: shop.auth,
      payload: {},
    });
    expect(cancel.statusCode).toBe(200);
    const next = await page(`?after=${before[before.length - 1]?.event_id}`, 2);
    expect(next.items.map((e) => [e.event, e.order_id])).toEqual([
      ['order.created', order.id],
      ['order.status.changed', order.id],
    ]);
    // Nothing to do on a normal start.
    const keys = await t.db.query<{ xid: string }>('SELECT xid::text AS xid FROM events ORDER BY xid, seq');
    await migrate(t.db);
    expect(await t.db.query('SELECT xid::text AS xid FROM events ORDER BY xid, seq')).toEqual(keys);
  });

  it.runIf(kind === 'postgres')(
    'never skips an event whose transaction commits after a later one was read',
    async () => {
      const before = await page('?limit=100', 4);
      const cursor = before.items[before.items.length - 1]?.event_id;
      const [a] = orders as [string];
      let release: () => void = () => {};
      const gate = new Promise<void>((r) => {
        release = r;
      });
      let written: () => void = () => {};
      const wrote = new Promise<void>((r) => {
        written = r;
      });
      const slowId = randomUUID();
      // A slow transaction writes an event (the lower sequence number) and stays open…
      const slow = t.db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO events (id, shop_id, order_id, type, sequence, payload, created_at)
           VALUES ($1, $2, $3, 'order.products.updated', 99, $4, now())`,
          [slowId, shop.shop.id, a, JSON.stringify({ ...before.items[0], event_id: slowId, order_id: a })],
        );
        written();
        await gate;
      });
      await wrote;
      // …while a later change commits its event.
      const late = await createOrder(t, undefined, shop.auth);
      const cancel = await t.app.inject({
        method: 'POST',
        url: `/api/order/orders/${late.id}/cancel`,
        headers: shop.auth,
        payload: {},
      });
      expect(cancel.statusCode).toBe(200);
      // The committed later event is held back while the earlier transaction runs…
      expect((await read(`?after=${cursor}`)).json()).toEqual({ items: [], has_more: false });
      release();
      await slow;
      // …and then all come after the cursor, the slow one first: nothing was skipped.
      const after = await page(`?after=${cursor}`, 3);
      expect(after.items.map((e) => e.event_id)[0]).toBe(slowId);
      // The late order's own two: order.created and its cancellation.
      expect(after.items.map((e) => e.order_id)).toEqual([a, late.id, late.id]);
    },
  );
});
