import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { shopPageModule } from '../src/plugins/shop-document';
import { describeApi } from './support/describe-api';

describe('shopPageModule', () => {
  it('names the page module of each shop-area address, and none for the others', () => {
    const shop = '5f0c2a1e-8b7d-4c3a-9e21-6d4f0b8a7c15';
    const expected: Array<[string, string | undefined]> = [
      [`/shops/${shop}`, 'shop-home-page'],
      [`/shops/${shop}/`, 'shop-home-page'],
      [`/shops/${shop}/all-orders`, 'orders-page'],
      [`/shops/${shop}/generate-qr`, 'new-order-page'],
      [`/shops/${shop}/orders/o1`, 'order-details-page'],
      [`/shops/${shop}/settings`, 'settings-page'],
      [`/shops/${shop}/stats`, 'stats-page'],
      [`/shops/${shop}/team`, 'team-page'],
      [`/shops/${shop}/faq`, 'shop-faq-page'],
      [`/shops/${shop}/support`, 'shop-support-page'],
      ['/shops/order-qr/o1', 'order-qr-page'],
      // Not the shop frame's pages: the entry, the public documentation, unknown addresses.
      ['/shops', undefined],
      ['/shops/', undefined],
      ['/shops/api-docs', undefined],
      ['/shops/button-demo', undefined],
      ['/shops/order-qr', undefined],
      [`/shops/${shop}/no-such-page`, undefined],
      [`/shops/${shop}/orders/o1/more`, undefined],
      ['/client/o1', undefined],
    ];
    for (const [address, module] of expected) expect(shopPageModule(address), address).toBe(module);
  });
});

const SHELL =
  '<!doctype html><html><head><title>B2BPay</title></head><body><div id="root"></div><!--SHELL--></body></html>';
const PRELOADS = {
  'shop-layout': ['/static/js/shop-layout-a1.js', '/static/js/shared-b2.js'],
  'orders-page': ['/static/js/orders-page-c3.js', '/static/js/shared-b2.js'],
  'shop-home-page': ['/static/js/shop-home-page-d4.js'],
  'order-qr-page': ['/static/js/order-qr-page-e5.js'],
};
const preloaded = (html: string) => {
  const head = html.slice(0, html.indexOf('</head>'));
  return [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
};

let dist: string;
const distEnv = async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'b2bpay-web-'));
  writeFileSync(path.join(dist, 'index.html'), '<div id="root"><h1>LANDING</h1></div>');
  writeFileSync(path.join(dist, 'app.html'), SHELL);
  writeFileSync(path.join(dist, 'shop-preloads.json'), JSON.stringify(PRELOADS));
  return { WEB_DIST: dist };
};

/**
 * The shop area's addresses get the app's shell with the scripts of the shop frame and of the
 * address's page named as modulepreloads (apps/web/build/shop-preloads.ts writes the list).
 */
describeApi('shop pages', { env: distEnv }, (t) => {
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it("names the frame's and the page's scripts as modulepreloads in the head, each once", async () => {
    const expected: Array<[string, string[]]> = [
      ['/shops/s1/all-orders', [...PRELOADS['shop-layout'], '/static/js/orders-page-c3.js']],
      ['/shops/s1?token=sk_demo', [...PRELOADS['shop-layout'], ...PRELOADS['shop-home-page']]],
      ['/shops/order-qr/o1', [...PRELOADS['shop-layout'], ...PRELOADS['order-qr-page']]],
      // A page the build has no list for: the frame's scripts only.
      ['/shops/s1/settings', PRELOADS['shop-layout']],
    ];
    for (const [url, hrefs] of expected) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(preloaded(res.body), url).toEqual(hrefs);
      expect(res.body, url).toContain('<!--SHELL-->');
    }
  });

  it('sends brotli or gzip as the browser accepts, the same document', async () => {
    const url = '/shops/s1/all-orders';
    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    // A coding the browser refuses (q=0) is not sent, though its name is in the header.
    const noBrotli = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, br;q=0' },
    });
    expect(noBrotli.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(noBrotli.rawPayload).toString()).toBe(plain.body);
  });

  it('leaves every other address to the plain shell, with its status', async () => {
    for (const [url, status] of [
      ['/shops', 200],
      ['/shops/api-docs', 200],
      ['/cabinet/login', 200],
      ['/shops/s1/no-such-page', 404],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.body, url).toBe(SHELL);
    }
  });
});
