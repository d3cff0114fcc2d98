import { buyerPageModule } from '@b2bpay/domain';
import type { ComponentType } from 'react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buyerRoutes } from './buyer-routes';
import { OtherDocument } from './other-document';

/**
 * The API preloads the page chunk buyerPageModule names for an address (plugins/web.ts); a route
 * table that rendered another page there would have the buyer download the wrong chunk first. Each
 * address below is resolved through the route table itself and its lazy page loaded.
 */
const PAGES = import.meta.glob<{ default: ComponentType }>('../features/buyer/pages/*-page.tsx');
const id = '0b7c6f1e-3a52-4d1e-9f0a-2c4b8e6d1a90';

describe('buyer routes and the preloaded page chunk', () => {
  it.each([
    `/client/${id}`,
    `/client/${id}/apply`,
    `/client/${id}/apply/step2`,
    `/client/${id}/success`,
    `/client/${id}/faq`,
    `/client/${id}/support`,
    '/client/faq',
    '/client/support',
  ])('%s renders the page buyerPageModule names', async (path) => {
    const leaf = matchRoutes(buyerRoutes, path)?.at(-1)?.route;
    if (typeof leaf?.lazy !== 'function') throw new Error(`${path}: no lazy route`);
    const { Component } = (await leaf.lazy()) as { Component: ComponentType };
    const load = PAGES[`../features/buyer/pages/${buyerPageModule(path)}.tsx`];
    if (!load) throw new Error(`${path}: no page module ${buyerPageModule(path)}`);
    expect(Component).toBe((await load()).default);
  });

  it('/client is the not-found page, with nothing to preload', () => {
    expect(buyerPageModule('/client')).toBeNull();
    expect(matchRoutes(buyerRoutes, '/client')?.at(-1)?.route.index).toBe(true);
  });

  it.each([`/client/${id}/nothing`, `/client/${id}/apply/step3`, '/client/faq/more'])(
    '%s, which has no page, is the not-found page, not another document',
    async (path) => {
      // The server sends the buyer's document for every /client/… address (apps/api/src/plugins/web.ts):
      // another document there would be this one again, reloaded without end.
      expect(buyerPageModule(path)).toBeNull();
      const leaf = matchRoutes(buyerRoutes, path)?.at(-1)?.route;
      expect(leaf?.Component).toBeUndefined();
      if (typeof leaf?.lazy !== 'function') throw new Error(`${path}: no lazy route`);
      const { Component } = (await leaf.lazy()) as { Component: ComponentType };
      expect(Component).toBe((await import('./not-found-page')).default);
    },
  );

  it('sends an address outside /client/ to the server for its own document', () => {
    expect(matchRoutes(buyerRoutes, '/shops/s1')?.at(-1)?.route.Component).toBe(OtherDocument);
  });
});
