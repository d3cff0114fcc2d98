import { beforeAll, expect, it } from 'vitest';
import type { BankCredentials } from '../src/modules/banks';
import {
  applicationId,
  approve,
  bankCall,
  pay,
  reject,
  sampleOffers,
  seedBanks,
  signOffer,
} from './support/banks';
import { lastCodeFromOutbox, patchClient, prepareSubmission } from './support/buyer';
import { describeApi } from './support/describe-api';
import { createOrder, demoAuth, errorOf } from './support/test-app';

describeApi('partner banks over the bank API (DESIGN §13)', (t) => {
  let banks: Record<string, BankCredentials>;
  let n = 0;
  const bank = (id: string) => banks[id] as BankCredentials;

  beforeAll(async () => {
    banks = await seedBanks(t);
  });

  async function submitted() {
    n += 1;
    const order = await createOrder(t);
    const { body } = await prepareSubmission(t, order.id, {
      phone: `+7926300${String(1000 + n)}`,
      email: `bank${n}@buyer.ru`,
    });
    const res = await patchClient(t, order.id, body);
    expect(res.statusCode, res.body).toBe(200);
    return order;
  }
  const view = async (id: string, owner = false) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/order/orders/${id}`,
        ...(owner ? { headers: demoAuth } : {}),
      })
    ).json();

  it('goes approved → offers → signed → paid, the bank seeing only its own application', async () => {
    const order = await submitted();
    const appId = await applicationId(t, order.id, 'sever');
    const own = await bankCall(t, bank('sever'), 'GET', `/applications/${appId}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ status: 'pending', order: { id: order.id, amount: order.amount } });
    const other = await bankCall(t, bank('volga'), 'GET', `/applications/${appId}`);
    expect(other.statusCode).toBe(404);

    await approve(t, bank('sever'), order.id);
    const approved = await view(order.id);
    expect(approved.status).toBe('app_approved');
    expect(approved.offers).toHaveLength(2);
    expect(approved.offers[0]).toMatchObject({ bank: 'sever', kind: 'deferral', term_days: 30 });

    const early = await bankCall(t, bank('sever'), 'POST', `/applications/${appId}/payment`, {
      amount: order.amount,
      reference: 'SEVER-1',
      paid_at: t.clock.now().toISOString(),
    });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).code).toBe('OFFER_NOT_ACCEPTED');

    const signed = await signOffer(t, order.id, 1);
    expect(signed.order.accepted_offer).toMatchObject({ id: signed.offer.id, kind: 'instalments' });
    expect(signed.order.offers).toEqual([]);
    const signature = await t.db.query<{ offer_text: string; code_hash: string; ip: string | null }>(
      'SELECT offer_text, code_hash, ip FROM offer_signatures WHERE order_id = $1',
      [order.id],
    );
    expect(signature[0]?.offer_text).toContain('Рассрочка на 6 месяцев');
    expect(signature[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);

    const wrongAmount = await bankCall(t, bank('sever'), 'POST', `/applications/${appId}/payment`, {
      amount: order.amount + 1,
      reference: 'SEVER-2',
      paid_at: t.clock.now().toISOString(),
    });
    expect(wrongAmount.statusCode).toBe(400);
    expect(errorOf(wrongAmount).code).toBe('PAYMENT_AMOUNT_MISMATCH');

    await pay(t, bank('sever'), order.id);
    const paid = await view(order.id, true);
    expect(paid.status).toBe('payment_sent');
    expect(paid.accepted_offer).toMatchObject({ bank: 'sever', kind: 'instalments' });
    expect(paid.payout).toMatchObject({ bank: 'sever', fee: 0, amount: order.amount });
    // The shop's webhook of the payment names the signed offer; its fee is the buyer's, not the shop's.
    const stored = await t.db.query<{ payload: unknown }>(
      "SELECT payload FROM events WHERE order_id = $1 AND type = 'order.payment.completed'",
      [order.id],
    );
    const raw = stored[0]?.payload;
    const completed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as
      | { accepted_offer: unknown; payout: unknown }
      | undefined;
    expect(completed?.accepted_offer).toMatchObject({
      id: signed.offer.id,
      bank: 'sever',
      kind: 'instalments',
    });
    expect(completed?.payout).toMatchObject({ fee: 0 });
  });

  it('answers a repeated decision as the first, and refuses a contradicting one', async () => {
    const order = await submitted();
    const appId = await applicationId(t, order.id, 'ural');
    const body = {
      decision: 'approved',
      offers: sampleOffers(105060, new Date(t.clock.now().getTime() + 86_400_000)),
    };
    const first = await bankCall(
      t,
      bank('ural'),
      'POST',
      `/applications/${appId}/decision`,
      body,
      'same-key',
    );
    const replay = await bankCall(
      t,
      bank('ural'),
      'POST',
      `/applications/${appId}/decision`,
      body,
      'same-key',
    );
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const contradicting = await bankCall(t, bank('ural'), 'POST', `/applications/${appId}/decision`, {
      decision: 'rejected',
    });
    expect(contradicting.statusCode).toBe(409);
    expect(errorOf(contradicting).code).toBe('DECISION_CONFLICT');
    const noOffers = await bankCall(
      t,
      bank('sever'),
      'POST',
      `/applications/${await applicationId(t, order.id, 'sever')}/decision`,
      {
        decision: 'approved',
      },
    );
    expect(noOffers.statusCode).toBe(400);
  });

  it('refuses made-up keys, a shop key and a POST without Idempotency-Key', async () => {
    const order = await submitted();
    const appId = await applicationId(t, order.id, 'sever');
    expect(
      (await bankCall(t, { api_key: 'bk_madeupmadeupmadeup' }, 'GET', `/applications/${appId}`)).statusCode,
    ).toBe(401);
    const shopKey = await t.app.inject({
      method: 'GET',
      url: `/api/bank/v1/applications/${appId}`,
      headers: demoAuth,
    });
    expect(shopKey.statusCode).toBe(401);
    const noKey = await bankCall(
      t,
      bank('sever'),
      'POST',
      `/applications/${appId}/decision`,
      { decision: 'rejected' },
      null,
    );
    expect(noKey.statusCode).toBe(400);
    expect(errorOf(noKey).field).toBe('Idempotency-Key');
  });

  it('rejects the order when every bank refused', async () => {
    const order = await submitted();
    for (const id of ['sever', 'volga', 'ural']) await reject(t, bank(id), order.id);
    expect((await view(order.id)).status).toBe('app_rejected');
  });

  it('expires a silent bank at respond_by, and rejects when the rest refused', async () => {
    const order = await submitted();
    await reject(t, bank('sever'), order.id);
    await reject(t, bank('volga'), order.id);
    t.clock.advance(24 * 3_600_000 + 1000);
    await t.worker.drain();
    expect((await view(order.id)).status).toBe('app_rejected');
    const late = await bankCall(
      t,
      bank('ural'),
      'POST',
      `/applications/${await applicationId(t, order.id, 'ural')}/decision`,
      {
        decision: 'rejected',
      },
    );
    expect(errorOf(late).code).toBe('APPLICATION_CLOSED');
  });

  it('lets one of two signings at once win', async () => {
    const order = await submitted();
    await approve(t, bank('sever'), order.id);
    const current = await view(order.id);
    const clientId = current.client.id;
    const [a, b] = current.offers;
    const codes: string[] = [];
    for (const offer of [a, b]) {
      t.clock.advance(61_000);
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/order/orders/${order.id}/offers/${offer.id}/code`,
        payload: { client_id: clientId },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const phone = await t.db.query<{ phone_number: string }>(
        'SELECT phone_number FROM clients WHERE id = $1',
        [clientId],
      );
      codes.push(await lastCodeFromOutbox(t, phone[0]?.phone_number ?? ''));
    }
    // Only the newest signing code is valid: the second offer's. Three signings at once — the first offer
    // with its voided code, the second offer twice with the valid one — under the order's lock one wins;
    // the others are refused (400 before the signature, 409 OFFER_ALREADY_ACCEPTED after it).
    const attempts = [
      { offer: a, code: codes[0] },
      { offer: b, code: codes[1] },
      { offer: b, code: codes[1] },
    ];
    const answers = await Promise.all(
      attempts.map(({ offer, code }) =>
        t.app.inject({
          method: 'POST',
          url: `/api/order/orders/${order.id}/offers/${offer.id}/accept`,
          payload: { client_id: clientId, sms_code_input: code },
        }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses[0]).not.toBe(200);
    for (const s of statuses.filter((x) => x !== 200)) expect([400, 409]).toContain(s);
    const signatures = await t.db.query('SELECT offer_id FROM offer_signatures WHERE order_id = $1', [
      order.id,
    ]);
    expect(signatures).toEqual([{ offer_id: b.id }]);
    expect((await view(order.id)).accepted_offer.id).toBe(b.id);
  });

  it('lapses an approval whose offers all ran out unsigned: client_info_overdue, the bank told', async () => {
    const order = await submitted();
    await reject(t, bank('volga'), order.id);
    await reject(t, bank('ural'), order.id);
    const appId = await applicationId(t, order.id, 'sever');
    const soon = new Date(t.clock.now().getTime() + 3_600_000);
    const res = await bankCall(t, bank('sever'), 'POST', `/applications/${appId}/decision`, {
      decision: 'approved',
      offers: sampleOffers(105060, soon),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await view(order.id)).offers).toHaveLength(2);
    t.clock.advance(3_600_000 + 1000);
    // Past valid_until the page shows no offer even before the job runs.
    expect((await view(order.id)).offers).toEqual([]);
    await t.worker.drain();
    expect((await view(order.id)).status).toBe('client_info_overdue');
    const withdrawn = await t.db.query<{ body: string }>(
      "SELECT body FROM bank_messages WHERE application_id = $1 AND type = 'application.withdrawn'",
      [appId],
    );
    expect(JSON.parse(withdrawn[0]?.body ?? '{}').data).toEqual({
      application_id: appId,
      reason: 'offers_lapsed',
    });
  });

  it('lists a bank its own applications, newest first, by status and with a cursor', async () => {
    const first = await submitted();
    t.clock.advance(1000);
    const second = await submitted();
    const list = async (query: string) => {
      const res = await bankCall(t, bank('volga'), 'GET', `/applications${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        items: { id: string; order: { id: string }; status: string }[];
        has_more: boolean;
      };
    };
    const page = await list('?status=pending&limit=1');
    expect(page.items.map((a) => a.order.id)).toEqual([second.id]);
    expect(page.has_more).toBe(true);
    const next = await list(`?status=pending&limit=1&starting_after=${page.items[0]?.id}`);
    expect(next.items.map((a) => a.order.id)).toEqual([first.id]);
    // Back from there: the newer one again, and nothing newer still.
    const back = await list(`?status=pending&limit=1&ending_before=${next.items[0]?.id}`);
    expect(back.items.map((a) => a.order.id)).toEqual([second.id]);
    expect(back.has_more).toBe(false);
    // Several statuses, repeated or with a comma.
    const pendingIds = (await list('?status=pending&limit=100')).items.map((a) => a.id);
    expect((await list('?status=pending,approved&limit=100')).items.map((a) => a.id)).toEqual(
      expect.arrayContaining(pendingIds),
    );
    expect(
      (await list('?status=rejected&status=expired&limit=100')).items.every((a) => a.status !== 'pending'),
    ).toBe(true);
    // Both cursors, or another bank's application: a 400 naming the parameter.
    const both = await bankCall(
      t,
      bank('volga'),
      'GET',
      `/applications?starting_after=${page.items[0]?.id}&ending_before=${page.items[0]?.id}`,
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().error.field).toBe('ending_before');
    const theirs = (await bankCall(t, bank('sever'), 'GET', '/applications?limit=1')).json().items[0]?.id;
    const foreign = await bankCall(t, bank('volga'), 'GET', `/applications?ending_before=${theirs}`);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toMatchObject({
      field: 'ending_before',
      message: 'ending_before: нет такой заявки банка',
    });
    const everything = await list('?limit=100');
    expect(everything.items.every((a) => a.id !== undefined)).toBe(true);
    const sever = await bankCall(t, bank('sever'), 'GET', '/applications?limit=100');
    const severIds = new Set((sever.json().items as { id: string }[]).map((a) => a.id));
    for (const a of everything.items) expect(severIds.has(a.id)).toBe(false);
    const bad = await bankCall(t, bank('volga'), 'GET', '/applications?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(
      'status: допустимые значения — pending, approved, rejected, expired, withdrawn',
    );
  });
});
