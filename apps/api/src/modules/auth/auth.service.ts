/** Authentication as the modules' routes use it: the authenticator's type, the bearer reader, the key cache. */
export {
  type Authenticator,
  INVALID_TOKEN,
  invalidateKeyCache,
  keyInGracePeriodForbidden,
  type RequestKey,
  readBearer,
} from './authenticate';
