import { CABINET_MESSAGES } from '@b2bpay/domain';
import { beforeAll, expect, it } from 'vitest';
import { openApiDocument } from '../src/openapi-document';
import { addMember, registerOwner } from './support/cabinet';
import { describeApi } from './support/describe-api';
import { errorOf, sampleProducts } from './support/test-app';

describeApi('the shop operations on a cabinet session', (t) => {
  let a: Awaited<ReturnType<typeof registerOwner>>;
  let b: Awaited<ReturnType<typeof registerOwner>>;
  const create = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/order/orders',
      headers,
      payload: { products: sampleProducts },
    });

  beforeAll(async () => {
    a = await registerOwner(t, 'shop-a@shop.example');
    b = await registerOwner(t, 'shop-b@shop.example');
  });

  it('works with the cookie, X-Shop-Id and X-CSRF-Token: no key anywhere', async () => {
    const created = await create(a.on(a.shopId));
    expect(created.statusCode).toBe(200);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/order/orders',
      headers: { ...a.cookie, 'x-shop-id': a.shopId },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((o: { id: string }) => o.id)).toContain(created.json().id);
  });

  it('refuses an unsafe request without the CSRF header, with a wrong one, or from another site', async () => {
    const { 'x-csrf-token': _, ...noToken } = a.on(a.shopId);
    const cases = [
      noToken,
      { ...a.on(a.shopId), 'x-csrf-token': 'not-the-token' },
      { ...a.on(a.shopId), 'x-csrf-token': b.csrf },
      { ...a.on(a.shopId), origin: 'https://evil.example' },
      { ...a.on(a.shopId), 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of cases) {
      const res = await create(headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(errorOf(res)).toMatchObject({ code: 'CSRF_FAILED', message: CABINET_MESSAGES.csrfFailed });
    }
    // The site's own origin passes, as does the host the request was sent to (127.0.0.1 for localhost).
    expect((await create({ ...a.on(a.shopId), origin: 'http://b2bpay.test' })).statusCode).toBe(200);
    const ownHost = { ...a.on(a.shopId), origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' };
    expect((await create(ownHost)).statusCode).toBe(200);
    const otherHost = { ...a.on(a.shopId), origin: 'http://127.0.0.1:3000', host: 'b2bpay.test' };
    expect((await create(otherHost)).statusCode).toBe(403);
  });

  it('a bearer key needs neither the CSRF header nor X-Shop-Id', async () => {
    const res = await create({ authorization: `Bearer ${a.secretKey}`, origin: 'https://evil.example' });
    expect(res.statusCode).toBe(200);
  });

  it('X-Shop-Id: 400 without it, 403 for a shop the user is not a member of', async () => {
    const { 'x-shop-id': _, ...noShop } = a.on(a.shopId);
    const missing = await create(noShop);
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toMatchObject({ code: 'VALIDATION_ERROR', field: 'X-Shop-Id' });
    for (const shopId of [b.shopId, 'not-a-uuid']) {
      const res = await create(a.on(shopId));
      expect(res.statusCode, shopId).toBe(403);
      expect(errorOf(res)).toMatchObject({ code: 'FORBIDDEN', message: CABINET_MESSAGES.notMember });
    }
  });

  it('keeps shops apart: one shop’s order is not found through another shop’s session', async () => {
    const ofB = (await create(b.on(b.shopId))).json().id as string;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/order/orders/${ofB}`,
      headers: { ...a.cookie, 'x-shop-id': a.shopId },
    });
    expect(res.statusCode).toBe(404);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/order/orders/${ofB}/cancel`,
      headers: a.on(a.shopId),
      payload: {},
    });
    expect(cancel.statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/order/orders',
      headers: { ...a.cookie, 'x-shop-id': a.shopId },
    });
    expect(list.json().items.map((o: { id: string }) => o.id)).not.toContain(ofB);
  });

  it('without a valid session a shop operation is 401, as without a key', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/order/orders',
      headers: { cookie: 'b2bpay_session=made-up', 'x-shop-id': a.shopId },
    });
    expect(res.statusCode).toBe(401);
  });

  it('the buyer’s order view ignores a session that names no shop', async () => {
    const id = (await create(a.on(a.shopId))).json().id as string;
    const res = await t.app.inject({ method: 'GET', url: `/api/order/orders/${id}`, headers: a.cookie });
    expect(res.statusCode).toBe(200);
  });

  it('the secret key after a rotation is shown to roles with keys.manage only; the publishable key to all', async () => {
    const accountant = await addMember(t, a.shopId, 'acc-keys@shop.example', 'accountant');
    const developer = await addMember(t, a.shopId, 'dev-keys@shop.example', 'developer');
    const rotate = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/shop/keys/rotate', headers, payload: { kind: 'secret' } });
    expect((await rotate(accountant.on(a.shopId))).statusCode).toBe(403);
    const rotated = await rotate(developer.on(a.shopId));
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().key).toMatch(/^sk_live_/);
    const settings = await t.app.inject({
      method: 'GET',
      url: '/api/shop/settings',
      headers: { ...accountant.cookie, 'x-shop-id': a.shopId },
    });
    expect(settings.statusCode).toBe(200);
    expect(settings.json().publishable_key_hint).toMatch(/^pk_live_/);
    expect(settings.json().secret_key_hint).toMatch(/…/);
  });
});

describeApi(
  'a session’s own request budget',
  { env: { RATE_LIMIT_PER_MINUTE: '30', CABINET_RATE_LIMIT_PER_MINUTE: '10' } },
  (t) => {
    it('a busy integration spending its key’s limit leaves the staff’s session working; the session has its own limit', async () => {
      const owner = await registerOwner(t, 'budget@shop.example');
      const key = { authorization: `Bearer ${owner.secretKey}` };
      const session = { ...owner.cookie, 'x-shop-id': owner.shopId };
      const list = (headers: Record<string, string>) =>
        t.app.inject({ method: 'GET', url: '/api/order/orders', headers });
      let status = 200;
      for (let i = 0; i < 31 && status === 200; i++) status = (await list(key)).statusCode;
      expect(status).toBe(429);
      for (let i = 0; i < 10; i++) expect((await list(session)).statusCode).toBe(200);
      const limited = await list(session);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    });
  },
);

it('every shop operation declares the permission a member needs, and accepts the session', async () => {
  const doc = (await openApiDocument()) as {
    paths: Record<string, Record<string, { security?: object[]; 'x-permission'?: string }>>;
  };
  const shopOps = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, op]) => op.security?.some((s) => 'SecretKey' in s || 'PublishableKey' in s))
      .map(([method, op]) => ({ key: `${method} ${path}`, op })),
  );
  expect(shopOps.length).toBeGreaterThanOrEqual(20);
  for (const { key, op } of shopOps) {
    expect(op['x-permission'], key).toMatch(/^[a-z]+\.[a-z]+$/);
    expect(
      op.security?.some((s) => 'CabinetSession' in s),
      key,
    ).toBe(true);
  }
});
