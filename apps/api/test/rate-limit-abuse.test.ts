import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WindowStore } from '../src/plugins/window-store';
import { DB_KINDS, errorOf, newShop, startTestApp, type TestApp } from './support/test-app';

/** Rate limits that cannot be sidestepped with made-up tokens or reset by a flood. */
const redisUrl = process.env.REDIS_TEST_URL;
const stores: { name: string; kind: (typeof DB_KINDS)[number]; env: Record<string, string> }[] = [
  ...DB_KINDS.map((kind) => ({ name: `in-memory, ${kind}`, kind, env: {} })),
  // Exact counts: a busy test machine must not pass the store's time limit and count in the process.
  ...(redisUrl
    ? [
        {
          name: 'Redis, pglite',
          kind: 'pglite' as const,
          env: { REDIS_URL: redisUrl, REDIS_TIMEOUT_MS: '2000' },
        },
      ]
    : []),
];

describe.each(stores)('rate limits ($name)', ({ kind, env }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { RATE_LIMIT_PER_MINUTE: '5', ...env });
  }, 180_000);
  afterAll(() => t.close());

  // Addresses unique per run: a Redis server keeps counters between runs and between processes.
  const run = Math.floor(Math.random() * 200) + 20;
  let n = 0;
  const nextAddress = () => `198.${run}.${Math.floor(++n / 250)}.${(n % 250) + 1}`;
  const madeUp = () => ({ authorization: `Bearer sk_live_${Math.random().toString(36).slice(2)}` });

  it('counts made-up tokens on a public endpoint under the address', async () => {
    const from = nextAddress();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/integration/company/suggest?inn=77',
        headers: madeUp(),
        remoteAddress: from,
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('counts made-up tokens on a key endpoint under the address', async () => {
    const from = nextAddress();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/order/orders',
        headers: madeUp(),
        remoteAddress: from,
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('counts a valid key under the key on key endpoints, and under the address on public ones', async () => {
    const shop = await newShop(t, `Лимит ключа ${kind}`);
    const from = nextAddress();
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/order/orders',
        headers: shop.auth,
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode).toBe(200);
    }
    const limited = await t.app.inject({
      method: 'GET',
      url: '/api/order/orders',
      headers: shop.auth,
      remoteAddress: from,
    });
    expect(limited.statusCode).toBe(429);
    // The public endpoint counts the address, whose own counter is still fresh.
    const open = await t.app.inject({
      method: 'GET',
      url: '/api/integration/company/suggest?inn=77',
      headers: shop.auth,
      remoteAddress: from,
    });
    expect(open.statusCode).toBe(200);
  });

  it('keeps an exhausted counter through a flood of 5,100 other clients', async () => {
    const shop = await newShop(t, `Поток ${kind}`);
    for (let i = 0; i < 6; i++)
      await t.app.inject({
        method: 'GET',
        url: '/api/order/orders',
        headers: shop.auth,
        remoteAddress: nextAddress(),
      });
    for (let i = 0; i < 5_100; i++) {
      await t.app.inject({ method: 'OPTIONS', url: '/api/order/orders', remoteAddress: nextAddress() });
    }
    const still = await t.app.inject({ method: 'GET', url: '/api/order/orders', headers: shop.auth });
    expect(still.statusCode).toBe(429);
    expect(errorOf(still).code).toBe('RATE_LIMITED');
  }, 120_000);
});

describe.each(stores)("a publishable key's ceiling ($name)", ({ kind, env }) => {
  // 5 a minute per key and address, 10 a minute for the key over all addresses: the attack of ten
  // addresses × a hundred refused requests against the 1,000 ceiling, made small.
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      RATE_LIMIT_PER_MINUTE: '5',
      PUBLISHABLE_KEY_LIMIT_PER_MINUTE: '10',
      ...env,
    });
  }, 180_000);
  afterAll(() => t.close());

  const run = Math.floor(Math.random() * 200) + 20;
  let n = 0;
  const nextAddress = () => `203.${run}.${Math.floor(++n / 250)}.${(n % 250) + 1}`;
  const SITE = 'https://shop.example';
  const order = { products: [{ name: 'Бумага', price: 100, quantity: 1 }] };

  async function widgetShop(name: string) {
    const shop = await newShop(t, name);
    const listed = await t.app.inject({
      method: 'PUT',
      url: '/api/shop/settings',
      headers: shop.auth,
      payload: { widget_origins: [SITE] },
      remoteAddress: nextAddress(),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    return { authorization: `Bearer ${shop.publishable_key}` };
  }

  /** What a stranger holding the public key can send that the API refuses before doing any work. */
  const refusals = (pk: Record<string, string>) => [
    { name: 'no products', headers: { ...pk, origin: SITE }, payload: { products: [] }, status: 400 },
    {
      name: 'a site not listed',
      headers: { ...pk, origin: 'https://evil.example' },
      payload: order,
      status: 403,
    },
    { name: 'no Origin', headers: pk, payload: order, status: 403 },
    {
      name: 'a 0 ₽ order',
      headers: { ...pk, origin: SITE },
      payload: { products: [{ name: 'Ничего', price: 0, quantity: 1 }] },
      status: 400,
    },
    {
      name: 'a webhook_url',
      headers: { ...pk, origin: SITE },
      payload: { ...order, webhook_url: 'https://attacker.example/x' },
      status: 403,
    },
    {
      name: 'bad JSON',
      headers: { ...pk, origin: SITE, 'content-type': 'application/json' },
      payload: '{"products": [',
      status: 400,
    },
  ];

  it('is not used up by requests refused before any work: a buyer from a new address still orders', async () => {
    const pk = await widgetShop(`Виджет под атакой ${kind}`);
    // Six addresses × five refused requests each = 30, three times the key's ceiling.
    for (const refused of refusals(pk)) {
      const from = nextAddress();
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/order/orders',
          remoteAddress: from,
          ...refused,
        });
        expect(res.statusCode, `${refused.name}: ${res.body}`).toBe(refused.status);
      }
      // Each address has spent its own limit, and only that.
      const sixth = await t.app.inject({
        method: 'POST',
        url: '/api/order/orders',
        remoteAddress: from,
        ...refused,
      });
      expect(sixth.statusCode, refused.name).toBe(429);
    }
    const buyer = await t.app.inject({
      method: 'POST',
      url: '/api/order/orders',
      headers: { ...pk, origin: SITE },
      payload: order,
      remoteAddress: nextAddress(),
    });
    expect(buyer.statusCode, buyer.body).toBe(200);
  });

  it('still holds for orders that are made: the eleventh, from a new address, is 429', async () => {
    const pk = await widgetShop(`Виджет у потолка ${kind}`);
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/order/orders',
        headers: { ...pk, origin: SITE },
        payload: order,
        remoteAddress: nextAddress(),
      });
    for (let i = 0; i < 10; i++) expect((await create()).statusCode).toBe(200);
    const over = await create();
    expect(over.statusCode).toBe(429);
    expect(errorOf(over).code).toBe('RATE_LIMITED');
    expect(errorOf(over).message).toMatch(/не больше 10 в минуту/);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the in-memory window store', () => {
  it('never drops an open counter when full: newcomers share the overflow counter', () => {
    let now = 0;
    const store = new WindowStore(3, () => now);
    const count = (key: string) => {
      let current = 0;
      store.incr(
        key,
        (_e, r) => {
          current = r.current;
        },
        60_000,
      );
      return current;
    };
    for (let i = 0; i < 5; i++) count('shop');
    count('a');
    count('b');
    expect(store.size).toBe(3);
    // Full: c and d are counted together, the shop's counter stays.
    expect(count('c')).toBe(1);
    expect(count('d')).toBe(2);
    expect(count('shop')).toBe(6);
    // Once windows end, counters are swept and newcomers get their own again.
    now = 60_001;
    expect(count('e')).toBe(1);
    expect(count('shop')).toBe(1);
  });
});
