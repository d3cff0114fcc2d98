import { beforeAll, expect, it } from 'vitest';
import { invalidateKeyCache } from '../src/modules/auth';
import { createBank } from '../src/modules/banks';
import { listBanksForOrder } from '../src/modules/banks/bank-records.repository';
import { resumeShop, suspendShop } from '../src/modules/shops';
import { seedBanks } from './support/banks';
import { patchClient, prepareSubmission } from './support/buyer';
import { addMember } from './support/cabinet';
import { describeApi } from './support/describe-api';
import { createOrder, demoAuth, errorOf, newShop } from './support/test-app';

type Shop = Awaited<ReturnType<typeof newShop>>;
const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

/**
 * Test and live (DESIGN §16): every shop has test keys beside its live ones; what a test key makes
 * and reads is the test mode's alone (orders, lists, statistics, the export, the event log), every
 * order and event says its mode, and a test order reaches the sandbox banks only.
 */
describeApi('test and live modes', (t) => {
  let shop: Shop;
  let n = 0;
  beforeAll(async () => {
    shop = await newShop(t, 'Магазин с двумя режимами');
  });

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  const orderNumbers = async (headers: Record<string, string>) => {
    const res = await get('/api/order/orders?page=1&limit=100', headers);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: { id: string; livemode: boolean }[] }).items;
  };

  async function submit(orderId: string) {
    n += 1;
    const { body } = await prepareSubmission(t, orderId, {
      phone: `+7926400${String(1000 + n)}`,
      email: `modes${n}@buyer.ru`,
    });
    const res = await patchClient(t, orderId, body);
    expect(res.statusCode, res.body).toBe(200);
  }
  const applicationBanks = async (orderId: string) =>
    (
      await t.db.query<{ bank: string }>(
        'SELECT bank FROM bank_applications WHERE order_id = $1 ORDER BY bank',
        [orderId],
      )
    ).map((r) => r.bank);

  it('issues live and test keys apart, by their prefixes, and each key makes orders of its mode', async () => {
    expect(shop.secret_key).toMatch(/^sk_live_[0-9A-Za-z]{32}$/);
    expect(shop.publishable_key).toMatch(/^pk_live_[0-9A-Za-z]{32}$/);
    expect(shop.test_secret_key).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    expect(shop.test_publishable_key).toMatch(/^pk_test_[0-9A-Za-z]{32}$/);
    expect(shop.test_webhook_secret).toMatch(/^whsec_/);
    expect(shop.test_webhook_secret).not.toBe(shop.webhook_secret);

    const live = await createOrder(t, undefined, shop.auth);
    const test = await createOrder(t, undefined, bearer(shop.test_secret_key));
    const widget = await createOrder(t, undefined, bearer(shop.test_publishable_key));
    const view = async (id: string, key: string) =>
      (await get(`/api/order/orders/${id}`, bearer(key))).json();
    expect((await view(live.id, shop.secret_key)).livemode).toBe(true);
    expect((await view(test.id, shop.test_secret_key)).livemode).toBe(false);
    expect((await view(widget.id, shop.test_secret_key)).livemode).toBe(false);
    // The demo shop is a test shop, its published keys unchanged.
    const demo = await createOrder(t);
    expect((await get(`/api/order/orders/${demo.id}`, demoAuth)).json().livemode).toBe(false);
  });

  it('never mixes the modes: lists, another mode’s order, statistics, the export and the event log', async () => {
    const other = await newShop(t, 'Отдельный магазин');
    const live = await createOrder(t, undefined, other.auth);
    const test = await createOrder(t, undefined, bearer(other.test_secret_key));
    const secondTest = await createOrder(t, undefined, bearer(other.test_secret_key));
    const liveAuth = other.auth;
    const testAuth = bearer(other.test_secret_key);

    expect((await orderNumbers(liveAuth)).map((o) => o.id)).toEqual([live.id]);
    expect((await orderNumbers(testAuth)).map((o) => o.id).sort()).toEqual([test.id, secondTest.id].sort());
    expect((await orderNumbers(testAuth)).every((o) => o.livemode === false)).toBe(true);
    // Each mode numbers its own orders from 1.
    expect([live.order_number, test.order_number]).toEqual(['1', '1']);

    // A live key cannot act on a test order (nor the other way round): it is not the mode's order.
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/order/orders/${test.id}/cancel`,
      headers: liveAuth,
      payload: {},
    });
    expect(cancel.statusCode).toBe(404);
    const history = await get(`/api/order/orders/${live.id}/history`, testAuth);
    expect(history.statusCode).toBe(404);

    const orders = async (headers: Record<string, string>) => {
      const res = await get('/api/stats', headers);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { orders: number; funnel: { created: number } }).orders;
    };
    expect(await orders(liveAuth)).toBe(1);
    expect(await orders(testAuth)).toBe(2);

    // The export: a header line and one line per order of the mode (both modes' first order is №1).
    const csvLines = async (headers: Record<string, string>) => {
      const res = await get('/api/order/orders/export.csv', headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.body.trim().split(/\r?\n/).length - 1;
    };
    expect(await csvLines(liveAuth)).toBe(1);
    expect(await csvLines(testAuth)).toBe(2);

    // An event in each mode: each order cancelled by its own mode's key.
    for (const [id, headers] of [
      [test.id, testAuth],
      [live.id, liveAuth],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/order/orders/${id}/cancel`,
        headers,
        payload: {},
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const events = async (headers: Record<string, string>) =>
      (await get('/api/order/events?limit=100', headers)).json() as {
        items: { order_id: string; livemode: boolean }[];
      };
    // An event shows in the log once every transaction begun before it has ended (migration 011): on a
    // PostgreSQL server other test files share, another database's transaction can hold it back a moment.
    const logged = async (headers: Record<string, string>) => {
      await expect
        .poll(async () => (await events(headers)).items.length, { timeout: 20_000 })
        .toBeGreaterThan(0);
      return (await events(headers)).items;
    };
    const testEvents = await logged(testAuth);
    const testOrderIds = new Set([test.id, secondTest.id]);
    expect(testEvents.every((e) => testOrderIds.has(e.order_id) && e.livemode === false)).toBe(true);
    const liveEvents = await logged(liveAuth);
    expect(liveEvents.every((e) => e.order_id === live.id && e.livemode === true)).toBe(true);
  });

  it('a team member’s session works in either mode by X-B2BPay-Mode; another value is a 400', async () => {
    const other = await newShop(t, 'Магазин команды');
    const live = await createOrder(t, undefined, other.auth);
    const test = await createOrder(t, undefined, bearer(other.test_secret_key));
    const login = await addMember(t, other.shop.id, `modes-${t.clock.now().getTime()}@shop.ru`, 'admin');
    const ids = async (mode?: string) =>
      (await orderNumbers({ ...login.on(other.shop.id), ...(mode ? { 'x-b2bpay-mode': mode } : {}) })).map(
        (o) => o.id,
      );
    expect(await ids()).toEqual([live.id]);
    expect(await ids('live')).toEqual([live.id]);
    expect(await ids('test')).toEqual([test.id]);
    const settings = await get('/api/shop/settings', { ...login.on(other.shop.id), 'x-b2bpay-mode': 'test' });
    expect(settings.json().livemode).toBe(false);
    expect(settings.json().secret_key_hint).toMatch(/^sk_test_…/);
    const bad = await get('/api/order/orders?page=1', {
      ...login.on(other.shop.id),
      'x-b2bpay-mode': 'demo',
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'X-B2BPay-Mode' });
  });

  it('rotating a test key gives a test key; suspending the shop stops its test keys too', async () => {
    const other = await newShop(t, 'Магазин на проверке');
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/shop/keys/rotate',
      headers: bearer(other.test_secret_key),
      payload: { kind: 'publishable' },
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json().key).toMatch(/^pk_test_/);

    await t.db.transaction((tx) =>
      suspendShop(tx, other.shop.id, 'Проверка', 'risk@b2bpay.ru', t.clock.now()),
    );
    invalidateKeyCache();
    for (const key of [other.secret_key, other.test_secret_key]) {
      const refused = await get('/api/order/orders?page=1', bearer(key));
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused).code).toBe('SHOP_SUSPENDED');
    }
    await t.db.transaction((tx) => resumeShop(tx, other.shop.id));
    invalidateKeyCache();
    expect((await get('/api/order/orders?page=1', bearer(other.test_secret_key))).statusCode).toBe(200);
  });

  it('sends a test order to the sandbox banks only, and a live one to the real banks once one exists', async () => {
    await seedBanks(t);
    // No real bank yet: the sandbox answers live orders too (development, tests).
    const early = await createOrder(t, undefined, shop.auth);
    await submit(early.id);
    expect(await applicationBanks(early.id)).toEqual(['sever', 'ural', 'volga']);
    // Production never lets the sandbox decide a live order, even with no real bank registered.
    expect(await listBanksForOrder(t.db, true, false)).toEqual([]);
    expect((await listBanksForOrder(t.db, false, false)).map((b) => b.id)).toEqual([
      'sever',
      'ural',
      'volga',
    ]);

    await createBank(
      t.db,
      { id: 'realbank', name: 'Настоящий банк', endpointUrl: 'http://127.0.0.1:9/real' },
      t.clock.now(),
    );
    const live = await createOrder(t, undefined, shop.auth);
    await submit(live.id);
    expect(await applicationBanks(live.id)).toEqual(['realbank']);
    const test = await createOrder(t, undefined, bearer(shop.test_secret_key));
    await submit(test.id);
    expect(await applicationBanks(test.id)).toEqual(['sever', 'ural', 'volga']);
    // What the sandbox is sent says the order is a test one; the real bank's says live.
    await t.worker.drain();
    const sent = await t.db.query<{ bank: string; body: string }>(
      `SELECT m.bank, m.body FROM bank_messages m JOIN bank_applications a ON a.id = m.application_id
        WHERE a.order_id IN ($1, $2) AND m.type = 'application.created' ORDER BY m.bank`,
      [test.id, live.id],
    );
    const modes = sent.map((m) => [
      m.bank,
      (JSON.parse(m.body) as { data: { livemode: boolean } }).data.livemode,
    ]);
    expect(modes).toEqual([
      ['realbank', true],
      ['sever', false],
      ['ural', false],
      ['volga', false],
    ]);
    // A real bank that is only switched off still keeps live orders away from the sandbox.
    await t.db.query('UPDATE banks SET enabled = false WHERE id = $1', ['realbank']);
    const whileOff = await createOrder(t, undefined, shop.auth);
    await submit(whileOff.id);
    expect(await applicationBanks(whileOff.id)).toEqual([]);
    await t.db.query('DELETE FROM banks WHERE id = $1', ['realbank']);
  });
});
