import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { registerOwner } from './support/cabinet';
import { describeApi } from './support/describe-api';
import { createOrder, errorOf, newShop, sampleProducts } from './support/test-app';
import { startWebhookReceiver, verifyHook } from './support/webhook-receiver';

/**
 * Webhook endpoints (as Stripe and Svix have them): several addresses per shop and mode, each with its
 * own secret, its own enabled_events and its own deliveries; the webhook_url setting is the first.
 */

interface Endpoint {
  id: string;
  url: string;
  description: string | null;
  enabled_events: string[];
  status: 'enabled' | 'disabled';
  livemode: boolean;
  legacy: boolean;
  secret?: string;
  secret_hint: string;
  previous_secret_expires_at: string | null;
}
type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

describeApi('webhook endpoints', { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } }, (t) => {
  const receivers: Receiver[] = [];
  const receiver = async () => {
    const r = await startWebhookReceiver();
    receivers.push(r);
    return r;
  };
  afterAll(async () => {
    for (const r of receivers) await r.close();
  });

  let shop: Awaited<ReturnType<typeof newShop>>;
  // Receivers check the signature's timestamp against their own clock.
  beforeEach(() => t.clock.set(new Date()));
  beforeAll(async () => {
    shop = await newShop(t, 'Магазин с адресами');
  });

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
    url: string,
    payload?: object,
    auth: Record<string, string> = shop.auth,
  ) => t.app.inject({ method, url, headers: auth, ...(payload === undefined ? {} : { payload }) });
  const create = async (payload: object, auth: Record<string, string> = shop.auth): Promise<Endpoint> => {
    const res = await call('POST', '/api/webhooks/endpoints', payload, auth);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Endpoint;
  };
  const cancel = async (orderId: string, auth: Record<string, string> = shop.auth) => {
    const res = await call('POST', `/api/order/orders/${orderId}/cancel`, {}, auth);
    expect(res.statusCode, res.body).toBe(200);
  };

  it('creates, lists, reads, changes, rotates and deletes an endpoint; the secret is shown once', async () => {
    const created = await create({ url: 'https://hooks.example.ru/a', description: 'Учёт' });
    expect(created).toMatchObject({
      url: 'https://hooks.example.ru/a',
      description: 'Учёт',
      enabled_events: ['*'],
      status: 'enabled',
      livemode: true,
      legacy: false,
    });
    expect(created.secret).toMatch(/^whsec_/);
    const read = await call('GET', `/api/webhooks/endpoints/${created.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).not.toHaveProperty('secret');
    expect(read.json().secret_hint).toBe(created.secret_hint);

    const patched = await call('PATCH', `/api/webhooks/endpoints/${created.id}`, {
      url: 'https://hooks.example.ru/b',
      description: null,
      enabled_events: ['order.created', 'order.payment.completed', 'order.created'],
      disabled: true,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      url: 'https://hooks.example.ru/b',
      description: null,
      enabled_events: ['order.created', 'order.payment.completed'],
      status: 'disabled',
    });

    const rotated = await call('POST', `/api/webhooks/endpoints/${created.id}/secret/rotate`, {
      expire_old_in_seconds: 3600,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const after = rotated.json() as Endpoint;
    expect(after.secret).toMatch(/^whsec_/);
    expect(after.secret).not.toBe(created.secret);
    expect(after.previous_secret_expires_at).toBe(
      new Date(t.clock.now().getTime() + 3_600_000).toISOString(),
    );

    const deleted = await call('DELETE', `/api/webhooks/endpoints/${created.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id: created.id, deleted: true });
    expect((await call('GET', `/api/webhooks/endpoints/${created.id}`)).statusCode).toBe(404);
  });

  it('pages the list with limit and starting_after, oldest first', async () => {
    const other = await newShop(t, 'Магазин со списком');
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      made.push((await create({ url: `https://hooks.example.ru/${i}` }, other.auth)).id);
      t.clock.advance(1);
    }
    const first = await call('GET', '/api/webhooks/endpoints?limit=2', undefined, other.auth);
    expect(first.statusCode).toBe(200);
    expect(first.json().items.map((e: Endpoint) => e.id)).toEqual(made.slice(0, 2));
    expect(first.json().has_more).toBe(true);
    const rest = await call(
      'GET',
      `/api/webhooks/endpoints?limit=2&starting_after=${made[1]}`,
      undefined,
      other.auth,
    );
    expect(rest.json()).toMatchObject({ has_more: false });
    expect(rest.json().items.map((e: Endpoint) => e.id)).toEqual(made.slice(2));
  });

  it('refuses bad input with 400 naming the field, changing nothing', async () => {
    const before = (await call('GET', '/api/webhooks/endpoints?limit=100')).json().items.length;
    const unknownType = await call('POST', '/api/webhooks/endpoints', {
      url: 'https://hooks.example.ru/x',
      enabled_events: ['order.deleted'],
    });
    expect(unknownType.statusCode).toBe(400);
    const error = errorOf(unknownType);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.field).toMatch(/^enabled_events/);
    expect(error.message).toContain('order.created');
    expect(error.message).toContain('order.refund.created');
    for (const [payload, field] of [
      [{ url: 'ftp://hooks.example.ru/x' }, 'url'],
      [{ url: 'https://hooks.example.ru/x', enabled_events: [] }, 'enabled_events'],
      [{ url: 'https://hooks.example.ru/x', colour: 'red' }, undefined],
      [{ url: 'https://hooks.example.ru/x', description: 'д'.repeat(501) }, 'description'],
    ] as const) {
      const res = await call('POST', '/api/webhooks/endpoints', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (field) expect(errorOf(res).field).toBe(field);
    }
    const bad = await call('GET', '/api/webhooks/endpoints?limit=0');
    expect(errorOf(bad).field).toBe('limit');
    const unknownCursor = await call('GET', `/api/webhooks/endpoints?starting_after=${randomUUID()}`);
    expect(errorOf(unknownCursor).field).toBe('starting_after');
    const ep = await create({ url: 'https://hooks.example.ru/valid' });
    const patch = await call('PATCH', `/api/webhooks/endpoints/${ep.id}`, { enabled_events: ['*', 'nope'] });
    expect(patch.statusCode).toBe(400);
    expect((await call('GET', `/api/webhooks/endpoints/${ep.id}`)).json().enabled_events).toEqual(['*']);
    expect((await call('GET', '/api/webhooks/endpoints?limit=100')).json().items.length).toBe(before + 1);
    await call('DELETE', `/api/webhooks/endpoints/${ep.id}`);
  });

  it('an endpoint of another shop or another mode is 404 and never listed', async () => {
    const other = await newShop(t, 'Чужой магазин');
    const theirs = await create({ url: 'https://hooks.example.ru/theirs' }, other.auth);
    // An endpoint of the shop's other (test) mode, made with its test key.
    const testKey = { authorization: `Bearer ${shop.test_secret_key}` };
    const testEndpoint = await create({ url: 'https://hooks.example.ru/test-mode' }, testKey);
    expect(testEndpoint.livemode).toBe(false);
    const testMode = testEndpoint.id;
    const testList = (await call('GET', '/api/webhooks/endpoints', undefined, testKey)).json().items;
    expect(testList.map((e: Endpoint) => e.id)).toEqual([testMode]);
    for (const id of [theirs.id, testMode, 'not-a-uuid']) {
      for (const [method, url, payload] of [
        ['GET', `/api/webhooks/endpoints/${id}`, undefined],
        ['PATCH', `/api/webhooks/endpoints/${id}`, { disabled: true }],
        ['POST', `/api/webhooks/endpoints/${id}/secret/rotate`, {}],
        ['DELETE', `/api/webhooks/endpoints/${id}`, undefined],
      ] as const) {
        const res = await call(method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(errorOf(res).code).toBe('NOT_FOUND');
      }
    }
    const listed = (await call('GET', '/api/webhooks/endpoints?limit=100')).json().items as Endpoint[];
    expect(listed.map((e) => e.id)).not.toContain(theirs.id);
    expect(listed.map((e) => e.id)).not.toContain(testMode);
  });

  it('a cabinet session works in the mode it names: a test-mode endpoint is the test key’s, not the live key’s', async () => {
    const owner = await registerOwner(t, 'endpoints-owner@shop.example');
    const testSession = { ...owner.on(owner.shopId), 'x-b2bpay-mode': 'test' };
    const made = await create({ url: 'https://hooks.example.ru/session-test' }, testSession);
    expect(made.livemode).toBe(false);
    const live = await call('GET', '/api/webhooks/endpoints', undefined, owner.on(owner.shopId));
    expect(live.json().items).toEqual([]);
    const inTest = await call('GET', `/api/webhooks/endpoints/${made.id}`, undefined, testSession);
    expect(inTest.statusCode).toBe(200);
    expect(
      (await call('GET', `/api/webhooks/endpoints/${made.id}`, undefined, owner.on(owner.shopId))).statusCode,
    ).toBe(404);
  });

  it('fans an event out to every endpoint that takes it, each signed with its own secret', async () => {
    const fan = await newShop(t, 'Магазин с двумя адресами');
    const [all, statusOnly, off, otherMode] = [
      await receiver(),
      await receiver(),
      await receiver(),
      await receiver(),
    ];
    const a = await create({ url: all.url }, fan.auth);
    const b = await create({ url: statusOnly.url, enabled_events: ['order.status.changed'] }, fan.auth);
    const c = await create({ url: off.url }, fan.auth);
    await call('PATCH', `/api/webhooks/endpoints/${c.id}`, { disabled: true }, fan.auth);
    const testEndpoint = await create(
      { url: otherMode.url },
      { authorization: `Bearer ${fan.test_secret_key}` },
    );
    expect(testEndpoint.livemode).toBe(false);

    const order = await createOrder(t, { products: sampleProducts }, fan.auth);
    await cancel(order.id, fan.auth);
    await t.worker.drain();

    expect(all.events().sort()).toEqual(['order.created', 'order.status.changed']);
    expect(statusOnly.events()).toEqual(['order.status.changed']);
    expect(off.received).toHaveLength(0);
    // A live order's events never reach the test mode's endpoint; a test order's reach only it.
    expect(otherMode.received).toHaveLength(0);
    const testOrder = await createOrder(
      t,
      { products: sampleProducts },
      { authorization: `Bearer ${fan.test_secret_key}` },
    );
    await t.worker.drain();
    expect(otherMode.events()).toEqual(['order.created']);
    expect(verifyHook(testEndpoint.secret as string, otherMode.received[0] as never)).toMatchObject({
      order_id: testOrder.id,
      livemode: false,
    });
    expect(all.received).toHaveLength(2);
    for (const r of all.received)
      expect(verifyHook(a.secret as string, r)).toMatchObject({ order_id: order.id });
    const [hookB] = statusOnly.received;
    expect(verifyHook(b.secret as string, hookB as never)).toMatchObject({ status: 'cancelled' });
    expect(() => verifyHook(a.secret as string, hookB as never)).toThrow();
    // The same event to both, under the same webhook-id.
    const statusA = all.received.find((r) => JSON.parse(r.body).event === 'order.status.changed');
    expect(statusA?.headers['webhook-id']).toBe(hookB?.headers['webhook-id']);

    // Each endpoint has its own deliveries.
    const ofB = await call('GET', `/api/webhooks/deliveries?endpoint_id=${b.id}`, undefined, fan.auth);
    expect(ofB.statusCode).toBe(200);
    expect(
      ofB.json().items.map((d: { event: string; endpoint_id: string }) => [d.event, d.endpoint_id]),
    ).toEqual([['order.status.changed', b.id]]);
    const ofA = await call('GET', `/api/webhooks/deliveries?endpoint_id=${a.id}`, undefined, fan.auth);
    expect(ofA.json().count).toBe(2);
  });

  it('order.created is in the event log, written with the order, and delivered to an endpoint that asks', async () => {
    const logShop = await newShop(t, 'Магазин с журналом');
    const r = await receiver();
    const ep = await create({ url: r.url, enabled_events: ['order.created'] }, logShop.auth);
    const order = await createOrder(t, { products: sampleProducts, external_id: 'A-1' }, logShop.auth);
    await t.worker.drain();
    // Read again while empty: on a PostgreSQL server other test files share, another database's
    // transaction still running holds back the log for that moment (as event-log.test.ts does).
    let event: Record<string, unknown> | undefined;
    for (let i = 0; !event && i < 2000; i++) {
      const log = await call('GET', `/api/order/events?order_id=${order.id}`, undefined, logShop.auth);
      expect(log.statusCode).toBe(200);
      event = log.json().items[0];
      if (!event) await new Promise((r) => setImmediate(r));
    }
    expect(event).toMatchObject({
      event: 'order.created',
      sequence: 0,
      order_id: order.id,
      status: 'client_expected',
      previous_status: null,
      amount: order.amount,
      external_id: 'A-1',
    });
    expect(r.received).toHaveLength(1);
    expect(verifyHook(ep.secret as string, r.received[0] as never)).toEqual(event);
  });

  it('keeps the webhook_url setting working as the first endpoint, with the types it always got', async () => {
    const legacyShop = await newShop(t, 'Магазин с настройкой');
    const r = await receiver();
    const put = await call('PUT', '/api/shop/settings', { webhook_url: r.url }, legacyShop.auth);
    expect(put.statusCode, put.body).toBe(200);
    const [legacy] = (await call('GET', '/api/webhooks/endpoints', undefined, legacyShop.auth)).json()
      .items as Endpoint[];
    expect(legacy).toMatchObject({ url: r.url, legacy: true, status: 'enabled', livemode: true });
    expect(legacy?.enabled_events).not.toContain('order.created');
    expect(legacy?.enabled_events).not.toContain('*');

    const order = await createOrder(t, { products: sampleProducts }, legacyShop.auth);
    await cancel(order.id, legacyShop.auth);
    await t.worker.drain();
    // No order.created: a receiver written to the spec sees no new type.
    expect(r.events()).toEqual(['order.status.changed']);
    expect(verifyHook(legacyShop.webhook_secret, r.received[0] as never)).toMatchObject({
      order_id: order.id,
    });

    // The endpoint's rotation is the shop's: the settings show its overlap, the old secret still signs.
    const rotated = await call(
      'POST',
      `/api/webhooks/endpoints/${legacy?.id}/secret/rotate`,
      { expire_old_in_seconds: 60 },
      legacyShop.auth,
    );
    expect(rotated.statusCode, rotated.body).toBe(200);
    const secret = rotated.json().secret as string;
    const settings = (await call('GET', '/api/shop/settings', undefined, legacyShop.auth)).json();
    expect(settings.webhook_secret_hint.slice(-4)).toBe(secret.slice(-4));
    expect(settings.previous_webhook_secret_expires_at).not.toBeNull();
    const second = await createOrder(t, { products: sampleProducts }, legacyShop.auth);
    await cancel(second.id, legacyShop.auth);
    await t.worker.drain();
    const last = r.received[r.received.length - 1] as never;
    expect(verifyHook(secret, last)).toMatchObject({ order_id: second.id });
    expect(verifyHook(legacyShop.webhook_secret, last)).toMatchObject({ order_id: second.id });

    // Clearing the setting removes the endpoint.
    await call('PUT', '/api/shop/settings', { webhook_url: null }, legacyShop.auth);
    expect((await call('GET', '/api/webhooks/endpoints', undefined, legacyShop.auth)).json().items).toEqual(
      [],
    );
  });

  it('sends an event once to an address that is both the order’s webhook_url and an endpoint', async () => {
    const dedupShop = await newShop(t, 'Магазин с адресом заказа');
    const r = await receiver();
    const ep = await create({ url: r.url }, dedupShop.auth);
    const order = await createOrder(t, { products: sampleProducts, webhook_url: r.url }, dedupShop.auth);
    await cancel(order.id, dedupShop.auth);
    await t.worker.drain();
    expect(r.events().sort()).toEqual(['order.created', 'order.status.changed']);
    for (const got of r.received) verifyHook(ep.secret as string, got);

    // A per-order address of its own still gets what it always got, signed with the shop's secret.
    const own = await receiver();
    const another = await createOrder(t, { products: sampleProducts, webhook_url: own.url }, dedupShop.auth);
    await cancel(another.id, dedupShop.auth);
    await t.worker.drain();
    expect(own.events()).toEqual(['order.status.changed']);
    verifyHook(dedupShop.webhook_secret, own.received[0] as never);
  });

  it('a deleted endpoint gets no more events and its waiting deliveries fail', async () => {
    const delShop = await newShop(t, 'Магазин с удалением');
    const r = await receiver();
    const ep = await create({ url: r.url }, delShop.auth);
    await createOrder(t, { products: sampleProducts }, delShop.auth);
    expect(
      (await call('DELETE', `/api/webhooks/endpoints/${ep.id}`, undefined, delShop.auth)).statusCode,
    ).toBe(200);
    await createOrder(t, { products: sampleProducts }, delShop.auth);
    await t.worker.drain();
    expect(r.received).toHaveLength(0);
    const deliveries = (await call('GET', '/api/webhooks/deliveries', undefined, delShop.auth)).json().items;
    expect(deliveries.map((d: { status: string; last_error: string }) => [d.status, d.last_error])).toEqual([
      ['failed', 'Адрес вебхука удалён'],
    ]);
  });
});
