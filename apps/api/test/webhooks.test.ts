import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_SHOP } from '@b2bpay/domain';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWorker } from '../src/jobs/registry';
import {
  createOrder,
  DB_KINDS,
  demoAuth,
  demoPublishableAuth,
  errorOf,
  newShop,
  sampleProducts,
  startTestApp,
  type TestApp,
} from './support/test-app';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}
type Reply = { status: number; headers?: Record<string, string>; delayMs?: number } | 'hang';

/** A local webhook receiver; `reply` decides each answer (`hang` never answers). */
async function startReceiver(reply: (r: Received, n: number) => Reply = () => ({ status: 200 })) {
  const received: Received[] = [];
  const state = { reply };
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      const r = { headers: req.headers, body };
      received.push(r);
      const answer = state.reply(r, received.length);
      if (answer === 'hang') return;
      setTimeout(() => res.writeHead(answer.status, answer.headers).end('ok'), answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** Bodies parsed, in arrival order. */
    payloads: () => received.map((r) => JSON.parse(r.body) as Record<string, unknown>),
    setReply(next: (r: Received, n: number) => Reply) {
      state.reply = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** A port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

const step1 = {
  surname: 'Петров',
  name: 'Пётр',
  inn: '7707083893',
  organization_name: 'ПАО «Сбербанк России»',
};

/** Standard Webhooks verification of one received request, as a shop would do it. */
const verify = (secret: string, r: Received) =>
  new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as Record<string, unknown>;

interface DeliveryView {
  id: string;
  event_id: string;
  event: string;
  order_id: string | null;
  url: string;
  status: string;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
  attempts_log: {
    attempt: number;
    started_at: string;
    duration_ms: number | null;
    status_code: number | null;
    error: string | null;
  }[];
}

describe.each(DB_KINDS)('webhook delivery on %s', (kind) => {
  let t: TestApp;
  const receivers: Receiver[] = [];
  const receiver = async (reply?: (r: Received, n: number) => Reply) => {
    const r = await startReceiver(reply);
    receivers.push(r);
    return r;
  };

  const env = { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SCHEDULE: '1s,2s,3s' };
  beforeAll(async () => {
    // PGlite runs on this thread, so a busy batch delays answers: a generous timeout here, and a
    // short one only in the timeout test's own app.
    t = await startTestApp(kind, { ...env, WEBHOOK_TIMEOUT_MS: '5000' });
  });
  // Standard Webhooks receivers reject timestamps more than 5 minutes from their own clock.
  beforeEach(() => t.clock.set(new Date()));
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await t.close();
  });

  const saveStep1 = async (orderId: string) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/order/orders/${orderId}/client`,
      payload: step1,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** An order whose webhook goes to `url`, with one `order.client.updated` event recorded. */
  const orderWithEvent = async (url: string, headers = demoAuth) => {
    const order = await createOrder(t, { products: sampleProducts, webhook_url: url }, headers);
    await saveStep1(order.id);
    return order;
  };
  const deliveriesOf = async (orderId: string, headers = demoAuth) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/webhooks/deliveries?order_id=${orderId}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { items: DeliveryView[]; count: number }).items;
  };
  const onlyDelivery = async (orderId: string) => {
    const items = await deliveriesOf(orderId);
    expect(items).toHaveLength(1);
    return items[0] as DeliveryView;
  };
  const retry = (id: string, headers = demoAuth) =>
    t.app.inject({ method: 'POST', url: `/api/webhooks/deliveries/${id}/retry`, headers });

  it('delivers the event signed per Standard Webhooks, with the spec body, event_id and sequence', async () => {
    const r = await receiver();
    const order = await orderWithEvent(r.url);
    expect(r.received).toHaveLength(0); // nothing is sent inside the request
    await t.worker.drain();
    expect(r.received).toHaveLength(1);
    const got = r.received[0] as Received;
    const [event] = await t.db.query<{ id: string }>(
      "SELECT id FROM events WHERE order_id = $1 AND type <> 'order.created'",
      [order.id],
    );
    expect(got.headers['webhook-id']).toBe(event?.id);
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['user-agent']).toBe('B2BPay-Webhooks/1.0');
    expect(got.headers['webhook-timestamp']).toBe(String(Math.floor(t.clock.now().getTime() / 1000)));
    expect(got.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);

    const payload = verify(DEMO_SHOP.webhookSecret, got);
    expect(payload).toEqual({
      event: 'order.client.updated',
      event_id: event?.id,
      sequence: 1,
      order_id: order.id,
      order_number: order.order_number,
      status: 'client_expected',
      previous_status: 'client_expected',
      amount: order.amount,
      shop_id: DEMO_SHOP.id,
      client: expect.objectContaining({ surname: 'Петров', name: 'Пётр', inn: '7707083893' }),
      timestamp: t.clock.now().toISOString(),
      // The demo shop is a test shop.
      livemode: false,
      // The buyer's ways back to the shop, when the order has them.
      return_url: null,
      cancel_url: null,
      // The shop's own reference and what was returned travel in every webhook.
      external_id: null,
      metadata: {},
      refunded_amount: 0,
      // Before the buyer signs a bank's offer there is none.
      accepted_offer: null,
    });
    // A wrong secret or a changed body does not verify.
    expect(() => verify('whsec_d3Jvbmctc2VjcmV0LXdyb25nLXNlY3JldC0wMDA=', got)).toThrow();
    expect(() =>
      verify(DEMO_SHOP.webhookSecret, { ...got, body: got.body.replace('Петров', 'Иванов') }),
    ).toThrow();

    const d = await onlyDelivery(order.id);
    expect(d).toMatchObject({
      event_id: event?.id,
      event: 'order.client.updated',
      order_id: order.id,
      url: r.url,
      status: 'delivered',
      attempts: 1,
      last_status_code: 200,
      last_error: null,
      next_attempt_at: null,
      delivered_at: t.clock.now().toISOString(),
    });
    expect(d.attempts_log).toEqual([
      {
        attempt: 1,
        started_at: t.clock.now().toISOString(),
        duration_ms: expect.any(Number),
        status_code: 200,
        error: null,
      },
    ]);
    // Delivered is final: more rounds send nothing.
    t.clock.advance(60_000);
    await t.worker.drain();
    expect(r.received).toHaveLength(1);
  });

  it('numbers the events of one order with an increasing sequence', async () => {
    const r = await receiver();
    const order = await orderWithEvent(r.url);
    await t.worker.drain();
    await saveStep1(order.id);
    await t.worker.drain();
    await saveStep1(order.id);
    await t.worker.drain();
    const payloads = r.received.map((x) => verify(DEMO_SHOP.webhookSecret, x));
    expect(payloads.map((p) => p.sequence)).toEqual([1, 2, 3]);
    expect(new Set(payloads.map((p) => p.event_id)).size).toBe(3);
    expect(r.received.map((x) => x.headers['webhook-id'])).toEqual(payloads.map((p) => p.event_id));
  });

  it('retries a 500 after 1 s, 2 s and 3 s, then fails; a manual re-send delivers and restarts the schedule', async () => {
    const r = await receiver(() => ({ status: 500 }));
    const order = await orderWithEvent(r.url);
    await t.worker.drain();
    let d = await onlyDelivery(order.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 500 });
    expect(d.last_error).toContain('500');
    expect(d.next_attempt_at).toBe(new Date(t.clock.now().getTime() + 1000).toISOString());

    // Not before it is due.
    t.clock.advance(999);
    await t.worker.drain();
    expect(r.received).toHaveLength(1);
    t.clock.advance(1);
    await t.worker.drain();
    expect(r.received).toHaveLength(2);
    d = await onlyDelivery(order.id);
    expect(d.next_attempt_at).toBe(new Date(t.clock.now().getTime() + 2000).toISOString());
    t.clock.advance(2000);
    await t.worker.drain();
    expect(r.received).toHaveLength(3);
    t.clock.advance(3000);
    await t.worker.drain();
    expect(r.received).toHaveLength(4);
    d = await onlyDelivery(order.id);
    expect(d).toMatchObject({ status: 'failed', attempts: 4, last_status_code: 500, next_attempt_at: null });
    expect(d.attempts_log.map((a) => [a.attempt, a.status_code])).toEqual([
      [1, 500],
      [2, 500],
      [3, 500],
      [4, 500],
    ]);
    const [job] = await t.db.query<{ state: string }>(
      "SELECT state FROM jobs WHERE kind = 'webhook.deliver' AND payload->>'delivery_id' = $1",
      [d.id],
    );
    expect(job?.state).toBe('failed');
    t.clock.advance(60_000);
    await t.worker.drain();
    expect(r.received).toHaveLength(4);
    // Every attempt carried the same webhook-id.
    expect(new Set(r.received.map((x) => x.headers['webhook-id'])).size).toBe(1);

    // Manual re-send of the failed delivery.
    r.setReply(() => ({ status: 200 }));
    const res = await retry(d.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: d.id, status: 'pending', attempts: 4 });
    const again = await retry(d.id);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('DELIVERY_PENDING');
    await t.worker.drain();
    d = await onlyDelivery(order.id);
    expect(d).toMatchObject({ status: 'delivered', attempts: 5, last_status_code: 200, last_error: null });
    expect(d.attempts_log.at(-1)).toMatchObject({ attempt: 5, status_code: 200, error: null });
    expect(r.received).toHaveLength(5);
    expect(verify(DEMO_SHOP.webhookSecret, r.received[4] as Received).event_id).toBe(d.event_id);

    // A delivered one can be re-sent too; its retry schedule starts over (1 s, not exhausted).
    r.setReply(() => ({ status: 503 }));
    expect((await retry(d.id)).statusCode).toBe(200);
    await t.worker.drain();
    d = await onlyDelivery(order.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 6, last_status_code: 503, delivered_at: null });
    expect(d.next_attempt_at).toBe(new Date(t.clock.now().getTime() + 1000).toISOString());
    r.setReply(() => ({ status: 204 }));
    t.clock.advance(1000);
    await t.worker.drain();
    expect(await onlyDelivery(order.id)).toMatchObject({
      status: 'delivered',
      attempts: 7,
      last_status_code: 204,
    });
  });

  it('«Отправить сейчас» attempts a delivery waiting for its retry at once; idempotent, audited, 409 otherwise', async () => {
    const r = await receiver(() => ({ status: 500 }));
    const order = await orderWithEvent(r.url);
    const sendNow = (id: string, headers = demoAuth) =>
      t.app.inject({ method: 'POST', url: `/api/webhooks/deliveries/${id}/send-now`, headers });
    await t.worker.drain();
    let d = await onlyDelivery(order.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 1 });
    const planned = new Date(t.clock.now().getTime() + 1000).toISOString();
    expect(d.next_attempt_at).toBe(planned);

    // Another shop's delivery is not found; the waiting one is brought forward to now.
    const other = await newShop(t, 'Магазин без права на чужое');
    expect((await sendNow(d.id, other.auth)).statusCode).toBe(404);
    r.setReply(() => ({ status: 200 }));
    const res = await sendNow(d.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: d.id,
      status: 'pending',
      attempts: 1,
      next_attempt_at: t.clock.now().toISOString(),
    });
    // A second press before the attempt changes nothing and sends nothing twice.
    expect((await sendNow(d.id)).statusCode).toBe(200);
    await t.worker.drain(); // the clock has not moved: without the button it would wait a second
    expect(r.received).toHaveLength(2);
    d = await onlyDelivery(order.id);
    expect(d).toMatchObject({ status: 'delivered', attempts: 2, last_status_code: 200 });

    // Delivered: nothing waits, so 409 (the re-send is …/retry).
    const done = await sendNow(d.id);
    expect(done.statusCode).toBe(409);
    expect(errorOf(done).code).toBe('DELIVERY_NOT_WAITING');
    expect((await sendNow('not-a-uuid')).statusCode).toBe(404);

    const audit = await t.db.query<{ action: string; details: unknown }>(
      "SELECT action, details FROM audit_log WHERE action = 'webhook_delivery.sent_now'",
    );
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]?.details)).toContain(d.id);
  });

  it('retries after a timeout on the same schedule, then fails', async () => {
    const main = t;
    // Pausing an address that keeps timing out has its own test (webhook-failures.test.ts).
    t = await startTestApp(kind, { ...env, WEBHOOK_TIMEOUT_MS: '300', WEBHOOK_PAUSE_AFTER_TIMEOUTS: '10' });
    try {
      t.clock.set(new Date());
      const r = await receiver(() => 'hang');
      const order = await orderWithEvent(r.url);
      for (const wait of [0, 1000, 2000, 3000]) {
        t.clock.advance(wait);
        await t.worker.drain();
      }
      expect(r.received).toHaveLength(4);
      const d = await onlyDelivery(order.id);
      expect(d).toMatchObject({ status: 'failed', attempts: 4, last_status_code: null });
      for (const a of d.attempts_log) {
        expect(a.error).toBe('Нет ответа за 300 мс');
        expect(a.status_code).toBeNull();
        expect(a.duration_ms).toBeGreaterThanOrEqual(290);
      }
    } finally {
      await t.close();
      t = main;
    }
  });

  it('retries after a refused connection, then fails', async () => {
    const port = await closedPort();
    const order = await orderWithEvent(`http://127.0.0.1:${port}/hook`);
    await t.worker.drain();
    let d = await onlyDelivery(order.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, last_status_code: null });
    expect(d.last_error).toContain('ECONNREFUSED');
    for (const wait of [1000, 2000, 3000]) {
      t.clock.advance(wait);
      await t.worker.drain();
    }
    d = await onlyDelivery(order.id);
    expect(d.status).toBe('failed');
    expect(d.attempts_log.map((a) => a.attempt)).toEqual([1, 2, 3, 4]);
    expect(d.attempts_log.every((a) => a.error?.includes('ECONNREFUSED'))).toBe(true);
  });

  it('does not follow a redirect (to a private address): a 3xx is a failure', async () => {
    const target = await receiver();
    const r = await receiver(() => ({ status: 302, headers: { location: target.url } }));
    const order = await orderWithEvent(r.url);
    await t.worker.drain();
    expect(r.received).toHaveLength(1);
    expect(target.received).toHaveLength(0);
    const d = await onlyDelivery(order.id);
    expect(d).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 302 });
    expect(d.last_error).toContain('Переадресация не выполняется');
    expect(d.last_error).toContain(target.url);
  });

  it("lists only the shop's own deliveries, newest first, 20 a page, by order; another shop gets 404", async () => {
    const shop = await newShop(t, 'Магазин журнала');
    const r = await receiver();
    const first = await orderWithEvent(r.url, shop.auth);
    for (let i = 0; i < 20; i++) {
      t.clock.advance(7_000); // within the limit of 10 test sends a minute
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/test',
        headers: shop.auth,
        payload: { url: r.url },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    t.clock.advance(1);
    const last = await orderWithEvent(r.url, shop.auth);
    const page = async (query: string, headers = shop.auth) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/webhooks/deliveries${query}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: DeliveryView[]; count: number; has_more: boolean };
    };
    const p1 = await page('');
    expect(p1.count).toBe(22);
    // A live shop's deliveries say so (a test twin's say false).
    expect(p1.items.every((d) => (d as DeliveryView & { livemode: boolean }).livemode === true)).toBe(true);
    expect(p1.items).toHaveLength(20);
    expect(p1.items[0]?.order_id).toBe(last.id);
    expect(p1.items.slice(1).every((d) => d.event === 'webhook.test' && d.order_id === null)).toBe(true);
    const p2 = await page('?page=2');
    expect(p2.count).toBe(22);
    expect(p2.items.map((d) => [d.event, d.order_id])).toEqual([
      ['webhook.test', null],
      ['order.client.updated', first.id],
    ]);
    expect((await page('?page=3')).items).toEqual([]);
    expect([p1.has_more, p2.has_more]).toEqual([true, false]);

    // The list convention: limit and a starting_after cursor that walks the same list.
    const walked: string[] = [];
    let cursor = '';
    for (;;) {
      const p = await page(`?limit=7${cursor ? `&starting_after=${cursor}` : ''}`);
      walked.push(...p.items.map((d) => d.id));
      if (!p.has_more) break;
      expect(p.items).toHaveLength(7);
      cursor = p.items[6]?.id ?? '';
    }
    expect(walked).toEqual([...p1.items, ...p2.items].map((d) => d.id));
    // ending_before walks back from the oldest delivery: the same list, page by page, in its order.
    const back: string[][] = [];
    cursor = walked.at(-1) ?? '';
    for (;;) {
      const p = await page(`?limit=7&ending_before=${cursor}`);
      back.unshift(p.items.map((d) => d.id));
      if (!p.has_more) break;
      cursor = p.items[0]?.id ?? '';
    }
    expect(back.flat()).toEqual(walked.slice(0, -1));
    expect(back.at(-1)).toEqual(walked.slice(-8, -1));
    for (const [query, field] of [
      ['?limit=101', 'limit'],
      [`?starting_after=${first.id}`, 'starting_after'],
      [`?ending_before=${first.id}`, 'ending_before'],
      [`?starting_after=${p1.items[0]?.id}&page=2`, 'starting_after'],
      [`?starting_after=${p1.items[0]?.id}&ending_before=${p1.items[1]?.id}`, 'ending_before'],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/webhooks/deliveries${query}`,
        headers: shop.auth,
      });
      expect(res.statusCode, query).toBe(400);
      expect(errorOf(res).field, query).toBe(field);
    }
    const byOrder = await page(`?order_id=${first.id}`);
    expect(byOrder.count).toBe(1);
    expect(byOrder.items[0]?.order_id).toBe(first.id);

    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/webhooks/deliveries?order_id=42',
      headers: shop.auth,
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('order_id');

    // The demo shop sees none of them, not even by order id, and cannot re-send them.
    const demo = await page(`?order_id=${first.id}`, demoAuth);
    expect(demo).toEqual({ items: [], count: 0, has_more: false });
    const demoAll = await page('', demoAuth);
    expect(demoAll.items.some((d) => d.order_id === first.id || d.order_id === last.id)).toBe(false);
    await t.worker.drain();
    const foreign = await retry(byOrder.items[0]?.id ?? '', demoAuth);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).code).toBe('NOT_FOUND');
    expect((await retry('not-a-uuid')).statusCode).toBe(404);
    expect((await retry('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    // Secret key only.
    expect((await t.app.inject({ method: 'GET', url: '/api/webhooks/deliveries' })).statusCode).toBe(401);
    const pk = await t.app.inject({
      method: 'GET',
      url: '/api/webhooks/deliveries',
      headers: demoPublishableAuth,
    });
    expect(pk.statusCode).toBe(403);
  });

  it('sends a signed test event to the given URL or the default one', async () => {
    const shop = await newShop(t, 'Магазин теста');
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/test',
      headers: shop.auth,
      payload: {},
    });
    expect(none.statusCode).toBe(400);
    expect(errorOf(none)).toEqual({
      code: 'VALIDATION_ERROR',
      field: 'url',
      message: 'Сначала укажите адрес вебхука',
    });

    const r = await receiver();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/test',
      headers: shop.auth,
      payload: { url: r.url },
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json() as DeliveryView;
    expect(d).toMatchObject({
      event: 'webhook.test',
      order_id: null,
      url: r.url,
      status: 'pending',
      attempts: 0,
    });
    const [event] = await t.db.query<{ type: string; sequence: number; order_id: string | null }>(
      'SELECT type, sequence, order_id FROM events WHERE id = $1',
      [d.event_id],
    );
    expect(event).toEqual({ type: 'webhook.test', sequence: 0, order_id: null });
    await t.worker.drain();
    expect(r.received).toHaveLength(1);
    expect(verify(shop.webhook_secret, r.received[0] as Received)).toEqual({
      event: 'webhook.test',
      event_id: d.event_id,
      shop_id: shop.shop.id,
      timestamp: t.clock.now().toISOString(),
      livemode: true,
    });

    // Without a url: the shop's default, and no body at all is fine too.
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/shop/settings',
      headers: shop.auth,
      payload: { webhook_url: r.url },
    });
    expect(put.statusCode, put.body).toBe(200);
    const byDefault = await t.app.inject({ method: 'POST', url: '/api/webhooks/test', headers: shop.auth });
    expect(byDefault.statusCode, byDefault.body).toBe(200);
    expect(byDefault.json()).toMatchObject({ url: r.url, event: 'webhook.test' });
    await t.worker.drain();
    expect(r.received).toHaveLength(2);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/test',
      headers: shop.auth,
      payload: { url: 'ftp://shop.example/hook' },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('url');
  });

  it('reads and changes the settings; a rotated secret signs the next delivery', async () => {
    const shop = await newShop(t, 'Магазин настроек');
    const get = async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/shop/settings', headers: shop.auth });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Record<string, unknown>;
    };
    expect(await get()).toEqual({
      webhook_url: null,
      webhook_secret_hint: `whsec_…${shop.webhook_secret.slice(-4)}`,
      secret_key_hint: `sk_live_…${shop.secret_key.slice(-4)}`,
      // The publishable key is public by nature: shown in full.
      publishable_key_hint: shop.publishable_key,
      widget_origins: [],
      previous_webhook_secret_expires_at: null,
      livemode: true,
    });
    const put = (payload: object, headers = shop.auth) =>
      t.app.inject({ method: 'PUT', url: '/api/shop/settings', headers, payload });

    const r = await receiver();
    const set = await put({ webhook_url: r.url });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ ...(await get()), webhook_url: r.url });
    expect(set.json()).not.toHaveProperty('webhook_secret');

    const rotated = await put({ rotate_webhook_secret: true });
    expect(rotated.statusCode).toBe(200);
    const secret = rotated.json().webhook_secret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(secret).not.toBe(shop.webhook_secret);
    expect(rotated.json()).toMatchObject({
      webhook_url: r.url,
      webhook_secret_hint: `whsec_…${secret.slice(-4)}`,
    });
    expect(await get()).not.toHaveProperty('webhook_secret');

    // An order without its own webhook_url goes to the shop's default, signed with the new secret.
    const order = await createOrder(t, { products: sampleProducts }, shop.auth);
    await saveStep1(order.id);
    await t.worker.drain();
    expect(r.received).toHaveLength(1);
    const got = r.received[0] as Received;
    expect(verify(secret, got).order_id).toBe(order.id);
    expect(() => verify(shop.webhook_secret, got)).toThrow();

    const cleared = await put({ webhook_url: null });
    expect(cleared.json()).toMatchObject({ webhook_url: null });
    const bad = await put({ webhook_url: 'not a url' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('webhook_url');
    const unknown = await put({ webhook_secret: 'whsec_mine' });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).field).toBe('webhook_secret');
    expect((await t.app.inject({ method: 'GET', url: '/api/shop/settings' })).statusCode).toBe(401);
    expect((await put({ webhook_url: null }, demoPublishableAuth)).statusCode).toBe(403);
  });

  it('two workers draining at once send every event exactly once', async () => {
    const r = await receiver(() => ({ status: 200, delayMs: 5 + Math.floor(Math.random() * 20) }));
    const orders = [];
    for (let i = 0; i < 25; i++) orders.push(await orderWithEvent(r.url));
    const deps = { config: t.config, db: t.db, clock: t.clock };
    const a = createWorker(deps, { pollMs: 10 });
    const b = createWorker(deps, { pollMs: 10 });
    await Promise.all([a.drain(), b.drain()]);
    const counts = new Map<string, number>();
    for (const x of r.received) {
      const id = String(x.headers['webhook-id']);
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    expect(counts.size).toBe(25);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const rows = await t.db.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM webhook_deliveries WHERE order_id = ANY($1::uuid[])',
      [orders.map((o) => o.id)],
    );
    expect(rows).toHaveLength(25);
    expect(rows.every((d) => d.status === 'delivered' && Number(d.attempts) === 1)).toBe(true);
  });
});
