import { MESSAGES } from '@b2bpay/domain';
import { expect, it } from 'vitest';
import { lastCodeFromOutbox, STEP1 } from './support/buyer';
import { describeApi } from './support/describe-api';
import { createOrder, demoPublishableAuth, errorOf } from './support/test-app';

const BUYER_IP = '198.51.100.20';
const STRANGER_IP = '203.0.113.66';

describeApi('one-time code requests', (t) => {
  const requestCode = (orderId: string, payload: object, ip: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/order/orders/${orderId}/client`,
      payload,
      remoteAddress: ip,
    });

  async function clientOf(orderId: string, ip: string) {
    const saved = await requestCode(orderId, STEP1, ip);
    expect(saved.statusCode, saved.body).toBe(200);
    return saved.json().id as number;
  }

  it.each([
    'ivan@mail..ru',
    'ivan@mail.ru,boss@evil.ru',
    'a@b@c.d',
    'ivan@-mail.ru',
    // Mixed scripts: a Cyrillic «а» in a Latin local part, then in a Latin host name.
    'iv\u0430n@example.ru',
    'ivan@ex\u0430mple.ru',
  ])('an e-mail a mailer refuses (%j) is refused before it starts the 60 s cooldown', async (bad) => {
    const order = await createOrder(t);
    const clientId = await clientOf(order.id, BUYER_IP);
    const refused = await requestCode(order.id, { client_id: clientId, email: bad }, BUYER_IP);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused)).toMatchObject({ field: 'email', message: MESSAGES.emailInvalid });
    const codes = await t.db.query('SELECT id FROM verification_codes WHERE order_id = $1', [order.id]);
    expect(codes).toHaveLength(0);
    // The corrected address gets its code at once: nothing was started by the refused one.
    const corrected = `ivan.${order.order_number}@mail.ru`;
    const fixed = await requestCode(order.id, { client_id: clientId, email: corrected }, BUYER_IP);
    expect(fixed.statusCode, fixed.body).toBe(200);
  });

  it('a stranger who knows the buyer’s phone and e-mail but not the order link cannot keep the buyer from codes', async () => {
    const phone = '+79165550177';
    const email = 'victim@firm.ru';
    // The buyer's order, made by the shop; the stranger never sees its link.
    const buyerOrder = await createOrder(t);
    // The stranger makes orders of their own through the shop's public widget key and asks for
    // codes to the buyer's contacts, a minute apart, until they are refused.
    let refusedAt = 0;
    for (let i = 0; i < 10 && refusedAt === 0; i++) {
      const own = await createOrder(
        t,
        { products: [{ name: 'Скрепки', price: 1, quantity: 1 }] },
        demoPublishableAuth,
      );
      const ownClient = await clientOf(own.id, STRANGER_IP);
      const sms = await requestCode(own.id, { client_id: ownClient, phone_number: phone }, STRANGER_IP);
      const mail = await requestCode(own.id, { client_id: ownClient, email }, STRANGER_IP);
      if (sms.statusCode === 429 && mail.statusCode === 429) refusedAt = i;
      else {
        expect(sms.statusCode, sms.body).toBe(200);
        expect(mail.statusCode, mail.body).toBe(200);
      }
      t.clock.advance(61_000);
    }
    // SMS pumping protection holds: the stranger's address got 5 codes to each destination, no more.
    expect(refusedAt).toBe(5);

    // The buyer, right after the stranger's last request, gets both codes and can ask again a minute later.
    const clientId = await clientOf(buyerOrder.id, BUYER_IP);
    const strangerJustNow = await requestCode(
      buyerOrder.id,
      { client_id: clientId, phone_number: phone },
      BUYER_IP,
    );
    expect(strangerJustNow.statusCode, strangerJustNow.body).toBe(200);
    expect((await requestCode(buyerOrder.id, { client_id: clientId, email }, BUYER_IP)).statusCode).toBe(200);
    t.clock.advance(61_000);
    const resend = await requestCode(buyerOrder.id, { client_id: clientId, phone_number: phone }, BUYER_IP);
    expect(resend.statusCode, resend.body).toBe(200);
    expect(await lastCodeFromOutbox(t, phone)).toMatch(/^\d{6}$/);
  });

  it('a stranger requesting codes within the buyer’s minute does not hold the buyer’s request back', async () => {
    const phone = '+79165550178';
    const buyerOrder = await createOrder(t);
    const own = await createOrder(
      t,
      { products: [{ name: 'Скрепки', price: 1, quantity: 1 }] },
      demoPublishableAuth,
    );
    const ownClient = await clientOf(own.id, STRANGER_IP);
    expect(
      (await requestCode(own.id, { client_id: ownClient, phone_number: phone }, STRANGER_IP)).statusCode,
    ).toBe(200);
    const clientId = await clientOf(buyerOrder.id, BUYER_IP);
    const res = await requestCode(buyerOrder.id, { client_id: clientId, phone_number: phone }, BUYER_IP);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('the order’s own limits still hold for whoever has its link: 60 s apart per number, 5 an hour', async () => {
    const order = await createOrder(t);
    const clientId = await clientOf(order.id, BUYER_IP);
    const phone = (i: number) => `+7916555019${i}`;
    expect(
      (await requestCode(order.id, { client_id: clientId, phone_number: phone(0) }, BUYER_IP)).statusCode,
    ).toBe(200);
    // The same number from another address within the minute: the order's channel waits for it.
    const soon = await requestCode(order.id, { client_id: clientId, phone_number: phone(0) }, '192.0.2.9');
    expect(soon.statusCode).toBe(429);
    // A corrected number does not wait for the mistyped one's minute (the wait is the destination's).
    const corrected = await requestCode(order.id, { client_id: clientId, phone_number: phone(1) }, BUYER_IP);
    expect(corrected.statusCode, corrected.body).toBe(200);
    for (let i = 2; i < 5; i++) {
      t.clock.advance(61_000);
      const ip = `192.0.2.${10 + i}`;
      expect(
        (await requestCode(order.id, { client_id: clientId, phone_number: phone(i) }, ip)).statusCode,
      ).toBe(200);
    }
    t.clock.advance(61_000);
    const sixth = await requestCode(order.id, { client_id: clientId, phone_number: phone(5) }, '192.0.2.99');
    expect(sixth.statusCode).toBe(429);
    expect(errorOf(sixth).code).toBe('RATE_LIMITED');
  });
});
