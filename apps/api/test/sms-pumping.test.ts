import { PHONE_NOT_MOBILE_MESSAGE } from '@b2bpay/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { patchClient, STEP1 } from './support/buyer';
import { describeApi } from './support/describe-api';
import { createOrder, demoAuth, errorOf, newShop, sampleProducts, type TestApp } from './support/test-app';

/** Well-formed +7 numbers that are not Russian mobiles: SMS to them cost the shop or go abroad. */
const NOT_MOBILE = [
  '+7 809 505-12-34', // premium rate
  '8 800 555-35-35', // freephone
  '+7 495 123-45-67', // Moscow landline
  '+7 383 123-45-67', // Novosibirsk landline
  '+7 701 123-45-67', // Kazakhstan mobile
  '+7 600 123-45-67', // Kazakhstan
];

const HOUR_MS = 3_600_000;
const CAP_MESSAGE = /^Слишком много запросов кодов в этом магазине\. Повторите через \d+ с\.$/;

describeApi('SMS pumping', { env: { CODES_PER_SHOP_PER_HOUR: '3', CODES_PER_SHOP_PER_DAY: '5' } }, (t) => {
  beforeAll(async () => {
    t.clock.set(new Date('2026-03-10T09:00:00Z'));
  });

  const codeRows = async (orderId: string) =>
    t.db.query('SELECT id FROM verification_codes WHERE order_id = $1', [orderId]);
  const smsTo = async (orderId: string) =>
    t.db.query("SELECT id FROM notifications WHERE order_id = $1 AND channel = 'sms'", [orderId]);

  describe('a buyer’s phone is a Russian mobile (+7 9XX)', () => {
    it.each(NOT_MOBILE)(
      'a code to %j is refused with a message of its own; no code, no SMS',
      async (phone) => {
        const order = await createOrder(t);
        const saved = await patchClient(t, order.id, STEP1);
        expect(saved.statusCode, saved.body).toBe(200);
        const res = await patchClient(t, order.id, { client_id: saved.json().id, phone_number: phone });
        expect(res.statusCode).toBe(400);
        expect(errorOf(res)).toMatchObject({
          code: 'VALIDATION_ERROR',
          field: 'phone_number',
          message: PHONE_NOT_MOBILE_MESSAGE,
        });
        expect(await codeRows(order.id)).toHaveLength(0);
        expect(await smsTo(order.id)).toHaveLength(0);
        const view = await t.app.inject({
          method: 'GET',
          url: `/api/order/orders/${order.id}`,
          headers: demoAuth,
        });
        expect(view.json().client.phone_number).toBeNull();
      },
    );

    it.each(NOT_MOBILE)(
      '%j is refused as the prefilled phone of a new order, in step 1 and in step 2',
      async (phone) => {
        const before = await t.db.query('SELECT id FROM orders');
        const created = await t.app.inject({
          method: 'POST',
          url: '/api/order/orders',
          headers: demoAuth,
          payload: { products: sampleProducts, client: { phone_number: phone } },
        });
        expect(created.statusCode).toBe(400);
        expect(errorOf(created)).toMatchObject({
          field: 'client.phone_number',
          message: PHONE_NOT_MOBILE_MESSAGE,
        });
        expect(await t.db.query('SELECT id FROM orders')).toHaveLength(before.length);

        const order = await createOrder(t);
        const step1 = await patchClient(t, order.id, { ...STEP1, phone_number: phone });
        expect(step1.statusCode).toBe(400);
        expect(errorOf(step1)).toMatchObject({ field: 'phone_number', message: PHONE_NOT_MOBILE_MESSAGE });

        const saved = await patchClient(t, order.id, STEP1);
        const submit = await patchClient(t, order.id, {
          client_id: saved.json().id,
          ...STEP1,
          phone_number: phone,
          email: 'buyer@firm.ru',
          sms_code_input: '123456',
          email_code_input: '123456',
          personal_data_consent: true,
          bank_transfer_consent: true,
          order_version: 1,
        });
        expect(submit.statusCode).toBe(400);
        expect(errorOf(submit)).toMatchObject({ field: 'phone_number', message: PHONE_NOT_MOBILE_MESSAGE });
      },
    );

    it('a mobile in any of the spec’s forms gets its code', async () => {
      const order = await createOrder(t);
      const saved = await patchClient(t, order.id, STEP1);
      const res = await patchClient(t, order.id, {
        client_id: saved.json().id,
        phone_number: '8 (999) 123-45-67',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().phone_number).toBe('+79991234567');
      expect(await codeRows(order.id)).toHaveLength(1);
    });
  });

  describe('one-time codes per shop per hour and per day', () => {
    let n = 0;
    /** A new order of the shop with its step 1, and a code request for it from an address of its own. */
    async function requestCode(
      app: TestApp['app'],
      auth: { authorization: string },
      channel: 'sms' | 'email',
    ) {
      n += 1;
      const ip = `198.51.100.${n}`;
      const order = await createOrder(t, { products: sampleProducts }, auth);
      const saved = await app.inject({
        method: 'PATCH',
        url: `/api/order/orders/${order.id}/client`,
        payload: STEP1,
        remoteAddress: ip,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const contact =
        channel === 'sms' ? { phone_number: `+7916700${String(1000 + n)}` } : { email: `buyer${n}@firm.ru` };
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/order/orders/${order.id}/client`,
        payload: { client_id: saved.json().id, ...contact },
        remoteAddress: ip,
      });
      return { res, order };
    }
    const alerts = async (email: string) => {
      const outbox = await t.app.inject({ method: 'GET', url: '/dev/outbox.json' });
      expect(outbox.statusCode).toBe(200);
      return (
        outbox.json().notifications as { kind: string; recipient: string; subject: string; body: string }[]
      ).filter((m) => m.kind === 'code_cap' && m.recipient === email);
    };
    const metric = async (name: string, window: string) => {
      const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      const line = text.split('\n').find((l) => l.startsWith(`${name}{window="${window}"} `));
      return Number(line?.split(' ')[1] ?? 0);
    };

    it('refuses codes over the hourly cap with 429, counted across API processes, and alerts the shop once', async () => {
      const shop = await newShop(t, 'Магазин под накачкой');
      // A second API process on the same database: the cap is counted in the database, not in memory.
      const other = await buildApp({ config: t.config, db: t.db, clock: t.clock }, { logger: false });
      await other.ready();
      try {
        const refusedBefore = await metric('b2bpay_code_shop_cap_refusals_total', 'hour');
        const alertsBefore = await metric('b2bpay_code_shop_cap_alerts_total', 'hour');
        for (const [app, channel] of [
          [t.app, 'sms'],
          [other, 'email'],
          [t.app, 'sms'],
        ] as const) {
          const { res } = await requestCode(app, shop.auth, channel);
          expect(res.statusCode, res.body).toBe(200);
          t.clock.advance(60_000);
        }
        for (const app of [other, t.app]) {
          const { res, order } = await requestCode(app, shop.auth, 'sms');
          expect(res.statusCode).toBe(429);
          expect(errorOf(res)).toMatchObject({ code: 'RATE_LIMITED' });
          expect(errorOf(res).message).toMatch(CAP_MESSAGE);
          // The first code was 3 minutes (then 4) ago: the window frees a place in 57 (then 56) minutes.
          expect(Number(res.headers['retry-after'])).toBe(HOUR_MS / 1000 - 180 - (app === t.app ? 60 : 0));
          expect(await codeRows(order.id)).toHaveLength(0);
          expect(await smsTo(order.id)).toHaveLength(0);
          t.clock.advance(60_000);
        }
        // One alert for the hour, however many requests were refused; the metric counts every refusal.
        const letters = await alerts(shop.shop.email);
        expect(letters).toHaveLength(1);
        expect(letters[0]?.subject).toBe('B2BPay: превышен лимит одноразовых кодов');
        expect(letters[0]?.body).toContain('Магазин под накачкой');
        expect(letters[0]?.body).toContain('3 кода за час');
        expect(await metric('b2bpay_code_shop_cap_refusals_total', 'hour')).toBe(refusedBefore + 2);
        expect(await metric('b2bpay_code_shop_cap_alerts_total', 'hour')).toBe(alertsBefore + 1);

        // Another shop is not held back by this one's cap.
        const neighbour = await newShop(t, 'Соседний магазин');
        expect((await requestCode(t.app, neighbour.auth, 'sms')).res.statusCode).toBe(200);

        // An hour after the first codes the hourly window has room again; the day's cap (5) then holds.
        t.clock.advance(HOUR_MS - 4 * 60_000);
        for (let i = 0; i < 2; i++) {
          const { res } = await requestCode(t.app, shop.auth, 'sms');
          expect(res.statusCode, res.body).toBe(200);
          t.clock.advance(60_000);
        }
        const dayRefusedBefore = await metric('b2bpay_code_shop_cap_refusals_total', 'day');
        const { res } = await requestCode(other, shop.auth, 'sms');
        expect(res.statusCode).toBe(429);
        expect(errorOf(res).message).toMatch(CAP_MESSAGE);
        // The day's first code was sent 63 minutes ago: a place frees up in 24 h minus that.
        expect(Number(res.headers['retry-after'])).toBe(24 * 3600 - 63 * 60);
        expect(await metric('b2bpay_code_shop_cap_refusals_total', 'day')).toBe(dayRefusedBefore + 1);
        // The last alert was more than an hour ago: this episode gets its own.
        const after = await alerts(shop.shop.email);
        expect(after).toHaveLength(2);
        expect(after.map((m) => m.body).find((b) => b.includes('5 кодов за сутки'))).toBeDefined();
      } finally {
        await other.close();
      }
    });
  });
});
