import { randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShop } from '../../src/modules/shops';
import { STEP1 } from '../support/buyer';
import { startTestApp, storeWebhookUrl, type TestApp } from '../support/test-app';
import { sleep, startDedupReceiver, waitFor } from './support/helpers';
import { NGINX, OPENSSL, SITE_NAME, startNginx } from './support/nginx';
import { type OutsideBanks, startOutsideBanks } from './support/outside-banks';
import { type ApiProc, type Proc, startApi, startWorker } from './support/processes';

/**
 * The deployment of docs/deploy.md, proven with processes. Debian's nginx runs the
 * shipped site (deploy/nginx/b2bpay.conf: HTTPS with a certificate made here, HTTP redirected, service
 * paths closed from outside, no query strings in its log) in front of two API processes (WORKER=off)
 * and one worker, on PostgreSQL and Redis; the three sandbox banks run outside, each on a server of its
 * own, and call the bank API through nginx. Buyer journeys (to the signed offer) and order creations
 * (with Idempotency-Key) go through nginx over HTTPS
 * while API A is SIGKILLed and started again and API B is SIGTERMed (it drains) and started again.
 * Every client retries on a lost answer, 502, 503 and 504 with the same request (and key), as the
 * docs tell a shop's developer to. Shown: every acknowledged order exists once, no journey is lost,
 * the rate limit holds across both processes, and every webhook arrives.
 * TOPOLOGY_ORDERS (default 150) and TOPOLOGY_JOURNEYS (default 20) size it.
 */
const ORDERS = Number(process.env.TOPOLOGY_ORDERS ?? 150);
const JOURNEYS = Number(process.env.TOPOLOGY_JOURNEYS ?? 20);
const redisUrl = process.env.REDIS_TEST_URL;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  json<T = Record<string, unknown>>(): T;
}

/** The certificate nginx serves (self-signed, made by startNginx): HTTPS requests verify against it. */
let siteCa = '';

const stats = { requests: 0, retries: 0, worstMs: 0, retriedStatuses: new Map<string, number>() };

/** One HTTP(S) request from the given loopback address (each buyer is a client of their own). */
function send(
  url: string,
  method: string,
  body: object | undefined,
  headers: Record<string, string>,
  localAddress: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const options = {
      method,
      localAddress,
      agent: false as const,
      headers: { ...headers, ...(data ? { 'content-type': 'application/json' } : {}) },
      timeout: 30_000,
    };
    const answer = (res: IncomingMessage) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        text += c;
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: text,
          json: () => JSON.parse(text),
        }),
      );
      res.on('error', reject);
    };
    const req = url.startsWith('https:')
      ? httpsRequest(url, { ...options, ca: siteCa }, answer)
      : httpRequest(url, options, answer);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(data);
  });
}

/** A careful client: the same request again on a lost answer, 502, 503 or 504 (up to a minute). */
async function call(
  base: string,
  method: string,
  path: string,
  options: { body?: object; headers?: Record<string, string>; from?: string } = {},
): Promise<Answer & { retried: boolean }> {
  const started = Date.now();
  let retried = false;
  for (let attempt = 0; ; attempt++) {
    stats.requests += 1;
    let answer: Answer | null = null;
    let why = '';
    try {
      answer = await send(
        `${base}${path}`,
        method,
        options.body,
        options.headers ?? {},
        options.from ?? '127.0.0.1',
      );
      if (![502, 503, 504].includes(answer.status)) {
        stats.worstMs = Math.max(stats.worstMs, Date.now() - started);
        return { ...answer, retried };
      }
      why = String(answer.status);
    } catch (error) {
      why = (error as NodeJS.ErrnoException).code ?? 'network';
    }
    if (Date.now() - started > 60_000)
      throw new Error(`${method} ${path}: no answer within a minute (${why})`);
    retried = true;
    stats.retries += 1;
    stats.retriedStatuses.set(why, (stats.retriedStatuses.get(why) ?? 0) + 1);
    await sleep(Math.min(100 * 2 ** attempt, 1000));
  }
}

describe.skipIf(!process.env.DATABASE_URL || !redisUrl || !NGINX || !OPENSSL)(
  'nginx, two API processes and a worker on PostgreSQL and Redis, through restarts',
  () => {
    let t: TestApp;
    let nginx: Awaited<ReturnType<typeof startNginx>>;
    const apis: ApiProc[] = [];
    let worker: Proc;
    let banks: OutsideBanks;
    const receivers: Awaited<ReturnType<typeof startDedupReceiver>>[] = [];
    let env: Record<string, string | undefined>;

    beforeAll(async () => {
      t = await startTestApp('postgres');
      env = {
        DATABASE_URL: t.databaseUrl,
        REDIS_URL: redisUrl,
        // Exact counts below: a busy machine must not pass the store's time limit and count in a process.
        REDIS_TIMEOUT_MS: '2000',
        WORKER: 'off',
        RATE_LIMIT_PER_MINUTE: '100',
        WEBHOOK_ALLOW_PRIVATE: 'true',
        WEBHOOK_RETRY_SCHEDULE: '1s,2s,5s,10s',
        // The banks are outside (startOutsideBanks): an API process must not mount the sandbox and
        // re-point the banks at itself, where a SIGKILL would lose what they had scheduled.
        SANDBOX_BANKS: 'false',
        SHUTDOWN_GRACE_MS: '5000',
        DEMO_SHOP: 'false',
      };
      apis.push(...(await Promise.all([startApi(env), startApi(env)])));
      worker = await startWorker(env);
      nginx = await startNginx(apis.map((a) => a.port));
      siteCa = nginx.ca;
      banks = await startOutsideBanks(t.db, {
        url: nginx.url,
        ca: nginx.ca,
        decisionDelayMs: 300,
        paymentDelayMs: 300,
      });
    }, 240_000);

    afterAll(async () => {
      await banks?.close();
      await nginx?.stop();
      await Promise.all([...apis.map((a) => a.kill('SIGKILL')), worker?.kill('SIGKILL')]);
      await Promise.all(receivers.map((r) => r.close()));
      await t?.close();
    });

    async function shopWithReceiver(name: string) {
      const shop = await createShop(t.db, { name, email: `${name.replace(/\W/g, '')}@shop.ru` });
      const receiver = await startDedupReceiver(shop.webhook_secret);
      receivers.push(receiver);
      await storeWebhookUrl(t, shop.shop.id, receiver.url);
      return { ...shop, receiver, auth: { authorization: `Bearer ${shop.secret_key}` } };
    }

    async function lastCode(recipient: string): Promise<string> {
      return waitFor(`a code for ${recipient}`, async () => {
        const rows = await t.db.query<{ body: string }>(
          "SELECT body FROM notifications WHERE recipient = $1 AND kind = 'code' ORDER BY created_at DESC, id DESC LIMIT 1",
          [recipient],
        );
        return /\b(\d{6})\b/.exec(rows[0]?.body ?? '')?.[1];
      });
    }

    /**
     * The buyer signs the first offer once a bank has approved (the bank pays only then): the code
     * asked for and the signature sent through nginx, a lost answer's retry taken as done.
     */
    async function signFirstOffer(j: number, orderId: string, clientId: number, phone: string, from: string) {
      await waitFor(
        `journey ${j} approved`,
        async () => {
          const [row] = await t.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [
            orderId,
          ]);
          return row?.status === 'app_approved';
        },
        120_000,
        100,
      );
      const view = await call(nginx.url, 'GET', `/api/order/orders/${orderId}`, { from });
      const offer = view.json<{ offers?: { id: string }[] }>().offers?.[0];
      if (!offer) throw new Error(`journey ${j}: approved without offers: ${view.status} ${view.body}`);
      const path = `/api/order/orders/${orderId}/offers/${offer.id}`;
      const sent = await call(nginx.url, 'POST', `${path}/code`, { body: { client_id: clientId }, from });
      if (sent.status !== 200 && !(sent.retried && sent.status === 429)) {
        throw new Error(`journey ${j} offer code: ${sent.status} ${sent.body}`);
      }
      const signed = await call(nginx.url, 'POST', `${path}/accept`, {
        body: { client_id: clientId, sms_code_input: await lastCode(phone) },
        from,
      });
      // A signature whose answer was lost went through: its retry finds the order signed.
      const again = signed.retried && signed.body.includes('OFFER_ALREADY_ACCEPTED');
      if (signed.status !== 200 && !again)
        throw new Error(`journey ${j} sign: ${signed.status} ${signed.body}`);
    }

    it('serves the shipped site: HTTPS only, service paths closed from outside, no query strings logged', async () => {
      const inside = '127.0.0.1'; // the site's allow list: this host
      const outside = '127.0.0.50'; // any other address (loopback here, but not on the list)
      const get = (path: string, from: string, base = nginx.url) => call(base, 'GET', path, { from });

      // Plain HTTP only redirects, to the site's name, path and query kept.
      const plain = await get('/api/order/orders?page=2', outside, nginx.httpUrl);
      expect(plain.status).toBe(301);
      expect(plain.headers.location).toBe(`https://${SITE_NAME}/api/order/orders?page=2`);
      expect(plain.headers.server).toBe('nginx');

      // HTTPS: the API answers, nginx names no version, the API's HSTS comes along.
      const health = await get('/api/health', outside);
      expect(health.status).toBe(200);
      expect(health.headers.server).toBe('nginx');
      expect(health.headers['strict-transport-security']).toMatch(/max-age=/);
      // The API reference is public: it is the documentation shops integrate with.
      expect((await get('/api/docs/', outside)).status).toBe(200);
      expect((await get('/api/openapi.json', outside)).status).toBe(200);

      // Admin and the probes: 403 from nginx for everyone but the allow list, whatever the spelling.
      for (const path of ['/api/admin/shops', '/api//admin/shops', '/api/%61dmin/shops', '/api/admin']) {
        const refused = await call(nginx.url, 'POST', path, { from: outside, body: {} });
        expect(refused.status, path).toBe(403);
        expect(refused.body, path).not.toContain('"error"');
      }
      const admin = await call(nginx.url, 'POST', '/api/admin/shops', {
        from: inside,
        body: { name: 'ООО «Проба»', email: 'probe@shop.ru' },
      });
      expect(admin.json<{ error: { code: string } }>().error.code).toBe('NOT_FOUND'); // the API: no ADMIN_TOKEN
      for (const path of ['/api/health/ready', '/api/health/live']) {
        expect((await get(path, outside)).status, path).toBe(403);
        expect((await get(path, inside)).status, path).toBe(200);
      }
      expect((await get('/metrics', inside)).status).toBe(404);

      // The shop area's link with its key: the log keeps the path, never the query.
      const key = `sk_live_${randomUUID().replaceAll('-', '')}`;
      const shopPath = `/shops/${randomUUID()}`;
      await get(`${shopPath}?token=${key}`, outside);
      await get(`/api/order/orders?token=${key}`, outside, nginx.httpUrl);
      await waitFor('the access log', () => nginx.accessLog().includes(shopPath), 5_000, 20);
      const log = nginx.accessLog();
      expect(log).toMatch(
        new RegExp(`^${outside.replaceAll('.', '\\.')} - .* "GET ${shopPath} HTTP/1\\.1" `, 'm'),
      );
      expect(log).not.toContain(key);
      expect(log).not.toContain('token=');
      expect(log).not.toContain('?');
    });

    it('loses no order, no journey and no webhook; the limit holds across both APIs', async () => {
      const base = nginx.url;
      // Orders are spread over three shops so that no key passes its 100 a minute; the buyers' orders
      // belong to a fourth.
      const orderShops = await Promise.all([1, 2, 3].map((i) => shopWithReceiver(`Магазин заказов ${i}`)));
      const buyerShop = await shopWithReceiver('Магазин покупателей');

      const acknowledged = new Map<string, string>(); // Idempotency-Key → order id
      const unexpected: string[] = [];
      let ordersDone = 0;

      async function createOne(i: number) {
        const shop = orderShops[i % orderShops.length] as (typeof orderShops)[number];
        const key = `topology-${i}`;
        const res = await call(base, 'POST', '/api/order/orders', {
          headers: { ...shop.auth, 'idempotency-key': key },
          body: { products: [{ name: `Товар ${i}`, price: 100 + i, quantity: 1 + (i % 3) }] },
        });
        if (res.status === 200) acknowledged.set(key, res.json<{ id: string }>().id);
        else unexpected.push(`order ${i}: ${res.status} ${res.body}`);
        ordersDone += 1;
      }

      const submitted: string[] = [];
      const signed: string[] = [];
      async function journey(j: number) {
        const from = `127.0.0.${10 + j}`; // each buyer its own address, as in life
        const created = await call(base, 'POST', '/api/order/orders', {
          headers: { ...buyerShop.auth, 'idempotency-key': `journey-${j}` },
          body: { products: [{ name: `Заказ покупателя ${j}`, price: 25_000, quantity: 1 }] },
        });
        if (created.status !== 200) throw new Error(`journey ${j} create: ${created.status} ${created.body}`);
        const orderId = created.json<{ id: string }>().id;
        const path = `/api/order/orders/${orderId}/client`;
        const view = await call(base, 'GET', `/api/order/orders/${orderId}`, { from });
        const step1 = await call(base, 'PATCH', path, { body: STEP1, from });
        if (step1.status !== 200) throw new Error(`journey ${j} step 1: ${step1.status} ${step1.body}`);
        const clientId = step1.json<{ id: number }>().id;
        const phone = `+7916${String(7_000_000 + j).padStart(7, '0')}`;
        const email = `buyer${j}@firm.ru`;
        // A code request whose answer was lost and that is sent again meets the resend cooldown (429):
        // the first one went out, which is all the buyer needs.
        for (const contact of [{ phone_number: phone }, { email }]) {
          const sent = await call(base, 'PATCH', path, { body: { client_id: clientId, ...contact }, from });
          if (sent.status !== 200 && !(sent.retried && sent.status === 429)) {
            throw new Error(`journey ${j} code: ${sent.status} ${sent.body}`);
          }
        }
        const body = {
          client_id: clientId,
          ...STEP1,
          phone_number: phone,
          email,
          sms_code_input: await lastCode(phone),
          email_code_input: await lastCode(email),
          personal_data_consent: true,
          bank_transfer_consent: true,
          // Sent when the order view carries it (the amount the buyer saw).
          order_version: view.status === 200 ? view.json<{ version?: number }>().version : undefined,
        };
        const done = await call(base, 'PATCH', path, { body, from });
        if (done.status !== 200) {
          // A submission whose answer was lost went through: the order has moved on.
          const [row] = await t.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [
            orderId,
          ]);
          if (!(done.retried && row && row.status !== 'client_expected')) {
            throw new Error(`journey ${j} submit: ${done.status} ${done.body}`);
          }
        }
        submitted.push(orderId);
        await signFirstOffer(j, orderId, clientId, phone, from);
        signed.push(orderId);
      }

      async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
        const queue = [...items];
        await Promise.all(
          Array.from({ length: width }, async () => {
            for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
          }),
        );
      }

      const [apiA, apiB] = apis as [ApiProc, ApiProc];
      const chaos = (async () => {
        await waitFor('a third of the orders', () => ordersDone >= ORDERS / 3, 300_000, 20);
        await apiA.kill('SIGKILL');
        apis[0] = await startApi(env, { port: apiA.port });
        await waitFor('two thirds of the orders', () => ordersDone >= (2 * ORDERS) / 3, 300_000, 20);
        await apiB.kill('SIGTERM');
        expect(apiB.child.exitCode, apiB.output()).toBe(0); // drained and exited by itself
        apis[1] = await startApi(env, { port: apiB.port });
      })();
      const started = Date.now();
      await Promise.all([
        pool(
          Array.from({ length: ORDERS }, (_, i) => i),
          4,
          createOne,
        ),
        pool(
          Array.from({ length: JOURNEYS }, (_, j) => j),
          3,
          journey,
        ),
        chaos,
      ]);
      const driveMs = Date.now() - started;

      expect(unexpected).toEqual([]);
      // Every acknowledged order exists, once per key, with the answer's id.
      expect(acknowledged.size).toBe(ORDERS);
      expect(new Set(acknowledged.values()).size).toBe(ORDERS);
      const rows = await t.db.query<{ id: string }>('SELECT id FROM orders WHERE id = ANY($1)', [
        [...acknowledged.values()],
      ]);
      expect(rows).toHaveLength(ORDERS);
      // …and nothing else: a retried creation never made a second order.
      const [count] = await t.db.query<{ n: string }>(
        'SELECT count(*) AS n FROM orders WHERE shop_id = ANY($1)',
        [orderShops.map((s) => s.shop.id)],
      );
      expect(Number(count?.n)).toBe(ORDERS);
      // No journey lost: every buyer's application reached the banks.
      expect(submitted).toHaveLength(JOURNEYS);
      // …and every buyer signed an offer after a bank's approval.
      expect(signed).toHaveLength(JOURNEYS);

      // The banks pay every signed order (short delays): our messages to them go out through the
      // worker process, their payments come back through nginx.
      await waitFor(
        'every buyer paid',
        async () => {
          const [left] = await t.db.query<{ n: string }>(
            "SELECT count(*) AS n FROM orders WHERE id = ANY($1) AND status <> 'payment_sent'",
            [submitted],
          );
          return Number(left?.n) === 0;
        },
        180_000,
        250,
      ).catch((error: Error) => {
        throw new Error(`${error.message}; the banks' log:\n${banks.log()}`);
      });
      // Every webhook arrives (at least once; the receivers apply each webhook-id once).
      await waitFor(
        'every webhook delivered',
        async () => {
          const [left] = await t.db.query<{ n: string }>(
            "SELECT count(*) AS n FROM webhook_deliveries WHERE status <> 'delivered'",
          );
          return Number(left?.n) === 0;
        },
        180_000,
        250,
      );
      const deliveries = await t.db.query<{ event_id: string; shop_id: string }>(
        'SELECT event_id, shop_id FROM webhook_deliveries',
      );
      expect(deliveries.length).toBeGreaterThanOrEqual(3 * JOURNEYS);
      const applied = new Set(receivers.flatMap((r) => [...r.applied.keys()]));
      for (const r of receivers) expect(r.badSignatures).toBe(0);
      expect(applied.size).toBe(deliveries.length);

      // The limit holds across both processes behind nginx: 130 requests with one fresh key.
      const limited = await shopWithReceiver('Магазин лимита');
      const statuses: number[] = [];
      for (let i = 0; i < 130; i += 10) {
        statuses.push(
          ...(await Promise.all(
            Array.from({ length: 10 }, async () => {
              const res = await call(base, 'GET', '/api/order/orders', { headers: limited.auth });
              return res.status;
            }),
          )),
        );
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(100);
      expect(statuses.filter((s) => s === 429)).toHaveLength(30);

      console.log(
        `topology: ${ORDERS} orders + ${JOURNEYS} journeys in ${driveMs} ms through nginx; ` +
          `${stats.requests} requests, ${stats.retries} retries (${JSON.stringify(Object.fromEntries(stats.retriedStatuses))}), ` +
          `worst answer incl. retries ${stats.worstMs} ms; ${deliveries.length} webhooks delivered`,
      );
    });
  },
);
