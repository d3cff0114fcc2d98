import { timingSafeEqual } from 'node:crypto';
import { CABINET_MESSAGES, can, type Permission } from '@b2bpay/domain';
import type { FastifyRequest } from 'fastify';
import { AppError, forbidden, unauthorized, validationError } from '../../shared/errors';
import { isUuid } from '../../shared/uuid';

/** The cabinet's session cookie: an opaque random id; the database keeps only its SHA-256. */
export const SESSION_COOKIE = 'b2bpay_session';
export const SHOP_HEADER = 'x-shop-id';
export const CSRF_HEADER = 'x-csrf-token';
/** The mode a member's request works in (DESIGN §16): `test` or `live`, live when absent. A key's mode is its own. */
export const MODE_HEADER = 'x-b2bpay-mode';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a member of the shop's team needs for this route (DESIGN §12). Checked in one place, the
     * authenticator, for requests made with a session; a key (sk_) keeps its full rights.
     */
    permission?: Permission;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The session cookie's value, or null; the cookie plugin has parsed it. */
export function readSessionCookie(request: FastifyRequest): string | null {
  const value = (request as FastifyRequest & { cookies?: Record<string, string | undefined> }).cookies?.[
    SESSION_COOKIE
  ];
  return value && value.length <= 128 ? value : null;
}

/**
 * The page's own origin, when it was opened under another name than PUBLIC_URL (127.0.0.1 for
 * localhost in development): the Origin names the host the request was sent to. Another site's page
 * sends its own host as Origin, never ours.
 */
function isOwnHost(origin: string, host: string | undefined) {
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

const csrfFailed = () => new AppError('CSRF_FAILED', CABINET_MESSAGES.csrfFailed);

function sameText(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The double check of a cookie-authenticated request that changes something: the header
 * X-CSRF-Token equal to the session's token (a page of another site cannot read it), and no Origin
 * of another site (a browser sends Origin with every cross-site POST). SameSite=Lax already keeps
 * the cookie off most cross-site requests; these hold where it does not (a sibling subdomain, an old
 * browser).
 */
export function assertCsrf(request: FastifyRequest, session: { csrf_token: string }, publicOrigin: string) {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== publicOrigin && !isOwnHost(origin, request.headers.host)) {
    throw csrfFailed();
  }
  if (request.headers['sec-fetch-site'] === 'cross-site') throw csrfFailed();
  const header = request.headers[CSRF_HEADER];
  if (typeof header !== 'string' || !sameText(header, session.csrf_token)) throw csrfFailed();
}

/** Whether a session request asks for live data: X-B2BPay-Mode `live` or absent; 400 for another value. */
export function requestedLivemode(request: FastifyRequest): boolean {
  const header = request.headers[MODE_HEADER];
  if (header === undefined || header === 'live') return true;
  if (header === 'test') return false;
  throw validationError('X-B2BPay-Mode', 'Режим: test или live');
}

/** The shop a session request names in X-Shop-Id: 400 without it, 403 for one that is not a shop id. */
export function requestedShopId(request: FastifyRequest): string {
  const header = request.headers[SHOP_HEADER];
  if (typeof header !== 'string' || header.trim() === '') {
    throw validationError('X-Shop-Id', CABINET_MESSAGES.shopRequired);
  }
  const id = header.trim().toLowerCase();
  if (!isUuid(id)) throw forbidden(CABINET_MESSAGES.notMember);
  return id;
}

/** The route's permission against the member's role: 403 «Недостаточно прав» when it is not granted. */
export function assertPermission(request: FastifyRequest, role: Parameters<typeof can>[0]) {
  const permission = request.routeOptions.config.permission;
  // A shop route that forgot to declare its permission is closed to sessions, never open.
  if (!permission || !can(role, permission)) throw forbidden(CABINET_MESSAGES.forbidden);
}

export const sessionRequired = () => unauthorized(CABINET_MESSAGES.sessionRequired);
