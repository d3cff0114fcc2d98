import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_SHOP } from '@b2bpay/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeApi } from './support/describe-api';
import { demoAuth, errorOf, sampleProducts, startTestApp, type TestApp } from './support/test-app';

const env = { ADMIN_TOKEN: 'admin-token-for-tests-0123456789' };

describeApi('shops, enquiries, suggestions, health and errors', { env }, (t) => {
  it('GET /api/shop/{id} answers the shop, 404 otherwise', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/shop/${DEMO_SHOP.id}` });
    expect(res.json()).toEqual({ id: DEMO_SHOP.id, name: DEMO_SHOP.name, email: DEMO_SHOP.email });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/shop/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing).message).toBe('Магазин не найден');
    expect((await t.app.inject({ method: 'GET', url: '/api/shop/42' })).statusCode).toBe(404);
  });

  it('creates shops through the admin endpoint, whose keys then work', async () => {
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/admin/shops',
      headers: { authorization: 'Bearer wrong-token-wrong-token' },
      payload: { name: 'Новый', email: 'new@shop.example' },
    });
    expect(denied.statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/shops',
      headers: { authorization: 'Bearer admin-token-for-tests-0123456789' },
      payload: { name: 'ООО «Новый магазин»', email: 'new@shop.example' },
    });
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created.secret_key).toMatch(/^sk_live_[0-9A-Za-z]{32}$/);
    expect(created.publishable_key).toMatch(/^pk_live_[0-9A-Za-z]{32}$/);
    expect(created.webhook_secret).toMatch(/^whsec_/);
    const stored = await t.db.query<{ key_hash: string }>(
      'SELECT key_hash FROM api_keys WHERE shop_id = $1',
      [created.shop.id],
    );
    expect(stored.map((k) => k.key_hash).join()).not.toContain(created.secret_key);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/order/orders',
      headers: { authorization: `Bearer ${created.secret_key}` },
      payload: { products: sampleProducts },
    });
    expect(order.json().order_number).toBe('1');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/shops',
      headers: { authorization: 'Bearer admin-token-for-tests-0123456789' },
      payload: { name: '', email: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('stores a landing enquiry and answers in Russian', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shop/enquire',
      payload: { name: 'Анна', phone: '+7 (999) 123-45-67' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    expect(res.json().message).toMatch(/свяжемся/);
    const rows = await t.db.query<{ name: string }>('SELECT name FROM enquiries');
    expect(rows.map((r) => r.name)).toContain('Анна');
    const bad = await t.app.inject({ method: 'POST', url: '/api/shop/enquire', payload: { name: 'Анна' } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('phone');
    // The server re-checks that the phone is a phone, with the spec's text.
    for (const phone of ['abc', '12345', '+7 999 123']) {
      const notPhone = await t.app.inject({
        method: 'POST',
        url: '/api/shop/enquire',
        payload: { name: 'Анна', phone },
      });
      expect(notPhone.statusCode).toBe(400);
      expect(errorOf(notPhone)).toMatchObject({
        field: 'phone',
        message: 'Неверный формат номера (+7XXXXXXXXXX)',
      });
    }
  });

  it('suggests companies from the shipped directory by INN prefix', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/integration/company/suggest?inn=7707083893' });
    expect(res.json()).toEqual([{ value: 'ПАО «Сбербанк России»', inn: '7707083893' }]);
    const prefix = await t.app.inject({ method: 'GET', url: '/api/integration/company/suggest?inn=77' });
    const list = prefix.json() as { inn: string }[];
    expect(list).toHaveLength(10);
    expect(list.every((c) => c.inn.startsWith('77'))).toBe(true);
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/integration/company/suggest?inn=0000000001',
    });
    expect(none.json()).toEqual([]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/integration/company/suggest?inn=abc' });
    expect(bad.statusCode).toBe(400);
  });

  it('health, OpenAPI 3.1 with every route and the key schemes, the API reference', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    for (const scheme of ['SecretKey', 'PublishableKey']) {
      expect(doc.components.securitySchemes[scheme], scheme).toEqual(
        expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      );
    }
    for (const path of [
      '/api/order/orders',
      '/api/order/orders/{order_id}',
      '/api/order/orders/{order_id}/products',
      '/api/order/orders/{order_id}/client',
      '/api/integration/company/suggest',
      '/api/shop/enquire',
      '/api/shop/{shop_id}',
      '/api/admin/shops',
      '/api/health',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    const reference = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(reference.statusCode).toBe(200);
    expect(reference.body).toContain('<h1>Справочник API B2BPay</h1>');
  });

  it('answers malformed JSON, wrong content types, huge bodies and unknown routes with the error body', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/order/orders',
      headers: { ...demoAuth, 'content-type': 'application/json' },
      payload: '{"products": [',
    });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).code).toBe('VALIDATION_ERROR');
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/order/orders',
      headers: { ...demoAuth, 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(text.statusCode).toBe(415);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/shop/enquire',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(110 * 1024), phone: '1' }),
    });
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge).message).toContain('100 КБ');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code).toBe('NOT_FOUND');
  });

  it('hides internals on 500', async () => {
    await t.db.query('ALTER TABLE enquiries RENAME TO enquiries_away');
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/shop/enquire',
        payload: { name: 'A', phone: '+79991234567' },
      });
      expect(res.statusCode).toBe(500);
      expect(errorOf(res)).toEqual({
        code: 'INTERNAL_ERROR',
        message: 'Внутренняя ошибка сервера. Повторите запрос позже.',
      });
      expect(res.body).not.toMatch(/enquiries|relation|at |SELECT|INSERT/);
    } finally {
      await t.db.query('ALTER TABLE enquiries_away RENAME TO enquiries');
    }
  });

  it('sends security headers on every answer: the API’s for its answers, the page’s for pages', async () => {
    for (const url of ['/api/health', '/api/nothing', `/api/shop/${DEMO_SHOP.id}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toBeDefined();
      // None of the page-only headers.
      for (const name of [
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-xss-protection',
        'x-download-options',
      ])
        expect(res.headers[name], `${url} ${name}`).toBeUndefined();
    }
    for (const url of ['/api/docs', '/some/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
  });
});

describe('DaData adapter', () => {
  let server: Server;
  let seen: { path: string; auth: string | undefined; body: string }[] = [];
  let t: TestApp;
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        seen.push({ path: req.url ?? '', auth: req.headers.authorization, body });
        if (JSON.parse(body).query === '500') {
          res.writeHead(500).end();
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ suggestions: [{ value: 'ООО «Ромашка»', data: { inn: '7707083893' } }] }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    t = await startTestApp('pglite', {
      DADATA_API_KEY: 'test-key',
      DADATA_URL: `http://127.0.0.1:${port}/rs`,
    });
  });
  afterAll(async () => {
    await t.close();
    server.close();
  });

  it('uses findById for a whole INN and suggest for a part, with the Token header', async () => {
    seen = [];
    const whole = await t.app.inject({
      method: 'GET',
      url: '/api/integration/company/suggest?inn=7707083893',
    });
    expect(whole.json()).toEqual([{ value: 'ООО «Ромашка»', inn: '7707083893' }]);
    await t.app.inject({ method: 'GET', url: '/api/integration/company/suggest?inn=7707' });
    expect(seen.map((s) => s.path)).toEqual(['/rs/findById/party', '/rs/suggest/party']);
    expect(seen[0]?.auth).toBe('Token test-key');
    expect(JSON.parse(seen[1]?.body ?? '{}')).toMatchObject({ query: '7707' });
  });

  it('answers 502 with a Russian message when DaData fails', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/integration/company/suggest?inn=500' });
    expect(res.statusCode).toBe(502);
    expect(errorOf(res).message).toBe('Сервис подсказок временно недоступен');
  });
});
