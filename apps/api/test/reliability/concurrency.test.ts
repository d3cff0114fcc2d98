import { DEMO_SHOP } from '@b2bpay/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patchClient, prepareSubmission, STEP1 } from '../support/buyer';
import {
  createOrder,
  DB_KINDS,
  demoAuth,
  newShop,
  sampleProducts,
  startTestApp,
  storeWebhookUrl,
  type TestApp,
} from '../support/test-app';

/**
 * What the other suites do not already race: 10 identical creates with one
 * Idempotency-Key (idempotency.test.ts), 20 step-2 submissions (verification.test.ts), parallel code
 * requests for one order (verification.test.ts) and two workers draining (webhooks.test.ts) are
 * there. On PostgreSQL these run truly in parallel (a pool of connections); PGlite serialises them.
 */
describe.each(DB_KINDS)('concurrency on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const count = async (sql: string, params: unknown[] = []) =>
    Number((await t.db.query<{ n: unknown }>(sql, params))[0]?.n);

  it('40 parallel creates of one shop get 40 distinct numbers, 1…40 without gaps', async () => {
    const shop = await newShop(t, 'Нумерация');
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/order/orders',
          headers: shop.auth,
          payload: { products: sampleProducts },
        }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const numbers = answers.map((a) => Number(a.json().order_number)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('10 parallel creates with one Idempotency-Key and different bodies: one order, the rest 409 or 422', async () => {
    const before = await count('SELECT count(*) AS n FROM orders');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/order/orders',
          headers: { ...demoAuth, 'idempotency-key': 'race-different-bodies' },
          payload: { products: [{ name: `Товар ${i}`, price: 10 + i, quantity: 1 }] },
        }),
      ),
    );
    expect(await count('SELECT count(*) AS n FROM orders')).toBe(before + 1);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect([409, 422]).toContain(a.statusCode);
  });

  it('changing products while the buyer submits: exactly one of them wins, and the amount is the products’ sum', async () => {
    const order = await createOrder(t);
    const { body } = await prepareSubmission(t, order.id, { phone: '+79167770001', email: 'race1@firm.ru' });
    const newProducts = [{ name: 'Другой товар', price: 999.99, quantity: 2 }];
    const [put, submit] = await Promise.all([
      t.app.inject({
        method: 'PUT',
        url: `/api/order/orders/${order.id}/products`,
        headers: demoAuth,
        payload: newProducts,
      }),
      patchClient(t, order.id, body),
    ]);
    // Exactly one wins: the submission (then the change is 409) or the change (then the submission,
    // made for the version the buyer saw, is 409 ORDER_CHANGED).
    expect([put.statusCode, submit.statusCode].sort()).toEqual([200, 409]);
    if (submit.statusCode === 409) expect(submit.json().error.code).toBe('ORDER_CHANGED');
    const [row] = await t.db.query<{ amount_kopecks: unknown; status: string }>(
      'SELECT amount_kopecks, status FROM orders WHERE id = $1',
      [order.id],
    );
    const products = await t.db.query<{ price_kopecks: unknown; quantity: unknown }>(
      'SELECT price_kopecks, quantity FROM order_products WHERE order_id = $1',
      [order.id],
    );
    const sum = products.reduce((s, p) => s + Number(p.price_kopecks) * Number(p.quantity), 0);
    expect(Number(row?.amount_kopecks)).toBe(sum);
    expect(row?.status).toBe(submit.statusCode === 200 ? 'bank_info_expected' : 'client_expected');
    // What the banks got is what the order says: the amount in their applications is this sum.
    expect(sum).toBe(put.statusCode === 200 ? 199_998 : Math.round(order.amount * 100));
  });

  it('one phone from 5 orders at once gets one code (the 60 s rule is per destination, across orders)', async () => {
    const orders = await Promise.all(Array.from({ length: 5 }, () => createOrder(t)));
    const answers = await Promise.all(
      orders.map((o) => patchClient(t, o.id, { phone_number: '+79168880001' })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(4);
    expect(
      await count("SELECT count(*) AS n FROM verification_codes WHERE destination = '+79168880001'"),
    ).toBe(1);
  });

  it('step 1, a phone code and an e-mail code at once on a new order: one client, both contacts', async () => {
    const order = await createOrder(t);
    const answers = await Promise.all([
      patchClient(t, order.id, STEP1),
      patchClient(t, order.id, { phone_number: '+79169990001' }),
      patchClient(t, order.id, { email: 'parallel@firm.ru' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    const [client] = await t.db.query<{ phone_number: string; email: string; surname: string }>(
      'SELECT c.phone_number, c.email, c.surname FROM clients c JOIN orders o ON o.client_id = c.id WHERE o.id = $1',
      [order.id],
    );
    expect(client).toEqual({
      phone_number: '+79169990001',
      email: 'parallel@firm.ru',
      surname: STEP1.surname,
    });
  });

  it('10 parallel re-sends of one failed delivery: one is accepted, one job; the rest 409', async () => {
    await storeWebhookUrl(t, DEMO_SHOP.id, 'https://hooks.invalid/race');
    const order = await createOrder(t);
    await patchClient(t, order.id, { ...STEP1, surname: 'Гонка' });
    const [d] = await t.db.query<{ id: string }>('SELECT id FROM webhook_deliveries WHERE order_id = $1', [
      order.id,
    ]);
    await t.db.query("UPDATE webhook_deliveries SET status = 'failed' WHERE id = $1", [d?.id]);
    const jobsBefore = await count("SELECT count(*) AS n FROM jobs WHERE kind = 'webhook.deliver'");
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({ method: 'POST', url: `/api/webhooks/deliveries/${d?.id}/retry`, headers: demoAuth }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(9);
    expect(await count("SELECT count(*) AS n FROM jobs WHERE kind = 'webhook.deliver'")).toBe(jobsBefore + 1);
    await storeWebhookUrl(t, DEMO_SHOP.id, null);
  });

  it('10 parallel rotations of one key leave exactly one working key, one of those returned', async () => {
    const shop = await newShop(t, 'Ротация');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/shop/keys/rotate',
          headers: shop.auth,
          payload: { kind: 'secret' },
        }),
      ),
    );
    const returned = answers.filter((a) => a.statusCode === 200).map((a) => a.json().key as string);
    expect(returned.length).toBeGreaterThanOrEqual(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect(a.statusCode).toBe(401);
    expect(
      await count(
        "SELECT count(*) AS n FROM api_keys WHERE shop_id = $1 AND kind = 'secret' AND revoked_at IS NULL",
        [shop.shop.id],
      ),
    ).toBe(1);
    const working = [];
    for (const key of returned) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/shop/settings',
        headers: { authorization: `Bearer ${key}` },
      });
      if (res.statusCode === 200) working.push(key);
    }
    expect(working).toHaveLength(1);
  });
});
