import type { FastifyReply } from 'fastify';
import type { Config } from '../../config';
import { SESSION_COOKIE } from '../auth';
import { clearSessionCookie as clearCookie, setSessionCookie as setCookie } from '../sessions';

export { requestMeta } from '../sessions';

/** The cabinet's session cookie (DESIGN §12), Secure in production, as long as the session's absolute end. */
export function setSessionCookie(
  reply: FastifyReply,
  config: Pick<Config, 'NODE_ENV' | 'CABINET_SESSION_ABSOLUTE'>,
  value: string,
) {
  setCookie(
    reply,
    {
      name: SESSION_COOKIE,
      secure: config.NODE_ENV === 'production',
      maxAgeMs: config.CABINET_SESSION_ABSOLUTE,
    },
    value,
  );
}

export function clearSessionCookie(reply: FastifyReply, config: Pick<Config, 'NODE_ENV'>) {
  clearCookie(reply, { name: SESSION_COOKIE, secure: config.NODE_ENV === 'production' });
}
