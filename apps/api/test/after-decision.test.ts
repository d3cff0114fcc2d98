import { DEMO_SHOP } from '@b2bpay/domain';
import { type HttpReceiver, startHttpReceiver } from '@b2bpay/test-sinks';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BankCredentials } from '../src/modules/banks';
import {
  applicationId,
  approve,
  bankCall,
  bankMessages,
  confirmRefund,
  pay,
  reject,
  seedBanks,
  signOffer,
} from './support/banks';
import { patchClient, prepareSubmission, STEP1 } from './support/buyer';
import { describeApi } from './support/describe-api';
import {
  createOrder,
  demoAuth,
  demoPublishableAuth,
  errorOf,
  newShop,
  sampleProducts,
} from './support/test-app';

/** sampleProducts: 3 × 350,10 + 3 × 0,10 = 1050,60 ₽. */
const ORDER_AMOUNT = 1050.6;

const env = {
  WEBHOOK_ALLOW_PRIVATE: 'true',
  WEBHOOK_TIMEOUT_MS: '5000',
};

describeApi('after the decision (DESIGN §11)', { env }, (t) => {
  let hooks: HttpReceiver;
  let banks: Record<string, BankCredentials>;
  const bank = (id: string) => banks[id] as BankCredentials;
  let n = 0;
  const contacts = (prefix: string) => {
    n += 1;
    return { phone: `+7926100${String(1000 + n)}`, email: `${prefix}${n}@buyer.ru` };
  };

  beforeAll(async () => {
    hooks = await startHttpReceiver('/hook');
    // The banks' endpoint is a closed port: what we send them waits for its retry, and the tests
    // play each bank's answers through the bank API.
    banks = await seedBanks(t);
  });
  // Standard Webhooks receivers refuse timestamps more than 5 minutes from their own clock.
  beforeEach(() => t.clock.set(new Date()));
  afterAll(() => hooks.close());

  const owner = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/order/orders/${id}`, headers: demoAuth })).json();
  const cancel = (id: string, payload: object = {}, headers: Record<string, string> = demoAuth) =>
    t.app.inject({ method: 'POST', url: `/api/order/orders/${id}/cancel`, headers, payload });
  const refund = (id: string, payload: object, headers: Record<string, string> = demoAuth) =>
    t.app.inject({ method: 'POST', url: `/api/order/orders/${id}/refunds`, headers, payload });
  const emails = async (orderId: string) =>
    (
      await t.db.query<{ kind: string; body: string }>(
        "SELECT kind, body FROM notifications WHERE order_id = $1 AND channel = 'email' ORDER BY created_at, id",
        [orderId],
      )
    ).map((r) => r.kind);
  const events = async (orderId: string) =>
    (
      await t.db.query<{ type: string }>('SELECT type FROM events WHERE order_id = $1 ORDER BY sequence', [
        orderId,
      ])
    ).map((r) => r.type);
  /** The webhooks received for the order, verified as a shop would (Standard Webhooks). */
  const verifiedHooks = (orderId: string) =>
    hooks.requests
      .map(
        (r) =>
          new Webhook(DEMO_SHOP.webhookSecret).verify(r.body, r.headers as Record<string, string>) as Record<
            string,
            unknown
          >,
      )
      .filter((p) => p.order_id === orderId)
      // Deliveries run in parallel and may arrive in any order; `sequence` puts them in order.
      .sort((a, b) => Number(a.sequence) - Number(b.sequence));

  /** An order whose buyer has submitted the application (status bank_info_expected). */
  const submitted = async (prefix = 'ivan', body: object = { products: sampleProducts }) => {
    const order = await createOrder(t, { ...body, webhook_url: hooks.url });
    const { body: submission } = await prepareSubmission(t, order.id, contacts(prefix));
    const res = await patchClient(t, order.id, submission);
    expect(res.statusCode, res.body).toBe(200);
    await t.worker.drain();
    return order;
  };
  let payments = 0;
  /** A paid order: sever approves, the buyer signs its first offer, sever pays under its own reference. */
  const paid = async (body?: object) => {
    const order = await submitted('ivan', body);
    await approve(t, bank('sever'), order.id);
    await signOffer(t, order.id);
    payments += 1;
    const reference = `SEVER-${String(payments).padStart(6, '0')}`;
    await pay(t, bank('sever'), order.id, reference);
    await t.worker.drain();
    expect((await owner(order.id)).status).toBe('payment_sent');
    return { ...order, reference };
  };

  describe('cancel', () => {
    it('cancels without a body: the reason is optional', async () => {
      const order = await createOrder(t);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/order/orders/${order.id}/cancel`,
        headers: demoAuth,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe('cancelled');
    });

    it('cancels a new order, says who and why, and answers the same order again', async () => {
      const order = await createOrder(t);
      const res = await cancel(order.id, { reason: 'Покупатель передумал' });
      expect(res.statusCode, res.body).toBe(200);
      const cancelled = res.json();
      expect(cancelled.status).toBe('cancelled');
      const history = (
        await t.app.inject({ method: 'GET', url: `/api/order/orders/${order.id}/history`, headers: demoAuth })
      ).json();
      expect(history.at(-1)).toMatchObject({
        from_status: 'client_expected',
        to_status: 'cancelled',
        actor: 'shop',
        reason: 'Заказ отменён магазином: Покупатель передумал',
      });
      expect(await events(order.id)).toEqual(['order.created', 'order.status.changed']);

      const again = await cancel(order.id, { reason: 'ещё раз' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(cancelled);
      expect(await events(order.id)).toEqual(['order.created', 'order.status.changed']);

      // The buyer's page says so and takes nothing more.
      const publicView = (await t.app.inject({ method: 'GET', url: `/api/order/orders/${order.id}` })).json();
      expect(publicView.status).toBe('cancelled');
      const patch = await patchClient(t, order.id, STEP1);
      expect(patch.statusCode).toBe(409);
    });

    it('withdraws a submitted application from the banks and e-mails the buyer', async () => {
      const order = await submitted('olga');
      const res = await cancel(order.id, { reason: 'Нет на складе' });
      expect(res.statusCode, res.body).toBe(200);
      const withdrawn = await t.db.query<{ bank: string; withdrawn_at: Date | null }>(
        'SELECT bank, withdrawn_at FROM bank_applications WHERE order_id = $1 ORDER BY bank',
        [order.id],
      );
      expect(withdrawn.length).toBe(3);
      expect(withdrawn.every((w) => w.withdrawn_at !== null)).toBe(true);
      // Each bank is told, in a signed message of its own, that the application is withdrawn.
      const told = await bankMessages(t, order.id, 'application.withdrawn');
      expect(told.map((m) => m.bank).sort()).toEqual(['sever', 'ural', 'volga']);
      for (const m of told) {
        expect(m.status).toBe('pending');
        expect(m.body).toMatchObject({
          type: 'application.withdrawn',
          data: { application_id: await applicationId(t, order.id, m.bank), reason: 'order_cancelled' },
        });
      }
      // A bank's answer that comes later is refused and changes nothing.
      t.clock.advance(60_000);
      await t.worker.drain();
      const late = await bankCall(
        t,
        bank('sever'),
        'POST',
        `/applications/${await applicationId(t, order.id, 'sever')}/decision`,
        { decision: 'rejected' },
      );
      expect(late.statusCode).toBe(409);
      expect(errorOf(late).code).toBe('APPLICATION_CLOSED');
      const after = await owner(order.id);
      expect(after.status).toBe('cancelled');
      expect(after.bank_decisions.map((d: { status: string }) => d.status)).toEqual([
        'withdrawn',
        'withdrawn',
        'withdrawn',
      ]);
      expect((await emails(order.id)).filter((k) => k !== 'code')).toEqual(['cancelled']);
      const mail = await t.db.query<{ body: string }>(
        "SELECT body FROM notifications WHERE order_id = $1 AND kind = 'cancelled'",
        [order.id],
      );
      expect(mail[0]?.body).toContain('Причина: Нет на складе');
      const received = verifiedHooks(order.id).filter((p) => p.event === 'order.status.changed');
      expect(received.at(-1)).toMatchObject({ status: 'cancelled', previous_status: 'bank_info_expected' });
    });

    it('stops an approved and signed order from being paid', async () => {
      const order = await submitted('petr');
      await approve(t, bank('sever'), order.id);
      expect((await owner(order.id)).status).toBe('app_approved');
      await signOffer(t, order.id);
      expect((await cancel(order.id)).statusCode).toBe(200);
      // The signed bank's application is withdrawn too (the others were when the buyer signed).
      const told = await bankMessages(t, order.id, 'application.withdrawn');
      expect(told.map((m) => [m.bank, (m.body.data as { reason: string }).reason]).sort()).toEqual([
        ['sever', 'order_cancelled'],
        ['ural', 'other_offer_accepted'],
        ['volga', 'other_offer_accepted'],
      ]);
      t.clock.advance(20_000);
      await t.worker.drain();
      const payment = await bankCall(
        t,
        bank('sever'),
        'POST',
        `/applications/${await applicationId(t, order.id, 'sever')}/payment`,
        { amount: order.amount, reference: 'SEVER-999999', paid_at: t.clock.now().toISOString() },
      );
      expect(payment.statusCode).toBe(409);
      expect(errorOf(payment).code).toBe('APPLICATION_CLOSED');
      const after = await owner(order.id);
      expect(after.status).toBe('cancelled');
      expect(after.payout).toBeNull();
    });

    it('refuses a paid, a returned or a rejected order with 409', async () => {
      const order = await paid();
      const res = await cancel(order.id);
      expect(res.statusCode).toBe(409);
      expect(errorOf(res)).toMatchObject({ code: 'ORDER_STATUS_CONFLICT', order_status: 'payment_sent' });

      const rejected = await submitted('decline');
      for (const id of ['sever', 'volga', 'ural']) await reject(t, bank(id), rejected.id);
      expect((await owner(rejected.id)).status).toBe('app_rejected');
      expect((await cancel(rejected.id)).statusCode).toBe(409);

      const full = await refund(order.id, { amount: ORDER_AMOUNT, reason: 'Весь заказ вернули' });
      expect(full.statusCode, full.body).toBe(200);
      expect((await cancel(order.id)).statusCode).toBe(409);
    });

    it('takes only the owner secret key and a short reason', async () => {
      const order = await createOrder(t);
      expect((await cancel(order.id, {}, demoPublishableAuth)).statusCode).toBe(403);
      const other = await newShop(t);
      expect((await cancel(order.id, {}, other.auth)).statusCode).toBe(404);
      expect((await cancel(order.id, {}, {})).statusCode).toBe(401);
      const long = await cancel(order.id, { reason: 'x'.repeat(501) });
      expect(long.statusCode).toBe(400);
      expect(errorOf(long).field).toBe('reason');
      expect((await cancel(order.id, { reason: 'ok', extra: 1 })).statusCode).toBe(400);
      expect((await owner(order.id)).status).toBe('client_expected');
      expect((await cancel('not-a-uuid')).statusCode).toBe(404);
    });
  });

  describe('payout', () => {
    it('a paid order carries the payout, and order.payment.completed brings it', async () => {
      const order = await paid();
      const view = await owner(order.id);
      expect(view.payout).toEqual({
        bank: 'sever',
        amount: ORDER_AMOUNT,
        fee: 0,
        reference: order.reference,
        paid_at: expect.any(String),
      });
      // The bank's reference is what the order keeps.
      const again = await t.db.query<{ payout_reference: string }>(
        'SELECT payout_reference FROM orders WHERE id = $1',
        [order.id],
      );
      expect(view.payout.reference).toBe(again[0]?.payout_reference);
      await t.worker.drain();
      const completed = verifiedHooks(order.id).find((p) => p.event === 'order.payment.completed');
      expect(completed?.payout).toEqual(view.payout);
    });
  });

  describe('refunds', () => {
    it('returns part, then the rest: refunded_amount grows, the order becomes refunded', async () => {
      const order = await paid();
      const first = await refund(order.id, {
        amount: 350.1,
        reason: 'Одна пачка бумаги вернулась',
        products: [{ product_id: (await owner(order.id)).products[0].id, quantity: 1 }],
      });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({
        order_id: order.id,
        amount: 350.1,
        reason: 'Одна пачка бумаги вернулась',
      });
      let view = await owner(order.id);
      expect(view.status).toBe('payment_sent');
      expect(view.refunded_amount).toBe(350.1);
      // The return says the order's mode, as every object does.
      expect(typeof view.livemode).toBe('boolean');
      expect(first.json().livemode).toBe(view.livemode);
      // The buyer's link shows it too: what is left to pay the bank is the offer's total less it.
      const buyerView = (await t.app.inject({ method: 'GET', url: `/api/order/orders/${order.id}` })).json();
      expect(buyerView.refunded_amount).toBe(350.1);
      expect(buyerView.payout).toBeUndefined();

      // The paying bank, and only it, is told of the return; its reference comes with its confirmation.
      const told = await bankMessages(t, order.id, 'refund.created');
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({
        bank: 'sever',
        body: {
          type: 'refund.created',
          data: {
            application_id: await applicationId(t, order.id, 'sever'),
            refund_id: first.json().id,
            amount: 350.1,
          },
        },
      });
      expect(first.json().bank_reference).toBeNull();
      const notTheirs = await confirmRefund(t, bank('volga'), first.json().id, 'VOLGA-R000001');
      expect(notTheirs.statusCode).toBe(404);
      const confirmed = await confirmRefund(t, bank('sever'), first.json().id, 'SEVER-R000001');
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toEqual({
        refund_id: first.json().id,
        application_id: await applicationId(t, order.id, 'sever'),
        amount: 350.1,
        reference: 'SEVER-R000001',
        confirmed_at: t.clock.now().toISOString(),
      });
      // A second confirmation answers with the first one's reference.
      const again = await confirmRefund(t, bank('sever'), first.json().id, 'SEVER-R000002');
      expect(again.json().reference).toBe('SEVER-R000001');

      const tooMuch = await refund(order.id, { amount: 700.51, reason: 'Больше остатка' });
      expect(tooMuch.statusCode).toBe(409);
      expect(errorOf(tooMuch)).toMatchObject({ code: 'REFUND_EXCEEDS_REMAINING', field: 'amount' });
      expect((await owner(order.id)).refunded_amount).toBe(350.1);

      const rest = await refund(order.id, { amount: 700.5, reason: 'Остальное' });
      expect(rest.statusCode, rest.body).toBe(200);
      view = await owner(order.id);
      expect(view.status).toBe('refunded');
      expect(view.refunded_amount).toBe(ORDER_AMOUNT);

      const list = await t.app.inject({
        method: 'GET',
        url: `/api/order/orders/${order.id}/refunds`,
        headers: demoAuth,
      });
      expect(list.statusCode).toBe(200);
      expect(
        list
          .json()
          .items.map((r: { amount: number; bank_reference: string | null }) => [r.amount, r.bank_reference]),
      ).toEqual([
        [350.1, 'SEVER-R000001'],
        [700.5, null],
      ]);
      // Both refunds were made at one moment of the test clock: compared as a set.
      const amounts = (await bankMessages(t, order.id, 'refund.created')).map((m) =>
        Number(m.body.data.amount),
      );
      expect(amounts.sort((a, b) => a - b)).toEqual([350.1, 700.5]);
      expect((await emails(order.id)).filter((k) => k === 'refund')).toHaveLength(2);

      await t.worker.drain();
      const created = verifiedHooks(order.id).filter((p) => p.event === 'order.refund.created');
      expect(created.map((p) => p.refunded_amount)).toEqual([350.1, ORDER_AMOUNT]);
      expect(created[0]?.refund).toEqual(first.json());
      const last = verifiedHooks(order.id).at(-1);
      expect(last).toMatchObject({
        event: 'order.status.changed',
        status: 'refunded',
        previous_status: 'payment_sent',
      });

      const after = await refund(order.id, { amount: 1, reason: 'Ещё' });
      expect(after.statusCode).toBe(409);
    });

    it('replays a retried refund with the same Idempotency-Key instead of returning twice', async () => {
      const order = await paid();
      const headers = { ...demoAuth, 'idempotency-key': `refund-${order.id}` };
      const body = { amount: 100, reason: 'Брак' };
      const a = await refund(order.id, body, headers);
      const b = await refund(order.id, body, headers);
      expect(a.statusCode).toBe(200);
      expect(b.statusCode).toBe(200);
      expect(b.headers['idempotent-replayed']).toBe('true');
      expect(b.json()).toEqual(a.json());
      expect((await owner(order.id)).refunded_amount).toBe(100);
      const other = await refund(order.id, { amount: 50, reason: 'Брак' }, headers);
      expect(other.statusCode).toBe(422);
      expect(errorOf(other).code).toBe('IDEMPOTENCY_KEY_REUSED');
    });

    it('two refunds racing for the last rouble: one 200, one 409', async () => {
      const order = await paid();
      expect((await refund(order.id, { amount: ORDER_AMOUNT - 1, reason: 'Почти всё' })).statusCode).toBe(
        200,
      );
      const [a, b] = await Promise.all([
        refund(order.id, { amount: 1, reason: 'Первый' }),
        refund(order.id, { amount: 1, reason: 'Второй' }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const view = await owner(order.id);
      expect(view.refunded_amount).toBe(ORDER_AMOUNT);
      expect(view.status).toBe('refunded');
      const rows = await t.db.query<{ n: unknown }>('SELECT count(*) AS n FROM refunds WHERE order_id = $1', [
        order.id,
      ]);
      expect(Number(rows[0]?.n)).toBe(2);
    });

    it('checks products against the order: its own ids, quantities up to bought minus returned', async () => {
      const order = await paid();
      const [paper, clips] = (await owner(order.id)).products;
      const other = await createOrder(t);
      const foreignId = (await owner(other.id)).products[0].id;
      // Two packs of paper (of 3) come back first.
      const first = await refund(order.id, {
        amount: 700.2,
        reason: 'Две пачки',
        products: [{ product_id: paper.id, quantity: 2 }],
      });
      expect(first.statusCode, first.body).toBe(200);
      const refused: object[] = [
        // Only 1 pack is left to return: 2 is too many, also when split over two lines of one product.
        [{ product_id: paper.id, quantity: 2 }],
        [
          { product_id: paper.id, quantity: 1 },
          { product_id: paper.id, quantity: 1 },
        ],
        // A product of another order of the same shop is not this order's.
        [{ product_id: foreignId, quantity: 1 }],
      ];
      for (const products of refused) {
        const res = await refund(order.id, { amount: 0.1, reason: 'x', products });
        expect(res.statusCode, JSON.stringify(products)).toBe(400);
        expect(errorOf(res).field).toBe('products');
      }
      expect(errorOf(await refund(order.id, { amount: 1, reason: 'x', products: refused[0] })).message).toBe(
        'Товар «Бумага офисная А4, 500 листов»: вернуть можно не больше 1 шт.',
      );
      expect((await owner(order.id)).refunded_amount).toBe(700.2);

      const last = await refund(order.id, {
        amount: 350.2,
        reason: 'Последняя пачка и скрепки',
        products: [
          { product_id: paper.id, quantity: 1 },
          { product_id: clips.id, quantity: 1 },
        ],
      });
      expect(last.statusCode, last.body).toBe(200);
      expect(last.json().products).toEqual([
        { product_id: paper.id, quantity: 1 },
        { product_id: clips.id, quantity: 1 },
      ]);
      const none = await refund(order.id, {
        amount: 0.1,
        reason: 'x',
        products: [{ product_id: paper.id, quantity: 1 }],
      });
      expect(none.statusCode).toBe(400);
      expect(errorOf(none).message).toBe(
        'Товар «Бумага офисная А4, 500 листов»: вернуть можно не больше 0 шт.',
      );
    });

    it('refuses bad input and orders that are not paid, changing nothing', async () => {
      const order = await paid();
      const productId = (await owner(order.id)).products[1].id;
      const cases: [object, string][] = [
        [{ amount: 0, reason: 'x' }, 'amount'],
        [{ amount: -5, reason: 'x' }, 'amount'],
        [{ amount: 1.005, reason: 'x' }, 'amount'],
        [{ amount: 1 }, 'reason'],
        [{ amount: 1, reason: '   ' }, 'reason'],
        [{ amount: 1, reason: 'x', products: [{ product_id: 999_999_999, quantity: 1 }] }, 'products'],
        [{ amount: 1, reason: 'x', products: [{ product_id: productId, quantity: 4 }] }, 'products'],
      ];
      for (const [body, field] of cases) {
        const res = await refund(order.id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(errorOf(res).field).toBe(field);
      }
      expect((await owner(order.id)).refunded_amount).toBe(0);
      expect((await refund(order.id, { amount: 1, reason: 'x' }, demoPublishableAuth)).statusCode).toBe(403);
      const other = await newShop(t);
      expect((await refund(order.id, { amount: 1, reason: 'x' }, other.auth)).statusCode).toBe(404);
      const fresh = await createOrder(t);
      const notPaid = await refund(fresh.id, { amount: 1, reason: 'x' });
      expect(notPaid.statusCode).toBe(409);
      expect(errorOf(notPaid)).toMatchObject({
        code: 'ORDER_STATUS_CONFLICT',
        order_status: 'client_expected',
      });
      expect(await t.db.query('SELECT id FROM refunds WHERE order_id = $1', [order.id])).toEqual([]);
    });
  });

  describe('external_id and metadata', () => {
    it('are stored, returned to the owner, filtered on and sent in webhooks', async () => {
      const order = await createOrder(t, {
        products: sampleProducts,
        external_id: 'ERP-0001',
        metadata: { manager: 'Иванов', channel: 'b2b' },
        webhook_url: hooks.url,
      });
      const view = await owner(order.id);
      expect(view.external_id).toBe('ERP-0001');
      expect(view.metadata).toEqual({ manager: 'Иванов', channel: 'b2b' });
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/order/orders?external_id=ERP-0001',
        headers: demoAuth,
      });
      expect(list.json()).toMatchObject({ count: 1, items: [{ id: order.id, external_id: 'ERP-0001' }] });
      const none = await t.app.inject({
        method: 'GET',
        url: '/api/order/orders?external_id=ERP-0002',
        headers: demoAuth,
      });
      expect(none.json()).toEqual({ count: 0, items: [], has_more: false });

      expect((await cancel(order.id)).statusCode).toBe(200);
      await t.worker.drain();
      expect(verifiedHooks(order.id).at(-1)).toMatchObject({
        external_id: 'ERP-0001',
        metadata: { manager: 'Иванов', channel: 'b2b' },
      });
      // The public link's view does not show the shop's data.
      const publicView = (await t.app.inject({ method: 'GET', url: `/api/order/orders/${order.id}` })).json();
      expect(publicView.external_id).toBeUndefined();
      expect(publicView.metadata).toBeUndefined();
    });

    it('a second order with the same external_id is 409 DUPLICATE_EXTERNAL_ID naming the first', async () => {
      const first = await createOrder(t, { products: sampleProducts, external_id: 'ERP-dup' });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/order/orders',
        headers: demoAuth,
        payload: { products: sampleProducts, external_id: 'ERP-dup' },
      });
      expect(res.statusCode).toBe(409);
      const error = res.json().error;
      expect(error).toMatchObject({
        code: 'DUPLICATE_EXTERNAL_ID',
        field: 'external_id',
        order_id: first.id,
      });
      expect(error.message).toContain(first.id);
      // Another shop may use the same reference.
      const other = await newShop(t, 'Третий магазин');
      await createOrder(t, { products: sampleProducts, external_id: 'ERP-dup' }, other.auth);
    });

    it('two creations racing with one external_id: one order, one 409', async () => {
      const create = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/order/orders',
          headers: demoAuth,
          payload: { products: sampleProducts, external_id: 'ERP-race' },
        });
      const results = await Promise.all([create(), create()]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const loser = results.find((r) => r.statusCode === 409);
      const winner = results.find((r) => r.statusCode === 200);
      expect(loser?.json().error.order_id).toBe(winner?.json().id);
    });

    it('refuses them with a publishable key, and metadata beyond its limits', async () => {
      for (const extra of [{ external_id: 'W-1' }, { metadata: { a: 'b' } }]) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/order/orders',
          headers: demoPublishableAuth,
          payload: { products: sampleProducts, ...extra },
        });
        expect(res.statusCode).toBe(403);
      }
      const tooMany = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v']));
      const bad: [object, string][] = [
        [{ external_id: 'x'.repeat(65) }, 'external_id'],
        [{ external_id: '' }, 'external_id'],
        [{ metadata: tooMany }, 'metadata'],
        [{ metadata: { ['k'.repeat(41)]: 'v' } }, `metadata.${'k'.repeat(41)}`],
        [{ metadata: { k: 'v'.repeat(501) } }, 'metadata.k'],
        [{ metadata: { k: 1 } }, 'metadata.k'],
      ];
      for (const [extra, field] of bad) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/order/orders',
          headers: demoAuth,
          payload: { products: sampleProducts, ...extra },
        });
        expect(res.statusCode, JSON.stringify(extra)).toBe(400);
        expect(errorOf(res).field).toBe(field);
      }
    });
  });
});
