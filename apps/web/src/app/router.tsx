import { createBrowserRouter, type RouteObject } from 'react-router';
import { clientRoute } from './buyer-routes';
import { lazyPage } from './lazy-page';
import { guarded, notFoundPage, rootRoute } from './route-parts';

export { notFoundPage };

/**
 * The one route table (spec §2). Every page is a lazy part under static/js/. Every route except /
 * and the not-found fallback shows the router-error screen when it fails; errors of those two go to
 * the app-crash screen.
 */
const shopPages: RouteObject[] = [
  { index: true, lazy: lazyPage(() => import('../features/shop/home/shop-home-page')), ...guarded },
  {
    path: 'generate-qr',
    lazy: lazyPage(() => import('../features/shop/new-order/new-order-page')),
    ...guarded,
  },
  { path: 'all-orders', lazy: lazyPage(() => import('../features/shop/orders/orders-page')), ...guarded },
  {
    path: 'orders/:orderId',
    lazy: lazyPage(() => import('../features/shop/order-details/order-details-page')),
    ...guarded,
  },
  { path: 'stats', lazy: lazyPage(() => import('../features/shop/stats/stats-page')), ...guarded },
  { path: 'settings', lazy: lazyPage(() => import('../features/shop/settings/settings-page')), ...guarded },
  { path: 'team', lazy: lazyPage(() => import('../features/shop/team/team-page')), ...guarded },
  { path: 'faq', lazy: lazyPage(() => import('../features/shop/faq/shop-faq-page')), ...guarded },
  { path: 'support', lazy: lazyPage(() => import('../features/shop/support/shop-support-page')), ...guarded },
  { path: 'button-demo', lazy: lazyPage(() => import('../features/docs/button-demo-page')), ...guarded },
  { path: 'api-docs', lazy: lazyPage(() => import('../features/docs/api-docs-page')), ...guarded },
];

/** The personal cabinet (DESIGN §12): public pages with the logo header, outside any shop. */
const cabinetPages: RouteObject[] = [
  { index: true, lazy: lazyPage(() => import('../features/cabinet/cabinet-home-page')), ...guarded },
  { path: 'signup', lazy: lazyPage(() => import('../features/cabinet/signup-page')), ...guarded },
  { path: 'confirm', lazy: lazyPage(() => import('../features/cabinet/confirm-page')), ...guarded },
  { path: 'login', lazy: lazyPage(() => import('../features/cabinet/login-page')), ...guarded },
  { path: 'forgot', lazy: lazyPage(() => import('../features/cabinet/forgot-page')), ...guarded },
  { path: 'reset', lazy: lazyPage(() => import('../features/cabinet/reset-page')), ...guarded },
  { path: 'invite', lazy: lazyPage(() => import('../features/cabinet/invite-page')), ...guarded },
];

/** The back office for B2BPay's own staff (DESIGN §14): inside its layout, which asks for a log-in. */
const adminPages: RouteObject[] = [
  { index: true, lazy: lazyPage(() => import('../features/admin/admin-home-page')), ...guarded },
  { path: 'leads', lazy: lazyPage(() => import('../features/admin/leads/leads-page')), ...guarded },
  { path: 'leads/:leadId', lazy: lazyPage(() => import('../features/admin/leads/lead-page')), ...guarded },
  { path: 'shops', lazy: lazyPage(() => import('../features/admin/shops/shops-page')), ...guarded },
  { path: 'shops/:shopId', lazy: lazyPage(() => import('../features/admin/shops/shop-page')), ...guarded },
  {
    path: 'orders/:orderId',
    lazy: lazyPage(() => import('../features/admin/orders/order-page')),
    ...guarded,
  },
  {
    path: 'applications',
    lazy: lazyPage(() => import('../features/admin/applications/applications-page')),
    ...guarded,
  },
  { path: 'banks', lazy: lazyPage(() => import('../features/admin/banks/banks-page')), ...guarded },
  { path: 'audit', lazy: lazyPage(() => import('../features/admin/audit/audit-page')), ...guarded },
];

/** Before the back office: the log-in and the password set from the CLI's link, with the logo header. */
const staffEntryPages: RouteObject[] = [
  { path: 'login', lazy: lazyPage(() => import('../features/admin/login-page')), ...guarded },
  {
    path: 'set-password',
    lazy: lazyPage(() => import('../features/admin/set-password-page')),
    ...guarded,
  },
];

export const routes: RouteObject[] = [
  {
    ...rootRoute,
    children: [
      { index: true, lazy: lazyPage(() => import('../features/landing/landing-page')) },
      {
        path: 'shops',
        children: [
          // How to get into a shop's area (the not-found page's «Для магазинов» link goes here).
          {
            index: true,
            lazy: lazyPage(() => import('../features/shop/access/shops-entry-page')),
            ...guarded,
          },
          {
            // Standalone documentation pages: a public page with the logo header and footer.
            lazy: lazyPage(() => import('./public-route-layout')),
            ...guarded,
            children: [
              {
                path: 'button-demo',
                lazy: lazyPage(() => import('../features/docs/button-demo-page')),
                ...guarded,
              },
              {
                path: 'api-docs',
                lazy: lazyPage(() => import('../features/docs/api-docs-page')),
                ...guarded,
              },
            ],
          },
          {
            lazy: lazyPage(() => import('./shop-layout')),
            ...guarded,
            children: [
              {
                path: 'order-qr/:orderId',
                lazy: lazyPage(() => import('../features/shop/order-qr/order-qr-page')),
                ...guarded,
              },
              { path: ':shopId', children: shopPages },
            ],
          },
        ],
      },
      {
        path: 'cabinet',
        lazy: lazyPage(() => import('./public-route-layout')),
        ...guarded,
        children: cabinetPages,
      },
      {
        path: 'admin',
        children: [
          { lazy: lazyPage(() => import('./public-route-layout')), ...guarded, children: staffEntryPages },
          {
            lazy: lazyPage(() => import('../features/admin/admin-layout')),
            ...guarded,
            children: adminPages,
          },
        ],
      },
      clientRoute,
      { path: '*', lazy: notFoundPage },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
