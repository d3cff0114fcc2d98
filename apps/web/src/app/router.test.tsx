// @vitest-environment node
import { isWebPage, WEB_PAGES } from '@b2bpay/domain';
import { matchRoutes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, withChunkTimeout } from './lazy-page';
import { notFoundPage, routes } from './router';

const leaf = (path: string) => matchRoutes(routes, path)?.at(-1);

const PAGES = [
  '/',
  '/shops',
  '/shops/s1',
  '/shops/s1/generate-qr',
  '/shops/order-qr/o1',
  '/shops/s1/all-orders',
  '/shops/s1/orders/o1',
  '/shops/s1/stats',
  '/shops/s1/settings',
  '/shops/s1/team',
  '/cabinet',
  '/cabinet/signup',
  '/cabinet/confirm',
  '/cabinet/login',
  '/cabinet/forgot',
  '/cabinet/reset',
  '/cabinet/invite',
  '/shops/s1/faq',
  '/shops/s1/support',
  '/shops/s1/button-demo',
  '/shops/button-demo',
  '/shops/s1/api-docs',
  '/shops/api-docs',
  '/client/o1',
  '/client/o1/apply',
  '/client/o1/apply/step2',
  '/client/o1/success',
  '/client/o1/faq',
  '/client/faq',
  '/client/o1/support',
  '/client/support',
  '/admin',
  '/admin/login',
  '/admin/set-password',
  '/admin/leads',
  '/admin/leads/7',
  '/admin/shops',
  '/admin/shops/s1',
  '/admin/orders/o1',
  '/admin/applications',
  '/admin/banks',
  '/admin/audit',
];
const NOT_FOUND = [
  '/nope',
  '/client',
  '/shops/s1/unknown',
  '/client/o1/apply/step3',
  '/admin/nope',
  '/admin/leads/7/x',
];

describe('route table (spec §2)', () => {
  it.each(PAGES)('%s has its own lazy page with a router-error screen (except /)', (path) => {
    const route = leaf(path)?.route;
    expect(route?.lazy).not.toBe(notFoundPage);
    expect(typeof route?.lazy).toBe('function');
    if (path !== '/') expect(route?.ErrorBoundary).toBeDefined();
    else expect(route?.ErrorBoundary).toBeUndefined();
  });

  it.each(NOT_FOUND)('%s falls to the not-found page', (path) => {
    expect(leaf(path)?.route.lazy).toBe(notFoundPage);
  });

  it('agrees with the pages the API answers with 200 (the domain’s WEB_PAGES), the rest getting 404', () => {
    for (const pattern of WEB_PAGES) {
      const sample = pattern.replace(/:\w+/g, 's1');
      expect(leaf(sample)?.route.lazy, pattern).not.toBe(notFoundPage);
    }
    for (const path of PAGES) expect(isWebPage(path), path).toBe(true);
    for (const path of NOT_FOUND) expect(isWebPage(path), path).toBe(false);
  });

  it('gives the standalone documentation pages the public layout and the shop ones the shop layout', () => {
    const standalone = matchRoutes(routes, '/shops/api-docs') ?? [];
    const inShop = matchRoutes(routes, '/shops/s1/api-docs') ?? [];
    expect(standalone.map((m) => m.route.path)).toEqual([undefined, 'shops', undefined, 'api-docs']);
    expect(inShop.map((m) => m.route.path)).toEqual([undefined, 'shops', undefined, ':shopId', 'api-docs']);
    expect(inShop.at(-1)?.params.shopId).toBe('s1');
  });

  it('puts the back office’s sections inside its layout, and its log-in and password pages outside it', () => {
    // root → admin → a layout (the back office's, or the public one) → the page.
    const layout = (path: string) => matchRoutes(routes, path)?.[2]?.route.lazy;
    expect(matchRoutes(routes, '/admin/leads')?.map((m) => m.route.path)).toEqual([
      undefined,
      'admin',
      undefined,
      'leads',
    ]);
    expect(layout('/admin/leads')).toBe(layout('/admin/shops/s1'));
    expect(layout('/admin/login')).toBe(layout('/admin/set-password'));
    expect(layout('/admin/leads')).not.toBe(layout('/admin/login'));
  });
});

describe('lazy route parts', () => {
  it('fail with ChunkLoadError after 120 s', async () => {
    vi.useFakeTimers();
    const pending = withChunkTimeout(new Promise(() => {}));
    const assertion = expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    await assertion;
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('turn a failed import into a ChunkLoadError', async () => {
    await expect(withChunkTimeout(Promise.reject(new TypeError('Failed to fetch')))).rejects.toMatchObject({
      name: 'ChunkLoadError',
    });
    await expect(withChunkTimeout(Promise.resolve(1))).resolves.toBe(1);
  });
});
