import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { SESSION_COOKIE } from '../auth';
import type { RequestMeta } from './sessions';

/**
 * The session cookie: HttpOnly (no script reads it), SameSite=Lax (not sent with cross-site POSTs),
 * Path=/, Secure in production; it lives as long as the session's absolute end.
 */
export function setSessionCookie(
  reply: FastifyReply,
  config: Pick<Config, 'NODE_ENV' | 'CABINET_SESSION_ABSOLUTE'>,
  value: string,
) {
  reply.setCookie(SESSION_COOKIE, value, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.NODE_ENV === 'production',
    maxAge: Math.floor(config.CABINET_SESSION_ABSOLUTE / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Pick<Config, 'NODE_ENV'>) {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.NODE_ENV === 'production',
  });
}

export function requestMeta(request: FastifyRequest, now: Date): RequestMeta {
  const agent = request.headers['user-agent'];
  return { ip: request.clientAddress ?? null, userAgent: typeof agent === 'string' ? agent : null, now };
}
