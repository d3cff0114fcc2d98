/** The auth module as the rest of the API uses it. */

export {
  type Authenticator,
  createAuthenticator,
  INVALID_TOKEN,
  invalidateKeyCache,
  KEY_CACHE_TTL_MS,
  keyInGracePeriodForbidden,
  type RequestAuth,
  readBearer,
} from './authenticate';
export type {
  Actor,
  AuthenticatedKey,
  FindKey,
  KeyKind,
  KeyShop,
  SessionAccess,
  SessionPrincipal,
} from './authenticated-key';
export {
  assertCsrf,
  CSRF_HEADER,
  MODE_HEADER,
  readSessionCookie,
  SESSION_COOKIE,
  SHOP_HEADER,
} from './session-auth';
