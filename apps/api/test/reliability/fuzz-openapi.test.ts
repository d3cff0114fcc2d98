import { DEMO_SHOP } from '@b2bpay/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareSubmission, STEP1 } from '../support/buyer';
import {
  createOrder,
  newShop,
  sampleProducts,
  startTestApp,
  storeWebhookUrl,
  type TestApp,
} from '../support/test-app';
import { type AuthLabel, type FuzzRequest, type Hints, requestsFor, strayRequests } from './support/fuzz';
import {
  type OpenApiDoc,
  type Operation,
  operationName,
  operationsOf,
  responseChecker,
} from './support/openapi';

/**
 * Requests generated from /api/openapi.json — valid, boundary and hostile — against
 * every documented operation through `inject` on PGlite. Every answer must be below 500, documented
 * for its operation, match the documented schema, carry the one error body when it is an error (no
 * stack, no SQL) and the security headers.
 *
 * FUZZ_REQUESTS (default 10,000) sets the total; FUZZ_SEED (default 20251010) the seed, `random`
 * for a new one (printed with the figures).
 */
const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const SEED =
  process.env.FUZZ_SEED === 'random'
    ? Math.floor(Math.random() * 2 ** 31)
    : Number(process.env.FUZZ_SEED ?? 20_251_010);
const ADMIN_TOKEN = 'admin-token-for-fuzzing-0123456789';

/** The documented operations; a new route fails the first test until it is fuzzed here too. */
const EXPECTED_OPERATIONS = [
  'POST /api/order/orders',
  'GET /api/order/orders',
  'GET /api/order/orders/{order_id}',
  'GET /api/order/orders/{order_id}/history',
  'POST /api/order/orders/{order_id}/offers/{offer_id}/code',
  'POST /api/order/orders/{order_id}/offers/{offer_id}/accept',
  'PUT /api/order/orders/{order_id}/products',
  'PATCH /api/order/orders/{order_id}/client',
  'POST /api/order/orders/{order_id}/client/code-check',
  'GET /api/integration/company/suggest',
  'POST /api/shop/enquire',
  'GET /api/shop/{shop_id}',
  'POST /api/shop/keys/rotate',
  'POST /api/admin/shops',
  'GET /api/stats',
  'GET /api/events',
  'GET /api/webhooks/deliveries',
  'POST /api/webhooks/deliveries/{id}/retry',
  'POST /api/webhooks/deliveries/{id}/send-now',
  'POST /api/webhooks/test',
  'GET /api/shop/settings',
  'PUT /api/shop/settings',
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'POST /api/order/orders/{order_id}/cancel',
  'POST /api/order/orders/{order_id}/refunds',
  'GET /api/order/orders/{order_id}/refunds',
  'GET /api/order/orders/export.csv',
  'GET /api/webhooks/sender-ips',
  'GET /api/webhooks/health',
  'POST /api/webhooks/deliveries/resend',
  'GET /api/webhooks/endpoints',
  'POST /api/webhooks/endpoints',
  'GET /api/webhooks/endpoints/{id}',
  'PATCH /api/webhooks/endpoints/{id}',
  'DELETE /api/webhooks/endpoints/{id}',
  'POST /api/webhooks/endpoints/{id}/secret/rotate',
  'GET /api/order/events',
  'POST /api/cabinet/signup',
  'POST /api/cabinet/confirm',
  'POST /api/cabinet/login',
  'POST /api/cabinet/logout',
  'GET /api/cabinet/me',
  'GET /api/cabinet/sessions',
  'DELETE /api/cabinet/sessions/{id}',
  'POST /api/cabinet/password/forgot',
  'POST /api/cabinet/password/reset',
  'GET /api/cabinet/shops/{id}/members',
  'POST /api/cabinet/shops/{id}/invitations',
  'POST /api/cabinet/shops/{id}/invitations/{invitation_id}/resend',
  'DELETE /api/cabinet/shops/{id}/invitations/{invitation_id}',
  'POST /api/cabinet/invitations/preview',
  'POST /api/cabinet/invitations/accept',
  'PATCH /api/cabinet/shops/{id}/members/{user_id}',
  'DELETE /api/cabinet/shops/{id}/members/{user_id}',
  'GET /api/cabinet/shops/{id}/audit',
];

/** What an error body must never show. */
const INTERNALS =
  /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\bSELECT\b|\bINSERT INTO\b|\bUPDATE \w+ SET\b|relation "|syntax error|duplicate key|violates|TypeError|ReferenceError|Cannot read prop/;

interface Figures {
  requests: number;
  byStatus: Map<number, number>;
  byKind: Map<string, number>;
}

describe('generated requests from the OpenAPI document (PGlite)', () => {
  let t: TestApp;
  let doc: OpenApiDoc;
  let check: ReturnType<typeof responseChecker>;
  let operations: Operation[];
  const figures = new Map<string, Figures>();
  /** Distinct problems with one example request each. */
  const problems = new Map<string, string>();
  const keys: Record<AuthLabel, string | null> = {
    none: null,
    'shop-secret': DEMO_SHOP.secretKey,
    'shop-publishable': DEMO_SHOP.publishableKey,
    'other-secret': '',
    'other-publishable': '',
    revoked: '',
    'unknown-token': 'sk_live_0000000000000000000000000000dead',
    malformed: '',
    admin: ADMIN_TOKEN,
  };
  let hints: Hints = {};

  beforeAll(async () => {
    t = await startTestApp('pglite', { ADMIN_TOKEN });
    doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    check = responseChecker(doc);
    operations = operationsOf(doc);

    // Fixtures the generated requests aim at: orders of both shops in two states, a client,
    // deliveries (never sent: no worker runs here), a revoked key.
    const other = await newShop(t, 'Чужой магазин');
    keys['other-secret'] = other.secret_key;
    keys['other-publishable'] = other.publishable_key;
    const third = await newShop(t, 'Ключ отозван');
    keys.revoked = third.secret_key;
    await t.app.inject({
      method: 'POST',
      url: '/api/shop/keys/rotate',
      headers: { authorization: `Bearer ${third.secret_key}` },
      payload: { kind: 'secret' },
    });
    // Deliveries are queued but never sent: no worker runs in this file, and `.invalid` never resolves.
    await storeWebhookUrl(t, DEMO_SHOP.id, 'https://hooks.invalid/b2bpay');
    const open = await createOrder(t, {
      products: sampleProducts,
      client: { phone_number: '+79161234567', email: 'buyer@firm.ru', full_name: 'Петров Пётр' },
    });
    const submitted = await createOrder(t);
    const prepared = await prepareSubmission(t, submitted.id, { phone: '+79165550001', email: 'b1@firm.ru' });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/order/orders/${submitted.id}/client`,
      payload: prepared.body,
    });
    const foreign = await createOrder(t, { products: sampleProducts }, other.auth);
    await t.app.inject({ method: 'PATCH', url: `/api/order/orders/${open.id}/client`, payload: STEP1 });
    const deliveries = await t.db.query<{ id: string }>('SELECT id FROM webhook_deliveries');
    await t.db.query("UPDATE webhook_deliveries SET status = 'failed' WHERE id = $1", [deliveries[0]?.id]);
    const clients = await t.db.query<{ id: number }>('SELECT id FROM clients');

    const orderIds = fc.constantFrom(
      open.id,
      submitted.id,
      foreign.id,
      '00000000-0000-4000-8000-000000000000',
    );
    const isoDay = fc
      .date({
        min: new Date('0001-01-01T00:00:00Z'),
        max: new Date('9999-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    const recentDay = fc
      .date({
        min: new Date('2024-01-01T00:00:00Z'),
        max: new Date('2026-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    const dateish = fc.oneof(
      recentDay,
      isoDay,
      fc
        .date({ noInvalidDate: true, min: new Date(-62e12), max: new Date(25e13) })
        .map((d) => d.toISOString()),
      fc.constantFrom(
        '0000-01-01',
        '0000-01-01T00:00:00Z',
        '9999-12-31',
        '9999-12-31T23:59:59.999Z',
        '1970-01-01',
        '2024-02-30',
        '2024-02-29T23:59:59+03:00',
        '2025-13-01',
        '2025-01-01T25:00:00Z',
        '+275760-09-13',
      ),
    );
    const phones = fc.oneof(
      fc.constantFrom('+79161234567', '89161234567', '8 (916) 123-45-67', '+7 916 123 45 67', '79160000000'),
      fc.stringMatching(/^\+79\d{9}$/),
    );
    const emails = fc.oneof(fc.constantFrom('buyer@firm.ru', 'B1@Firm.RU', ' b@x.ru '), fc.emailAddress());
    const urls = fc.oneof(
      fc.constantFrom(
        'https://203.0.113.9/hook',
        'http://8.8.8.8/hook',
        'http://127.0.0.1/hook',
        'http://[::1]/hook',
        'http://2130706433/',
        'http://localhost/x',
        'ftp://203.0.113.9/',
        'https://203.0.113.9:99999/',
        'http://user:pass@203.0.113.9/',
        'javascript:alert(1)',
      ),
      fc.ipV4().map((ip) => `http://${ip}/hook`),
    );
    const inn = fc.oneof(
      fc.constantFrom('7707083893', '2801023444', '500100732259', '7707083894', '0000000000'),
      fc.stringMatching(/^\d{1,12}$/),
    );
    const price = fc.oneof(
      fc.integer({ min: 0, max: 1_000_000 }),
      fc.integer({ min: 1, max: 100_000_000 }).map((k) => k / 100),
    );
    const product = fc.record({
      name: fc.constantFrom('Бумага А4', 'Скрепки', 'Ноутбук «Про» 15"'),
      price,
      quantity: fc.integer({ min: 1, max: 1000 }),
    });
    const products = fc.array(product, { minLength: 1, maxLength: 5 });
    const step1 = fc.record({
      surname: fc.constantFrom('Петров', 'Иванова'),
      name: fc.constantFrom('Пётр', 'Анна'),
      middlename: fc.constantFrom('Петрович', ''),
      inn: inn,
      organization_name: fc.constantFrom('ПАО «Сбербанк России»', 'ООО «Ромашка»'),
    });
    const clientIdOf = fc.constantFrom(...clients.map((c) => Number(c.id)));
    hints = {
      'body:POST /api/order/orders': fc.record(
        {
          products,
          client: fc.record(
            { phone_number: phones, email: emails, full_name: fc.constant('Петров Пётр') },
            { requiredKeys: [] },
          ),
          webhook_url: urls,
          shop_id: fc.constantFrom(DEMO_SHOP.id, other.shop.id),
        },
        { requiredKeys: ['products'] },
      ),
      'body:PUT /api/order/orders/{order_id}/products': products,
      'body:PATCH /api/order/orders/{order_id}/client': fc.oneof(
        step1,
        fc.record({ client_id: clientIdOf, phone_number: phones }, { requiredKeys: ['phone_number'] }),
        fc.record({ client_id: clientIdOf, email: emails }, { requiredKeys: ['email'] }),
        fc
          .tuple(
            step1,
            phones,
            emails,
            fc.stringMatching(/^\d{6}$/),
            fc.stringMatching(/^\d{6}$/),
            clientIdOf,
          )
          .map(([s1, phone_number, email, sms, mail, client_id]) => ({
            ...s1,
            client_id,
            phone_number,
            email,
            sms_code_input: sms,
            email_code_input: mail,
            personal_data_consent: true,
            bank_transfer_consent: true,
            order_version: 1,
          })),
      ),
      'body:POST /api/admin/shops': fc.record(
        { name: fc.constantFrom('ООО «Новый»'), email: emails, webhook_url: urls },
        { requiredKeys: ['name', 'email'] },
      ),
      'path:order_id': orderIds,
      'path:shop_id': fc.constantFrom(DEMO_SHOP.id, other.shop.id, '00000000-0000-4000-8000-000000000000'),
      'path:id': fc.constantFrom(
        ...deliveries.map((d) => d.id),
        DEMO_SHOP.id,
        '00000000-0000-4000-8000-000000000000',
      ),
      'path:invitation_id': fc.uuid(),
      'path:user_id': fc.uuid(),
      'query:client_id': fc.constantFrom(...clients.map((c) => Number(c.id)), 999_999),
      'query:order_id': fc.oneof(orderIds, fc.stringMatching(/^\d{1,3}$/)),
      'query:inn': inn,
      'query:date_from': dateish,
      'query:date_to': dateish,
      'header:last-event-id': fc.oneof(fc.stringMatching(/^\d{1,18}$/), fc.string({ maxLength: 5 })),
      inn,
      phone_number: phones,
      phone: phones,
      email: emails,
      webhook_url: urls,
      url: urls,
      client_id: fc.constantFrom(...clients.map((c) => Number(c.id)), 1, 2 ** 31),
      sms_code_input: fc.stringMatching(/^\d{6}$/),
      email_code_input: fc.stringMatching(/^\d{6}$/),
      surname: fc.constantFrom('Петров', 'Иванова-Петрова'),
      name: fc.constantFrom('Пётр', 'Анна', 'ООО «Ромашка»'),
      organization_name: fc.constantFrom('ПАО «Сбербанк России»', 'ООО «Ромашка»'),
      personal_data_consent: fc.constant(true),
      bank_transfer_consent: fc.constant(true),
      order_version: fc.constantFrom(1, 2),
    };
  });

  afterAll(async () => {
    const rows = [...figures.entries()].map(([op, f]) => {
      const statuses = [...f.byStatus.entries()]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ');
      return `  ${op.padEnd(46)} ${String(f.requests).padStart(6)}  ${statuses}`;
    });
    const total = [...figures.values()].reduce((s, f) => s + f.requests, 0);
    const errors = [...figures.values()].reduce(
      (s, f) => s + [...f.byStatus.entries()].filter(([c]) => c >= 500).reduce((a, [, n]) => a + n, 0),
      0,
    );
    console.log(
      `fuzz (seed ${SEED}): ${total} requests, ${errors} answers ≥ 500, ${problems.size} distinct problems\n${rows.join('\n')}`,
    );
    await t?.close();
  });

  const authorization = (label: AuthLabel): string | undefined => {
    if (label === 'none') return undefined;
    if (label === 'malformed') return 'Basic dXNlcjpwYXNz';
    return `Bearer ${keys[label]}`;
  };

  async function send(op: string, request: FuzzRequest) {
    const headers: Record<string, string> = { ...request.headers };
    const auth = authorization(request.auth);
    if (auth) headers.authorization = auth;
    let timer: NodeJS.Timeout | undefined;
    const res = await Promise.race([
      t.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers,
        remoteAddress: request.remoteAddress,
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
      }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no answer in 10 s: ${request.method} ${request.url}`)),
          10_000,
        );
      }),
    ]).finally(() => clearTimeout(timer));
    const f = figures.get(op) ?? { requests: 0, byStatus: new Map(), byKind: new Map() };
    f.requests += 1;
    f.byStatus.set(res.statusCode, (f.byStatus.get(res.statusCode) ?? 0) + 1);
    f.byKind.set(request.kind, (f.byKind.get(request.kind) ?? 0) + 1);
    figures.set(op, f);
    return res;
  }

  function note(problem: string, request: FuzzRequest, body: string) {
    if (problems.has(problem)) return;
    const shown =
      request.payload && request.payload.length > 300 ? `${request.payload.slice(0, 300)}…` : request.payload;
    problems.set(
      problem,
      `${request.method} ${request.url.slice(0, 300)} auth=${request.auth} headers=${JSON.stringify(request.headers)} body=${JSON.stringify(shown)} → ${body.slice(0, 300)}`,
    );
  }

  function judge(
    op: Operation | null,
    request: FuzzRequest,
    res: { statusCode: number; headers: Record<string, unknown>; body: string },
  ) {
    const where = op ? operationName(op) : 'stray';
    if (res.statusCode >= 500) note(`${where}: HTTP ${res.statusCode}`, request, res.body);
    if (op)
      for (const p of check(op, res.statusCode, String(res.headers['content-type'] ?? ''), res.body))
        note(`${where}: ${p}`, request, res.body);
    if (res.statusCode >= 400) {
      let body: { detail?: unknown; error?: { message?: unknown } } = {};
      try {
        body = JSON.parse(res.body);
      } catch {
        note(`${where}: HTTP ${res.statusCode} error body is not JSON`, request, res.body);
      }
      if (typeof body.detail !== 'string' || body.detail !== body.error?.message)
        note(`${where}: HTTP ${res.statusCode} is not the one error body`, request, res.body);
      if (INTERNALS.test(res.body)) note(`${where}: error shows internals`, request, res.body);
    }
    // The API's answers carry the API's policy (nothing loads from them), pages the page's.
    const apiAnswer = request.url.startsWith('/api/') && !request.url.startsWith('/api/docs');
    if (
      res.headers['x-content-type-options'] !== 'nosniff' ||
      !String(res.headers['content-security-policy'] ?? '').includes(
        apiAnswer ? "default-src 'none'" : "default-src 'self'",
      )
    )
      note(`${where}: security headers missing on HTTP ${res.statusCode}`, request, res.body);
  }

  it('fuzzes exactly the documented operations', () => {
    expect(operations.map(operationName).sort()).toEqual([...EXPECTED_OPERATIONS].sort());
  });

  it(`sends ${TOTAL} generated requests across every operation: none ≥ 500, every answer as documented`, async () => {
    const perOperation = Math.ceil((TOTAL * 0.97) / operations.length);
    for (const [index, op] of operations.entries()) {
      let arbitrary = requestsFor(doc, op, hints);
      if (op.path === '/api/events') {
        // A working secret key with a valid Last-Event-ID opens a stream that never ends; that answer
        // is covered in shop-area.test.ts. Here the header is always wrong: a rotated key may still
        // work for its grace period (expire_old_in_seconds), so no key is taken to fail.
        arbitrary = arbitrary.map((r) => ({
          ...r,
          headers: { ...r.headers, 'last-event-id': 'not-a-number' },
        }));
      }
      await fc.assert(
        fc.asyncProperty(arbitrary, async (request) => {
          const res = await send(operationName(op), request);
          judge(op, request, res);
          if (op.path === '/api/shop/keys/rotate' && res.statusCode === 200) {
            // Keep calling with the keys that work now; the old one is the revoked one.
            const { kind, key } = res.json() as { kind: string; key: string };
            const shop = request.auth.startsWith('other') ? 'other' : 'shop';
            const label = `${shop}-${kind}` as AuthLabel;
            keys.revoked = keys[label];
            keys[label] = key;
          }
        }),
        { numRuns: perOperation, seed: SEED + index, endOnFailure: true },
      );
    }
    await fc.assert(
      fc.asyncProperty(strayRequests, async (request) => {
        const res = await send('(undocumented paths)', request);
        judge(null, request, res);
        if (![400, 404, 405].includes(res.statusCode))
          note(`stray: HTTP ${res.statusCode}`, request, res.body);
      }),
      { numRuns: Math.max(1, TOTAL - perOperation * operations.length), seed: SEED, endOnFailure: true },
    );

    const total = [...figures.values()].reduce((s, f) => s + f.requests, 0);
    expect(total).toBeGreaterThanOrEqual(TOTAL);
    for (const op of operations)
      expect(figures.get(operationName(op))?.requests ?? 0).toBeGreaterThanOrEqual(perOperation);
    expect(Object.fromEntries(problems)).toEqual({});
  }, 900_000);
});
