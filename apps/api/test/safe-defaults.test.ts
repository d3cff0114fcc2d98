import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import {
  HTTPS_REQUIRED_MESSAGE,
  isBlockedAddress,
  PRIVATE_ADDRESS_DEV_MESSAGE,
} from '../src/modules/webhooks';
import { describeApi } from './support/describe-api';
import { PRODUCTION_ENV } from './support/production-env';
import { demoAuth, errorOf, startTestApp, type TestApp } from './support/test-app';

/** Safe by default. */
describe('configuration defaults', () => {
  it('listens on 127.0.0.1 in development unless HOST says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ ...PRODUCTION_ENV }).HOST).toBe('0.0.0.0');
  });

  it('seeds the demo shop by default only outside production; production needs a second setting', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).DEMO_SHOP).toBe(true);
    expect(loadConfig({ ...PRODUCTION_ENV }).DEMO_SHOP).toBe(false);
    expect(() => loadConfig({ ...PRODUCTION_ENV, DEMO_SHOP: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...PRODUCTION_ENV, DEMO_SHOP: 'true' })).toThrow(/DEMO_SHOP_IN_PRODUCTION/);
    expect(
      loadConfig({ ...PRODUCTION_ENV, DEMO_SHOP: 'true', DEMO_SHOP_IN_PRODUCTION: 'true' }).DEMO_SHOP,
    ).toBe(true);
  });

  it('allows http:// webhooks by default only outside production', () => {
    expect(loadConfig({ ...PRODUCTION_ENV }).WEBHOOK_ALLOW_HTTP).toBe(false);
    expect(loadConfig({ ...PRODUCTION_ENV, WEBHOOK_ALLOW_HTTP: 'true' }).WEBHOOK_ALLOW_HTTP).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).WEBHOOK_ALLOW_HTTP).toBe(true);
  });

  it('mounts the sandbox banks by default only outside production', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).SANDBOX_BANKS).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development', SANDBOX_BANKS: 'false' }).SANDBOX_BANKS).toBe(false);
    expect(loadConfig({ ...PRODUCTION_ENV }).SANDBOX_BANKS).toBe(false);
    expect(loadConfig({ ...PRODUCTION_ENV, SANDBOX_BANKS: 'true' }).SANDBOX_BANKS).toBe(true);
  });
});

describe("the operator's details for the legal documents", () => {
  const { NODE_ENV: _, ...operator } = PRODUCTION_ENV;

  it('production refuses to start without them, naming what is missing', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /OPERATOR_NAME, OPERATOR_OGRN, OPERATOR_INN, OPERATOR_ADDRESS: обязательны в production/,
    );
    expect(() => loadConfig({ ...PRODUCTION_ENV, OPERATOR_ADDRESS: '' })).toThrow(
      / {2}OPERATOR_ADDRESS: обязательны в production/,
    );
    expect(loadConfig(PRODUCTION_ENV)).toMatchObject(operator);
  });

  it('outside production: clearly marked demo values, or the ones given', () => {
    const config = loadConfig({});
    expect(config.OPERATOR_NAME).toMatch(/демонстрационные реквизиты/);
    expect(config.OPERATOR_ADDRESS).toMatch(/демонстрационный адрес/);
    expect(config.OPERATOR_OGRN).toMatch(/^\d{13}$/);
    expect(config.OPERATOR_INN).toMatch(/^\d{10}$/);
    expect(loadConfig({ NODE_ENV: 'development', ...operator })).toMatchObject(operator);
  });

  it('checks the ОГРН and the ИНН by their check digits, everywhere', () => {
    expect(() => loadConfig({ ...PRODUCTION_ENV, OPERATOR_OGRN: '1027700132196' })).toThrow(
      'OPERATOR_OGRN: ожидается ОГРН юридического лица — 13 цифр с верной контрольной цифрой',
    );
    expect(() => loadConfig({ OPERATOR_OGRN: '102770013219' })).toThrow(/OPERATOR_OGRN/);
    expect(() => loadConfig({ ...PRODUCTION_ENV, OPERATOR_INN: '7707083894' })).toThrow(
      'OPERATOR_INN: ожидается ИНН юридического лица — 10 цифр с верной контрольной цифрой',
    );
    // A person's 12-digit INN is valid, but not an organisation's.
    expect(() => loadConfig({ OPERATOR_INN: '500100732259' })).toThrow(/OPERATOR_INN/);
  });
});

describe('the SSRF guard refuses every IANA special-purpose range', () => {
  // One address from each entry of the IANA IPv4 and IPv6 special-purpose address registries.
  const special = [
    '0.1.2.3',
    '10.1.2.3',
    '100.64.0.1',
    '127.0.0.1',
    '169.254.169.254',
    '172.16.0.1',
    '192.0.0.8',
    '192.0.0.170',
    '192.0.2.1',
    '192.31.196.1',
    '192.52.193.1',
    '192.88.99.1',
    '192.168.1.1',
    '192.175.48.1',
    '198.18.0.1',
    '198.51.100.1',
    '203.0.113.1',
    '240.0.0.1',
    '255.255.255.255',
    '224.0.0.1',
    '::1',
    '::',
    '::ffff:127.0.0.1',
    '64:ff9b::808:808',
    '64:ff9b:1::7f00:1',
    '100::1',
    '100:0:0:1::1',
    '2001::1',
    '2001:1::1',
    '2001:1::2',
    '2001:1::3',
    '2001:2::1',
    '2001:3::1',
    '2001:4:112::1',
    '2001:10::1',
    '2001:20::1',
    '2001:30::1',
    '2001:db8::1',
    '2002:808:808::1',
    '2620:4f:8000::1',
    '3fff::1',
    '5f00::1',
    'fc00::1',
    'fd12::1',
    'fe80::1',
    'ff02::1',
  ];
  it.each(special)('%s', (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it('still allows global unicast addresses', () => {
    for (const address of [
      '8.8.8.8',
      '93.184.215.14',
      '2001:4860:4860::8888',
      '::ffff:8.8.8.8',
      '2a00:1450::1',
    ])
      expect(isBlockedAddress(address)).toBe(false);
  });
});

describeApi('safe defaults through the API', { startTimeout: 300_000 }, (t, kind) => {
  /** A second app on the same kind of database, with production's settings. */
  let production: TestApp;
  beforeAll(async () => {
    production = await startTestApp(kind, {
      ...PRODUCTION_ENV,
      DEMO_SHOP: 'true',
      DEMO_SHOP_IN_PRODUCTION: 'true',
    });
  }, 300_000);
  afterAll(() => production?.close());

  it('answers /dev/outbox only to requests from loopback', async () => {
    for (const url of ['/dev/outbox', '/dev/outbox.json']) {
      expect((await t.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url, remoteAddress: '::1' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url, remoteAddress: '192.0.2.10' })).statusCode).toBe(404);
      // A proxy on this host forwarding someone else's request does not make it local.
      const forwarded = await t.app.inject({
        method: 'GET',
        url,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      expect(forwarded.statusCode).toBe(404);
      expect(
        (await production.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' })).statusCode,
      ).toBe(404);
    }
  });

  it('refuses http:// webhook URLs in production (400), https:// passes', async () => {
    const put = (webhook_url: string) =>
      production.app.inject({
        method: 'PUT',
        url: '/api/shop/settings',
        headers: demoAuth,
        payload: { webhook_url },
      });
    const plain = await put('http://93.184.215.14/hook');
    expect(plain.statusCode).toBe(400);
    expect(errorOf(plain)).toMatchObject({ field: 'webhook_url', message: HTTPS_REQUIRED_MESSAGE });
    expect((await put('https://93.184.215.14/hook')).statusCode).toBe(200);
    const order = await production.app.inject({
      method: 'POST',
      url: '/api/order/orders',
      headers: demoAuth,
      payload: {
        products: [{ name: 'Бумага', price: 10, quantity: 1 }],
        webhook_url: 'http://93.184.215.14/x',
      },
    });
    expect(order.statusCode).toBe(400);
  });

  it('refuses a NAT64 webhook URL that embeds loopback (64:ff9b:1::/48)', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/shop/settings',
      headers: demoAuth,
      payload: { webhook_url: 'http://[64:ff9b:1::7f00:1]/' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(PRIVATE_ADDRESS_DEV_MESSAGE);
  });
});
