import { PARTNER_BANKS } from '@b2bpay/domain';
import { type HttpReceiver, startHttpReceiver } from '@b2bpay/test-sinks';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { BankCredentials } from '../src/modules/banks';
import { applicationId, approve, bankMessages, pay, reject, seedBanks, signOffer } from './support/banks';
import { patchClient, prepareSubmission, STEP1 } from './support/buyer';
import { describeApi } from './support/describe-api';
import { createOrder, demoAuth } from './support/test-app';

/** sampleProducts: 3 × 350,10 + 3 × 0,10 = 1050,60 ₽. */
const ORDER_AMOUNT = 1050.6;
const DAY_MS = 24 * 3_600_000;

/**
 * An order's life with the partner banks as the bank protocol has it (DESIGN §13): the banks are
 * told of the application in signed messages (each bank's endpoint here is a receiver of its own)
 * and answer through the bank API, which these tests play for them.
 */
describeApi('order lifecycle with the partner banks', { env: { CLIENT_INFO_TTL: '72h' } }, (t) => {
  const endpoints: Record<string, HttpReceiver> = {};
  let banks: Record<string, BankCredentials>;
  const bank = (id: string) => banks[id] as BankCredentials;
  let n = 0;
  const contacts = (prefix: string) => {
    n += 1;
    return { phone: `+7926000${String(1000 + n)}`, email: `${prefix}${n}@buyer.ru` };
  };

  beforeAll(async () => {
    for (const b of PARTNER_BANKS) endpoints[b.id] = await startHttpReceiver(`/bank/${b.id}`);
    banks = await seedBanks(t, (id) => endpoints[id]?.url ?? 'http://127.0.0.1:9/closed');
  });
  afterAll(async () => {
    for (const receiver of Object.values(endpoints)) await receiver.close();
  });
  // The signatures are checked as a bank would, against the real clock (5 minutes of tolerance).
  beforeEach(() => t.clock.set(new Date()));

  const owner = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/order/orders/${id}`, headers: demoAuth })).json();
  const submit = async (prefix: string) => {
    const order = await createOrder(t);
    const { body } = await prepareSubmission(t, order.id, contacts(prefix));
    const res = await patchClient(t, order.id, body);
    expect(res.statusCode, res.body).toBe(200);
    await t.worker.drain();
    return order;
  };
  /**
   * The order's e-mails but the step-2 codes, oldest first (a code may share its moment with what
   * follows it on the unmoved clock, and ids do not order within one moment).
   */
  const emails = async (orderId: string) =>
    (
      await t.db.query<{ kind: string }>(
        `SELECT kind FROM notifications WHERE order_id = $1 AND channel = 'email' AND kind <> 'code'
          ORDER BY created_at, id`,
        [orderId],
      )
    ).map((r) => r.kind);
  const emailBody = async (orderId: string, kind: string) =>
    (
      await t.db.query<{ body: string }>(
        "SELECT body FROM notifications WHERE order_id = $1 AND channel = 'email' AND kind = $2",
        [orderId, kind],
      )
    )[0]?.body;
  /** Each bank's decision on the order, by bank. */
  const decisions = async (orderId: string) =>
    Object.fromEntries(
      (await owner(orderId)).bank_decisions.map((d: { bank: string; status: string }) => [d.bank, d.status]),
    );
  /** What bank `id` received about the order: verified with its signing secret, oldest first. */
  const received = async (id: string, orderId: string) => {
    const application = await applicationId(t, orderId, id);
    const verifier = new Webhook(bank(id).signing_secret);
    return (endpoints[id]?.requests ?? [])
      .filter((r) => JSON.parse(r.body).data?.application_id === application)
      .map((r) => {
        expect(r.headers['user-agent']).toBe('B2BPay-Banks/1.0');
        return verifier.verify(r.body, r.headers as Record<string, string>) as {
          type: string;
          data: Record<string, unknown>;
        };
      });
  };

  it('sends the application to every bank, approves on the first approval with an e-mail, pays after signing', async () => {
    const order = await submit('ivan');
    const submittedAt = t.clock.now().getTime();
    expect((await owner(order.id)).status).toBe('bank_info_expected');
    expect(await decisions(order.id)).toEqual({ sever: 'pending', volga: 'pending', ural: 'pending' });
    for (const b of PARTNER_BANKS) {
      const messages = await received(b.id, order.id);
      expect(messages.map((m) => m.type)).toEqual(['application.created']);
      expect(messages[0]?.data).toMatchObject({
        order: { id: order.id, number: order.order_number, amount: ORDER_AMOUNT },
        buyer: {
          inn: STEP1.inn,
          surname: STEP1.surname,
          email: expect.stringMatching(/^ivan\d+@buyer\.ru$/),
        },
        respond_by: new Date(submittedAt + DAY_MS).toISOString(),
      });
    }
    expect((await bankMessages(t, order.id)).map((m) => m.status)).toEqual([
      'delivered',
      'delivered',
      'delivered',
    ]);

    await approve(t, bank('sever'), order.id);
    const approved = await owner(order.id);
    expect(approved.status).toBe('app_approved');
    expect(await decisions(order.id)).toEqual({ sever: 'approved', volga: 'pending', ural: 'pending' });
    expect(await emails(order.id)).toEqual(['approved']);
    expect(await emailBody(order.id, 'approved')).toContain(`http://b2bpay.test/client/${order.id}`);

    // A later refusal changes nothing: one approval is enough.
    await reject(t, bank('volga'), order.id);
    expect((await owner(order.id)).status).toBe('app_approved');

    const { offer } = await signOffer(t, order.id);
    await t.worker.drain();
    expect((await received('sever', order.id)).map((m) => [m.type, m.data.offer_id ?? null])).toEqual([
      ['application.created', null],
      ['offer.accepted', 'd30'],
    ]);
    expect(offer).toMatchObject({ bank: 'sever', kind: 'deferral' });
    expect((await received('ural', order.id)).map((m) => [m.type, m.data.reason ?? null])).toEqual([
      ['application.created', null],
      ['application.withdrawn', 'other_offer_accepted'],
    ]);
    expect((await received('volga', order.id)).map((m) => m.type)).toEqual(['application.created']);

    await pay(t, bank('sever'), order.id, 'SEVER-000042');
    const paid = await owner(order.id);
    expect(paid.status).toBe('payment_sent');
    expect(paid.payout).toMatchObject({ bank: 'sever', amount: ORDER_AMOUNT, reference: 'SEVER-000042' });
    expect(await decisions(order.id)).toEqual({ sever: 'approved', volga: 'rejected', ural: 'withdrawn' });
    const history = await t.db.query<{ to_status: string; actor: string }>(
      'SELECT to_status, actor FROM order_status_history WHERE order_id = $1 ORDER BY id',
      [order.id],
    );
    expect(history).toEqual([
      { to_status: 'client_expected', actor: 'shop' },
      { to_status: 'bank_info_expected', actor: 'buyer' },
      { to_status: 'app_approved', actor: 'bank:sever' },
      // The signature is a note in the history: the status stays, the buyer is named as on step 2.
      { to_status: 'app_approved', actor: 'buyer' },
      { to_status: 'payment_sent', actor: 'bank:sever' },
    ]);
    const events = await t.db.query<{ type: string; sequence: number }>(
      'SELECT type, sequence FROM events WHERE order_id = $1 ORDER BY sequence',
      [order.id],
    );
    expect(events.map((e) => e.type)).toEqual([
      'order.created',
      'order.client.updated',
      'order.client.updated',
      'order.status.changed',
      'order.status.changed',
      'order.status.changed',
      'order.payment.completed',
    ]);
    expect(events.map((e) => e.sequence)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('rejects the order when every bank refuses, and e-mails the buyer', async () => {
    const order = await submit('olga');
    await reject(t, bank('sever'), order.id);
    await reject(t, bank('ural'), order.id);
    expect((await owner(order.id)).status).toBe('bank_info_expected');
    await reject(t, bank('volga'), order.id);
    const view = await owner(order.id);
    expect(view.status).toBe('app_rejected');
    expect(await decisions(order.id)).toEqual({ sever: 'rejected', volga: 'rejected', ural: 'rejected' });
    expect(await emails(order.id)).toEqual(['rejected']);
    expect(await emailBody(order.id, 'rejected')).toContain(`№${order.order_number}`);
  });

  it('expires the silent banks at respond_by: rejected if nobody approved, still approved otherwise', async () => {
    const refused = await submit('petr');
    const lent = await submit('anna');
    await reject(t, bank('sever'), refused.id);
    await reject(t, bank('volga'), refused.id);
    await approve(t, bank('ural'), lent.id);

    t.clock.advance(DAY_MS - 1000);
    await t.worker.drain();
    expect((await owner(refused.id)).status).toBe('bank_info_expected');
    expect(await decisions(refused.id)).toEqual({ sever: 'rejected', volga: 'rejected', ural: 'pending' });

    t.clock.advance(1000);
    await t.worker.drain();
    expect((await owner(refused.id)).status).toBe('app_rejected');
    expect(await decisions(refused.id)).toEqual({ sever: 'rejected', volga: 'rejected', ural: 'expired' });
    expect(await emails(refused.id)).toEqual(['rejected']);

    const stillApproved = await owner(lent.id);
    expect(stillApproved.status).toBe('app_approved');
    expect(await decisions(lent.id)).toEqual({ sever: 'expired', volga: 'expired', ural: 'approved' });
    expect(stillApproved.offers).toHaveLength(2);
  });

  it('withdraws the open applications when the shop cancels, and tells each of those banks', async () => {
    const order = await submit('oleg');
    await reject(t, bank('volga'), order.id);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/order/orders/${order.id}/cancel`,
      headers: demoAuth,
      payload: { reason: 'Нет на складе' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await decisions(order.id)).toEqual({ sever: 'withdrawn', volga: 'rejected', ural: 'withdrawn' });

    const stored = await bankMessages(t, order.id, 'application.withdrawn');
    expect(stored.map((m) => [m.bank, m.body.data.reason]).sort()).toEqual([
      ['sever', 'order_cancelled'],
      ['ural', 'order_cancelled'],
    ]);
    await t.worker.drain();
    expect((await bankMessages(t, order.id, 'application.withdrawn')).map((m) => m.status)).toEqual([
      'delivered',
      'delivered',
    ]);
    for (const id of ['sever', 'ural']) {
      expect((await received(id, order.id)).map((m) => m.type)).toEqual([
        'application.created',
        'application.withdrawn',
      ]);
    }
    expect((await received('volga', order.id)).map((m) => m.type)).toEqual(['application.created']);
    expect(await emails(order.id)).toEqual(['cancelled']);
  });

  it('sends one reminder halfway and makes an untouched order overdue at the deadline', async () => {
    const withContact = await createOrder(t, {
      products: [{ name: 'A', price: 1, quantity: 1 }],
      client: { email: 'remind-me@buyer.ru' },
    });
    const untouched = await createOrder(t);
    t.clock.advance(36 * 3_600_000 - 1000);
    await t.worker.drain();
    expect(await emails(withContact.id)).toEqual([]);
    t.clock.advance(1000);
    await t.worker.drain();
    await t.worker.drain();
    expect(await emails(withContact.id)).toEqual(['reminder']);
    t.clock.advance(36 * 3_600_000);
    await t.worker.drain();
    expect((await owner(untouched.id)).status).toBe('client_info_overdue');
    expect((await owner(withContact.id)).status).toBe('client_info_overdue');
    expect(await emails(withContact.id)).toEqual(['reminder']);
    expect((await patchClient(t, untouched.id, STEP1)).statusCode).toBe(409);
  });
});
