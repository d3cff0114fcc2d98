import { createBrowserRouter, type RouteObject } from 'react-router';
import { lazyPage } from './lazy-page';
import { AppLoading, RootLayout } from './root-layout';
import { RethrowRouteError, RouterErrorPage } from './router-error-page';

/**
 * The one route table (spec §2). Every page is a lazy part under static/js/. Every route except /
 * and the not-found fallback shows the router-error screen when it fails; errors of those two go to
 * the app-crash screen.
 */
const guarded = { ErrorBoundary: RouterErrorPage } as const;

/** The not-found page: any unknown path, and the bare /shops and /client folders. */
export const notFoundPage = lazyPage(() => import('./not-found-page'));

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
  { path: 'faq', lazy: lazyPage(() => import('../features/shop/faq/shop-faq-page')), ...guarded },
  { path: 'support', lazy: lazyPage(() => import('../features/shop/support/shop-support-page')), ...guarded },
  { path: 'button-demo', lazy: lazyPage(() => import('../features/docs/button-demo-page')), ...guarded },
  { path: 'api-docs', lazy: lazyPage(() => import('../features/docs/api-docs-page')), ...guarded },
];

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

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: AppLoading,
    ErrorBoundary: RethrowRouteError,
    children: [
      { index: true, lazy: lazyPage(() => import('../features/landing/landing-page')) },
      {
        path: 'shops',
        children: [
          { index: true, lazy: notFoundPage },
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
            lazy: lazyPage(() => import('../features/shop/layout/shop-layout')),
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
      { path: 'client', children: [{ index: true, lazy: notFoundPage }, ...buyerPages] },
      { path: '*', lazy: notFoundPage },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
