import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type HttpReceiver, startHttpReceiver } from '@b2bpay/test-sinks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeApi } from './support/describe-api';
import {
  createOrder,
  DB_KINDS,
  errorOf,
  newShop,
  sampleProducts,
  startTestApp,
  type TestApp,
} from './support/test-app';

/** A receiver that accepts connections and never answers (a black hole). */
async function startBlackHole() {
  const requests: string[] = [];
  const server = http.createServer((req) => {
    requests.push(req.url ?? '/');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const step1 = {
  surname: 'Петров',
  name: 'Пётр',
  inn: '7707083893',
  organization_name: 'ПАО «Сбербанк России»',
};

interface Health {
  url: string | null;
  failing: boolean;
  failing_since: string | null;
  last_error: string | null;
  paused_until: string | null;
  failed_deliveries: number;
}

describe.each(DB_KINDS)('webhook failures you can see and act on, on %s', (kind) => {
  let t: TestApp;
  const closers: (() => Promise<void>)[] = [];
  const receiver = async (): Promise<HttpReceiver> => {
    const r = await startHttpReceiver('/hook');
    closers.push(r.close);
    return r;
  };

  beforeAll(async () => {
    t = await startTestApp(kind, {
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_SCHEDULE: '1s,2s',
      WEBHOOK_TIMEOUT_MS: '5000',
      WEBHOOK_TEST_TIMEOUT_MS: '1000',
      WEBHOOK_PAUSE_AFTER_TIMEOUTS: '3',
      WEBHOOK_PAUSE: '1m',
    });
  }, 180_000); // PGlite's initdb in memory is slow on a loaded machine
  // Receivers' clocks and ours agree (signatures carry the time).
  beforeEach(() => t.clock.set(new Date()));
  afterAll(async () => {
    await Promise.all(closers.map((close) => close()));
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, headers: object, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: headers as Record<string, string>,
      ...(payload ? { payload } : {}),
    });
  const setAddress = async (auth: object, url: string) => {
    const res = await call('PUT', '/api/shop/settings', auth, { webhook_url: url });
    expect(res.statusCode, res.body).toBe(200);
  };
  const health = async (auth: object) => {
    const res = await call('GET', '/api/webhooks/health', auth);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Health;
  };
  /** An order of the shop with one `order.client.updated` event (its delivery goes to the shop's address). */
  const orderWithEvent = async (auth: { authorization: string }) => {
    const order = await createOrder(t, { products: sampleProducts }, auth);
    const res = await call('PATCH', `/api/order/orders/${order.id}/client`, {}, step1);
    expect(res.statusCode, res.body).toBe(200);
    return order;
  };
  /** Runs every retry of the schedule (1 s, 2 s) to its end. */
  const runSchedule = async () => {
    await t.worker.drain();
    for (const wait of [1000, 2000]) {
      t.clock.advance(wait);
      await t.worker.drain();
    }
  };
  const alerts = async (email: string) =>
    t.db.query<{ subject: string; body: string }>(
      "SELECT subject, body FROM notifications WHERE kind = 'webhook_failing' AND recipient = $1 ORDER BY seq",
      [email],
    );
  const deliveries = async (auth: object) => {
    const res = await call('GET', '/api/webhooks/deliveries', auth);
    return (
      res.json() as { items: { url: string; status: string; attempts_log: { error: string | null }[] }[] }
    ).items;
  };

  it('an address that keeps timing out is paused: its attempts then fail at once, without a POST', async () => {
    const shop = await newShop(t, 'Магазин с чёрной дырой');
    const hole = await startBlackHole();
    closers.push(hole.close);
    await setAddress(shop.auth, hole.url);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(1);
      expect((await call('POST', '/api/webhooks/test', shop.auth)).statusCode).toBe(200);
    }
    await t.worker.drain();
    expect(hole.requests).toHaveLength(4); // four timeouts in a row (3 pause the address)
    const paused = await health(shop.auth);
    expect(paused.paused_until).not.toBeNull();
    expect(paused.failing).toBe(false); // test sends open no failing episode

    t.clock.advance(1000);
    await t.worker.drain();
    expect(hole.requests).toHaveLength(4); // the retries were not sent
    const log = (await deliveries(shop.auth)).flatMap((d) => d.attempts_log.map((a) => a.error));
    expect(log.filter((e) => e?.startsWith('Адрес не отвечает: отправка приостановлена'))).toHaveLength(4);
    expect(log.filter((e) => e === 'Нет ответа за 1000 мс')).toHaveLength(4);
  });

  it('e-mails the shop once per failing episode; health shows the last error; a delivery ends the episode', async () => {
    const shop = await newShop(t, 'Магазин с ошибкой 500');
    const r = await receiver();
    r.answerWith(500);
    await setAddress(shop.auth, r.url);
    expect(await health(shop.auth)).toMatchObject({ url: r.url, failing: false, last_error: null });

    await orderWithEvent(shop.auth);
    // Tried once and waiting for its retry: not failed yet, but not «fine» either.
    await t.worker.drain();
    expect(await health(shop.auth)).toMatchObject({
      failing: false,
      failed_deliveries: 0,
      retrying_deliveries: 1,
    });
    await orderWithEvent(shop.auth);
    await runSchedule();
    expect(r.requests).toHaveLength(6); // two deliveries, three attempts each
    const first = await alerts('second@shop.example');
    expect(first).toHaveLength(1); // two deliveries failed for good, one letter
    expect(first[0]?.subject).toBe(`B2BPay: вебхуки не доставляются на ${r.url}`);
    expect(first[0]?.body).toContain('Последняя ошибка: Получатель ответил HTTP 500');
    expect(first[0]?.body).toContain(`http://b2bpay.test/shops/${shop.shop.id}/settings`);
    expect(await health(shop.auth)).toMatchObject({
      failing: true,
      last_error: 'Получатель ответил HTTP 500',
      failed_deliveries: 2,
      retrying_deliveries: 0,
    });

    // Still failing: a third delivery failing for good sends no second letter.
    await orderWithEvent(shop.auth);
    await runSchedule();
    expect(await alerts('second@shop.example')).toHaveLength(1);

    // The address answers again: one delivery ends the episode.
    r.answerWith(200);
    await orderWithEvent(shop.auth);
    await t.worker.drain();
    expect(await health(shop.auth)).toMatchObject({ failing: false, failed_deliveries: 3 });

    // A new episode, a new letter.
    r.answerWith(500);
    await orderWithEvent(shop.auth);
    await runSchedule();
    expect(await alerts('second@shop.example')).toHaveLength(2);
  });

  it("re-sends every failed delivery since a time, to the shop's current address", async () => {
    const shop = await newShop(t, 'Магазин, сменивший адрес');
    const old = await receiver();
    old.answerWith(503);
    await setAddress(shop.auth, old.url);
    await orderWithEvent(shop.auth);
    const since = new Date(t.clock.now().getTime() + 1).toISOString();
    t.clock.advance(10);
    await orderWithEvent(shop.auth);
    await orderWithEvent(shop.auth);
    await runSchedule();
    expect((await health(shop.auth)).failed_deliveries).toBe(3);

    const current = await receiver();
    await setAddress(shop.auth, current.url);
    const res = await call('POST', '/api/webhooks/deliveries/resend', shop.auth, { since });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ resent: 2, url: current.url });
    await t.worker.drain();
    expect(current.requests).toHaveLength(2);
    const items = await deliveries(shop.auth);
    expect(items.filter((d) => d.status === 'delivered').map((d) => d.url)).toEqual([
      current.url,
      current.url,
    ]);
    expect(items.filter((d) => d.status === 'failed').map((d) => d.url)).toEqual([old.url]);

    // A single re-send goes to the current address too, or to one given in the request.
    const failed = (await call('GET', '/api/webhooks/deliveries', shop.auth)).json() as {
      items: { id: string; status: string }[];
    };
    const left = failed.items.find((d) => d.status === 'failed');
    const other = await receiver();
    const one = await call('POST', `/api/webhooks/deliveries/${left?.id}/retry`, shop.auth, {
      url: other.url,
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ status: 'pending', url: other.url });
    await t.worker.drain();
    expect(other.requests).toHaveLength(1);
    expect(old.requests).toHaveLength(9);
  });

  it('refuses a bad bulk re-send with 400 and changes nothing', async () => {
    const shop = await newShop(t, 'Магазин без адреса');
    const noAddress = await call('POST', '/api/webhooks/deliveries/resend', shop.auth, {
      since: '2020-01-01T00:00:00Z',
    });
    expect(noAddress.statusCode).toBe(400);
    expect(errorOf(noAddress)).toMatchObject({ field: 'url', message: 'Сначала укажите адрес вебхука' });
    for (const payload of [{}, { since: 'вчера' }, { since: '2020-01-01T00:00:00Z', url: 'ftp://x' }]) {
      const res = await call('POST', '/api/webhooks/deliveries/resend', shop.auth, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('limits test sends to 10 a minute per shop, apart from other shops', async () => {
    const shop = await newShop(t, 'Магазин, который тестирует');
    const other = await newShop(t, 'Соседний магазин');
    const r = await receiver();
    await setAddress(shop.auth, r.url);
    await setAddress(other.auth, r.url);
    for (let i = 0; i < 10; i++) {
      t.clock.advance(100);
      expect((await call('POST', '/api/webhooks/test', shop.auth)).statusCode).toBe(200);
    }
    const refused = await call('POST', '/api/webhooks/test', shop.auth);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(errorOf(refused).message).toBe('Не больше 10 тестовых вебхуков в минуту. Повторите через минуту.');
    expect((await call('POST', '/api/webhooks/test', other.auth)).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await call('POST', '/api/webhooks/test', shop.auth)).statusCode).toBe(200);
    await t.worker.drain();
  });
});

describeApi('re-sends check the address given,', { startTimeout: 180_000 }, (t) => {
  it('refuses a private address in a bulk or single re-send (SSRF guard), changing nothing', async () => {
    const shop = await newShop(t, 'Магазин с опасным адресом');
    const bulk = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/deliveries/resend',
      headers: shop.auth,
      payload: { since: '2020-01-01T00:00:00Z', url: 'http://169.254.169.254/latest' },
    });
    expect(bulk.statusCode).toBe(400);
    expect(errorOf(bulk).field).toBe('url');
    const single = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/deliveries/00000000-0000-4000-8000-000000000000/retry',
      headers: shop.auth,
      payload: { url: 'http://127.0.0.1/hook' },
    });
    expect(single.statusCode).toBe(400);
    const jobs = await t.db.query<{ n: unknown }>(
      "SELECT count(*) AS n FROM jobs WHERE kind = 'webhook.deliver'",
    );
    expect(Number(jobs[0]?.n)).toBe(0);
  });
});
