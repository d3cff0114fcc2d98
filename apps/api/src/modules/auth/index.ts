/** The auth module as the rest of the API uses it. */

export {
  type Authenticator,
  createAuthenticator,
  INVALID_TOKEN,
  invalidateKeyCache,
  KEY_CACHE_TTL_MS,
  keyInGracePeriodForbidden,
  readBearer,
} from './authenticate';
export type { AuthenticatedKey, FindKey, KeyKind, KeyShop } from './authenticated-key';
