import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { KEY_CACHE_TTL_MS } from '../src/modules/auth';
import { describeApi } from './support/describe-api';
import { errorOf, newShop } from './support/test-app';

/** Keys and secrets rotate without an outage; a revoked key dies everywhere within 1 s. */
describeApi('rotation', { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } }, (t) => {
  let server: http.Server;
  let url = '';
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  }, 180_000);
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
  });

  const list = (auth: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/order/orders', headers: auth });
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

  it('keeps the old key working until expire_old_in_seconds, then refuses it', async () => {
    const shop = await newShop(t, 'Плавная смена ключа');
    const rotate = (payload: object, auth = shop.auth) =>
      t.app.inject({ method: 'POST', url: '/api/shop/keys/rotate', headers: auth, payload });
    expect((await rotate({ kind: 'secret', expire_old_in_seconds: 604_801 })).statusCode).toBe(400);
    expect((await rotate({ kind: 'secret', expire_old_in_seconds: -1 })).statusCode).toBe(400);
    const rotated = await rotate({ kind: 'secret', expire_old_in_seconds: 3600 });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json().old_key_expires_at).toBe(
      new Date(t.clock.now().getTime() + 3_600_000).toISOString(),
    );
    const fresh = bearer(rotated.json().key);
    expect((await list(shop.auth)).statusCode).toBe(200);
    expect((await list(fresh)).statusCode).toBe(200);
    t.clock.advance(3_599_000);
    expect((await list(shop.auth)).statusCode).toBe(200);
    t.clock.advance(1_000);
    expect((await list(shop.auth)).statusCode).toBe(401);
    expect((await list(fresh)).statusCode).toBe(200);
    // The default is 0: the old key stops at once.
    const again = await rotate({ kind: 'secret' }, fresh);
    expect(again.json().old_key_expires_at).toBeNull();
    expect((await list(fresh)).statusCode).toBe(401);
    expect((await list(bearer(again.json().key))).statusCode).toBe(200);
  });

  it('refuses a key revoked by another process within 1 s', async () => {
    expect(KEY_CACHE_TTL_MS).toBeLessThanOrEqual(1000);
    const shop = await newShop(t, 'Отзыв ключа');
    expect((await list(shop.auth)).statusCode).toBe(200);
    // Another process (the CLI, a second API instance) revokes it: this process's cache is not told.
    await t.db.query('UPDATE api_keys SET revoked_at = now() WHERE shop_id = $1', [shop.shop.id]);
    t.clock.advance(1_000);
    const res = await list(shop.auth);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('UNAUTHORIZED');
    // «ключ», as the shop area and the documents call it, not the jargon «токен».
    expect(errorOf(res).message).toBe('Неверный или отозванный ключ API');
    const bare = await t.app.inject({ method: 'GET', url: '/api/order/orders' });
    expect(errorOf(bare).message).toBe('Требуется ключ API магазина (Authorization: Bearer …)');
    const malformed = await list({ authorization: 'Token abc' });
    expect(errorOf(malformed).message).toBe('Заголовок Authorization должен иметь вид «Bearer <ключ API>»');
  });

  it('signs every webhook with both secrets until the overlap ends', async () => {
    // standardwebhooks checks the timestamp against the real time (5 minutes' tolerance).
    t.clock.advance(Math.max(0, Date.now() - t.clock.now().getTime()));
    const shop = await newShop(t, 'Плавная смена секрета');
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/shop/settings', headers: shop.auth, payload });
    expect((await put({ webhook_url: url })).statusCode).toBe(200);
    const rotated = await put({ rotate_webhook_secret: true, expire_old_in_seconds: 86_400 });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = rotated.json().webhook_secret as string;
    expect(rotated.json().previous_webhook_secret_expires_at).toBe(
      new Date(t.clock.now().getTime() + 86_400_000).toISOString(),
    );
    const send = async () => {
      received.length = 0;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/test',
        headers: shop.auth,
        payload: {},
      });
      expect(res.statusCode, res.body).toBe(200);
      await t.worker.drain();
      expect(received).toHaveLength(1);
      return received[0] as { headers: http.IncomingHttpHeaders; body: string };
    };
    const got = await send();
    const signatures = String(got.headers['webhook-signature']).split(' ');
    expect(signatures).toHaveLength(2);
    expect(signatures.every((s) => s.startsWith('v1,'))).toBe(true);
    // Either secret verifies with the standardwebhooks package.
    const headers = got.headers as Record<string, string>;
    expect(new Webhook(fresh).verify(got.body, headers)).toMatchObject({ event: 'webhook.test' });
    expect(new Webhook(shop.webhook_secret).verify(got.body, headers)).toMatchObject({
      event: 'webhook.test',
    });

    t.clock.advance(86_400_000);
    const later = await send();
    expect(String(later.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect((await put({})).json().previous_webhook_secret_expires_at).toBeNull();
  });
});
