import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/test-app';

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

  it('answers every other page address with the empty shell', async () => {
    for (const url of ['/shops/s1/all-orders', '/client/o1?client_id=5', '/no-such-page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
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
