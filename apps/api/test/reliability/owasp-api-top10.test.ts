import { lookup } from 'node:dns/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { DEMO_SHOP, ORDER_STATUSES } from '@b2bpay/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { Database } from '../../src/db/database';
import {
  isBlockedAddress,
  PRIVATE_ADDRESS_DEV_MESSAGE,
  PRIVATE_ADDRESS_MESSAGE,
} from '../../src/modules/webhooks';
import { ManualClock } from '../../src/shared/clock';
import { patchClient, prepareSubmission, STEP1 } from '../support/buyer';
import {
  comparableBody,
  createOrder,
  DB_KINDS,
  demoAuth,
  demoPublishableAuth,
  errorOf,
  newShop,
  sampleProducts,
  startTestApp,
  storeWebhookUrl,
  type TestApp,
} from '../support/test-app';
import { routesOf } from './support/helpers';

/**
 * One group per OWASP API Security Top 10 (2023) item as it applies to B2BPay. Where
 * another suite already proves a point, the group names it instead of repeating it.
 */

const ADMIN_TOKEN = 'admin-token-for-owasp-tests-0123456789';
const ZERO_ID = '00000000-0000-4000-8000-000000000000';

/** Every route that needs the shop's secret key, with a body that would otherwise be valid. */
function secretRoutes(orderId: string, deliveryId: string) {
  return [
    { method: 'GET', url: '/api/order/orders' },
    { method: 'GET', url: `/api/order/orders/${orderId}/history` },
    { method: 'PUT', url: `/api/order/orders/${orderId}/products`, payload: sampleProducts },
    { method: 'GET', url: '/api/stats' },
    { method: 'GET', url: '/api/events' },
    { method: 'GET', url: '/api/webhooks/deliveries' },
    { method: 'POST', url: `/api/webhooks/deliveries/${deliveryId}/retry` },
    { method: 'POST', url: '/api/webhooks/test', payload: { url: 'https://hooks.invalid/x' } },
    { method: 'GET', url: '/api/shop/settings' },
    { method: 'PUT', url: '/api/shop/settings', payload: { rotate_webhook_secret: true } },
    { method: 'POST', url: '/api/shop/keys/rotate', payload: { kind: 'publishable' } },
  ] as const;
}

describe.each(DB_KINDS)('OWASP API Security Top 10 (2023) on %s', (kind) => {
  let t: TestApp;
  let other: Awaited<ReturnType<typeof newShop>>;
  let ownOrder: Awaited<ReturnType<typeof createOrder>>;
  let foreignOrder: Awaited<ReturnType<typeof createOrder>>;
  let foreignDelivery = '';
  beforeAll(async () => {
    t = await startTestApp(kind, { ADMIN_TOKEN, RATE_LIMIT_PER_MINUTE: '100000' });
    other = await newShop(t, 'Чужой магазин');
    ownOrder = await createOrder(t);
    foreignOrder = await createOrder(t, { products: sampleProducts }, other.auth);
    // A delivery of the other shop (never sent: nothing drains the worker in this file).
    await storeWebhookUrl(t, other.shop.id, 'https://hooks.invalid/other');
    await patchClient(t, foreignOrder.id, STEP1);
    const [d] = await t.db.query<{ id: string }>('SELECT id FROM webhook_deliveries WHERE shop_id = $1', [
      other.shop.id,
    ]);
    foreignDelivery = d?.id ?? '';
    await t.db.query("UPDATE webhook_deliveries SET status = 'failed' WHERE id = $1", [foreignDelivery]);
  });
  afterAll(() => t.close());

  const send = (r: { method: string; url: string; payload?: unknown }, headers: Record<string, string>) =>
    t.app.inject({
      method: r.method as 'GET',
      url: r.url,
      headers,
      ...(r.payload !== undefined ? { payload: r.payload as object } : {}),
    });

  describe('API1 Broken Object Level Authorization: another shop’s objects are 404, never 403', () => {
    it('reads and writes of another shop’s order, history, deliveries and re-sends are 404 and change nothing', async () => {
      const attempts = [
        { method: 'GET', url: `/api/order/orders/${foreignOrder.id}` },
        { method: 'GET', url: `/api/order/orders/${foreignOrder.id}/history` },
        {
          method: 'PUT',
          url: `/api/order/orders/${foreignOrder.id}/products`,
          payload: [{ name: 'x', price: 1, quantity: 1 }],
        },
        { method: 'POST', url: `/api/webhooks/deliveries/${foreignDelivery}/retry` },
      ];
      for (const a of attempts) {
        const res = await send(a, demoAuth);
        const unknown = await send(
          { ...a, url: a.url.replace(foreignOrder.id, ZERO_ID).replace(foreignDelivery, ZERO_ID) },
          demoAuth,
        );
        expect(res.statusCode, `${a.method} ${a.url}`).toBe(404);
        // Same answer as for an id that does not exist: no existence oracle.
        // The same body but for the request id.
        expect(comparableBody(res.body)).toEqual(comparableBody(unknown.body));
      }
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/webhooks/deliveries?order_id=${foreignOrder.id}`,
        headers: demoAuth,
      });
      expect(list.json()).toEqual({ items: [], count: 0, has_more: false });
      const orders = (
        await t.app.inject({ method: 'GET', url: '/api/order/orders', headers: demoAuth })
      ).json();
      expect(orders.items.map((o: { id: string }) => o.id)).not.toContain(foreignOrder.id);
      const [row] = await t.db.query<{ amount_kopecks: unknown; status: string }>(
        'SELECT amount_kopecks, status FROM orders WHERE id = $1',
        [foreignOrder.id],
      );
      expect(Number(row?.amount_kopecks)).toBe(Math.round(foreignOrder.amount * 100));
      const [delivery] = await t.db.query<{ status: string }>(
        'SELECT status FROM webhook_deliveries WHERE id = $1',
        [foreignDelivery],
      );
      expect(delivery?.status).toBe('failed');
    });

    it('the buyer’s link opens one order: another order’s client_id is refused both ways', async () => {
      const a = await createOrder(t);
      const b = await createOrder(t);
      const aClient = (await patchClient(t, a.id, STEP1)).json().id as number;
      const bClient = (await patchClient(t, b.id, STEP1)).json().id as number;
      const cross = await patchClient(t, a.id, { ...STEP1, client_id: bClient });
      expect(cross.statusCode).toBe(400);
      expect(errorOf(cross).field).toBe('client_id');
      const read = await t.app.inject({
        method: 'GET',
        url: `/api/order/orders/${a.id}?client_id=${bClient}`,
      });
      expect(read.statusCode).toBe(404);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/order/orders/${a.id}?client_id=${aClient}` }))
          .statusCode,
      ).toBe(200);
    });
  });

  describe('API2 Broken Authentication', () => {
    it('every secret route refuses no key, a malformed header, an unknown key and a revoked key with the same 401', async () => {
      const revoked = await newShop(t, 'Отозванный');
      await t.app.inject({
        method: 'POST',
        url: '/api/shop/keys/rotate',
        headers: revoked.auth,
        payload: { kind: 'secret' },
      });
      const variants: Record<string, Record<string, string>> = {
        none: {},
        basic: { authorization: 'Basic dXNlcjpwYXNz' },
        'bearer without token': { authorization: 'Bearer' },
        'two tokens': { authorization: `Bearer ${DEMO_SHOP.secretKey} extra` },
        unknown: { authorization: 'Bearer sk_live_00000000000000000000000000000000' },
        revoked: revoked.auth,
        'sql in token': { authorization: "Bearer ' OR '1'='1" },
      };
      for (const route of secretRoutes(ownOrder.id, foreignDelivery)) {
        const bodies = new Set<string>();
        for (const [name, headers] of Object.entries(variants)) {
          const res = await send(route, headers);
          expect(res.statusCode, `${route.method} ${route.url} with ${name}`).toBe(401);
          expect(errorOf(res).code).toBe('UNAUTHORIZED');
          if (name === 'unknown' || name === 'revoked') bodies.add(JSON.stringify(comparableBody(res.body)));
        }
        // An unknown and a revoked key read the same: nothing tells which keys once existed.
        expect(bodies.size).toBe(1);
      }
    });

    it('keys and webhook secrets are stored only as SHA-256 hashes or hints; the admin endpoint needs its own token', async () => {
      const shop = await newShop(t, 'Хэши');
      const dump = JSON.stringify(await t.db.query('SELECT * FROM api_keys'));
      expect(dump).not.toContain(shop.secret_key);
      // The publishable key is public by nature (it sits in the shop's pages) and is kept whole as its
      // hint so the shop area can show it; it is still looked up by its hash only.
      const rows = await t.db.query<{ key_hash: string; key_hint: string }>(
        "SELECT key_hash, key_hint FROM api_keys WHERE kind = 'publishable'",
      );
      expect(rows.every((row) => row.key_hash !== row.key_hint && /^[0-9a-f]{64}$/.test(row.key_hash))).toBe(
        true,
      );
      for (const authorization of [demoAuth.authorization, `Bearer ${ADMIN_TOKEN}x`, 'Bearer ']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/admin/shops',
          headers: { authorization },
          payload: { name: 'Взлом', email: 'x@shop.ru' },
        });
        expect(res.statusCode).toBe(401);
      }
      const disabled = await startTestApp('pglite');
      try {
        const res = await disabled.app.inject({
          method: 'POST',
          url: '/api/admin/shops',
          headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
          payload: { name: 'Взлом', email: 'x@shop.ru' },
        });
        expect(res.statusCode).toBe(404);
      } finally {
        await disabled.close();
      }
    });
  });

  describe('API3 Broken Object Property Level Authorization: no mass assignment, no excessive exposure', () => {
    it.each([
      ['status', 'payment_sent'],
      ['amount', 0.01],
      ['id', ZERO_ID],
      ['order_number', '1'],
      ['created_at', '2000-01-01T00:00:00Z'],
      ['bank_decisions', []],
    ])('refuses %s in an order body, naming the field, and creates nothing', async (field, value) => {
      const before = await t.db.query<{ n: unknown }>('SELECT count(*) AS n FROM orders');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/order/orders',
        headers: demoAuth,
        payload: { products: sampleProducts, [field]: value },
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).field).toBe(field);
      const after = await t.db.query<{ n: unknown }>('SELECT count(*) AS n FROM orders');
      expect(Number(after[0]?.n)).toBe(Number(before[0]?.n));
    });

    it('refuses shop_id of another shop (403), amount inside products, buyer-side confirmations and the webhook secret', async () => {
      const foreignShop = await t.app.inject({
        method: 'POST',
        url: '/api/order/orders',
        headers: demoAuth,
        payload: { products: sampleProducts, shop_id: other.shop.id },
      });
      expect(foreignShop.statusCode).toBe(403);
      const products = await t.app.inject({
        method: 'PUT',
        url: `/api/order/orders/${ownOrder.id}/products`,
        headers: demoAuth,
        payload: [{ name: 'x', price: 1, quantity: 1, amount: 0 }],
      });
      expect(errorOf(products).field).toBe('0.amount');
      for (const field of ['sms_confirmed', 'email_confirmed', 'status', 'order_id']) {
        const res = await patchClient(t, ownOrder.id, { ...STEP1, [field]: true });
        expect(res.statusCode, field).toBe(400);
        expect(errorOf(res).field).toBe(field);
      }
      const secret = await t.app.inject({
        method: 'PUT',
        url: '/api/shop/settings',
        headers: demoAuth,
        payload: { webhook_secret: 'whsec_mine' },
      });
      expect(errorOf(secret).field).toBe('webhook_secret');
    });

    it('the public view shows no webhook URL or bank decisions and masks contacts once submitted; settings show hints only', async () => {
      const order = await createOrder(t, {
        products: sampleProducts,
        webhook_url: 'https://hooks.invalid/own',
      });
      const { body } = await prepareSubmission(t, order.id, {
        phone: '+79161112233',
        email: 'secret.buyer@firm.ru',
      });
      expect((await patchClient(t, order.id, body)).statusCode).toBe(200);
      const pub = await t.app.inject({ method: 'GET', url: `/api/order/orders/${order.id}` });
      expect(Object.keys(pub.json())).not.toContain('webhook_url');
      expect(Object.keys(pub.json())).not.toContain('bank_decisions');
      expect(pub.body).not.toContain('9161112233');
      expect(pub.body).not.toContain('secret.buyer');
      const settings = await t.app.inject({ method: 'GET', url: '/api/shop/settings', headers: demoAuth });
      expect(settings.body).not.toContain(DEMO_SHOP.webhookSecret);
      expect(settings.body).not.toContain(DEMO_SHOP.secretKey);
      expect(settings.json().secret_key_hint).toMatch(/…/);
    });
  });

  describe('API4 Unrestricted Resource Consumption', () => {
    it('bodies over 100 KB are 413 on every route that takes one', async () => {
      const big = { name: 'Ж'.repeat(60_000), phone: '1' };
      for (const url of [
        '/api/order/orders',
        '/api/shop/enquire',
        '/api/webhooks/test',
        '/api/shop/keys/rotate',
        '/api/admin/shops',
      ]) {
        const res = await t.app.inject({ method: 'POST', url, headers: demoAuth, payload: big });
        expect(res.statusCode, url).toBe(413);
      }
      for (const [method, url] of [
        ['PUT', `/api/order/orders/${ownOrder.id}/products`],
        ['PATCH', `/api/order/orders/${ownOrder.id}/client`],
        ['PUT', '/api/shop/settings'],
      ] as const) {
        expect((await t.app.inject({ method, url, headers: demoAuth, payload: big })).statusCode, url).toBe(
          413,
        );
      }
    });

    it('caps list sizes, string lengths, pages and order totals (400, not work)', async () => {
      const many = Array.from({ length: 101 }, () => ({ name: 'x', price: 1, quantity: 1 }));
      const cases: [string, string, unknown][] = [
        ['POST', '/api/order/orders', { products: many }],
        ['POST', '/api/order/orders', { products: [{ name: 'я'.repeat(256), price: 1, quantity: 1 }] }],
        [
          'POST',
          '/api/order/orders',
          { products: [{ name: 'x', price: 1_000_000_000, quantity: 1_000_000 }] },
        ],
        ['GET', '/api/order/orders?page=1000001', undefined],
        [
          'GET',
          `/api/order/orders?${'status=client_expected&'.repeat(ORDER_STATUSES.length * 2 + 1)}`,
          undefined,
        ],
        ['GET', `/api/order/orders?order_id=${'1'.repeat(21)}`, undefined],
        ['GET', '/api/stats?date_from=2024-01-01&date_to=2025-12-31', undefined],
      ];
      for (const [method, url, payload] of cases) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: demoAuth,
          ...(payload ? { payload: payload as object } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(400);
      }
    });

    it('the 100/min limit per key: see rate-limit.test.ts (one process) and the two-process Redis run in test:reliability', () => {
      expect(t.config.RATE_LIMIT_PER_MINUTE).toBeGreaterThan(0);
    });
  });

  describe('API5 Broken Function Level Authorization', () => {
    it('a publishable key creates orders and nothing else (403 on every secret route)', async () => {
      expect((await createOrder(t, { products: sampleProducts }, demoPublishableAuth)).id).toBeDefined();
      for (const route of [
        ...secretRoutes(ownOrder.id, foreignDelivery),
        { method: 'GET', url: `/api/order/orders/${ownOrder.id}` },
      ]) {
        const res = await send(route, demoPublishableAuth);
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(errorOf(res).code).toBe('FORBIDDEN');
      }
    });

    it('a shop’s secret key cannot create shops', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/shops',
        headers: demoAuth,
        payload: { name: 'Свой', email: 'own@shop.ru' },
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('API6 Unrestricted Access to Sensitive Business Flows: one-time codes', () => {
    // 60 s and 5 per hour per destination, 5 wrong tries, parallel requests: verification.test.ts.
    it('one order’s channel takes one code a minute per number and 5 an hour whatever the number', async () => {
      const order = await createOrder(t);
      expect((await patchClient(t, order.id, { phone_number: '+79160000101' })).statusCode).toBe(200);
      const sameNumber = await patchClient(t, order.id, { phone_number: '+79160000101' });
      expect(sameNumber.statusCode).toBe(429);
      expect(Number(sameNumber.headers['retry-after'])).toBeGreaterThan(0);
      // A corrected number need not wait for the mistyped one's minute; the hour's five still hold.
      for (const last of ['02', '03', '04', '05']) {
        expect((await patchClient(t, order.id, { phone_number: `+791600001${last}` })).statusCode).toBe(200);
      }
      const sixth = await patchClient(t, order.id, { phone_number: '+79160000106' });
      expect(sixth.statusCode).toBe(429);
      expect(errorOf(sixth).message).toMatch(/Слишком много кодов/);
    });

    it('one IP gets 30 codes an hour across orders and numbers; a forged X-Forwarded-For does not reset it', async () => {
      const ip = '198.51.100.77';
      const codes: number[] = [];
      for (let i = 0; i < 31; i++) {
        const order = await createOrder(t);
        const res = await t.app.inject({
          method: 'PATCH',
          url: `/api/order/orders/${order.id}/client`,
          remoteAddress: ip,
          headers: { 'x-forwarded-for': `203.0.113.${i}` },
          payload: { phone_number: `+7916100${String(i).padStart(4, '0')}` },
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
      expect(codes[30]).toBe(429);
      const order = await createOrder(t);
      const elsewhere = await t.app.inject({
        method: 'PATCH',
        url: `/api/order/orders/${order.id}/client`,
        remoteAddress: '198.51.100.78',
        payload: { phone_number: '+79162000001' },
      });
      expect(elsewhere.statusCode).toBe(200);
      t.clock.advance(3_600_000);
    });

    it('a proxy of TRUSTED_PROXIES (loopback by default) names the client; a private peer does not', async () => {
      const codeAddress = async (remoteAddress: string, phone: string) => {
        const order = await createOrder(t);
        const res = await t.app.inject({
          method: 'PATCH',
          url: `/api/order/orders/${order.id}/client`,
          remoteAddress,
          headers: { 'x-forwarded-for': '198.51.100.90' },
          payload: { phone_number: phone },
        });
        expect(res.statusCode).toBe(200);
        const [code] = await t.db.query<{ ip: string }>(
          'SELECT ip FROM verification_codes WHERE order_id = $1',
          [order.id],
        );
        return code?.ip;
      };
      expect(await codeAddress('127.0.0.1', '+79163000001')).toBe('198.51.100.90');
      expect(await codeAddress('10.0.0.5', '+79163000002')).toBe('10.0.0.5');
    });
  });

  describe('API7 Server Side Request Forgery (the address list itself: webhooks-ssrf.test.ts)', () => {
    const REFUSED = [
      'http://127.0.0.1/hook',
      'http://localhost/hook',
      'http://10.0.0.1/hook',
      'http://172.16.0.1/hook',
      'http://192.168.1.1/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://0.0.0.0/hook',
      'http://2130706433/hook',
    ];

    it.each(REFUSED)('refuses %s as a new shop’s webhook URL (admin endpoint)', async (url) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/shops',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        payload: { name: 'ООО «Внутри»', email: 'inside@shop.ru', webhook_url: url },
      });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toEqual({
        code: 'VALIDATION_ERROR',
        field: 'webhook_url',
        message: PRIVATE_ADDRESS_DEV_MESSAGE,
      });
    });

    it('refuses a name that the system resolver answers with a loopback or private address, everywhere', async () => {
      // This machine's own name resolves inside (hosts file or DNS); skip where it does not.
      const name = hostname();
      const addresses = await lookup(name, { all: true }).catch(() => []);
      if (!addresses.some((a) => isBlockedAddress(a.address))) return;
      const url = `http://${name}:9/hook`;
      const surfaces = [
        {
          method: 'POST',
          url: '/api/order/orders',
          payload: { products: sampleProducts, webhook_url: url },
          field: 'webhook_url',
        },
        { method: 'PUT', url: '/api/shop/settings', payload: { webhook_url: url }, field: 'webhook_url' },
        { method: 'POST', url: '/api/webhooks/test', payload: { url }, field: 'url' },
      ];
      for (const s of surfaces) {
        const res = await send(s, demoAuth);
        expect(errorOf(res), s.url).toEqual({
          code: 'VALIDATION_ERROR',
          field: s.field,
          message: PRIVATE_ADDRESS_DEV_MESSAGE,
        });
      }
      const admin = await t.app.inject({
        method: 'POST',
        url: '/api/admin/shops',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
        payload: { name: 'ООО «Имя»', email: 'name@shop.ru', webhook_url: url },
      });
      expect(admin.statusCode).toBe(400);
    });

    it('at connect time a stored URL that resolves inside reaches nothing (rebinding after registration)', async () => {
      let hits = 0;
      const inside: Server = createServer((_req, res) => {
        hits += 1;
        res.writeHead(200).end();
      });
      await new Promise<void>((done) => inside.listen(0, '127.0.0.1', done));
      const port = (inside.address() as AddressInfo).port;
      const name = hostname();
      const addresses = await lookup(name, { all: true }).catch(() => []);
      const host =
        addresses.length > 0 && addresses.every((a) => isBlockedAddress(a.address)) ? name : 'localhost.';
      try {
        // As if the name pointed outside when it was registered.
        await storeWebhookUrl(t, DEMO_SHOP.id, `http://${host}:${port}/hook`);
        const order = await createOrder(t);
        await patchClient(t, order.id, STEP1);
        await t.worker.drain();
        const [d] = await t.db.query<{ last_error: string }>(
          'SELECT last_error FROM webhook_deliveries WHERE order_id = $1',
          [order.id],
        );
        expect(d?.last_error).toContain(PRIVATE_ADDRESS_MESSAGE);
        expect(hits).toBe(0);
        // A redirect to a private address is never followed: webhooks.test.ts, with a real receiver.
      } finally {
        await storeWebhookUrl(t, DEMO_SHOP.id, null);
        await t.db.query("UPDATE jobs SET state = 'done' WHERE state <> 'done'");
        inside.closeAllConnections();
        await new Promise<void>((done) => inside.close(() => done()));
      }
    });
  });

  describe('API8 Security Misconfiguration', () => {
    it('security headers and CSP on every kind of answer, no X-Powered-By, CORS only where the widget needs it', async () => {
      const answers = [
        await t.app.inject({ method: 'GET', url: '/api/health' }),
        await t.app.inject({ method: 'GET', url: '/api/openapi.json' }),
        await t.app.inject({ method: 'GET', url: '/api/docs/' }),
        await t.app.inject({ method: 'GET', url: '/api/order/orders', headers: demoAuth }),
        await t.app.inject({ method: 'GET', url: '/api/order/orders' }),
        await t.app.inject({ method: 'GET', url: '/api/order/orders', headers: demoPublishableAuth }),
        await t.app.inject({ method: 'GET', url: `/api/order/orders/${ZERO_ID}` }),
        await t.app.inject({ method: 'GET', url: '/api/order/orders/%E0%A4%A' }),
        await t.app.inject({ method: 'GET', url: `/api/order/orders/${'x'.repeat(300)}` }),
        await t.app.inject({ method: 'DELETE', url: '/api/order/orders' }),
        await t.app.inject({
          method: 'POST',
          url: '/api/shop/enquire',
          headers: { 'content-type': 'text/plain' },
          payload: 'x',
        }),
        await t.app.inject({
          method: 'POST',
          url: '/api/shop/enquire',
          payload: { name: 'Ж'.repeat(60_000), phone: '1' },
        }),
        await t.app.inject({ method: 'GET', url: '/some/page' }),
        await t.app.inject({ method: 'GET', url: '/dev/outbox' }),
      ];
      for (const res of answers) {
        const where = `${res.raw.req.method} ${res.raw.req.url} → ${res.statusCode}`;
        expect(res.headers['x-content-type-options'], where).toBe('nosniff');
        // The API's answers are never a page (its reference at /api/docs is): nothing may load from
        // them, nothing may frame them.
        const url = String(res.raw.req.url);
        const api = url.startsWith('/api/') && !url.startsWith('/api/docs');
        expect(res.headers['content-security-policy'], where).toEqual(
          api ? "default-src 'none';frame-ancestors 'none'" : expect.stringContaining("default-src 'self'"),
        );
        if (!api) expect(res.headers['content-security-policy'], where).toContain("frame-ancestors 'self'");
        expect(res.headers['strict-transport-security'], where).toContain('max-age=31536000');
        expect(res.headers['x-frame-options'], where).toBe(api ? 'DENY' : 'SAMEORIGIN');
        expect(res.headers['x-powered-by'], where).toBeUndefined();
        if (res.statusCode >= 400 && res.headers['content-type']?.toString().includes('json')) {
          expect(errorOf(res).message.length, where).toBeGreaterThan(0);
        }
      }
      expect(answers[3]?.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await t.app.inject({ method: 'OPTIONS', url: '/api/order/orders' });
      expect(preflight.headers['access-control-allow-origin']).toBe('*');
    });

    it('when the database fails, every answer is the generic 500 body: no stack, no SQL, no table names', async () => {
      const leaky = new Error(
        'relation "orders" does not exist at character 15: SELECT * FROM orders WHERE id = $1',
      );
      const failing: Database = {
        kind: 'postgres',
        query: async () => {
          throw leaky;
        },
        transaction: async () => {
          throw leaky;
        },
        close: async () => {},
      };
      const app = await buildApp(
        { config: t.config, db: failing, clock: new ManualClock() },
        { logger: false },
      );
      try {
        const requests = [
          { method: 'GET', url: '/api/order/orders', headers: demoAuth },
          {
            method: 'POST',
            url: '/api/order/orders',
            headers: demoAuth,
            payload: { products: sampleProducts },
          },
          { method: 'PATCH', url: `/api/order/orders/${ownOrder.id}/client`, payload: STEP1 },
          { method: 'POST', url: '/api/shop/enquire', payload: { name: 'A', phone: '+79991234567' } },
          { method: 'GET', url: `/api/shop/${DEMO_SHOP.id}` },
        ];
        for (const r of requests) {
          const res = await app.inject(r as never);
          expect(res.statusCode, r.url).toBe(500);
          expect(errorOf(res)).toEqual({
            code: 'INTERNAL_ERROR',
            message: 'Внутренняя ошибка сервера. Повторите запрос позже.',
          });
          expect(res.body).not.toMatch(/relation|SELECT|orders WHERE|character|at \w/);
          expect(res.headers['content-security-policy']).toBeDefined();
        }
        const health = await app.inject({ method: 'GET', url: '/api/health' });
        expect(health.statusCode).toBe(503);
        expect(health.json()).toEqual({ status: 'unavailable' });
      } finally {
        await app.close();
      }
    });

    it('the development outbox, which shows codes, is off in production (notifications.test.ts proves the 404)', () => {
      expect(t.config.NODE_ENV).toBe('test');
    });
  });

  describe('API9 Improper Inventory Management', () => {
    it('every API route is in /api/openapi.json or, for the banks and the back office, their own documents; the only undocumented ones are the documents themselves and CORS preflight', async () => {
      const paths = async (url: string) =>
        (await t.app.inject({ method: 'GET', url })).json().paths as Record<string, Record<string, unknown>>;
      const documented = new Set(
        [
          ...Object.entries(await paths('/api/openapi.json')),
          ...Object.entries(await paths('/api/bank/v1/openapi.json')),
          ...Object.entries(await paths('/api/admin/v1/openapi.json')),
        ].flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)),
      );
      const registered = routesOf(t.app.printRoutes({ commonPrefix: false }))
        .filter((r) => r.path.startsWith('/api/') && !r.path.startsWith('/api/docs'))
        .flatMap((r) =>
          r.methods.filter((m) => m !== 'HEAD').map((m) => `${m} ${r.path.replace(/:(\w+)/g, '{$1}')}`),
        );
      const undocumented = registered.filter((r) => !documented.has(r)).sort();
      expect(undocumented).toEqual([
        'GET /api/admin/v1/openapi.json',
        'GET /api/bank/v1/openapi.json',
        'GET /api/openapi.json',
        'OPTIONS /api/order/orders',
      ]);
      for (const op of documented) expect(registered, op).toContain(op);
    });
  });

  describe('API10 Unsafe Consumption of APIs: what DaData answers is not trusted', () => {
    let dadata: Server;
    let inside: Server;
    let insideUrl = '';
    let insideHits = 0;
    let answer: (res: import('node:http').ServerResponse) => void = (res) => res.end('{}');
    let app: TestApp;
    beforeAll(async () => {
      dadata = createServer((req, res) => {
        req.resume();
        req.on('end', () => answer(res));
      });
      await new Promise<void>((done) => dadata.listen(0, '127.0.0.1', done));
      inside = createServer((_req, res) => {
        insideHits += 1;
        res.end(JSON.stringify({ suggestions: [{ value: 'ВНУТРИ', data: { inn: '0000000000' } }] }));
      });
      await new Promise<void>((done) => inside.listen(0, '127.0.0.1', done));
      insideUrl = `http://127.0.0.1:${(inside.address() as AddressInfo).port}/internal`;
      app = await startTestApp('pglite', {
        DADATA_API_KEY: 'test-key',
        DADATA_URL: `http://127.0.0.1:${(dadata.address() as AddressInfo).port}/rs`,
      });
    });
    afterAll(async () => {
      await app.close();
      for (const server of [dadata, inside]) {
        server.closeAllConnections();
        await new Promise<void>((done) => server.close(() => done()));
      }
    });

    it.each([
      [
        'not JSON',
        (res: import('node:http').ServerResponse) => res.writeHead(200).end('<html>oops</html>'),
        502,
      ],
      ['JSON null', (res: import('node:http').ServerResponse) => res.writeHead(200).end('null'), 200],
      [
        'a redirect elsewhere',
        (res: import('node:http').ServerResponse) => res.writeHead(307, { location: insideUrl }).end(),
        502,
      ],
      [
        'HTTP 500 with a stack',
        (res: import('node:http').ServerResponse) =>
          res.writeHead(500).end('at Object.<anonymous> (secret.js:1)'),
        502,
      ],
      [
        'wrong shapes',
        (res: import('node:http').ServerResponse) =>
          res.writeHead(200).end(
            JSON.stringify({
              suggestions: [
                { value: 1 },
                { data: { inn: {} } },
                null,
                'x',
                { value: 'ООО «Честный»', data: { inn: '7707083893' } },
              ],
            }),
          ),
        200,
      ],
    ])('%s: never 500, never the upstream’s text', async (_name, reply, status) => {
      answer = reply;
      const res = await app.app.inject({ method: 'GET', url: '/api/integration/company/suggest?inn=7707' });
      expect(res.statusCode).toBe(status);
      expect(res.body).not.toMatch(/oops|secret\.js|ВНУТРИ/);
      expect(insideHits).toBe(0);
      if (status === 200)
        expect(res.json()).toEqual(
          _name === 'JSON null' ? [] : [{ value: 'ООО «Честный»', inn: '7707083893' }],
        );
    });
  });
});
