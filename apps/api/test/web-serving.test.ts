import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { BUYER_DATA_ELEMENT_ID, DEMO_SHOP } from '@b2bpay/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PAGE_SCRIPTS_ELEMENT_ID,
  SCRIPTS_AFTER_PAINT,
  SCRIPTS_AFTER_PAINT_HASH,
} from '../src/plugins/scripts-after-paint';
import { describeApi } from './support/describe-api';
import { createOrder, startTestApp, type TestApp } from './support/test-app';

/**
 * The built web app: `/` is the pre-rendered landing page (index.html), every other page address the
 * empty single-page shell (app.html); files and the API are not affected.
 */
describe('web app pages', () => {
  let dist: string;
  let t: TestApp;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'b2bpay-web-'));
    const landing = '<div id="root"><h1>LANDING</h1></div>';
    const shell = '<div id="root"></div><!--SHELL-->';
    writeFileSync(path.join(dist, 'index.html'), landing);
    writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(landing));
    writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(landing));
    writeFileSync(path.join(dist, 'app.html'), shell);
    writeFileSync(path.join(dist, 'app.html.br'), brotliCompressSync(shell));
    writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\n');
    mkdirSync(path.join(dist, 'static', 'js'), { recursive: true });
    writeFileSync(path.join(dist, 'static', 'js', 'index-abc.js'), 'console.log(1)');
    t = await startTestApp('pglite', { WEB_DIST: dist });
  });

  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers / with the pre-rendered landing page, query string or not', async () => {
    for (const url of ['/', '/?utm_source=ya']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('LANDING');
    }
  });

  it('answers every other page address with the empty shell: 200 for a page, 404 for an address without one', async () => {
    for (const [url, status] of [
      ['/shops/s1/all-orders', 200],
      ['/client/o1?client_id=5', 200],
      ['/admin/leads/7', 200],
      ['/no-such-page', 404],
      ['/shops/s1/no-such-page?x=1', 404],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.body).toContain('<!--SHELL-->');
      expect(res.body).not.toContain('LANDING');
    }
  });

  it('sends the pre-compressed copy a browser accepts, as HTML', async () => {
    const landing = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(landing.headers['content-encoding']).toBe('br');
    expect(landing.headers['content-type']).toMatch(/text\/html/);
    expect(brotliDecompressSync(landing.rawPayload).toString()).toContain('LANDING');
    const shell = await t.app.inject({
      method: 'GET',
      url: '/client/o1',
      headers: { 'accept-encoding': 'br' },
    });
    expect(shell.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(shell.rawPayload).toString()).toContain('<!--SHELL-->');
    const plain = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('LANDING');
  });

  it('still serves files and keeps unknown API paths as JSON 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/robots.txt' })).body).toBe('User-agent: *\n');
    const script = await t.app.inject({ method: 'GET', url: '/static/js/index-abc.js' });
    expect(script.headers['cache-control']).toContain('immutable');
    const api = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('answers a missing file with 404, not the app page', async () => {
    for (const url of ['/static/js/missing-123.js', '/og-missing.png', '/nothing.pdf']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/json/);
    }
    const page = await t.app.inject({ method: 'GET', url: '/shops/some-shop/all-orders' });
    expect(page.statusCode).toBe(200);
  });
});

/**
 * The buyer's addresses /client/… get the buyer's own document (buyer.html) with the order's
 * public view and its shop embedded as JSON, exactly as the buyer API answers them.
 */
const PRELOADS = {
  'order-page': ['/static/js/buyer-order-page-a1.js', '/static/js/buyer-order-items-b2.js'],
  'apply-step2-page': ['/static/js/buyer-apply-step2-page-c3.js'],
  'buyer-faq-page': ['/static/js/buyer-buyer-faq-page-d4.js'],
  'offers-panel': ['/static/js/buyer-offers-panel-f6.js', '/static/js/buyer-order-items-b2.js'],
};
const preloaded = (html: string) => {
  const head = html.slice(0, html.indexOf('</head>'));
  return [...head.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
};
/** The scripts a server-rendered page asks for after its first paint (plugins/scripts-after-paint.ts). */
const afterPaint = (html: string): { entry: string; preloads: string[] } | null => {
  const json = html.match(
    new RegExp(`<script type="application/json" id="${PAGE_SCRIPTS_ELEMENT_ID}">([^<]+)</script>`),
  )?.[1];
  return json ? JSON.parse(json) : null;
};

/** The built web app each database's run serves: a folder written before its app starts. */
let buyerDist: string;
const buyerDistEnv = async () => {
  buyerDist = mkdtempSync(path.join(tmpdir(), 'b2bpay-web-'));
  writeFileSync(path.join(buyerDist, 'index.html'), '<div id="root"><h1>LANDING</h1></div>');
  writeFileSync(path.join(buyerDist, 'app.html'), '<div id="root"></div><!--SHELL-->');
  writeFileSync(
    path.join(buyerDist, 'buyer.html'),
    '<head><title>B</title></head><body><div id="root"></div><!--BUYER--></body>',
  );
  writeFileSync(path.join(buyerDist, 'buyer-preloads.json'), JSON.stringify(PRELOADS));
  return { WEB_DIST: buyerDist };
};

describeApi('buyer pages', { env: buyerDistEnv }, (t) => {
  const embedded = (html: string) => {
    const match = html.match(
      new RegExp(`<script type="application/json" id="${BUYER_DATA_ELEMENT_ID}">(.*?)</script>`),
    );
    return match ? (JSON.parse(match[1] ?? '') as Record<string, unknown>) : null;
  };

  afterAll(() => rmSync(buyerDist, { recursive: true, force: true }));

  it('embeds the order and its shop as the buyer API answers them, on every step', async () => {
    const order = await createOrder(t, {
      products: [
        { name: 'Бумага </script><script>alert(1)</script>', price: 350.1, quantity: 3 },
        // `$&`, `$'` and `$\`` are String.replace patterns: the name must arrive as written.
        { name: "Скрепки $& и $' и $` <!--BUYER-->", price: 10, quantity: 1 },
      ],
    });
    const api = (await t.app.inject({ method: 'GET', url: `/api/order/orders/${order.id}` })).json();
    for (const step of ['', '/apply', '/apply/step2', '/success']) {
      const res = await t.app.inject({ method: 'GET', url: `/client/${order.id}${step}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<!--BUYER-->');
      // A product name cannot end the script element.
      expect(res.body.match(/<\/script>/g)).toHaveLength(1);
      expect(embedded(res.body)).toEqual({
        order: api,
        client_id: null,
        shop: { id: DEMO_SHOP.id, name: DEMO_SHOP.name, email: expect.any(String) },
      });
    }
  });

  it('embeds nothing for an unknown order, a bad id or a client_id that does not match, and compresses on request (gzip, brotli)', async () => {
    const order = await createOrder(t);
    const urls = [
      '/client/00000000-0000-4000-8000-000000000000',
      '/client/not-a-uuid/apply',
      `/client/${order.id}?client_id=abc`,
      `/client/${order.id}?client_id=987654`,
      '/client/faq',
      '/client',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(url === '/client' ? 404 : 200);
      expect(res.body, url).toContain('<!--BUYER-->');
      expect(embedded(res.body), url).toBeNull();
    }
    const zipped = await t.app.inject({
      method: 'GET',
      url: `/client/${order.id}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(embedded(gunzipSync(zipped.rawPayload).toString())).toMatchObject({ order: { id: order.id } });
    // The document around the order is compressed once and the order per answer: decoded, the page is
    // the same, byte for byte, in either encoding, with the same headers.
    for (const url of [`/client/${order.id}`, `/client/${order.id}/apply/step2`, '/client/faq', '/client']) {
      const plain = await t.app.inject({ method: 'GET', url });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString(), url).toBe(plain.body);
      const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(plain.body);
      // A browser takes both: the smaller of the two comes.
      const both = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(both.rawPayload.length, url).toBe(Math.min(gzip.rawPayload.length, br.rawPayload.length));
      expect(both.headers['content-encoding'], url).toBe(
        br.rawPayload.length <= gzip.rawPayload.length ? 'br' : 'gzip',
      );
      for (const res of [plain, gzip, br, both]) {
        expect(res.statusCode, url).toBe(plain.statusCode);
        expect(res.headers.vary, url).toBe('accept-encoding');
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
        expect(res.headers.etag, url).toBeUndefined();
      }
    }
  });

  it("names the scripts of the address's page as modulepreloads in the head, and none for the not-found page", async () => {
    const order = await createOrder(t);
    const expected: Array<[string, string[]]> = [
      [`/client/${order.id}`, PRELOADS['order-page']],
      [`/client/${order.id}?client_id=5`, PRELOADS['order-page']],
      [`/client/00000000-0000-4000-8000-000000000000`, PRELOADS['order-page']],
      [`/client/${order.id}/apply/step2`, PRELOADS['apply-step2-page']],
      ['/client/faq', PRELOADS['buyer-faq-page']],
      [`/client/${order.id}/faq`, PRELOADS['buyer-faq-page']],
      // A page the build has no entry for, and addresses without a page of their own.
      [`/client/${order.id}/success`, []],
      ['/client', []],
      [`/client/${order.id}/nothing`, []],
    ];
    for (const [url, hrefs] of expected) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(preloaded(res.body), url).toEqual(hrefs);
      // The buyer's not-found addresses are the app's not-found page, with 404.
      expect(res.statusCode, url).toBe(url === '/client' || url.endsWith('/nothing') ? 404 : 200);
    }
  });

  it('leaves every other address to the app shell', async () => {
    for (const url of ['/shops/s1/all-orders', '/clients', '/no-such-page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).toContain('<!--SHELL-->');
    }
  });
});

/**
 * The order page's HTML from the web build's server render (dist/server/buyer-render.mjs; here a
 * stand-in with the same export): in #root, marked, with the record and the preloads as before.
 */
let renderDist: string;
const renderDistEnv = async () => {
  renderDist = mkdtempSync(path.join(tmpdir(), 'b2bpay-web-'));
  writeFileSync(path.join(renderDist, 'index.html'), '<div id="root"><h1>LANDING</h1></div>');
  writeFileSync(
    path.join(renderDist, 'buyer.html'),
    '<head><title>B</title><script type="module" crossorigin src="/static/js/buyer-buyer-e5.js"></script></head><body><div id="root"></div><!--BUYER--></body>',
  );
  writeFileSync(path.join(renderDist, 'buyer-preloads.json'), JSON.stringify(PRELOADS));
  mkdirSync(path.join(renderDist, 'server'));
  writeFileSync(
    path.join(renderDist, 'server', 'buyer-render.mjs'),
    `export function renderBuyerPage(pathname, search, data) {
      if (data.order.products[0].name === 'FAIL') throw new Error('render failed');
      // As the real one: an order whose page shows the offers is left to the browser.
      if (pathname.split('/').length !== 3 || data.order.products[0].name === 'OFFERS') return null;
      return { html: '<main>ORDER ' + data.order.id + search + '</main>', takeOverWhenIdle: search === '?idle' };
    }
    export function pagePartsFor(pathname, data) {
      const name = data.order.products[0].name;
      return name === 'OFFERS' && pathname.split('/').length === 3 ? ['offers-panel'] : name === 'UNKNOWN' ? ['no-such-part'] : [];
    }`,
  );
  return { WEB_DIST: renderDist };
};

describeApi('buyer pages rendered on the server', { env: renderDistEnv }, (t) => {
  afterAll(() => rmSync(renderDist, { recursive: true, force: true }));

  it("puts the order page into #root, keeps the record and the page's preloads; other pages stay as they were", async () => {
    const order = await createOrder(t);
    const page = await t.app.inject({ method: 'GET', url: `/client/${order.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      `<div id="root" data-server-rendered=""><main>ORDER ${order.id}</main></div><script type="application/json" id="${BUYER_DATA_ELEMENT_ID}">`,
    );
    // Its scripts, the entry and the page's own, are asked for once the page is painted: none in the
    // head, the one inline script (allowed by its hash) adds them.
    expect(preloaded(page.body)).toEqual([]);
    expect(page.body).not.toContain('<script type="module"');
    expect(afterPaint(page.body)).toEqual({
      entry: '/static/js/buyer-buyer-e5.js',
      preloads: PRELOADS['order-page'],
    });
    expect(page.body).toContain(`<script>${SCRIPTS_AFTER_PAINT}</script></head>`);
    expect(page.headers['content-security-policy']).toContain(
      `script-src 'self' ${SCRIPTS_AFTER_PAINT_HASH} `,
    );
    const idle = await t.app.inject({ method: 'GET', url: `/client/${order.id}?idle` });
    expect(idle.body).toContain(
      `<div id="root" data-server-rendered="idle"><main>ORDER ${order.id}?idle</main>`,
    );
    const zipped = await t.app.inject({
      method: 'GET',
      url: `/client/${order.id}`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(page.body);

    const step2 = await t.app.inject({ method: 'GET', url: `/client/${order.id}/apply/step2` });
    expect(step2.body).toContain(`<div id="root"></div><script type="application/json"`);
    expect(preloaded(step2.body)).toEqual(PRELOADS['apply-step2-page']);
    expect(step2.body).toContain('<script type="module" crossorigin src="/static/js/buyer-buyer-e5.js">');
    expect(afterPaint(step2.body)).toBeNull();
    const step2Zipped = await t.app.inject({
      method: 'GET',
      url: `/client/${order.id}/apply/step2`,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gunzipSync(step2Zipped.rawPayload).toString()).toBe(step2.body);
    // No record, nothing to render from.
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/client/00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.body).toContain('<div id="root"></div><!--BUYER-->');
  });

  it("preloads the lazy parts the order's page shows (the offers), beside its own scripts, once each", async () => {
    const order = await createOrder(t, { products: [{ name: 'OFFERS', price: 10, quantity: 1 }] });
    const page = await t.app.inject({ method: 'GET', url: `/client/${order.id}` });
    expect(preloaded(page.body)).toEqual([
      '/static/js/buyer-order-page-a1.js',
      '/static/js/buyer-order-items-b2.js',
      '/static/js/buyer-offers-panel-f6.js',
    ]);
    const zipped = await t.app.inject({
      method: 'GET',
      url: `/client/${order.id}`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(brotliDecompressSync(zipped.rawPayload).toString()).toBe(page.body);
    // Another page of the same order, and an order whose page shows no such part: their own scripts.
    const step2 = await t.app.inject({ method: 'GET', url: `/client/${order.id}/apply/step2` });
    expect(preloaded(step2.body)).toEqual(PRELOADS['apply-step2-page']);
    const plain = await createOrder(t);
    const plainPage = await t.app.inject({ method: 'GET', url: `/client/${plain.id}` });
    expect(afterPaint(plainPage.body)?.preloads).toEqual(PRELOADS['order-page']);
    // A part the build does not name is left out.
    const unknown = await createOrder(t, { products: [{ name: 'UNKNOWN', price: 10, quantity: 1 }] });
    const unknownPage = await t.app.inject({ method: 'GET', url: `/client/${unknown.id}` });
    expect(afterPaint(unknownPage.body)?.preloads).toEqual(PRELOADS['order-page']);
  });

  it('sends the page for the browser to render when the render fails, and never serves the render module', async () => {
    const order = await createOrder(t, { products: [{ name: 'FAIL', price: 10, quantity: 1 }] });
    const res = await t.app.inject({ method: 'GET', url: `/client/${order.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<div id="root"></div><script type="application/json"`);
    expect(res.body).not.toContain('data-server-rendered');
    expect(preloaded(res.body)).toEqual(PRELOADS['order-page']);
    const module = await t.app.inject({ method: 'GET', url: '/server/buyer-render.mjs' });
    expect(module.statusCode).toBe(404);
    expect(module.body).not.toContain('renderBuyerPage');
  });
});
