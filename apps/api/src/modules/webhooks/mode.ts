import type { RequestAuth } from '../auth';

/**
 * The mode (test or live) a request works in: its shop row's (a live shop, or its test twin — the
 * key's or the session's X-B2BPay-Mode picks which, DESIGN §16).
 */
export function livemodeOf(auth: RequestAuth): boolean {
  return auth.shop.livemode;
}
