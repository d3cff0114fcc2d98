import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { describeApi } from './support/describe-api';
import { createOrder, demoAuth, demoPublishableAuth } from './support/test-app';

/**
 * Errors a client can act on — X-Request-Id on every answer and request_id in every
 * error body and log line, 413/415/405 with their own codes, every invalid field in `errors` in
 * plain Russian, and CORS that lets the widget read Retry-After, X-Request-Id and the limits.
 */

interface ErrorBody {
  detail: string;
  error: { code: string; message: string; field?: string; request_id?: string };
  errors?: { code: string; message: string; field?: string }[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** zod's own wording and type names, which must never reach a person. */
const RAW_VALIDATOR_TEXT =
  /ожидалось|получено|Неверный ввод|Нераспознан|\bint\b|\bstring\b|\bnumber\b|undefined|NaN/;

describeApi('actionable errors', (t) => {
  const bodyOf = (res: { body: string }) => JSON.parse(res.body) as ErrorBody;

  it('puts X-Request-Id on every answer and the same id in every error body', async () => {
    const order = await createOrder(t);
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/api/health/live' }),
      t.app.inject({ method: 'GET', url: `/api/order/orders/${order.id}`, headers: demoAuth }),
      t.app.inject({ method: 'GET', url: '/api/order/orders' }),
      t.app.inject({
        method: 'GET',
        url: '/api/order/orders/00000000-0000-4000-8000-000000000000',
        headers: demoAuth,
      }),
      t.app.inject({ method: 'GET', url: '/api/nothing-here' }),
      t.app.inject({ method: 'GET', url: '/api/order/orders/%E0%A4%A' }),
      t.app.inject({ method: 'POST', url: '/api/order/orders', headers: demoAuth, payload: {} }),
    ]);
    const ids = new Set<string>();
    for (const res of answers) {
      const id = res.headers['x-request-id'];
      expect(id, `${res.statusCode} ${res.body}`).toMatch(UUID);
      ids.add(String(id));
      if (res.statusCode >= 400) expect(bodyOf(res).error.request_id).toBe(id);
    }
    expect(ids.size).toBe(answers.length);
  });

  it('keeps a well-formed X-Request-Id sent by the client and replaces any other', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/api/order/orders',
      headers: { 'x-request-id': 'shop-42.retry:1' },
    });
    expect(kept.headers['x-request-id']).toBe('shop-42.retry:1');
    expect(bodyOf(kept).error.request_id).toBe('shop-42.retry:1');
    for (const bad of ['has space', 'x'.repeat(129), 'кириллица', '<script>', '-leading-dash']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/health/live',
        headers: { 'x-request-id': bad },
      });
      expect(res.headers['x-request-id'], bad).toMatch(UUID);
    }
  });

  it('writes request_id in every log line of a request', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const app = await buildApp(
      { config: t.config, db: t.db, clock: t.clock },
      { logger: { level: 'info', stream } },
    );
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/api/order/orders',
        headers: { 'x-request-id': 'log-check-1' },
      });
      expect(res.statusCode).toBe(401);
      const ofRequest = lines.filter((l) => l.request_id === 'log-check-1');
      expect(ofRequest.length).toBeGreaterThanOrEqual(2);
      expect(
        lines.filter((l) => 'req' in l || 'res' in l).every((l) => typeof l.request_id === 'string'),
      ).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('answers a too large body with 413 PAYLOAD_TOO_LARGE and a non-JSON body with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/order/orders',
      headers: { ...demoAuth, 'content-type': 'application/json' },
      payload: JSON.stringify({ products: [{ name: 'x'.repeat(200_000), price: 1, quantity: 1 }] }),
    });
    expect(big.statusCode).toBe(413);
    expect(bodyOf(big).error.code).toBe('PAYLOAD_TOO_LARGE');
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/order/orders',
      headers: { ...demoAuth, 'content-type': 'text/plain' },
      payload: 'products',
    });
    expect(text.statusCode).toBe(415);
    expect(bodyOf(text).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(bodyOf(text).error.request_id).toBe(text.headers['x-request-id']);
  });

  it('answers a known address with a wrong method 405 with Allow, an unknown one 404', async () => {
    const order = await createOrder(t);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/order/orders/${order.id}`,
      headers: demoAuth,
    });
    expect(del.statusCode).toBe(405);
    expect(del.headers.allow).toBe('GET, HEAD');
    expect(bodyOf(del).error.code).toBe('METHOD_NOT_ALLOWED');
    const patch = await t.app.inject({ method: 'PATCH', url: '/api/order/orders', headers: demoAuth });
    expect(patch.statusCode).toBe(405);
    expect(String(patch.headers.allow).split(', ')).toEqual(['GET', 'HEAD', 'OPTIONS', 'POST']);
    const events = await t.app.inject({
      method: 'POST',
      url: '/api/order/events',
      headers: demoAuth,
      payload: {},
    });
    expect(events.statusCode).toBe(405);
    expect(events.headers.allow).toBe('GET, HEAD');
    // A trailing slash is another address (404), not a method problem.
    const slash = await t.app.inject({ method: 'GET', url: '/api/order/orders/', headers: demoAuth });
    expect(slash.statusCode).toBe(404);
    const unknown = await t.app.inject({ method: 'DELETE', url: '/api/order/nothing', headers: demoAuth });
    expect(unknown.statusCode).toBe(404);
    expect(bodyOf(unknown).error.code).toBe('NOT_FOUND');
  });

  it('lists every invalid field in errors, each in plain Russian, the first one as error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/order/orders',
      headers: demoAuth,
      payload: {
        products: [
          { name: '', price: 'сто', quantity: 1.5 },
          { name: 'Бумага', price: 10, quantity: 1, colour: 'белый' },
        ],
        client: { email: 'not-an-email', phone_number: 'abc' },
        webhook_url: 'ftp://x',
        surprise: true,
      },
    });
    expect(res.statusCode).toBe(400);
    const body = bodyOf(res);
    expect(body.error.code).toBe('VALIDATION_ERROR');
    const fields = (body.errors ?? []).map((e) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'products.0.name',
        'products.0.price',
        'products.0.quantity',
        'products.1.colour',
        'client.email',
        'client.phone_number',
        'webhook_url',
        'surprise',
      ]),
    );
    expect(body.errors?.[0]).toEqual({
      code: 'VALIDATION_ERROR',
      message: body.error.message,
      field: body.error.field,
    });
    for (const e of body.errors ?? []) {
      expect(e.message, e.field).not.toMatch(RAW_VALIDATOR_TEXT);
      expect(e.message, e.field).toMatch(/[а-яё]/i);
    }
    expect(body.errors?.find((e) => e.field === 'surprise')?.message).toBe('Неизвестное поле: surprise');
    expect(body.detail).toBe(body.error.message);
  });

  it('says what a number, an integer, a boolean or a missing field should be, in words', async () => {
    const order = await createOrder(t);
    const cases: [object, string, string][] = [
      [{ client_id: 1.5, phone_number: '+79161234567' }, 'client_id', 'Ожидается целое число'],
      [{ client_id: '7', phone_number: '+79161234567' }, 'client_id', 'Ожидается число'],
      [{ personal_data_consent: 'yes' }, 'personal_data_consent', 'Ожидается true или false'],
      [{ order_version: 0 }, 'order_version', 'Должно быть больше 0'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/order/orders/${order.id}/client`,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bodyOf(res).error).toMatchObject({ field, message });
    }
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/order/orders?page=0&limit=500',
      headers: demoAuth,
    });
    const errors = bodyOf(list).errors ?? [];
    expect(errors.map((e) => e.field)).toEqual(['page', 'limit']);
    expect(errors[0]?.message).toBe('Не меньше 1');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/order/orders',
      headers: demoAuth,
      payload: {},
    });
    expect(bodyOf(missing).error).toMatchObject({ field: 'products', message: 'Обязательное поле' });
  });

  it('lets the widget read Retry-After, X-Request-Id and the rate-limit headers (CORS)', async () => {
    const preflight = await t.app.inject({ method: 'OPTIONS', url: '/api/order/orders' });
    expect(preflight.headers['access-control-allow-headers']).toContain('X-Request-Id');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/order/orders',
      headers: { ...demoPublishableAuth, origin: 'https://shop.example.ru' },
      payload: { products: [{ name: 'Бумага', price: 10, quantity: 1 }] },
    });
    expect(created.statusCode).toBe(200);
    const exposed = String(created.headers['access-control-expose-headers']).split(', ');
    expect(exposed).toEqual(
      expect.arrayContaining([
        'Idempotent-Replayed',
        'X-Request-Id',
        'Retry-After',
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        'X-RateLimit-Reset',
      ]),
    );
  });
});

describeApi('a rate-limited widget request', { env: { RATE_LIMIT_PER_MINUTE: '1' } }, (t) => {
  it('carries CORS with Retry-After exposed, X-Request-Id and request_id', async () => {
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/order/orders',
        headers: { ...demoPublishableAuth, origin: 'https://shop.example.ru' },
        payload: { products: [{ name: 'Бумага', price: 10, quantity: 1 }] },
      });
    expect((await send()).statusCode).toBe(200);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['access-control-allow-origin']).toBe('*');
    expect(String(limited.headers['access-control-expose-headers'])).toContain('Retry-After');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const body = JSON.parse(limited.body) as ErrorBody;
    expect(body.error.code).toBe('RATE_LIMITED');
    expect(body.error.request_id).toBe(limited.headers['x-request-id']);
  });
});
