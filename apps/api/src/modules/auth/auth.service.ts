/** Authentication as the modules' routes use it: the authenticator's type, the bearer reader, the key cache. */
export { type Authenticator, invalidateKeyCache, readBearer } from './authenticate';
