import type { Order, Shop } from './contract';

/**
 * The buyer's page (/client/{id}/…) arrives with the order it shows already in it: the API puts this
 * record, as JSON, into a `<script type="application/json">` element of that id, and the buyer's
 * browser entry seeds its order cache with it, so the first screen needs no request of its own.
 */
export const BUYER_DATA_ELEMENT_ID = 'b2bpay-buyer-data';

export interface BuyerPageData {
  /** The public view of the order, exactly as GET /api/order/orders/{id}?client_id= answers it. */
  order: Order;
  /** The ?client_id= the view was read with (null without one). */
  client_id: number | null;
  /** The order's shop, as GET /api/shop/{id} answers it; null when it could not be read. */
  shop: Shop | null;
}

/**
 * The record as a script element's text: JSON with `<`, `>`, `&` and the two line separators escaped,
 * so no text of the order (product names come from the shop) can end the element or open a comment.
 */
export function serializeBuyerPageData(data: BuyerPageData): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (char) => {
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/**
 * The page module (apps/web/src/features/buyer/pages/<name>.tsx, a lazy chunk of the buyer's build)
 * each buyer address renders, as the buyer routes of apps/web/src/app/buyer-routes.tsx declare them.
 * The API names that chunk in the page as a modulepreload, so it downloads beside the entry instead of
 * after it has run; null for an address without a page of its own (the not-found page).
 */
export function buyerPageModule(path: string): string | null {
  const parts = path.split('/').filter(Boolean);
  if (parts[0] !== 'client' || parts.length < 2 || parts.length > 4) return null;
  const [, first = '', second, third] = parts;
  if (parts.length === 2) {
    if (first === 'faq') return 'buyer-faq-page';
    if (first === 'support') return 'buyer-support-page';
    return 'order-page';
  }
  if (parts.length === 3) {
    if (second === 'apply') return 'apply-step1-page';
    if (second === 'success') return 'success-page';
    if (second === 'faq') return 'buyer-faq-page';
    if (second === 'support') return 'buyer-support-page';
    return null;
  }
  return second === 'apply' && third === 'step2' ? 'apply-step2-page' : null;
}
