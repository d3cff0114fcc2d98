// @vitest-environment node
import { describe, expect, expectTypeOf, it } from 'vitest';
import { json, mockFetch } from '../../test/render';
import { ApiError } from './http';
import { type ApiOperation, callApi, fillPath } from './typed-client';

describe('the typed client', () => {
  it('fills path parameters, each encoded', () => {
    expect(fillPath('/api/order/orders/{order_id}/refunds', { order_id: 'a/b c' })).toBe(
      '/api/order/orders/a%2Fb%20c/refunds',
    );
    expect(fillPath('/api/stats', undefined)).toBe('/api/stats');
  });

  it('sends the method, path, query, body and key through the one HTTP path', async () => {
    const calls = mockFetch(() => json({ id: 1 }));
    const answer = await callApi('PATCH', '/api/order/orders/{order_id}/client', {
      path: { order_id: 'o-1' },
      body: { surname: 'Петров' },
      token: 'sk_test',
      errorStatuses: [400],
    });
    expect(answer).toEqual({ id: 1 });
    expect(calls[0]).toMatchObject({
      url: '/api/order/orders/o-1/client',
      method: 'PATCH',
      body: { surname: 'Петров' },
      headers: { authorization: 'Bearer sk_test', 'content-type': 'application/json' },
    });
    mockFetch(() => json({}));
    await callApi('GET', '/api/order/orders', {
      query: { page: 2, status: ['cancelled'] },
      errorStatuses: [],
    });
  });

  it('raises http.ts errors for a declared error status', async () => {
    mockFetch(() => json({ detail: 'Нет', error: { code: 'NOT_FOUND', message: 'Нет' } }, 404));
    const error = await callApi('GET', '/api/shop/{shop_id}', {
      path: { shop_id: 's' },
      errorStatuses: [404],
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Нет' });
  });

  it('types answers from the OpenAPI document and refuses what it does not declare', () => {
    const stats = () => callApi('GET', '/api/stats', { errorStatuses: [] });
    expectTypeOf<Awaited<ReturnType<typeof stats>>>().toHaveProperty('approval_rate');
    // Each of these fails to compile; the test runs none of them.
    const wrong = [
      // @ts-expect-error a path the document does not have
      () => callApi('GET', '/api/nope', { errorStatuses: [] }),
      // @ts-expect-error a required body missing
      () => callApi('POST', '/api/order/orders', { errorStatuses: [] }),
      // @ts-expect-error a path parameter missing
      () => callApi('GET', '/api/order/orders/{order_id}', { errorStatuses: [] }),
      // @ts-expect-error a query field the operation does not name
      () => callApi('GET', '/api/order/orders', { query: { bogus: 1 }, errorStatuses: [] }),
      // @ts-expect-error a body field of the wrong type
      () => callApi('POST', '/api/webhooks/test', { body: { url: 5 }, errorStatuses: [] }),
    ];
    expect(wrong).toHaveLength(5);
  });
});

describe('ApiOperation, the type-only form', () => {
  it('checks the filled path, the query and the body against the document', () => {
    type GetOrder = ApiOperation<'GET', '/api/order/orders/{order_id}'>;
    type Patch = ApiOperation<'PATCH', '/api/order/orders/{order_id}/client'>;
    const id = 'o-1';
    const good = [`/api/order/orders/${id}` satisfies GetOrder['path']];
    // @ts-expect-error a path of another shape
    good.push(`/api/orders/${id}` satisfies GetOrder['path']);
    // @ts-expect-error a query field the operation does not name
    const query = { clientId: 1 } satisfies GetOrder['query'];
    // @ts-expect-error a body field of the wrong type
    const body = { surname: 1 } satisfies Patch['body'];
    expectTypeOf<Patch['answer']>().toHaveProperty('sms_confirmed');
    expect([good, query, body]).toHaveLength(3);
  });
});
