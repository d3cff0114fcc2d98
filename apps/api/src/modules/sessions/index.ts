/** Sessions of the personal cabinet and of the back office: one mechanism, a store for each. */

export { loginThrottle } from './login-throttle';
export { purgeEndedSessionsOf } from './retention';
export {
  deleteEndedSessions,
  deleteSession,
  deleteUserSessions,
  type FoundSession,
  listSessions,
  type SessionStore,
  touchSession,
} from './sessions.repository';
export {
  type CookieRules,
  clearSessionCookie,
  createSession,
  findSession,
  type RequestMeta,
  requestMeta,
  setSessionCookie,
} from './sessions.service';
