/**
 * The shop area on a cabinet session instead of a secret key (DESIGN §12): the browser sends the
 * session cookie by itself; every call also names the shop (`X-Shop-Id`) and the mode chosen for it
 * (`X-B2BPay-Mode`, DESIGN §16) and, when it changes something, repeats the session's CSRF token
 * (`X-CSRF-Token`). Kept here, outside React, because http.ts, the live stream and the CSV export
 * read it at the moment they send.
 */
import { keylessHeaders } from './http';
import { getShopMode } from './shop-mode';

export const MODE_HEADER = 'X-B2BPay-Mode';

export interface SessionCredentials {
  csrfToken: string;
  /** The shop the area shows; null on the cabinet's own pages. */
  shopId: string | null;
}

let current: SessionCredentials | null = null;

export function setSessionCredentials(next: SessionCredentials | null): void {
  current = next;
}

export function getSessionCredentials(): SessionCredentials | null {
  return current;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The headers a call without a key carries on a session; none when there is no session. */
export function sessionHeaders(method: string): Record<string, string> {
  if (!current) return {};
  const headers: Record<string, string> = {};
  if (current.shopId) {
    headers['X-Shop-Id'] = current.shopId;
    headers[MODE_HEADER] = getShopMode();
  }
  if (!SAFE_METHODS.has(method.toUpperCase())) headers['X-CSRF-Token'] = current.csrfToken;
  return headers;
}

// Every call through http.ts without a key asks here (see keylessHeaders there).
keylessHeaders.get = sessionHeaders;
