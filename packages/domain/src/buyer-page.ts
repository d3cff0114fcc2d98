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
