import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { prepareSubmission } from './support/buyer';
import { describeApi } from './support/describe-api';
import { createOrder, newShop, startTestApp, type TestApp } from './support/test-app';

/**
 * Whose address a request comes from: X-Forwarded-For counts only from the proxies named in
 * TRUSTED_PROXIES (loopback by default), read from the right; the first hop that is not a trusted
 * proxy is the client, and a value that is not an IP address never becomes the client.
 */
describe('TRUSTED_PROXIES setting', () => {
  it('defaults to loopback only and takes addresses and subnets, IPv4 and IPv6', () => {
    expect(loadConfig({}).TRUSTED_PROXIES).toEqual(['127.0.0.0/8', '::1']);
    expect(
      loadConfig({ TRUSTED_PROXIES: ' 10.1.0.0/16, 192.0.2.7 ,fd00:1::/64,::1' }).TRUSTED_PROXIES,
    ).toEqual(['10.1.0.0/16', '192.0.2.7', 'fd00:1::/64', '::1']);
  });

  it('refuses what is not an address or a subnet, naming it', () => {
    for (const bad of [
      '10.0.0.0/33',
      '203.0.113.329',
      'proxy.local',
      'fd00::/129',
      '10.0.0.0/8/1',
      'loopback',
    ]) {
      expect(() => loadConfig({ TRUSTED_PROXIES: `127.0.0.1,${bad}` }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ TRUSTED_PROXIES: `127.0.0.1,${bad}` }), bad).toThrow(/TRUSTED_PROXIES/);
    }
  });
});

/** `t`: the defaults, only loopback a trusted proxy. Small limits so that escaping them shows. */
const env = { RATE_LIMIT_PER_MINUTE: '5' };

describeApi('the client address', { env, startTimeout: 300_000 }, (t, kind) => {
  /** A load balancer on a public address and an IPv6 one, named as trusted proxies. */
  let behindProxies: TestApp;
  beforeAll(async () => {
    behindProxies = await startTestApp(kind, {
      TRUSTED_PROXIES: '203.0.113.0/28, 2001:db8:1::/64',
      RATE_LIMIT_PER_MINUTE: '20',
    });
  }, 300_000);
  afterAll(() => behindProxies?.close());

  /** The address the one-time code of an order was recorded with (the per-address code limits). */
  async function codeAddress(app: TestApp, orderId: string) {
    const [row] = await app.db.query<{ ip: string | null }>(
      'SELECT ip FROM verification_codes WHERE order_id = $1',
      [orderId],
    );
    return row?.ip;
  }

  /** An order of a shop of its own (each key has its own limit), and a code asked for it. */
  async function codeFrom(app: TestApp, remoteAddress: string, forwardedFor?: string) {
    const order = await createOrder(app, undefined, (await newShop(app, 'Магазин адресов')).auth);
    const res = await app.app.inject({
      method: 'PATCH',
      url: `/api/order/orders/${order.id}/client`,
      remoteAddress,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
      payload: { phone_number: `+7916${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return codeAddress(app, order.id);
  }

  it('does not open /metrics or /dev/outbox to a private or unique-local peer claiming loopback', async () => {
    for (const peer of ['fd00::5', '10.0.0.5', '192.168.1.20', 'fe80::1']) {
      const headers = { 'x-forwarded-for': '127.0.0.1' };
      const metrics = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: peer, headers });
      expect(metrics.statusCode, peer).toBe(403);
      const outbox = await t.app.inject({
        method: 'GET',
        url: '/dev/outbox.json',
        remoteAddress: peer,
        headers,
      });
      expect(outbox.statusCode, peer).toBe(404);
    }
    // The host itself still may, directly and as IPv4-mapped IPv6 (a server listening on ::).
    for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: local })).statusCode).toBe(
        200,
      );
    }
  });

  it('counts a unique-local peer under its own address whatever X-Forwarded-For it sends', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/integration/company/suggest?inn=77',
        remoteAddress: 'fd00::77',
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await codeFrom(t, 'fd00::78', '198.51.100.50')).toBe('fd00::78');
  });

  it('honours X-Forwarded-For from a trusted proxy: the first untrusted hop from the right', async () => {
    // A public load balancer named in TRUSTED_PROXIES passes the client on.
    expect(await codeFrom(behindProxies, '203.0.113.4', '198.51.100.7')).toBe('198.51.100.7');
    // Two trusted hops (an IPv6 one behind the first): the client is the first address left of them;
    // what the client wrote further left is not read.
    expect(await codeFrom(behindProxies, '203.0.113.4', '192.0.2.99, 198.51.100.8, 2001:db8:1::9')).toBe(
      '198.51.100.8',
    );
    // A proxy outside the list is itself the client.
    expect(await codeFrom(behindProxies, '203.0.113.200', '198.51.100.9')).toBe('203.0.113.200');
    // Loopback is no longer trusted once the list does not name it.
    expect(await codeFrom(behindProxies, '127.0.0.1', '198.51.100.10')).toBe('127.0.0.1');
    // With the default list a proxy on this host passes the client on.
    expect(await codeFrom(t, '127.0.0.1', '198.51.100.11')).toBe('198.51.100.11');
  });

  it('limits each client behind a trusted proxy on its own, and one client through any number of requests', async () => {
    const through = (client: string) =>
      behindProxies.app.inject({
        method: 'GET',
        url: '/api/integration/company/suggest?inn=77',
        remoteAddress: '203.0.113.5',
        headers: { 'x-forwarded-for': client },
      });
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await through('198.51.100.60')).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes[20]).toBe(429);
    expect((await through('198.51.100.61')).statusCode).toBe(200);
  });

  it('never takes a value that is not an IP address as the client', async () => {
    // The walk stops at the unreadable value: the client is the trusted hop that passed it on.
    expect(await codeFrom(t, '127.0.0.1', '203.0.113.329')).toBe('127.0.0.1');
    expect(await codeFrom(t, '127.0.0.1', 'unknown')).toBe('127.0.0.1');
    expect(await codeFrom(behindProxies, '203.0.113.4', '198.51.100.12, 203.0.113.329')).toBe('203.0.113.4');
    // Behind two trusted hops, the inner one (IPv6) passed the unreadable value on.
    expect(await codeFrom(behindProxies, '203.0.113.4', 'not-an-ip, 2001:db8:1::5')).toBe('2001:db8:1::5');
    // Garbage left of the real client is never reached.
    expect(await codeFrom(behindProxies, '203.0.113.4', 'x, 198.51.100.13')).toBe('198.51.100.13');
  });

  it('records the client behind a trusted proxy in the 152-FZ consent', async () => {
    const order = await createOrder(
      behindProxies,
      undefined,
      (await newShop(behindProxies, 'Согласие')).auth,
    );
    const { body } = await prepareSubmission(behindProxies, order.id, {
      phone: '+79165550101',
      email: 'consent@firm.ru',
    });
    const submitted = await behindProxies.app.inject({
      method: 'PATCH',
      url: `/api/order/orders/${order.id}/client`,
      remoteAddress: '203.0.113.4',
      headers: { 'x-forwarded-for': '198.51.100.30, 203.0.113.329, 198.51.100.31' },
      payload: body,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const consents = await behindProxies.db.query<{ ip: string }>(
      'SELECT ip FROM consents WHERE order_id = $1',
      [order.id],
    );
    expect(consents.map((c) => c.ip)).toEqual(['198.51.100.31', '198.51.100.31']);
  });
});
