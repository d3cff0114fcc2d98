import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approve, pay, seedBanks, signOffer } from './support/banks';
import { patchClient, prepareSubmission } from './support/buyer';
import { readEvents } from './support/sse';
import { createOrder, DB_KINDS, newShop, startTestApp, type TestApp } from './support/test-app';

/**
 * New orders and refunds reach the shop's open live stream as status changes do: an order created
 * through the API (secret key) or the widget (publishable key) arrives as `order.created` with its
 * event id (a reconnect resumes after it), and a return as `order.refund.created`.
 */
describe.each(DB_KINDS)('live stream: new orders and refunds on %s', (kind) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('announces an order created through the API or the widget, and not the ones there before', async () => {
    const shop = await newShop(t, 'Новые заказы');
    await createOrder(t, undefined, shop.auth); // there before the stream opens
    const other = await newShop(t, 'Чужие новые заказы');
    let viaApi = '';
    let viaWidget = '';
    const events = await readEvents(`${base}/api/events`, shop.auth, 2, async () => {
      await createOrder(t, undefined, other.auth);
      viaApi = (await createOrder(t, undefined, shop.auth)).id;
      const widget = { authorization: `Bearer ${shop.publishable_key}` };
      viaWidget = (await createOrder(t, undefined, widget)).id;
    });
    expect(events.map((e) => e.event)).toEqual(['order.created', 'order.created']);
    expect(events.map((e) => e.data.order_id).sort()).toEqual([viaApi, viaWidget].sort());
    for (const e of events) expect(e.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(events[0]?.data).toMatchObject({ status: 'client_expected', previous_status: null });
  });

  it('a stream resumed after a new order replays the order events it missed since', async () => {
    const shop = await newShop(t, 'Возобновление');
    const first = await createOrder(t, undefined, shop.auth);
    const step1 = (id: string) =>
      patchClient(t, id, {
        surname: 'Петров',
        name: 'Пётр',
        inn: '7707083893',
        organization_name: 'ООО «Ромашка»',
      });
    const seen = await readEvents(`${base}/api/events`, shop.auth, 2, async () => {
      await step1(first.id);
      await createOrder(t, undefined, shop.auth);
    });
    expect(seen.map((e) => e.event).sort()).toEqual(['order.client.updated', 'order.created']);
    const lastId = seen.at(-1)?.id ?? '';
    await t.db.query("UPDATE orders SET status = 'client_expected' WHERE id = $1", [first.id]);
    await step1(first.id);
    const replayed = await readEvents(
      `${base}/api/events`,
      { ...shop.auth, 'last-event-id': lastId },
      1,
      async () => {},
    );
    expect(replayed.map((e) => e.event)).toEqual(['order.client.updated']);
  });

  it('announces a refund of a paid order', async () => {
    const banks = await seedBanks(t);
    const shop = await newShop(t, 'Возвраты вживую');
    const order = await createOrder(t, undefined, shop.auth);
    const { body } = await prepareSubmission(t, order.id, { phone: '+79263001001', email: 'live@buyer.ru' });
    expect((await patchClient(t, order.id, body)).statusCode).toBe(200);
    await t.worker.drain();
    const sever = banks.sever;
    if (!sever) throw new Error('no sever');
    await approve(t, sever, order.id);
    await signOffer(t, order.id);
    await pay(t, sever, order.id);
    const events = await readEvents(`${base}/api/events`, shop.auth, 1, () =>
      t.app.inject({
        method: 'POST',
        url: `/api/order/orders/${order.id}/refunds`,
        headers: shop.auth,
        payload: { amount: 100.5, reason: 'Возврат товара' },
      }),
    );
    expect(events[0]).toMatchObject({ event: 'order.refund.created', data: { order_id: order.id } });
  });
});
