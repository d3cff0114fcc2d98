import { buyerPageModule } from './buyer-page';

/**
 * Every page address of the web app outside the buyer's (/client/…, see buyerPageModule), as the route
 * table of apps/web/src/app/router.tsx declares them (its test holds the two together): the API
 * answers an address of neither with the app's not-found page and HTTP 404, not 200. `:name` stands
 * for one non-empty path segment.
 */
export const WEB_PAGES = [
  '/',
  '/shops',
  '/shops/button-demo',
  '/shops/api-docs',
  '/shops/order-qr/:orderId',
  '/shops/:shopId',
  '/shops/:shopId/generate-qr',
  '/shops/:shopId/all-orders',
  '/shops/:shopId/orders/:orderId',
  '/shops/:shopId/stats',
  '/shops/:shopId/settings',
  '/shops/:shopId/team',
  '/shops/:shopId/faq',
  '/shops/:shopId/support',
  '/shops/:shopId/button-demo',
  '/shops/:shopId/api-docs',
  '/cabinet',
  '/cabinet/signup',
  '/cabinet/confirm',
  '/cabinet/login',
  '/cabinet/forgot',
  '/cabinet/reset',
  '/cabinet/invite',
  '/admin',
  '/admin/login',
  '/admin/set-password',
  '/admin/leads',
  '/admin/leads/:leadId',
  '/admin/shops',
  '/admin/shops/:shopId',
  '/admin/orders/:orderId',
  '/admin/applications',
  '/admin/banks',
  '/admin/audit',
] as const;

const segmentsOf = (path: string) => path.split('/').filter(Boolean);
const PATTERNS = WEB_PAGES.map(segmentsOf);

/** Whether the web app has a page at this path (a trailing slash allowed); the buyer's included. */
export function isWebPage(path: string): boolean {
  if (path === '/client' || path.startsWith('/client/')) return buyerPageModule(path) !== null;
  const parts = segmentsOf(path);
  return PATTERNS.some(
    (pattern) =>
      pattern.length === parts.length &&
      pattern.every((segment, i) => segment.startsWith(':') || segment === parts[i]),
  );
}
