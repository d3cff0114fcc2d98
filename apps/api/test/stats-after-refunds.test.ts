import { beforeAll, expect, it } from 'vitest';
import type { BankCredentials } from '../src/modules/banks';
import { approve, pay, reject, seedBanks, signOffer } from './support/banks';
import { patchClient, prepareSubmission } from './support/buyer';
import { describeApi } from './support/describe-api';
import { createOrder, newShop } from './support/test-app';

/**
 * Statistics count what happened to an order: a refund (in part or in full) or a cancellation after
 * the approval does not undo a bank's approval or a sale, and turnover shows paid, refunded and net
 * apart. Every order goes the real way: the buyer's application, the banks' decisions, the signature,
 * the payment and the shop's returns.
 */
describeApi('statistics after refunds', (t) => {
  let shop: Awaited<ReturnType<typeof newShop>>;
  let banks: Record<string, BankCredentials>;
  const bank = (id: string) => banks[id] as BankCredentials;
  let buyers = 0;

  const submitted = async (price: number) => {
    const order = await createOrder(
      t,
      { products: [{ name: 'Кресло офисное', price, quantity: 1 }] },
      shop.auth,
    );
    buyers += 1;
    const contacts = { phone: `+7926200${String(1000 + buyers)}`, email: `stats${buyers}@buyer.ru` };
    const { body } = await prepareSubmission(t, order.id, contacts);
    const res = await patchClient(t, order.id, body);
    expect(res.statusCode, res.body).toBe(200);
    await t.worker.drain();
    return order;
  };
  const paid = async (price: number) => {
    const order = await submitted(price);
    await approve(t, bank('sever'), order.id);
    await signOffer(t, order.id);
    await pay(t, bank('sever'), order.id, `SEVER-${order.order_number.padStart(6, '0')}`);
    await t.worker.drain();
    return order;
  };
  const refund = async (orderId: string, amount: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/order/orders/${orderId}/refunds`,
      headers: shop.auth,
      payload: { amount, reason: 'Возврат товара' },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const cancel = async (orderId: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/order/orders/${orderId}/cancel`,
      headers: shop.auth,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    banks = await seedBanks(t);
    shop = await newShop(t, 'Статистика возвратов');
    t.clock.set('2026-11-10T09:00:00Z');
    const partlyReturned = await paid(20_000);
    const fullyReturned = await paid(23_980);
    await submitted(1_000).then((o) => approve(t, bank('sever'), o.id)); // approved, not paid yet
    const approvedThenCancelled = await submitted(2_000);
    await approve(t, bank('sever'), approvedThenCancelled.id);
    const rejected = await submitted(3_000);
    for (const id of Object.keys(banks)) await reject(t, bank(id), rejected.id);
    await createOrder(t, { products: [{ name: 'Стол', price: 500, quantity: 1 }] }, shop.auth); // not applied
    // The returns come on later days: 5 000,50 ₽ of the first, all of the second.
    t.clock.set('2026-11-12T09:00:00Z');
    await refund(partlyReturned.id, 5_000.5);
    t.clock.set('2026-11-13T09:00:00Z');
    await refund(fullyReturned.id, 23_980);
    await cancel(approvedThenCancelled.id);
    t.clock.set('2026-11-20T09:00:00Z');
  });

  const stats = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/stats?date_from=2026-11-10&date_to=2026-11-14',
      headers: shop.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('keeps approvals after refunds and cancellations: 4 of 5 decided orders were approved', async () => {
    const s = await stats();
    expect(s.by_status).toEqual(
      expect.arrayContaining([
        { status: 'payment_sent', orders: 1, amount: 20_000 },
        { status: 'refunded', orders: 1, amount: 23_980 },
        { status: 'cancelled', orders: 1, amount: 2_000 },
      ]),
    );
    expect(s.decisions).toEqual({ approved: 4, rejected: 1 });
    expect(s.approval_rate).toBe(0.8);
    expect(s.funnel).toEqual({ created: 6, link_opened: 5, submitted: 5, approved: 4, paid: 2 });
  });

  it('shows paid, refunded and net turnover apart, in exact kopecks', async () => {
    const s = await stats();
    expect(s.paid).toEqual({
      orders: 2,
      amount: 43_980,
      refunded_orders: 2,
      refunded_amount: 28_980.5,
      net_amount: 14_999.5,
    });
  });

  it('puts payments on their day and returns on theirs', async () => {
    const s = await stats();
    expect(s.daily).toEqual([
      { date: '2026-11-10', orders: 6, paid_orders: 2, paid_amount: 43_980, refunded_amount: 0 },
      { date: '2026-11-11', orders: 0, paid_orders: 0, paid_amount: 0, refunded_amount: 0 },
      { date: '2026-11-12', orders: 0, paid_orders: 0, paid_amount: 0, refunded_amount: 5_000.5 },
      { date: '2026-11-13', orders: 0, paid_orders: 0, paid_amount: 0, refunded_amount: 23_980 },
      { date: '2026-11-14', orders: 0, paid_orders: 0, paid_amount: 0, refunded_amount: 0 },
    ]);
  });
});
