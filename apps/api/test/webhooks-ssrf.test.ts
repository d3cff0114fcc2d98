import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEMO_SHOP } from '@b2bpay/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertWebhookUrlAllowed,
  guardedLookup,
  isBlockedAddress,
  PRIVATE_ADDRESS_DEV_MESSAGE,
  PRIVATE_ADDRESS_MESSAGE,
  parseLooseIPv4,
  type Resolver,
  sendWebhook,
} from '../src/modules/webhooks';
import { AppError } from '../src/shared/errors';
import { describeApi } from './support/describe-api';
import { createOrder, demoAuth, errorOf, sampleProducts, storeWebhookUrl } from './support/test-app';

const REFUSED_URLS = [
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

const MORE_REFUSED_URLS = [
  'http://0x7f.1/hook',
  'http://0177.0.0.1/hook',
  'http://127.1/hook',
  'https://LOCALHOST./hook',
  'http://api.localhost:8080/hook',
  'http://100.64.0.1/hook', // CGNAT
  'http://224.0.0.1/hook', // multicast
  'http://255.255.255.255/hook',
  'http://[::]/hook',
  'http://[fd00::1]/hook', // unique-local
  'http://[fe80::1]/hook', // link-local
  'http://[ff02::1]/hook', // multicast
  'http://[::ffff:a9fe:a9fe]/hook', // mapped 169.254.169.254
  'http://[::ffff:0:10.0.0.1]/hook', // IPv4-translated
  'http://[64:ff9b::c0a8:101]/hook', // NAT64 of 192.168.1.1
  'http://[2002:7f00:1::]/hook', // 6to4 of 127.0.0.1
];

const ALLOWED_URLS = [
  'https://8.8.8.8/hook',
  'http://172.32.0.1/hook', // just outside 172.16/12
  'http://100.128.0.1/hook', // just outside CGNAT
  'https://[2001:4860:4860::8888]/hook',
  'http://[::ffff:8.8.8.8]/hook',
];

const noPrivate = { WEBHOOK_ALLOW_PRIVATE: false };
const resolverOf =
  (table: Record<string, string[]>): Resolver =>
  async (host) => {
    const addresses = table[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

async function refusal(promise: Promise<void>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return null;
}

describe('SSRF guard: the checks themselves', () => {
  it.each([...REFUSED_URLS, ...MORE_REFUSED_URLS])('refuses %s at registration', async (url) => {
    const error = await refusal(assertWebhookUrlAllowed(url, noPrivate, { resolve: resolverOf({}) }));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'webhook_url',
      message: PRIVATE_ADDRESS_MESSAGE,
    });
  });

  it('names WEBHOOK_ALLOW_PRIVATE outside production, where a localhost receiver is what a developer has', async () => {
    const localhost = 'http://localhost:4000/hook';
    const inDevelopment = await refusal(
      assertWebhookUrlAllowed(localhost, { ...noPrivate, NODE_ENV: 'development' }),
    );
    expect(inDevelopment).toMatchObject({ message: PRIVATE_ADDRESS_DEV_MESSAGE });
    expect(PRIVATE_ADDRESS_DEV_MESSAGE).toContain('WEBHOOK_ALLOW_PRIVATE=true');
    const inProduction = await refusal(
      assertWebhookUrlAllowed(localhost, { ...noPrivate, NODE_ENV: 'production' }),
    );
    expect(inProduction).toMatchObject({ message: PRIVATE_ADDRESS_MESSAGE });
  });

  it.each(ALLOWED_URLS)('allows %s', async (url) => {
    await expect(
      assertWebhookUrlAllowed(url, noPrivate, { resolve: resolverOf({}) }),
    ).resolves.toBeUndefined();
  });

  it('resolves names at registration: refused when any answer is internal, allowed when unresolvable', async () => {
    const resolve = resolverOf({
      'hooks.shop.example': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
      'rebind.shop.example': ['127.0.0.1'],
      'mixed.shop.example': ['93.184.215.14', '10.1.2.3'],
      'metadata.shop.example': ['fd00:ec2::254'],
    });
    const check = (url: string) => assertWebhookUrlAllowed(url, noPrivate, { resolve, field: 'url' });
    await expect(check('https://hooks.shop.example/b2bpay')).resolves.toBeUndefined();
    for (const url of [
      'http://rebind.shop.example/',
      'http://mixed.shop.example/',
      'http://metadata.shop.example/',
    ]) {
      expect(await refusal(check(url))).toMatchObject({ field: 'url', message: PRIVATE_ADDRESS_MESSAGE });
    }
    // Not created yet: allowed now, the connect-time check still applies later.
    await expect(check('https://not-yet.shop.example/hook')).resolves.toBeUndefined();
  });

  it('rejects what is not http(s), and allows everything with WEBHOOK_ALLOW_PRIVATE', async () => {
    for (const url of ['ftp://shop.example/', 'file:///etc/passwd', 'gopher://127.0.0.1/', 'nonsense']) {
      expect(await refusal(assertWebhookUrlAllowed(url, noPrivate))).toMatchObject({
        field: 'webhook_url',
        message: 'Ожидается адрес http(s)://…',
      });
    }
    for (const url of REFUSED_URLS) {
      await expect(assertWebhookUrlAllowed(url, { WEBHOOK_ALLOW_PRIVATE: true })).resolves.toBeUndefined();
    }
  });

  it('reads every inet_aton spelling of an IPv4 address', () => {
    expect(parseLooseIPv4('2130706433')).toBe('127.0.0.1');
    expect(parseLooseIPv4('0x7f.1')).toBe('127.0.0.1');
    expect(parseLooseIPv4('0x7f000001')).toBe('127.0.0.1');
    expect(parseLooseIPv4('017700000001')).toBe('127.0.0.1');
    expect(parseLooseIPv4('0177.0.0.01')).toBe('127.0.0.1');
    expect(parseLooseIPv4('10.1')).toBe('10.0.0.1');
    expect(parseLooseIPv4('192.168.257')).toBe('192.168.1.1');
    expect(parseLooseIPv4('4294967296')).toBeNull();
    expect(parseLooseIPv4('256.1.1.1')).toBeNull();
    expect(parseLooseIPv4('08.1.1.1')).toBeNull();
    expect(parseLooseIPv4('shop.example')).toBeNull();
    expect(isBlockedAddress('::ffff:7f00:1')).toBe(true);
    expect(isBlockedAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isBlockedAddress('93.184.215.14')).toBe(false);
  });

  it('refuses at connect time when DNS answers an internal address (rebinding)', async () => {
    const lookup = guardedLookup(
      resolverOf({
        'rebind.shop.example': ['127.0.0.1'],
        'ok.shop.example': ['93.184.215.14', '2001:db9::1'],
      }),
    );
    const ask = (host: string, all: boolean) =>
      new Promise<{ error: Error | null; address: unknown; family?: number }>((done) =>
        lookup(host, { all }, (error, address, family) => done({ error, address, family })),
      );
    for (const all of [false, true]) {
      const refused = await ask('rebind.shop.example', all);
      expect(refused.error?.message).toContain(PRIVATE_ADDRESS_MESSAGE);
      expect(refused.error?.message).toContain('127.0.0.1');
    }
    expect(await ask('ok.shop.example', false)).toEqual({ error: null, address: '93.184.215.14', family: 4 });
    expect(await ask('ok.shop.example', true)).toEqual({
      error: null,
      address: [
        { address: '93.184.215.14', family: 4 },
        { address: '2001:db9::1', family: 6 },
      ],
      family: undefined,
    });
    expect((await ask('localhost.', true)).error?.message).toContain(PRIVATE_ADDRESS_MESSAGE);
    expect((await ask('missing.shop.example', false)).error).toMatchObject({ code: 'ENOTFOUND' });
  });

  describe('the sender', () => {
    let server: http.Server;
    let port = 0;
    let hits = 0;
    beforeAll(async () => {
      server = http.createServer((_req, res) => {
        hits += 1;
        res.writeHead(200).end();
      });
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((done) => server.close(() => done())));

    const send = (url: string, allowPrivate: boolean) =>
      sendWebhook({
        url,
        headers: { 'content-type': 'application/json' },
        body: '{}',
        timeoutMs: 2000,
        allowPrivate,
        resolve: resolverOf({ 'rebind.shop.example': ['127.0.0.1'] }),
      });

    it('connects to a name that resolves to 127.0.0.1 only with WEBHOOK_ALLOW_PRIVATE', async () => {
      const refused = await send(`http://rebind.shop.example:${port}/hook`, false);
      expect(refused).toMatchObject({ ok: false, statusCode: null });
      expect(refused.error).toContain(PRIVATE_ADDRESS_MESSAGE);
      for (const url of [
        `http://127.0.0.1:${port}/`,
        `http://localhost.:${port}/`,
        `http://[::ffff:7f00:1]:${port}/`,
      ]) {
        expect((await send(url, false)).error).toContain(PRIVATE_ADDRESS_MESSAGE);
      }
      expect(hits).toBe(0);
      expect(await send(`http://127.0.0.1:${port}/`, true)).toMatchObject({
        ok: true,
        statusCode: 200,
        error: null,
      });
      expect(hits).toBe(1);
    });
  });
});

describeApi('SSRF guard in the API', (t) => {
  it.each(REFUSED_URLS)(
    'refuses %s as an order webhook_url, the default webhook URL and a test-event URL',
    async (url) => {
      const put = await t.app.inject({
        method: 'PUT',
        url: '/api/shop/settings',
        headers: demoAuth,
        payload: { webhook_url: url },
      });
      expect(put.statusCode).toBe(400);
      expect(errorOf(put)).toEqual({
        code: 'VALIDATION_ERROR',
        field: 'webhook_url',
        message: PRIVATE_ADDRESS_DEV_MESSAGE,
      });
      const test = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/test',
        headers: demoAuth,
        payload: { url },
      });
      expect(test.statusCode).toBe(400);
      expect(errorOf(test)).toEqual({
        code: 'VALIDATION_ERROR',
        field: 'url',
        message: PRIVATE_ADDRESS_DEV_MESSAGE,
      });
      const order = await t.app.inject({
        method: 'POST',
        url: '/api/order/orders',
        headers: demoAuth,
        payload: { products: sampleProducts, webhook_url: url },
      });
      expect(order.statusCode).toBe(400);
      expect(errorOf(order)).toEqual({
        code: 'VALIDATION_ERROR',
        field: 'webhook_url',
        message: PRIVATE_ADDRESS_DEV_MESSAGE,
      });
      const settings = await t.app.inject({ method: 'GET', url: '/api/shop/settings', headers: demoAuth });
      expect(settings.json().webhook_url).toBeNull();
    },
  );

  it('refuses at connect time a stored URL that points inside, logging the attempt', async () => {
    let hits = 0;
    const server = http.createServer((_req, res) => {
      hits += 1;
      res.writeHead(200).end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    try {
      // As if stored before the rule, or by a name that resolved elsewhere when it was registered.
      await storeWebhookUrl(t, DEMO_SHOP.id, `http://localhost.:${port}/hook`);
      const order = await createOrder(t, { products: sampleProducts });
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/order/orders/${order.id}/client`,
        payload: {
          surname: 'Петров',
          name: 'Пётр',
          inn: '7707083893',
          organization_name: 'ПАО «Сбербанк России»',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      await t.worker.drain();
      expect(hits).toBe(0);
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/webhooks/deliveries?order_id=${order.id}`,
        headers: demoAuth,
      });
      const [d] = list.json().items;
      expect(d).toMatchObject({ status: 'pending', attempts: 1, last_status_code: null });
      expect(d.last_error).toContain(PRIVATE_ADDRESS_MESSAGE);
      expect(d.attempts_log[0].error).toContain(PRIVATE_ADDRESS_MESSAGE);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    }
  });
});
