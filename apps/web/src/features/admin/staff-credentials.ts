/**
 * The back office's CSRF token (DESIGN §14): the staff session's cookie goes by itself, and every
 * unsafe call repeats the token the session was given at log-in (or by GET me). Kept outside React,
 * like the cabinet's session-credentials.ts, because the calls read it at the moment they send.
 * Its own store, not the cabinet's: the two sessions have their own cookies and tokens.
 */
let csrfToken: string | null = null;

export function setStaffCsrfToken(token: string | null): void {
  csrfToken = token;
}

export function getStaffCsrfToken(): string | null {
  return csrfToken;
}
