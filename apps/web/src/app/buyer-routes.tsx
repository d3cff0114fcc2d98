import type { RouteObject } from 'react-router';
import { lazyPage } from './lazy-page';
import { OtherDocument } from './other-document';
import { guarded, notFoundPage, rootRoute } from './route-parts';

/**
 * The buyer's part of the one route table (router.tsx puts clientRoute into the app's table). Its own
 * module so that the buyer's entry (buyer-main.tsx) and its build contain the buyer pages only.
 */
const buyerPages: RouteObject[] = [
  { path: 'faq', lazy: lazyPage(() => import('../features/buyer/pages/buyer-faq-page')), ...guarded },
  { path: 'support', lazy: lazyPage(() => import('../features/buyer/pages/buyer-support-page')), ...guarded },
  { path: ':orderId', lazy: lazyPage(() => import('../features/buyer/pages/order-page')), ...guarded },
  {
    path: ':orderId/apply',
    lazy: lazyPage(() => import('../features/buyer/pages/apply-step1-page')),
    ...guarded,
  },
  {
    path: ':orderId/apply/step2',
    lazy: lazyPage(() => import('../features/buyer/pages/apply-step2-page')),
    ...guarded,
  },
  {
    path: ':orderId/success',
    lazy: lazyPage(() => import('../features/buyer/pages/success-page')),
    ...guarded,
  },
  {
    path: ':orderId/faq',
    lazy: lazyPage(() => import('../features/buyer/pages/buyer-faq-page')),
    ...guarded,
  },
  {
    path: ':orderId/support',
    lazy: lazyPage(() => import('../features/buyer/pages/buyer-support-page')),
    ...guarded,
  },
];

/**
 * Every buyer address: /client/… (the buyer's own entry, buyer-main.tsx, routes only these). An
 * address under /client/ without a page is the not-found page here: the server answers every /client/…
 * with the buyer's document, so sending it to OtherDocument would reload the same address forever.
 */
export const clientRoute: RouteObject = {
  path: 'client',
  children: [{ index: true, lazy: notFoundPage }, ...buyerPages, { path: '*', lazy: notFoundPage }],
};

/**
 * The buyer entry's table (buyer-main.tsx, served for /client/…): the same buyer routes under the
 * same root; any other address is another document, loaded from the server (see OtherDocument).
 */
export const buyerRoutes: RouteObject[] = [
  { ...rootRoute, children: [clientRoute, { path: '*', Component: OtherDocument }] },
];
