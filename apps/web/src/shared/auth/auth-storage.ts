/** Spec §2: the shop's token lives in session storage under this key. */
export const AUTH_TOKEN_KEY = 'authToken';
export const TOKEN_QUERY_PARAM = 'token';

export function readStoredToken(): string | null {
  try {
    return sessionStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    // Storage can be blocked (privacy modes); the app then simply has no token.
    return null;
  }
}

export function storeToken(token: string): void {
  try {
    sessionStorage.setItem(AUTH_TOKEN_KEY, token);
  } catch {
    /* see readStoredToken */
  }
}

export function clearStoredToken(): void {
  try {
    sessionStorage.removeItem(AUTH_TOKEN_KEY);
  } catch {
    /* see readStoredToken */
  }
}

export type AuthPass =
  | { kind: 'from-url'; token: string; cleanSearch: string }
  | { kind: 'from-storage'; token: string | null };

/**
 * One pass of the auth rule (spec §4): a `token` query parameter wins and must be stripped from the
 * address (the caller replaces the history entry, keeping path and hash); otherwise the stored
 * token, or none, is read and initialisation is complete.
 */
export function resolveAuthPass(search: string, pathname = ''): AuthPass {
  const params = new URLSearchParams(search);
  // The cabinet's links carry a single-use `token` of their own (confirmation, reset, invitation),
  // and so does the back office's (/admin/set-password, from the staff CLI): it is no shop key, and
  // stays in the address for its page.
  const ownToken = pathname.startsWith('/cabinet') || pathname.startsWith('/admin');
  const fromUrl = ownToken ? null : params.get(TOKEN_QUERY_PARAM);
  if (fromUrl) {
    params.delete(TOKEN_QUERY_PARAM);
    const rest = params.toString();
    return { kind: 'from-url', token: fromUrl, cleanSearch: rest ? `?${rest}` : '' };
  }
  return { kind: 'from-storage', token: readStoredToken() };
}

/**
 * For a page outside the router (the pre-rendered landing): the same rule as AuthProvider — a `token`
 * in the address is stored and removed from it, the history entry replaced with path, hash and state kept.
 */
export function adoptTokenFromAddress(
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
  history: Pick<History, 'state' | 'replaceState'>,
): void {
  const pass = resolveAuthPass(location.search);
  if (pass.kind !== 'from-url') return;
  storeToken(pass.token);
  history.replaceState(history.state, '', `${location.pathname}${pass.cleanSearch}${location.hash}`);
}
