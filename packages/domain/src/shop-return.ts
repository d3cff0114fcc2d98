/**
 * The buyer's way back to the shop (the order's return_url after the application, its cancel_url
 * instead of it, as Stripe Checkout's success and cancel URLs): the shop's address with the order's id
 * added as `order_id`, its own query and fragment kept as written. Null for anything but http(s): the
 * API stores nothing else, and a page never links a `javascript:` address even if one got in.
 */
export function shopReturnLink(url: string, orderId: string): string | null {
  try {
    const link = new URL(url);
    if (link.protocol !== 'https:' && link.protocol !== 'http:') return null;
    // Appended to the query as written: rebuilding it (searchParams) would re-encode the shop's own
    // parameters (`/` as %2F, spaces as +).
    link.search += `${link.search ? '&' : ''}order_id=${encodeURIComponent(orderId)}`;
    return link.href;
  } catch {
    return null;
  }
}
